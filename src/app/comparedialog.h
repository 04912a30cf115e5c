// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "barscale.h"
#include "comparison.h"

#include <QDialog>

#include <optional>

class QBarSeries;
class QChart;
class QChartView;
class QComboBox;
class QLabel;
class QTableWidget;

namespace dm {

class ScaledBars;
class ToolChart;

// Several stored runs side by side (issue 7): grouped bars per test (one bar set per run, in the
// run's colour, on a linear, log or relative scale with every figure printed: issue 30,
// scaledbars.h), the same figures in a table, and for every kind with lines (sustained writes,
// surface scans, sweeps: testkind.h) a chart overlaying them. Exports Markdown, CSV and a PNG of
// what is shown. Made from a Comparison already built: it never touches the database or parses.
class CompareDialog : public QDialog {
    Q_OBJECT
public:
    // Built off the GUI thread (buildComparison, HistoryService::compare): the dialog only draws.
    explicit CompareDialog(Comparison comparison, QWidget* parent = nullptr);

    const Comparison& comparison() const { return m_comparison; }
    void setMetric(ComparisonMetric metric);
    // The scale of every bar chart (barscale.h): the one the user chose, kept by the window in
    // the settings (MainWindow), or none, when each chart takes the default for its figures
    // (defaultBarScale: log past a span of 20x). Choosing one in the dialog emits barScaleChosen.
    void setChosenBarScale(std::optional<BarScale> scale);
    std::optional<BarScale> chosenBarScale() const { return m_chosenScale; }
    // The scale the grid tests' bars are drawn on now.
    BarScale barScale() const;
    // The bars per test; their values are each bar's fraction of its axis (scaledbars.h).
    QBarSeries* bars() const;
    const ScaledBars* gridBars() const { return m_gridBars; }
    QTableWidget* table() const { return m_table; }
    // The line charts, one per kind with lines (Comparison::charts), in that order.
    const std::vector<ToolChart*>& lineCharts() const { return m_lineCharts; }
    // The bar charts, one per kind with bars (Comparison::barCharts), in that order.
    const std::vector<QChart*>& barCharts() const { return m_barCharts; }
    const std::vector<ScaledBars*>& kindBars() const { return m_kindBars; }

    QByteArray markdown() const;
    QByteArray csv() const;
    // The comparison's web page (htmlreport.h) in the dialog's metric and scale.
    QByteArray webPage() const;
    QImage image() const; // the charts and the table as shown
    bool saveImage(const QString& path) const;

Q_SIGNALS:
    void barScaleChosen(std::optional<dm::BarScale> scale);

protected:
    void changeEvent(QEvent* event) override;

private:
    void fill();
    void fillKindBars();
    BarScale scaleFor(const std::vector<double>& figures) const;
    void applyLook();
    void exportInteractive(const QString& suffix, const QString& filter);

    Comparison m_comparison;
    ComparisonMetric m_metric = ComparisonMetric::MBps;
    QWidget* m_content;
    std::optional<BarScale> m_chosenScale;
    QComboBox* m_metricBox;
    QComboBox* m_scaleBox;
    QChart* m_chart;
    QChartView* m_chartView;
    ScaledBars* m_gridBars;
    QTableWidget* m_table;
    std::vector<ToolChart*> m_lineCharts;
    std::vector<QChart*> m_barCharts;
    std::vector<ScaledBars*> m_kindBars;
    std::vector<QChartView*> m_barViews;
};

} // namespace dm
