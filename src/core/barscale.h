// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <optional>
#include <vector>

namespace dm {

// How the comparison draws bars whose figures differ by a thousand times (issue 30): a RAM disk
// at 7,000 MB/s beside a USB 2.0 stick at 15 MB/s. On a linear axis the stick is a line one pixel
// high; on a log axis both are bars that can be read; relative to the fastest, each bar is its
// share of the fastest run's in that group. One place decides, for the window's comparison
// dialog and the HTML comparison page, so both draw the same.
enum class BarScale { Linear, Log, Relative };

// Beyond this ratio of the largest figure to the smallest (both > 0) the comparison starts on a
// log axis: at 20x a linear axis still leaves the smallest bar 5 % of the chart, readable; past
// it the small bars become slivers.
inline constexpr double kLogScaleSpan = 20.0;

// The scale a comparison opens with when the user has not chosen one: Log when the positive
// figures span more than kLogScaleSpan, Linear otherwise (and for no figures at all).
BarScale defaultBarScale(const std::vector<double>& values);

// "linear", "log", "relative": the settings' words, and back (empty for anything else).
QString barScaleName(BarScale scale);
std::optional<BarScale> barScaleFromName(const QString& name);

// The axis a chart of `values` is drawn on: for Log, from a round figure at most half the smallest
// (1, 2 or 5 times a power of ten) to the decade above the largest, its ticks the start and every
// power of ten; for Linear, 0 to the largest figure; for Relative, 0 to 100 (%).
struct BarAxisRange {
    double min = 0, max = 1;
};
BarAxisRange barAxisRange(BarScale scale, const std::vector<double>& values);

// Where a bar of `value` ends, in [0, 1] of the axis (0 for no or a non-positive figure on a log
// axis). `groupMax` is the largest figure of the bar's group, which Relative divides by.
double barFraction(BarScale scale, const BarAxisRange& range, double value, double groupMax);

// The value drawn for a bar: the figure itself, or its percentage of `groupMax` for Relative.
double barShownValue(BarScale scale, double value, double groupMax);

// The ticks of the axis: its start and the powers of ten on Log, about five round steps otherwise.
std::vector<double> barAxisTicks(BarScale scale, const BarAxisRange& range);

} // namespace dm
