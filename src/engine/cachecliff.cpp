// SPDX-License-Identifier: GPL-3.0-or-later
#include "cachecliff.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace dm {

namespace {

    // The step fit costs O(n^2); a 64 GiB write at 30 MB/s has ~9000 samples. Merging neighbours
    // down to this many keeps it well under a second and loses nothing a chart could show.
    constexpr size_t kMaxPoints = 2000;

    double median(std::vector<double> v)
    {
        if (v.empty())
            return 0;
        const size_t mid = v.size() / 2;
        std::nth_element(v.begin(), v.begin() + std::ptrdiff_t(mid), v.end());
        double m = v[mid];
        if (v.size() % 2 == 0)
            m = (m + *std::max_element(v.begin(), v.begin() + std::ptrdiff_t(mid))) / 2;
        return m;
    }

    double medianOf(const std::vector<double>& r, size_t from, size_t to)
    {
        return median(std::vector<double>(r.begin() + std::ptrdiff_t(from), r.begin() + std::ptrdiff_t(to)));
    }

    std::vector<RatePoint> merged(const std::vector<RatePoint>& in)
    {
        if (in.size() <= kMaxPoints)
            return in;
        const size_t group = (in.size() + kMaxPoints - 1) / kMaxPoints;
        std::vector<RatePoint> out;
        for (size_t i = 0; i < in.size(); i += group) {
            const size_t end = std::min(in.size(), i + group);
            double sum = 0;
            for (size_t j = i; j < end; ++j)
                sum += in[j].mbPerSec;
            // Samples are equally long, so their mean rate is the group's rate.
            out.push_back({ in[end - 1].bytes, sum / double(end - i) });
        }
        return out;
    }

    std::string gigabytes(uint64_t bytes)
    {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.2f GB", double(bytes) / 1e9);
        return buf;
    }

} // namespace

CacheCliff findCacheCliff(const std::vector<RatePoint>& input, const CliffRule& rule)
{
    const std::vector<RatePoint> series = merged(input);
    const size_t n = series.size();
    std::vector<double> r(n);
    for (size_t i = 0; i < n; ++i)
        r[i] = series[i].mbPerSec;

    CacheCliff out;
    out.samples = n;
    out.beforeMbPerSec = out.afterMbPerSec = median(r);
    const size_t minSegment = std::max<size_t>(1, rule.minSegment);
    if (n < 2 * minSegment) {
        out.reason = "too few samples to tell (" + std::to_string(n) + "; a cliff needs "
            + std::to_string(2 * minSegment) + ")";
        out.why = CacheCliff::NoCliff::TooFewSamples;
        return out;
    }

    // The L1 step fit: the split whose two medians leave the smallest total absolute deviation.
    size_t split = 0;
    double bestCost = INFINITY, before = 0, after = 0;
    for (size_t k = minSegment; k + minSegment <= n; ++k) {
        const double b = medianOf(r, 0, k);
        const double a = medianOf(r, k, n);
        double cost = 0;
        for (size_t i = 0; i < n; ++i)
            cost += std::fabs(r[i] - (i < k ? b : a));
        if (cost < bestCost) {
            bestCost = cost;
            split = k;
            before = b;
            after = a;
        }
    }

    if (!(before > 0) || after > (1 - rule.minDrop) * before) {
        char buf[160];
        std::snprintf(
            buf, sizeof buf, "the rate stays level (no fall of %.0f %% or more that lasts)", rule.minDrop * 100);
        out.reason = buf;
        out.why = CacheCliff::NoCliff::Level;
        return out;
    }

    // How long the fall takes, on a running median that ignores single stalls and bursts.
    const size_t half = std::max<size_t>(1, rule.smoothing) / 2;
    std::vector<double> smooth(n);
    for (size_t i = 0; i < n; ++i)
        smooth[i] = medianOf(r, i >= half ? i - half : 0, std::min(n, i + half + 1));
    const double step = before - after;
    const double upper = before - step / 4, lower = after + step / 4;
    size_t top = split - 1;
    while (top > 0 && smooth[top] < upper)
        --top;
    size_t bottom = split - 1;
    while (bottom + 1 < n && smooth[bottom] > lower)
        ++bottom;
    const uint64_t total = series.back().bytes;
    const uint64_t transition = series[bottom].bytes > series[top].bytes ? series[bottom].bytes - series[top].bytes : 0;
    if (total > 0 && double(transition) > rule.maxTransition * double(total)) {
        char buf[200];
        std::snprintf(buf, sizeof buf,
            "the rate declines gradually (from %.0f to %.0f MB/s over %.0f %% of the bytes written), not at a cliff",
            before, after, 100.0 * double(transition) / double(total));
        out.reason = buf;
        out.why = CacheCliff::NoCliff::Gradual;
        return out;
    }

    const size_t afterCount = n - split;
    const size_t tail = std::max<size_t>(1, size_t(std::ceil(rule.recoveryShare * double(afterCount))));
    if (medianOf(r, n - tail, n) >= (before + after) / 2) {
        out.reason = "the rate falls at " + gigabytes(series[split - 1].bytes)
            + " but comes back up: a pause, not the cache running out";
        out.why = CacheCliff::NoCliff::Recovers;
        return out;
    }

    out.cacheBytes = series[split - 1].bytes;
    out.beforeMbPerSec = before;
    out.afterMbPerSec = after;
    return out;
}

} // namespace dm
