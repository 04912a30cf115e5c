// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace dm {

// Per-I/O latency in a log-linear histogram, after fio's stat.h design.
//
// Values below 128 ns land in exact buckets. Above that, every power-of-two range [2^m, 2^(m+1))
// is split into 64 equal buckets, so a bucket is at most 1/64 of its lower bound wide. A percentile
// is reported as the middle of its bucket, so the reported value is within 1/128 (0.78 %) of the
// true sample, the bound docs/MEASURING.md ("Latency") gives. Memory is fixed (about 30 KiB),
// recording is a shift and an add, and two histograms merge by adding buckets, which is how
// per-thread histograms become one per pass.
class LatencyHistogram {
public:
    static constexpr int kSubBits = 6; // 64 buckets per power of two
    static constexpr uint64_t kSubBuckets = uint64_t(1) << kSubBits;
    static constexpr int kMaxExponent = 45; // 2^45 ns is nearly 10 hours; larger values clamp
    static constexpr size_t kBuckets = (kMaxExponent - kSubBits + 1) * kSubBuckets;
    // The worst relative error of a reported value against the sample it stands for.
    static constexpr double kRelativeErrorBound = 1.0 / (2 * kSubBuckets);

    void record(uint64_t ns)
    {
        m_buckets[bucketOf(ns)]++;
        m_count++;
        m_sum += ns;
        if (ns < m_min)
            m_min = ns;
        if (ns > m_max)
            m_max = ns;
    }
    // Records n samples of the same value (one batch of completions reaped together).
    void record(uint64_t ns, uint64_t n);

    void merge(const LatencyHistogram& other);
    void clear();

    uint64_t count() const { return m_count; }
    uint64_t minNs() const { return m_count ? m_min : 0; }
    uint64_t maxNs() const { return m_max; }
    double meanNs() const { return m_count ? double(m_sum) / double(m_count) : 0.0; }
    // q in [0, 1]; the value below which a share q of the samples lie (nearest rank), within
    // kRelativeErrorBound. The exact min and max are returned for q = 0 and q = 1.
    double percentileNs(double q) const;

    static size_t bucketOf(uint64_t ns);
    static uint64_t bucketLow(size_t bucket); // smallest value in the bucket
    static uint64_t bucketHigh(size_t bucket); // largest value in the bucket

private:
    std::array<uint64_t, kBuckets> m_buckets {};
    uint64_t m_count = 0;
    uint64_t m_sum = 0; // ns; 2^64 ns is 584 years of summed latency
    uint64_t m_min = UINT64_MAX;
    uint64_t m_max = 0;
};

} // namespace dm
