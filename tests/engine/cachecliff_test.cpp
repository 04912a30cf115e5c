// SPDX-License-Identifier: GPL-3.0-or-later
// The cache-cliff rule (cachecliff.h) on synthetic sustained-write curves sampled every 0.25 s:
// it finds a step where it is, with the levels on both sides, and reports none (with the reason)
// for a flat run, a noisy flat run, a gradual decline, periodic stalls and a dip that recovers.
#include "cachecliff.h"
#include "randomgenerator.h"

#include <gtest/gtest.h>

#include <functional>

using namespace dm;

namespace {

constexpr double kInterval = 0.25;

// `count` samples whose rate is rate(i); bytes accumulate as a real write's would.
std::vector<RatePoint> curve(size_t count, const std::function<double(size_t)>& rate)
{
    std::vector<RatePoint> out;
    double bytes = 0;
    for (size_t i = 0; i < count; ++i) {
        const double r = rate(i);
        bytes += r * 1e6 * kInterval;
        out.push_back({ uint64_t(bytes), r });
    }
    return out;
}

// Bytes written before sample i (the rule reports the start of the first low sample).
uint64_t bytesBefore(const std::vector<RatePoint>& c, size_t i) { return i == 0 ? 0 : c[i - 1].bytes; }

} // namespace

TEST(CacheCliff, FindsAStepAndBothLevels)
{
    const auto c = curve(200, [](size_t i) { return i < 60 ? 1800.0 : 420.0; });
    const CacheCliff cliff = findCacheCliff(c);
    ASSERT_TRUE(cliff.cacheBytes) << cliff.reason;
    EXPECT_EQ(*cliff.cacheBytes, bytesBefore(c, 60));
    EXPECT_DOUBLE_EQ(cliff.beforeMbPerSec, 1800.0);
    EXPECT_DOUBLE_EQ(cliff.afterMbPerSec, 420.0);
    EXPECT_TRUE(cliff.reason.empty());
    EXPECT_EQ(cliff.why, CacheCliff::NoCliff::Found);
}

TEST(CacheCliff, FindsANoisyStepWithStallsAfterIt)
{
    // A QLC drive: noisy cache rate, then folding that swings between 60 and 180 MB/s with stalls.
    RandomGenerator rng(7);
    const auto c = curve(400, [&](size_t i) {
        const double noise = double(rng.below(1000)) / 1000.0 - 0.5; // -0.5 .. 0.5
        if (i < 120)
            return 900.0 + 80.0 * noise;
        if (i % 25 == 0)
            return 0.0; // a stall
        return 120.0 + 120.0 * noise;
    });
    const CacheCliff cliff = findCacheCliff(c);
    ASSERT_TRUE(cliff.cacheBytes) << cliff.reason;
    // Within one sample of the true cliff.
    EXPECT_NEAR(double(*cliff.cacheBytes), double(bytesBefore(c, 120)), 900e6 * kInterval * 1.1);
    EXPECT_NEAR(cliff.beforeMbPerSec, 900.0, 20.0);
    EXPECT_NEAR(cliff.afterMbPerSec, 120.0, 20.0);
}

TEST(CacheCliff, FindsACliffNearTheStartAndNearTheEnd)
{
    const auto early = curve(100, [](size_t i) { return i < 5 ? 2000.0 : 300.0; });
    ASSERT_TRUE(findCacheCliff(early).cacheBytes);
    EXPECT_EQ(*findCacheCliff(early).cacheBytes, bytesBefore(early, 5));
    const auto late = curve(100, [](size_t i) { return i < 94 ? 2000.0 : 300.0; });
    ASSERT_TRUE(findCacheCliff(late).cacheBytes);
    EXPECT_EQ(*findCacheCliff(late).cacheBytes, bytesBefore(late, 94));
}

TEST(CacheCliff, NoneOnAFlatRun)
{
    const CacheCliff cliff = findCacheCliff(curve(120, [](size_t) { return 550.0; }));
    EXPECT_FALSE(cliff.cacheBytes);
    EXPECT_DOUBLE_EQ(cliff.afterMbPerSec, 550.0);
    EXPECT_NE(cliff.reason.find("level"), std::string::npos) << cliff.reason;
    EXPECT_EQ(cliff.why, CacheCliff::NoCliff::Level);
}

TEST(CacheCliff, NoneOnANoisyFlatRun)
{
    RandomGenerator rng(42);
    // +-20 % noise: the medians of any two halves stay far closer than 25 %.
    const CacheCliff cliff
        = findCacheCliff(curve(300, [&](size_t) { return 500.0 * (0.8 + 0.4 * double(rng.below(1000)) / 1000.0); }));
    EXPECT_FALSE(cliff.cacheBytes) << "found one at " << cliff.cacheBytes.value_or(0);
    EXPECT_NEAR(cliff.afterMbPerSec, 500.0, 25.0);
}

