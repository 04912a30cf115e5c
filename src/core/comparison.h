// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "historyentry.h"
#include "jobspec.h"

#include <QByteArray>
#include <QString>

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
    QString label; // what a person calls the run: name, or device and link, or target (and host)
    std::vector<ComparisonCell> cells; // one per Comparison::columns, same order
    QString note; // why the run has no cells ("a scan, not a grid of tests"); empty otherwise
};

struct Comparison {
    std::vector<ComparisonColumn> columns; // tests in the order they first appear; read, write, mix
    std::vector<ComparisonRun> runs; // in the order asked for
};

enum class ComparisonMetric { MBps, Iops, LatencyUs };

// Builds the comparison of stored runs (grid and fio runs have figures; other kinds are rows
// with a note). Never fails: a run whose JSON no longer reads gets a note saying why.
Comparison buildComparison(const std::vector<HistoryRecord>& records);

// "Samsung T7 (usb, USB 3.2 Gen 2 (10 Gbps))", the name the user gave, or the target path;
// " @ host" for fio client/server runs.
QString runLabel(const HistoryEntry& entry);

// REPORTS.md: "A comparison export has one row per saved run and one column per test."
QString formatComparisonMarkdown(const Comparison& comparison, ComparisonMetric metric = ComparisonMetric::MBps);

// Every figure of every cell (MB/s, IOPS and µs per column) for spreadsheets; RFC 4180 quoting,
// '.' as the decimal point whatever the locale, "\r\n" line ends as RFC 4180 says.
QByteArray formatComparisonCsv(const Comparison& comparison);

} // namespace dm
