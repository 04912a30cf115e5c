// SPDX-License-Identifier: GPL-3.0-or-later
// How the comparison draws bars that differ by a thousand times (barscale.h, issue 30): the
// default scale by the figures' span, the settings' words, each scale's axis and ticks, and where
// a bar ends on it, the smallest bar of a log axis never a sliver.
#include "barscale.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

using namespace dm;

TEST(BarScale, LogOnlyWhenThePositiveFiguresSpanMoreThanTwentyTimes)
{
    EXPECT_EQ(defaultBarScale({}), BarScale::Linear);
    EXPECT_EQ(defaultBarScale({ 7000, 15 }), BarScale::Log); // the RAM disk and the USB 2.0 stick
    EXPECT_EQ(defaultBarScale({ 100, 2000 }), BarScale::Linear); // exactly 20x: still readable
    EXPECT_EQ(defaultBarScale({ 100, 2000.1 }), BarScale::Log);
    // No figure, a failed test (0) or a NaN says nothing about the span.
    EXPECT_EQ(defaultBarScale({ 0, 500, 600, std::nan("") }), BarScale::Linear);
    EXPECT_EQ(defaultBarScale({ -5, 500, std::numeric_limits<double>::infinity() }), BarScale::Linear);
    EXPECT_EQ(defaultBarScale({ 0.01, 0.5 }), BarScale::Log); // small figures too (latency in ms)
}

TEST(BarScale, SettingsWordsRoundTripAndNothingElseReads)
{
    for (BarScale s : { BarScale::Linear, BarScale::Log, BarScale::Relative })
        EXPECT_EQ(barScaleFromName(barScaleName(s)), s);
    EXPECT_EQ(barScaleName(BarScale::Log), QStringLiteral("log"));
    EXPECT_EQ(barScaleName(BarScale::Relative), QStringLiteral("relative"));
    EXPECT_EQ(barScaleFromName(QStringLiteral("Log")), std::nullopt);
    EXPECT_EQ(barScaleFromName(QString()), std::nullopt);
}

TEST(BarScale, LogAxisFromARoundFigureAtMostHalfTheSmallestToTheDecadeAboveTheLargest)
{
    const BarAxisRange r = barAxisRange(BarScale::Log, { 7000, 15, 0 });
    EXPECT_DOUBLE_EQ(r.min, 5);
    EXPECT_DOUBLE_EQ(r.max, 10000);
    EXPECT_EQ(barAxisTicks(BarScale::Log, r), (std::vector<double> { 5, 10, 100, 1000, 10000 }));
    // Half the smallest exactly round: the axis starts there; the largest on a decade ends it.
    const BarAxisRange even = barAxisRange(BarScale::Log, { 10, 1000 });
    EXPECT_DOUBLE_EQ(even.min, 5);
    EXPECT_DOUBLE_EQ(even.max, 1000);
    const BarAxisRange small = barAxisRange(BarScale::Log, { 0.25, 3 });
    EXPECT_DOUBLE_EQ(small.min, 0.1);
    EXPECT_DOUBLE_EQ(small.max, 10);
    const auto ticks = barAxisTicks(BarScale::Log, small);
    ASSERT_EQ(ticks.size(), 3u);
    EXPECT_EQ(ticks[1], 1.0); // exactly: a label "1", not "1.0000000000000002"
    // One figure: an axis of at least a decade, never empty or inverted.
    const BarAxisRange one = barAxisRange(BarScale::Log, { 100 });
    EXPECT_LT(one.min, 100);
    EXPECT_GE(one.max, 100);
    const BarAxisRange none = barAxisRange(BarScale::Log, {});
    EXPECT_LT(none.min, none.max);
}

