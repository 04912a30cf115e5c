// SPDX-License-Identifier: GPL-3.0-or-later
#include "latencyhistogram.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace dm {

size_t LatencyHistogram::bucketOf(uint64_t ns)
{
    if (ns < 2 * kSubBuckets)
        return size_t(ns);
    const uint64_t maxValue = (uint64_t(1) << kMaxExponent) - 1;
    if (ns > maxValue)
        ns = maxValue;
    const int msb = 63 - std::countl_zero(ns);
    const int shift = msb - kSubBits; // >= 1 here
    // (ns >> shift) is in [64, 128): the bucket inside this power of two, offset by the groups below.
    return size_t(shift) * kSubBuckets + size_t(ns >> shift);
}

uint64_t LatencyHistogram::bucketLow(size_t bucket)
{
    if (bucket < 2 * kSubBuckets)
        return bucket;
    const size_t shift = bucket / kSubBuckets - 1;
    const uint64_t top = bucket - shift * kSubBuckets; // in [64, 128)
    return top << shift;
}

uint64_t LatencyHistogram::bucketHigh(size_t bucket)
{
    if (bucket < 2 * kSubBuckets)
        return bucket;
    const size_t shift = bucket / kSubBuckets - 1;
    return bucketLow(bucket) + ((uint64_t(1) << shift) - 1);
}

void LatencyHistogram::record(uint64_t ns, uint64_t n)
{
    if (n == 0)
        return;
    m_buckets[bucketOf(ns)] += n;
    m_count += n;
    m_sum += ns * n;
    if (ns < m_min)
        m_min = ns;
    if (ns > m_max)
        m_max = ns;
}

void LatencyHistogram::merge(const LatencyHistogram& other)
{
    for (size_t i = 0; i < kBuckets; ++i)
        m_buckets[i] += other.m_buckets[i];
    m_count += other.m_count;
    m_sum += other.m_sum;
    if (other.m_count) {
        m_min = std::min(m_min, other.m_min);
        m_max = std::max(m_max, other.m_max);
    }
}

void LatencyHistogram::clear() { *this = LatencyHistogram(); }

double LatencyHistogram::percentileNs(double q) const
{
    if (m_count == 0)
        return 0.0;
    if (q <= 0.0)
        return double(m_min);
    if (q >= 1.0)
        return double(m_max);
    // Nearest rank: the smallest sample with at least q * count samples at or below it.
    const auto rank = std::max<uint64_t>(1, uint64_t(std::ceil(q * double(m_count))));
    uint64_t seen = 0;
    for (size_t i = 0; i < kBuckets; ++i) {
        seen += m_buckets[i];
        if (seen >= rank) {
            const double mid = (double(bucketLow(i)) + double(bucketHigh(i))) / 2.0;
            // The true sample lies in the bucket and between min and max; clamp so a bucket's
            // middle never reports more than the largest sample seen.
            return std::clamp(mid, double(m_min), double(m_max));
        }
    }
    return double(m_max);
}

} // namespace dm
