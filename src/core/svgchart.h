// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "barscale.h"
#include "testkind.h"

#include <QString>

#include <optional>
#include <vector>

namespace dm {

// The web page's charts (htmlreport.h), inline SVG styled by the page's classes, so they follow
// its light and dark colours and print. Every string is escaped here.
//
// Why not one SVG with a viewBox: scaled to a phone's 360 px, a 640-unit-wide chart's 12 px text
// shrinks to 7 px. So a line chart's plot is an SVG stretched to its box (preserveAspectRatio
// none, strokes that do not scale) with its ticks and titles as HTML text around it, and a bar
// chart is an SVG in percentages of its width, its text at its own size: both read the same at
// 360 and 1280 px.

// One line: `colour` picks the page's run colour (.s0 ... .s7).
struct ChartLine {
    QString name; // the legend's
    QString title; // the legend's tooltip (a run's full name); empty = the name
    std::vector<SeriesPoint> points; // ascending x
    int colour = 0;
};
struct LineChart {
    QString title; // the figure's caption; none when empty (a heading above says it)
    QString xLabel, yLabel;
    bool xLog2 = false; // block sizes: one step per power of two
    QString (*xText)(double x) = nullptr; // tick text; plain numbers when null
    std::vector<ChartLine> lines;
};
// <figure class="chart lines">: the plot, its ticks, a legend when more than one line.
QString lineChartHtml(const LineChart& chart);

// Grouped horizontal bars: a group per name (a test, a phase, a set of files), a bar per set (a
// run) in the set's colour, the figure printed at the end of every bar.
struct BarSet {
    QString name; // the legend's
    QString title; // tooltip: the full name
    int colour = 0;
};
struct BarGroup {
    QString name;
    std::vector<std::optional<double>> values; // one per BarChart::sets; empty = none
};
struct BarChart {
    QString title; // as LineChart's
    QString unit;
    std::vector<BarSet> sets;
    std::vector<BarGroup> groups;
    BarScale scale = BarScale::Linear;
};
// <figure class="chart bars">: each bar a <rect class="bar" data-value="…">, its figure a
// <text class="figure">, the axis's scale said under it.
QString barChartHtml(const BarChart& chart);

// A stretch of something long (a device's bytes) and what became of each part: the capacity
// check's map of a stick, verified in one colour and lost in another.
struct ChartSpan {
    double from = 0, to = 0;
    int colour = 0;
    QString title; // its tooltip ("7.8 GB to 64.0 GB: overwritten")
};
struct SpanChart {
    double length = 0;
    std::vector<ChartSpan> spans; // in order, within [0, length]
    QString (*xText)(double x) = nullptr; // the ends' and the first lost offset's text
    std::vector<BarSet> legend; // what each colour means
};
// <figure class="chart spans">: one bar the width of the page, a <rect class="span"> per part.
QString spanChartHtml(const SpanChart& chart);

// A figure as the pages print it: 4 significant digits at most, no grouping ("7023", "15.2",
// "0.153").
QString chartNumber(double value);

} // namespace dm
