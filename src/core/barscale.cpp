// SPDX-License-Identifier: GPL-3.0-or-later
#include "barscale.h"

#include <algorithm>
#include <cmath>

namespace dm {

namespace {
    std::vector<double> positive(const std::vector<double>& values)
    {
        std::vector<double> out;
        std::copy_if(values.begin(), values.end(), std::back_inserter(out),
            [](double v) { return std::isfinite(v) && v > 0; });
        return out;
    }

    // 1, 2, 5 times a power of ten: the step of a linear axis with about `steps` ticks.
    double roundStep(double span, int steps)
    {
        if (span <= 0)
            return 1;
        const double raw = span / steps;
        const double decade = std::pow(10.0, std::floor(std::log10(raw)));
        for (double m : { 1.0, 2.0, 5.0, 10.0 })
            if (raw <= m * decade)
                return m * decade;
        return 10 * decade;
    }
} // namespace

BarScale defaultBarScale(const std::vector<double>& values)
{
    const auto p = positive(values);
    if (p.empty())
        return BarScale::Linear;
    const auto [lo, hi] = std::minmax_element(p.begin(), p.end());
    return *hi > kLogScaleSpan * *lo ? BarScale::Log : BarScale::Linear;
}

QString barScaleName(BarScale scale)
{
    switch (scale) {
    case BarScale::Log:
        return QStringLiteral("log");
    case BarScale::Relative:
        return QStringLiteral("relative");
    case BarScale::Linear:
        break;
    }
    return QStringLiteral("linear");
}

std::optional<BarScale> barScaleFromName(const QString& name)
{
    for (BarScale s : { BarScale::Linear, BarScale::Log, BarScale::Relative })
        if (barScaleName(s) == name)
            return s;
    return std::nullopt;
}

BarAxisRange barAxisRange(BarScale scale, const std::vector<double>& values)
{
    const auto p = positive(values);
    if (scale == BarScale::Relative)
        return { 0, 100 };
    if (p.empty())
        return { scale == BarScale::Log ? 1.0 : 0.0, scale == BarScale::Log ? 10.0 : 1.0 };
    const auto [lo, hi] = std::minmax_element(p.begin(), p.end());
    if (scale == BarScale::Log) {
        // The axis starts at a round figure (1, 2 or 5 times a power of ten) at most half the
        // smallest, so the smallest bar is never a sliver: 15 MB/s beside 7,000 starts the axis at
        // 5 and draws the stick's bar 14 % of the width, where starting at the decade (10) would
        // leave it 6 %.
        const double half = *lo / 2;
        const double decade = std::pow(10.0, std::floor(std::log10(half)));
        double min = decade;
        for (double m : { 2.0, 5.0 })
            if (m * decade <= half)
                min = m * decade;
        double max = std::pow(10.0, std::ceil(std::log10(*hi)));
        if (max <= min)
            max = min * 10;
        return { min, max };
    }
    const double step = roundStep(*hi, 5);
    return { 0, std::max(step, std::ceil(*hi / step) * step) };
}

double barFraction(BarScale scale, const BarAxisRange& range, double value, double groupMax)
{
    if (!std::isfinite(value) || value <= 0)
        return 0;
    double v = barShownValue(scale, value, groupMax);
    double f = 0;
    if (scale == BarScale::Log)
        f = (std::log10(v) - std::log10(range.min)) / (std::log10(range.max) - std::log10(range.min));
    else
        f = (v - range.min) / (range.max - range.min);
    return std::clamp(f, 0.0, 1.0);
}

double barShownValue(BarScale scale, double value, double groupMax)
{
    if (scale != BarScale::Relative)
        return value;
    return groupMax > 0 ? 100.0 * value / groupMax : 0;
}

std::vector<double> barAxisTicks(BarScale scale, const BarAxisRange& range)
{
    std::vector<double> ticks;
    if (scale == BarScale::Log) {
        // Where the axis starts, then every power of ten above it.
        ticks.push_back(range.min);
        for (double t = std::pow(10.0, std::floor(std::log10(range.min)) + 1); t <= range.max * 1.0001; t *= 10)
            if (t > range.min * 1.0001)
                ticks.push_back(t);
        return ticks;
    }
    const double step = roundStep(range.max - range.min, 5);
    for (double t = range.min; t <= range.max + step * 1e-6; t += step)
        ticks.push_back(t);
    return ticks;
}

} // namespace dm
