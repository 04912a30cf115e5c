// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "historyentry.h"
#include "jobspec.h"
#include "testkind.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace dm {

// Several stored runs side by side (issue 7, "Compare"): one column per test and direction,
// one row per run, the figures of each run's headline pass. Plain values, Qt Core only, so the
// window can build it on its worker thread and draw bars and tables from it.

// One test in one direction, e.g. SEQ1M Q8T1 read.
struct ComparisonColumn {
    TestRow row;
    Direction direction = Direction::Read;
    int readPercent = 100; // mixes with different shares are different columns
    QString label; // "SEQ1M Q8T1 Read", "RND4K Q1T1 Mix 70%"

    bool operator==(const ComparisonColumn&) const = default;
};

// One run's figures for one column. All empty when the run has no such test.
struct ComparisonCell {
    std::optional<double> mbPerSec, iops, latencyUs; // latency: mean of the headline pass
    QString error; // the test failed: its message

    bool empty() const { return !mbPerSec && error.isEmpty(); }
};

struct ComparisonRun {
    HistoryEntry entry;
    QString label; // what a person calls the run: name, or device and link, or target (and host);
                   // where runs share one, their comment or " #id" (buildComparison tells them apart)
    // The name the legend, the table and the bars show: only what tells these runs apart (the
    // drive's model or the comment, then the date); `label` is the tooltip's full name.
    QString shortLabel;
    std::vector<ComparisonCell> cells; // one per Comparison::columns, same order
    QString note; // why the run has no cells ("a scan, not a grid of tests"); empty otherwise
};

// The lines of one kind (a sweep's MB/s per block size, a scan's MB/s by position, a sustained
// write's MB/s by GB written), one per run and series, overlaid in one chart.
struct ComparisonLine {
    size_t run = 0; // index into Comparison::runs
    Series series;
};
struct ComparisonChart {
    QString kind; // TestKind::id()
    SeriesAxes axes;
    std::vector<ComparisonLine> lines;
};

// The bars of one kind (TestKind::bars): a group per name, in the order the names first appear,
// and each run's value per group (empty where a run has none).
struct ComparisonBarRun {
    size_t run = 0; // index into Comparison::runs
    std::vector<std::optional<double>> values; // one per ComparisonBarChart::groups
};
struct ComparisonBarChart {
    QString kind; // TestKind::id()
    BarAxes axes;
    QStringList groups;
    std::vector<ComparisonBarRun> runs;
};

struct Comparison {
    std::vector<ComparisonColumn> columns; // tests in the order they first appear; read, write, mix
    std::vector<ComparisonRun> runs; // in the order asked for
    std::vector<ComparisonChart> charts; // in the order of kinds(), only kinds with lines
    std::vector<ComparisonBarChart> barCharts; // the same, for kinds with bars
};

enum class ComparisonMetric { MBps, Iops, LatencyUs };
// A cell's figure in a metric, and the metric's unit as the exports write it ("MB/s", "IOPS", "µs"):
// for the Markdown, the dialog and the web page alike.
std::optional<double> cellValue(const ComparisonCell& cell, ComparisonMetric metric);
QString metricUnit(ComparisonMetric metric);

// Builds the comparison of stored runs: grid and fio runs as columns of figures, every kind with
// series (testkind.h) as lines in its chart, every kind with bars as groups of bars in its own,
// other runs as rows with a note. Never fails: a run
// whose JSON no longer reads gets a note saying why. Parses every document: not on a GUI thread.
Comparison buildComparison(const std::vector<HistoryRecord>& records);

// "Samsung T7 (usb, USB 3.2 Gen 2 (10 Gbps))", the name the user gave, or the target path;
// " @ host" for fio client/server runs.
QString runLabel(const HistoryEntry& entry);

// A comparison export has one row per saved run and one column per test (docs/HISTORY.md).
// Each chart follows as a table: one row per x value (a table row per block size; ten steps of
// position or of GB written, read off each line), one column per run and series.
QString formatComparisonMarkdown(const Comparison& comparison, ComparisonMetric metric = ComparisonMetric::MBps);

// A line's y at x, read off the straight line between its two samples around x; empty outside
// the line (before its first or after its last sample).
std::optional<double> seriesValueAt(const Series& series, double x);
// The x values a chart's table lists: every block size any run has (xLog2), else 0 to the
// furthest x in ten steps.
std::vector<double> comparisonTableXs(const ComparisonChart& chart);

// Every figure of every cell (MB/s, IOPS and µs per column) for spreadsheets; RFC 4180 quoting,
// '.' as the decimal point whatever the locale, "\r\n" line ends as RFC 4180 says.
QByteArray formatComparisonCsv(const Comparison& comparison);

// For remote --together (fio's hosts or ssh's): a last row "All hosts (sum)" adding every host's
// MB/s and IOPS per test (what the shared storage delivered at once). fio's own "All clients"
// entry sums every section of every host into one figure, which is not a test, so it is not used.
void addTotalRow(Comparison& comparison);

} // namespace dm
