// SPDX-License-Identifier: GPL-3.0-or-later
// Checks the headline (best pass by MB/s), median, min/max and coefficient of variation.
#include "results.h"

#include <gtest/gtest.h>

using namespace dm;

namespace {
PassResult pass(double mbPerSec)
{
    PassResult p;
    p.seconds = 1.0;
    p.bytes = uint64_t(mbPerSec * 1e6);
    p.ios = p.bytes / 4096;
    return p;
}
}

TEST(PassStatistics, BestPassIsTheHeadline)
{
    const auto s = passStatistics({ pass(100), pass(300), pass(200) });
    EXPECT_EQ(s.bestIndex, 1u);
    EXPECT_NEAR(s.bestMbPerSec, 300, 1e-6);
    EXPECT_NEAR(s.medianMbPerSec, 200, 1e-6);
    EXPECT_NEAR(s.minMbPerSec, 100, 1e-6);
    EXPECT_NEAR(s.maxMbPerSec, 300, 1e-6);
    // Sample standard deviation of 100, 200, 300 is 100; mean 200.
    EXPECT_NEAR(s.cvPercent, 50.0, 1e-6);
}

TEST(PassStatistics, EvenCountMedianAveragesTheMiddlePair)
{
    const auto s = passStatistics({ pass(10), pass(40), pass(20), pass(30) });
    EXPECT_NEAR(s.medianMbPerSec, 25, 1e-6);
}

TEST(PassStatistics, OnePassHasNoSpreadAndNoPassesGiveZeros)
{
    const auto one = passStatistics({ pass(123) });
    EXPECT_EQ(one.cvPercent, 0.0);
    EXPECT_NEAR(one.medianMbPerSec, 123, 1e-6);
    const auto none = passStatistics({});
    EXPECT_EQ(none.bestMbPerSec, 0.0);
}

TEST(PassStatistics, RatesAreDecimalMegabytes)
{
    PassResult p;
    p.seconds = 2.0;
    p.bytes = 1'000'000'000;
    p.ios = 250000;
    EXPECT_DOUBLE_EQ(p.mbPerSec(), 500.0);
    EXPECT_DOUBLE_EQ(p.iops(), 125000.0);
}
