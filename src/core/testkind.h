// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "report.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QString>

#include <optional>
#include <vector>

namespace dm {

// A kind of test (the grid, surface scan, sustained write, block-size sweep, imported fio
// output), after fio's ioengine table: everything the history, the comparison, `history show`
// and the window need to know about a kind, behind one interface, registered in one line of
// testkinds.cpp. Nothing outside a kind's own files names it: front ends loop over kinds().
//
// A kind works on its JSON document, the form every run is written, stored and read back in,
// so one stored row, one file on disk and one just-finished run all go through the same code.

// The one figure the history list shows for a run, with its unit and what it is.
struct Headline {
    double value = 0;
    QString unit; // "MB/s"
    QString label; // "SEQ1M Q8T1 read", "sustained write", "average read"
    bool operator==(const Headline&) const = default;
};

// A named figure for the history's metrics column (JSON object, in this order).
struct Metric {
    QString name; // snake_case with its unit: "after_mb_per_s", "cache_bytes"
    double value = 0;
    bool operator==(const Metric&) const = default;
};

struct RunSummary {
    std::optional<Headline> headline; // empty when the run measured nothing (stopped at once, failed)
    std::vector<Metric> metrics;
    std::optional<double> metric(const QString& name) const;
    bool operator==(const RunSummary&) const = default;
};

// A line the comparison overlays: x against y for one run (sweeps: MB/s per block size; scans:
// MB/s by position; sustained writes: MB/s by GB written).
struct SeriesPoint {
    double x = 0, y = 0;
    bool operator==(const SeriesPoint&) const = default;
};
struct Series {
    QString name; // "read", "write"
    std::vector<SeriesPoint> points; // ascending x
};
// How a kind's series are drawn and tabled: the axes, and the x values a table lists.
struct SeriesAxes {
    QString title; // "Block-size sweep"
    QString xLabel, yLabel; // "Block size", "MB/s"
    bool xLog2 = false; // block sizes: one step per power of two
    // x as a person reads it ("4 KiB", "50 %", "12.0 GB").
    QString (*xText)(double x) = nullptr;
};

// Named figures of one run that the comparison draws as grouped bars, a group per name and a bar
// per run in the run's colour (a copy test's MB/s per set of files): for figures that are not a
// curve over some x, where a line between them would mean nothing.
struct KindBar {
    QString name; // "ISO": the group
    double value = 0;
    bool operator==(const KindBar&) const = default;
};
struct BarAxes {
    QString title; // "Copy test"
    QString unit; // "MB/s"
};

// Every report a kind makes, from its document.
struct KindReports {
    QByteArray csv; // empty for a kind without one
    QString text, markdown;
};

// Titles, axis labels and series names are English here (the CLI's), marked for lupdate in the
// context "dm::TestKind" so the window shows them translated (QCoreApplication::translate).
inline QString kindString(const char* english) { return QString::fromUtf8(english); }
// One of those in the language of the translator installed (the window's; the CLI has none and
// stays English): for the window and the web page (htmlreport.h).
inline QString kindText(const QString& english)
{
    return QCoreApplication::translate("dm::TestKind", english.toUtf8().constData());
}

class TestKind {
public:
    virtual ~TestKind() = default;
    virtual QString id() const = 0; // "grid", "scan", ...: the history's kind column
    // "diskometer.result/1" ...; a schema ending in '-' is a prefix (fio's "fio-3.33").
    virtual QString schema() const = 0;
    virtual QString title() const = 0; // "Grid of tests", "Surface scan", in English (the CLI's)
    // `comment`, when not empty, replaces the document's (the history's edited comment).
    virtual Result<KindReports> reports(const QByteArray& json, const QString& comment) const = 0;
    virtual Result<RunSummary> summarize(const QByteArray& json) const = 0;
    // Kinds whose documents read as a grid of tests (ours, and fio's jobs) show in the grid's
    // tiles and compare as bars; gridReport() gives that Report.
    virtual bool readsAsGrid() const { return false; }
    virtual Result<Report> gridReport(const QByteArray& json) const;
    // The lines the comparison overlays, or none (the grid compares as bars: comparison.h).
    virtual std::optional<SeriesAxes> seriesAxes() const { return std::nullopt; }
    virtual Result<std::vector<Series>> series(const QByteArray& /*json*/) const { return std::vector<Series> {}; }
    // The bars the comparison groups, or none (KindBar above); a run's bars in the kind's order.
    virtual std::optional<BarAxes> barAxes() const { return std::nullopt; }
    virtual Result<std::vector<KindBar>> bars(const QByteArray& /*json*/) const { return std::vector<KindBar> {}; }
    // The kind's own block on its web page (htmlreport.h), under the headline: what its lines and
    // bars do not say (the capacity check's verdict and map of the device). HTML made with
    // htmlpage.h and svgchart.h, every string escaped; empty for none.
    virtual Result<QString> pageSection(const QByteArray& /*json*/) const { return QString(); }
};

// Every kind this build knows, in the order the window shows its pages and the history its
// filters. The pointers live as long as the program.
const std::vector<const TestKind*>& kinds();
// The kind of a document's schema ("diskometer.scan/1"), or of fio's output; nullptr when none.
const TestKind* kindForSchema(const QString& schema);
const TestKind* kindById(const QString& id);

// For kinds whose Markdown is their text report: a heading with the kind, device and date, the
// comment as a quote, and the text in a fenced block (forums and blogs keep its columns).
QString markdownOfText(
    const QString& title, const QString& device, const QString& date, const QString& comment, const QString& text);

} // namespace dm
