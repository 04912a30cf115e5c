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

    // Each sample's length in seconds, from its bytes and rate (the samples do not carry their
    // time); a sample with no rate (a stall) is as long as the typical one.
    std::vector<double> sampleSeconds(const std::vector<RatePoint>& s)
    {
        std::vector<double> dt(s.size(), 0.0), known;
        for (size_t i = 0; i < s.size(); ++i) {
            const uint64_t from = i == 0 ? 0 : s[i - 1].bytes;
            if (s[i].mbPerSec > 0 && s[i].bytes >= from) {
                dt[i] = double(s[i].bytes - from) / (s[i].mbPerSec * 1e6);
                known.push_back(dt[i]);
            }
        }
        const double typical = median(known);
        for (size_t i = 0; i < s.size(); ++i)
            if (!(s[i].mbPerSec > 0))
                dt[i] = typical;
        return dt;
    }

    struct Levels {
        double before = 0, after = 0;
        uint64_t cliffBytes = 0;
    };

    // The reported figures once a cliff is found at `split` (the first sample of the lower level).
    // The medians find the step; they are poor figures for its levels: a throttled or folding
    // drive's samples often swing between two values (96 and 63 MB/s around a true 80), and a
    // median then lands on either. The levels are the mean rates of each side instead, without
    // the samples that hold the fall (the last before the split and the first after it) and
    // without the first sample of the write (the queue filling and the device waking). Samples
    // are equally long, so the mean of their rates is the rate of their bytes.
    //
    // The cache size is where the two levels meet: the line of bytes written against time before
    // the cliff (slope: the level before) and the line after it cross inside the fall, which
    // places the cliff within a sample rather than at one sample's edge (at 400 MB/s a 0.25 s
    // sample is 100 MB, a sixth of a 600 MB cache).
    Levels cliffLevels(const std::vector<RatePoint>& s, size_t split)
    {
        const size_t n = s.size();
        const size_t b0 = split >= 4 ? 1 : 0;
        const size_t b1 = split - b0 >= 3 ? split - 1 : split;
        const size_t a0 = n - split >= 3 ? split + 1 : split;
        const std::vector<double> dt = sampleSeconds(s);
        std::vector<double> t(n); // end of each sample, seconds from the start
        for (size_t i = 0; i < n; ++i)
            t[i] = (i ? t[i - 1] : 0.0) + dt[i];

        const auto mean = [&](size_t from, size_t to) {
            double sum = 0;
            for (size_t i = from; i < to; ++i)
                sum += s[i].mbPerSec;
            return sum / double(to - from);
        };
        // The line bytes = c + rate x t through the ends of the samples [from, to), in MB.
        const auto intercept = [&](size_t from, size_t to, double rate) {
            double sum = 0;
            for (size_t i = from; i < to; ++i)
                sum += double(s[i].bytes) / 1e6 - rate * t[i];
            return sum / double(to - from);
        };
        Levels out;
        out.before = mean(b0, b1);
        out.after = mean(a0, n);
        const double cb = intercept(b0, b1, out.before), ca = intercept(a0, n, out.after);
        const double meet = out.before > out.after ? (ca - cb) / (out.before - out.after) : t[split - 1];
        double mb = cb + out.before * meet;
        // Inside the fall: from the start of the last sample before the split to the end of the
        // first one after it.
        const double lo = b1 >= 1 ? double(s[b1 - 1].bytes) / 1e6 : 0.0;
        const double hi = double(s[split].bytes) / 1e6;
        mb = std::clamp(mb, lo, std::max(lo, hi));
        out.cliffBytes = uint64_t(std::llround(mb * 1e6));
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
    // Measured in samples (time), not bytes: one sample at the cache's rate can hold a tenth of a
    // short write's bytes, so a clean step whose top quarter the smoothing reaches one sample
    // early looked "gradual" in bytes (issue 11: 1,000 MiB, 400 then 80 MB/s).
    const size_t allowed = std::max(rule.minTransitionSamples, size_t(std::ceil(rule.maxTransition * double(n))));
    if (bottom - top > allowed) {
        char buf[200];
        std::snprintf(buf, sizeof buf,
            "the rate declines gradually (from %.0f to %.0f MB/s over %.0f %% of the write), not at a cliff", before,
            after, 100.0 * double(bottom - top) / double(n));
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

    const Levels levels = cliffLevels(series, split);
    out.cacheBytes = levels.cliffBytes;
    out.beforeMbPerSec = levels.before;
    out.afterMbPerSec = levels.after;
    return out;
}

} // namespace dm