TEST(CacheCliff, NoneOnAGradualFall)
{
    // From 600 to 200 MB/s evenly over the whole run: a drive slowing with heat, not a cache.
    const CacheCliff cliff = findCacheCliff(curve(200, [](size_t i) { return 600.0 - 2.0 * double(i); }));
    EXPECT_FALSE(cliff.cacheBytes) << "found one at " << cliff.cacheBytes.value_or(0);
    EXPECT_NE(cliff.reason.find("gradually"), std::string::npos) << cliff.reason;
    EXPECT_EQ(cliff.why, CacheCliff::NoCliff::Gradual);
}

TEST(CacheCliff, NoneForPeriodicStalls)
{
    // Every tenth sample a two-sample stall: the level never changes.
    const CacheCliff cliff = findCacheCliff(curve(200, [](size_t i) { return i % 10 < 2 ? 5.0 : 700.0; }));
    EXPECT_FALSE(cliff.cacheBytes) << "found one at " << cliff.cacheBytes.value_or(0);
    EXPECT_DOUBLE_EQ(cliff.afterMbPerSec, 700.0);
}

TEST(CacheCliff, NoneWhenTheRateComesBack)
{
    // A long slump in the middle, then the old rate again until the end.
    const CacheCliff cliff = findCacheCliff(curve(200, [](size_t i) { return (i >= 50 && i < 130) ? 150.0 : 800.0; }));
    EXPECT_FALSE(cliff.cacheBytes) << "found one at " << cliff.cacheBytes.value_or(0);
    EXPECT_FALSE(cliff.reason.empty());
    EXPECT_NE(cliff.why, CacheCliff::NoCliff::Found);

    // A fall that looks like a cliff until the last stretch, where the old rate returns.
    const CacheCliff back = findCacheCliff(curve(200, [](size_t i) { return (i >= 100 && i < 180) ? 150.0 : 800.0; }));
    EXPECT_FALSE(back.cacheBytes) << "found one at " << back.cacheBytes.value_or(0);
    EXPECT_EQ(back.why, CacheCliff::NoCliff::Recovers) << back.reason;
}

TEST(CacheCliff, TooFewSamples)
{
    const CacheCliff cliff = findCacheCliff(curve(5, [](size_t i) { return i < 2 ? 900.0 : 100.0; }));
    EXPECT_FALSE(cliff.cacheBytes);
    EXPECT_NE(cliff.reason.find("too few"), std::string::npos) << cliff.reason;
    EXPECT_EQ(cliff.why, CacheCliff::NoCliff::TooFewSamples);
    EXPECT_EQ(cliff.samples, 5u);
    EXPECT_FALSE(findCacheCliff({}).cacheBytes);
}

TEST(CacheCliff, LongSeriesAreMergedAndStillFound)
{
    // 20,000 samples (a very long write); the cliff at 30 % is found to within a merged group.
    const auto c = curve(20000, [](size_t i) { return i < 6000 ? 1000.0 : 250.0; });
    const CacheCliff cliff = findCacheCliff(c);
    ASSERT_TRUE(cliff.cacheBytes) << cliff.reason;
    EXPECT_NEAR(double(*cliff.cacheBytes), double(bytesBefore(c, 6000)), 1000e6 * kInterval * 10);
    EXPECT_NEAR(cliff.afterMbPerSec, 250.0, 1.0);
}

TEST(CacheCliff, FindsAShortWritesCliffWhereOneSampleIsATenthOfTheBytes)
{
    // Issue 11's case as the throttle rig writes it: 1,000 MiB, 400 MB/s for the first 600 MB,
    // then 80 MB/s; the throttle releases I/O in a rhythm the 0.25 s samples alias with, so the
    // samples swing around each rate (478/319 around 400, 96/63 around 80). One sample at 400
    // MB/s is a tenth of all bytes: the rule used to call this "gradual", and the medians of
    // two-valued sides landed on either value instead of the rate.
    const double rates[] = { 478, 319, 482, 315, 484, 319 };
    const auto c = curve(26, [&](size_t i) {
        if (i < 6)
            return rates[i];
        return i % 2 ? 63.0 : 96.0;
    });
    const CacheCliff cliff = findCacheCliff(c);
    ASSERT_TRUE(cliff.cacheBytes) << cliff.reason;
    EXPECT_NEAR(double(*cliff.cacheBytes), double(bytesBefore(c, 6)), 0.05 * double(bytesBefore(c, 6)));
    EXPECT_NEAR(cliff.beforeMbPerSec, 400.0, 20.0);
    EXPECT_NEAR(cliff.afterMbPerSec, 80.0, 4.0);
}
