// SPDX-License-Identifier: GPL-3.0-or-later
// Checks the latency histogram: buckets tile the value range without gaps, every reported
// percentile is within the documented error bound of the exact one, merging equals recording
// everything in one, and min/max/mean are exact.
#include "latencyhistogram.h"
#include "randomgenerator.h"

#include <algorithm>
#include <cmath>
#include <gtest/gtest.h>
#include <vector>

using dm::LatencyHistogram;

TEST(LatencyHistogram, BucketsAreContiguousAndNarrow)
{
    uint64_t expectedLow = 0;
    for (size_t b = 0; b < LatencyHistogram::kBuckets; ++b) {
        ASSERT_EQ(LatencyHistogram::bucketLow(b), expectedLow) << "bucket " << b;
        const uint64_t high = LatencyHistogram::bucketHigh(b);
        ASSERT_GE(high, expectedLow);
        // Width relative to the low edge never exceeds 1/64.
        if (high != expectedLow) { // exact one-value buckets below 128 ns have no error
            ASSERT_LE(double(high - expectedLow + 1) / double(expectedLow), 1.0 / 64 + 1e-12) << "bucket " << b;
        }
        ASSERT_EQ(LatencyHistogram::bucketOf(expectedLow), b);
        ASSERT_EQ(LatencyHistogram::bucketOf(high), b);
        expectedLow = high + 1;
    }
    // Past the last bucket values clamp into it instead of overflowing.
    EXPECT_EQ(LatencyHistogram::bucketOf(UINT64_MAX), LatencyHistogram::kBuckets - 1);
}

TEST(LatencyHistogram, PercentilesAreWithinTheErrorBound)
{
    dm::RandomGenerator rng(42);
    LatencyHistogram h;
    std::vector<uint64_t> samples;
    // Log-uniform from 1 µs to 100 ms: every octave of buckets gets used.
    for (int i = 0; i < 200000; ++i) {
        const double e = 3.0 + 5.0 * double(rng.next() >> 11) / double(1ULL << 53);
        const auto v = uint64_t(std::pow(10.0, e));
        samples.push_back(v);
        h.record(v);
    }
    std::sort(samples.begin(), samples.end());
    for (double q : { 0.01, 0.25, 0.5, 0.9, 0.99, 0.999, 0.9999 }) {
        const size_t rank = size_t(std::ceil(q * double(samples.size())));
        const double exact = double(samples[rank - 1]);
        const double got = h.percentileNs(q);
        EXPECT_LE(std::abs(got - exact) / exact, LatencyHistogram::kRelativeErrorBound + 1e-9) << "q=" << q;
    }
    EXPECT_EQ(h.minNs(), samples.front());
    EXPECT_EQ(h.maxNs(), samples.back());
    EXPECT_EQ(h.percentileNs(1.0), double(samples.back()));
    double sum = 0;
    for (auto s : samples)
        sum += double(s);
    EXPECT_NEAR(h.meanNs(), sum / double(samples.size()), 1e-6 * h.meanNs());
}

TEST(LatencyHistogram, SmallValuesAreExact)
{
    LatencyHistogram h;
    for (uint64_t v = 1; v <= 100; ++v)
        h.record(v);
    EXPECT_EQ(h.percentileNs(0.5), 50.0);
    EXPECT_EQ(h.percentileNs(0.9), 90.0);
}

TEST(LatencyHistogram, MergeEqualsRecordingEverythingInOne)
{
    LatencyHistogram a, b, all;
    dm::RandomGenerator rng(7);
    for (int i = 0; i < 10000; ++i) {
        const uint64_t v = 1000 + rng.below(5'000'000);
        (i % 3 ? a : b).record(v);
        all.record(v);
    }
    a.merge(b);
    EXPECT_EQ(a.count(), all.count());
    EXPECT_EQ(a.minNs(), all.minNs());
    EXPECT_EQ(a.maxNs(), all.maxNs());
    EXPECT_DOUBLE_EQ(a.meanNs(), all.meanNs());
    for (double q : { 0.5, 0.99, 0.999 })
        EXPECT_EQ(a.percentileNs(q), all.percentileNs(q));
    LatencyHistogram empty;
    a.merge(empty);
    EXPECT_EQ(a.count(), all.count());
    EXPECT_EQ(empty.percentileNs(0.5), 0.0);
}

TEST(LatencyHistogram, BatchRecordCountsEverySample)
{
    LatencyHistogram h;
    h.record(5000, 31);
    h.record(9000);
    EXPECT_EQ(h.count(), 32u);
    EXPECT_NEAR(h.percentileNs(0.5), 5000.0, 5000.0 / 128);
    EXPECT_EQ(h.maxNs(), 9000u);
}
