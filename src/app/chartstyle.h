// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QColor>
#include <QString>

class QAbstractAxis;
class QChart;
class QChartView;
class QValueAxis;
class QWidget;

namespace dm::chartstyle {

// Shared by the live chart and the other tests' charts, so every chart a user posts looks alike.

struct NiceAxis {
    double max;
    double step;
};

// An axis end on a 1-2-5 step with room above value, in at most `intervals` steps: it changes
// only when a sample passes it, a few times per test, instead of on every sample.
NiceAxis niceAxis(double value, double headroom, double minimum, int intervals = 4);
// suffix follows the number in every label; a '%' in it would be read as a printf conversion.
void applyAxis(QValueAxis* axis, NiceAxis nice, const QString& suffix = {}, double min = 0);
// Dynamic ticks anchored at 0 keep the grid on round numbers whatever the range.
QValueAxis* makeAxis();

QColor blend(const QColor& a, const QColor& b, double t);
bool isDark(const QColor& c);

// Blue and orange stay apart for the common colour-vision deficiencies; each has a light and a
// dark variant with at least 4.5:1 contrast against typical light and dark bases.
QColor primaryColor(bool dark); // MB/s, reads
QColor secondaryColor(bool dark); // IOPS, writes, access times
// The drive's temperature beside them: reddish purple (Okabe and Ito's), apart from both; a red
// would sit beside the light theme's dark orange.
QColor temperatureColor(bool dark);
// The smallest top of a °C axis: a drive at 35 °C sits at 70 % of it, not at the top.
inline constexpr double kTemperatureAxisTop = 50;
// The n-th of several runs side by side (comparisons): Okabe and Ito's eight colours, which stay
// apart for the common colour-vision deficiencies, each nudged to read on a light or dark base
// (yellow and black swapped for colours that show on both). Repeats after eight.
QColor runColor(int index, bool dark);
inline constexpr int kRunColors = 8;

// Shows `chart` filling `owner` (which gets a layout of its own), as every chart of ours looks:
// the legend below without margins, square corners, no animation. Returns the view.
QChartView* showChart(QChart* chart, QWidget* owner);

// The widget's palette on the chart: Base behind, Text in front, grid and axis lines blended
// between them; every axis of the chart gets the colours.
void applyPalette(QChartView* view, QChart* chart, const QWidget* from);
// The widget's font, not Qt Charts' built-in Arial in fixed sizes, so the chart follows the
// desktop's font and scale like the rest of the window.
void applyFonts(QChart* chart, const QWidget* from);

} // namespace dm::chartstyle
