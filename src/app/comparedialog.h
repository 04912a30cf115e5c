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
// run's colour), the same figures in a table, and overlaid timelines for sustained writes
// (MB/s against GB written) and surface scans (MB/s against position). Exports Markdown, CSV
// and a PNG of what is shown. Built from records already read: it never touches the database.
class CompareDialog : public QDialog {
    Q_OBJECT
public:
    CompareDialog(const std::vector<HistoryRecord>& records, QWidget* parent = nullptr);

    const Comparison& comparison() const { return m_comparison; }
    void setMetric(ComparisonMetric metric);
    QBarSeries* bars() const { return m_bars; }
    QTableWidget* table() const { return m_table; }
    ToolChart* sustainedChart() const { return m_sustained; } // null without sustained runs
    ToolChart* scanChart() const { return m_scan; } // null without scans

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
    ToolChart* m_sustained = nullptr;
    ToolChart* m_scan = nullptr;
};

} // namespace dm
