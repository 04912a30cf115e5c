// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "barscale.h"
#include "comparison.h"
#include "error.h"
#include "report.h"

#include <QByteArray>
#include <QString>

#include <optional>

namespace dm {

// The web page of a report (issue 30; docs/WEBPAGE.md): one self-contained HTML file
// for any kind's JSON document (TestKind: the grid and fio's output as CrystalDiskMark's tiles
// and each test's timeline, the other kinds' charts from their comparison lines and bars, their
// headline), with the figures in tables, the drive line, warnings, notes, health and
// temperature, the text report, and the JSON document itself embedded so the page imports back
// into the history. In the language of the translator installed (the window's; the CLI's is
// English). The drive's serial number only when serialShown() (driveline.h), in the drive line
// and in the embedded document alike. Parses and formats: not on a GUI thread.
//
// `comment`, when not empty, replaces the document's (the history's edited comment); `schema`,
// when not empty, is the document's as the history knows it (else it is read from the document).
Result<QByteArray> formatHtmlReport(const QByteArray& json, const QString& comment = {}, const QString& schema = {});

// The page of a comparison (comparison.h): the grid tests' bars in `metric` (a log axis, or
// relative to the fastest, as `scale` says; when empty, defaultBarScale() of the figures), each
// kind's lines and bars, the figures in tables, each run's short name with its full name as the
// tooltip.
QByteArray formatComparisonHtml(const Comparison& comparison, ComparisonMetric metric = ComparisonMetric::MBps,
    std::optional<BarScale> scale = std::nullopt);

// The JSON document a page of formatHtmlReport() holds, or nothing when `content` is not such a
// page: History › Import and `history import` read a saved page as its JSON.
std::optional<QByteArray> reportJsonFromHtml(const QByteArray& content);

// The grid's part of a page, for a Report (ours, or fio's output): the tiles, the figures' table
// and each test's MB/s over its time (htmlgrid.cpp).
QString gridTilesHtml(const Report& report);
QString gridTimelinesHtml(const Report& report);
struct HtmlTable;
HtmlTable gridFiguresTable(const Report& report);

} // namespace dm
