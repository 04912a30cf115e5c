// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace dm {

// One interval of a long write: the bytes written by its end, and the rate over it.
struct RatePoint {
    uint64_t bytes = 0;
    double mbPerSec = 0;
};

// The rule's knobs; the defaults are the documented rule (docs/MEASURING.md, "Other tests").
struct CliffRule {
    double minDrop = 0.25; // the level after must be at most (1 - minDrop) of the level before
    size_t minSegment = 4; // samples on each side of the cliff, so one stall is never a level
    double maxTransition = 0.10; // share of the samples (time) the fall may take: more is a gradual decline
    size_t minTransitionSamples = 4; // ...but a fall within this many samples (1 s) is quick on any run
    size_t smoothing = 5; // running-median window used to measure how long the fall takes
    // The last `recoveryShare` of the samples after the cliff must stay nearer the lower level:
    // a rate that comes back up was a pause, not a cache running out.
    double recoveryShare = 0.25;
};

struct CacheCliff {
    std::optional<uint64_t> cacheBytes; // bytes written when the rate fell; empty when no cliff
    double beforeMbPerSec = 0; // median rate before the cliff (the whole run's when none)
    double afterMbPerSec = 0; // median rate after it: the sustained rate (the whole run's when none)
    std::string reason; // why none was reported, in words ("the rate stays level", ...); empty when found
    // The same reason as a value, so a window can say it in the user's language.
    enum class NoCliff { Found, TooFewSamples, Level, Gradual, Recovers } why = NoCliff::Found;
    size_t samples = 0; // how many the rule looked at (after merging equal byte counts)
};

// Finds where a long write's rate falls off for good: the SLC or DRAM cache running out.
//
// The rule: fit two levels to the series, one before a split and one after, each the median of
// its samples, choosing the split with the smallest sum of absolute deviations (an L1 step fit:
// medians, so a stall to 0 MB/s or a burst moves neither level). That step is a cliff when
//  - both sides have at least minSegment samples,
//  - the level after is at most 75 % of the level before (minDrop),
//  - the fall is quick: in a running median of `smoothing` samples, the rate goes from the upper
//    quarter of the step to its lower quarter within maxTransition (10 %) of the samples, or
//    within minTransitionSamples (4, one second) on a short write; a slow decline (heat, an
//    HDD's inner tracks) is not a cache,
//  - it lasts: the median of the last quarter of the samples after the split is below the middle
//    of the two levels.
// Found, the levels reported are the mean rates on each side, leaving out the write's first
// sample and the two samples around the fall; the cache size is where the two lines of bytes
// written against time, one per level, cross (within a sample, not at a sample's edge). Samples
// are weighted by count (time), not bytes. Why: docs/MEASURING.md, "The cache-cliff rule".
CacheCliff findCacheCliff(const std::vector<RatePoint>& series, const CliffRule& rule = {});

} // namespace dm
