// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "comparison.h"

#include <QDialog>

class QBarSeries;
class QChart;
class QChartView;
class QComboBox;
class QLabel;
class QTableWidget;

namespace dm {

class ToolChart;

// Several stored runs side by side (issue 7): grouped bars per test (one bar set per run, in the
// run's colour), the same figures in a table, and for every kind with lines (sustained writes,
// surface scans, sweeps: testkind.h) a chart overlaying them. Exports Markdown, CSV and a PNG of
// what is shown. Made from a Comparison already built: it never touches the database or parses.
class CompareDialog : public QDialog {
    Q_OBJECT
public:
    // Built off the GUI thread (buildComparison, HistoryService::compare): the dialog only draws.
    explicit CompareDialog(Comparison comparison, QWidget* parent = nullptr);

    const Comparison& comparison() const { return m_comparison; }
    void setMetric(ComparisonMetric metric);
    QBarSeries* bars() const { return m_bars; }
    QTableWidget* table() const { return m_table; }
    // The line charts, one per kind with lines (Comparison::charts), in that order.
    const std::vector<ToolChart*>& lineCharts() const { return m_lineCharts; }
    // The bar charts, one per kind with bars (Comparison::barCharts), in that order.
    const std::vector<QChart*>& barCharts() const { return m_barCharts; }

    QByteArray markdown() const;
    QByteArray csv() const;
    QImage image() const; // the charts and the table as shown
    bool saveImage(const QString& path) const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void fill();
    void applyLook();
    void exportInteractive(const QString& suffix, const QString& filter);

    Comparison m_comparison;
    ComparisonMetric m_metric = ComparisonMetric::MBps;
    QWidget* m_content;
    QComboBox* m_metricBox;
    QChart* m_chart;
    QChartView* m_chartView;
    QBarSeries* m_bars;
    QTableWidget* m_table;
    std::vector<ToolChart*> m_lineCharts;
    std::vector<QChart*> m_barCharts;
    std::vector<QChartView*> m_barViews;
};

} // namespace dm