TEST(BarScale, TheSmallestBarOfALogAxisIsNeverASliver)
{
    // 10.5 MB/s beside 7,000: from its own decade (10) it would be 0.7 % of the axis.
    for (double slowest : { 10.5, 15.0, 1.01, 0.0123, 99.9 }) {
        const std::vector<double> figures { 7000, slowest };
        const BarAxisRange r = barAxisRange(BarScale::Log, figures);
        const double decades = std::log10(r.max) - std::log10(r.min);
        // The axis starts at half the smallest or below: its bar is at least log10(2) of a decade.
        EXPECT_GE(barFraction(BarScale::Log, r, slowest, 7000) * decades, std::log10(2.0) - 1e-12) << slowest;
        EXPECT_GT(barFraction(BarScale::Log, r, slowest, 7000), 0.05) << slowest;
    }
    const BarAxisRange r = barAxisRange(BarScale::Log, { 7000, 15 });
    EXPECT_NEAR(barFraction(BarScale::Log, r, 7000, 7000), std::log10(7000.0 / 5) / std::log10(10000.0 / 5), 1e-12);
    // A figure at the axis' end fills it; none, zero or below the axis is no bar.
    EXPECT_DOUBLE_EQ(barFraction(BarScale::Log, r, 10000, 7000), 1.0);
    EXPECT_DOUBLE_EQ(barFraction(BarScale::Log, r, 0, 7000), 0.0);
    EXPECT_DOUBLE_EQ(barFraction(BarScale::Log, r, -3, 7000), 0.0);
    EXPECT_DOUBLE_EQ(barFraction(BarScale::Log, r, 2, 7000), 0.0);
    EXPECT_DOUBLE_EQ(barFraction(BarScale::Log, r, std::nan(""), 7000), 0.0);
}

TEST(BarScale, LinearAxisFromZeroToTheLargestRoundedUpToAStep)
{
    const BarAxisRange r = barAxisRange(BarScale::Linear, { 7000, 15 });
    EXPECT_DOUBLE_EQ(r.min, 0);
    EXPECT_DOUBLE_EQ(r.max, 8000);
    EXPECT_EQ(barAxisTicks(BarScale::Linear, r), (std::vector<double> { 0, 2000, 4000, 6000, 8000 }));
    EXPECT_DOUBLE_EQ(barFraction(BarScale::Linear, r, 7000, 7000), 7000.0 / 8000);
    EXPECT_LT(barFraction(BarScale::Linear, r, 15, 7000), 0.002); // the sliver this is all about
    EXPECT_DOUBLE_EQ(barAxisRange(BarScale::Linear, { 15 }).max, 15);
    EXPECT_DOUBLE_EQ(barAxisRange(BarScale::Linear, { 0.3 }).max, 0.3);
    const BarAxisRange none = barAxisRange(BarScale::Linear, {});
    EXPECT_LT(none.min, none.max);
    // Whatever the largest figure, the ticks end on the axis' end and there are a handful.
    for (double hi : { 1.0, 9.99, 15.0, 101.0, 999.0, 1001.0, 5001.0, 123456.0 }) {
        const BarAxisRange a = barAxisRange(BarScale::Linear, { hi });
        const auto t = barAxisTicks(BarScale::Linear, a);
        ASSERT_FALSE(t.empty()) << hi;
        EXPECT_DOUBLE_EQ(t.front(), 0) << hi;
        EXPECT_NEAR(t.back(), a.max, a.max * 1e-9) << hi;
        EXPECT_GE(a.max, hi) << hi;
        EXPECT_GE(t.size(), 3u) << hi;
        EXPECT_LE(t.size(), 7u) << hi;
    }
}

TEST(BarScale, RelativeIsEachBarsShareOfItsGroupsLargest)
{
    const BarAxisRange r = barAxisRange(BarScale::Relative, { 7000, 15 });
    EXPECT_DOUBLE_EQ(r.min, 0);
    EXPECT_DOUBLE_EQ(r.max, 100);
    EXPECT_DOUBLE_EQ(barShownValue(BarScale::Relative, 15, 60), 25);
    EXPECT_DOUBLE_EQ(barFraction(BarScale::Relative, r, 15, 60), 0.25);
    EXPECT_DOUBLE_EQ(barFraction(BarScale::Relative, r, 7000, 7000), 1.0);
    EXPECT_DOUBLE_EQ(barShownValue(BarScale::Relative, 15, 0), 0); // a group with no figure
    EXPECT_DOUBLE_EQ(barShownValue(BarScale::Log, 15, 60), 15);
    EXPECT_EQ(barAxisTicks(BarScale::Relative, r), (std::vector<double> { 0, 20, 40, 60, 80, 100 }));
}
