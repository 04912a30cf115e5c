// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cachecliff.h"
#include "engineselect.h"
#include "jobspec.h"
#include "results.h"
#include "runevents.h"

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace dm {

// A sustained write (issue 6): one long sequential write, its rate sampled against the bytes
// written, to see where a drive's cache runs out (cachecliff.h) and what it sustains after.
// The target is a directory (a test file is made there with O_TMPFILE and is gone when the write
// ends), or with allowDestructive an unmounted block device (written from its start) or an
// existing file.
struct SustainedRequest : RunTarget {
    // 8 GiB, the "8G" of the fio jobs people post; rounded down to whole blocks.
    uint64_t totalBytes = 8 * GiB;
    bool totalGiven = false; // a device or file smaller than totalBytes is then an error, not a cap
    uint32_t blockSize = 1 * MiB;
    // CrystalDiskMark's SEQ1M Q8T1, so the rate before the cliff compares with the grid's first tile.
    uint32_t queueDepth = 8;
    double sampleSeconds = 0.25; // the runner's kSampleIntervalSeconds; the issue asks for 0.5 or finer
    DataFill data = DataFill::Random;
    uint64_t seed = 0; // stamps in the written data; 0 = a fresh one
};

struct SustainedSample {
    double t = 0; // seconds since the write started, at the end of the interval
    uint64_t bytes = 0; // bytes written (completed) by then
    double mbPerSec = 0; // over the interval since the previous sample
};

// The envelope's error is an I/O error that stopped the write; the timeline so far is kept.
struct SustainedResult : RunEnvelope {
    SustainedRequest request; // as run (fd and backend factory cleared, seed and the rounded total filled in)
    std::vector<SustainedSample> timeline; // the last sample ends when the last write completed
    uint64_t bytesWritten = 0; // the total when the write finished (less when stopped or failed)
    double seconds = 0;
    CacheCliff cliff; // from the timeline

    double averageMbPerSec() const { return seconds > 0 ? double(bytesWritten) / seconds / 1e6 : 0.0; }
};

// The write's own events besides its phases (runevents.h: stage Write, every sampleSeconds), on
// the calling thread.
struct SustainedCallbacks : RunEvents {
    std::function<void(const SustainedSample&)> sample;
};

Status validate(const SustainedRequest& request);

// The cache-cliff input from a timeline.
std::vector<RatePoint> ratePoints(const std::vector<SustainedSample>& timeline);

// Writes on one I/O thread while the calling thread samples. Errors before anything is written
// (bad numbers, not enough free space, a refused device) come back as Error and nothing is left
// behind; an I/O error while writing is kept in SustainedResult::error with the timeline so far.
// `cancel` stops it within half a second.
Result<SustainedResult> runSustainedWrite(
    const SustainedRequest& request, const SustainedCallbacks& callbacks, const std::atomic<bool>& cancel);

} // namespace dm
