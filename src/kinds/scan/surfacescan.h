// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

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

// A surface scan (issue 6, like GNOME Disks' benchmark): the read rate at `samples` positions
// spread evenly from the start to the end of a block device, then the access time of random
// 4 KiB reads across all of it.
// RunTarget::target is a block device: a scan reads the whole of it.
// The scan's own stages: its rate samples, then the random reads of the access time.
inline constexpr Stage kScanRateStage { "rate", StageCounts::Items };
inline constexpr Stage kScanAccessStage { "access", StageCounts::Items };

struct ScanRequest : RunTarget {
    uint32_t samples = 100;
    uint64_t sampleSize = 10 * MiB; // a multiple of 4 KiB, at most kMaxScanSampleSize
    uint32_t accessSamples = 1000; // 0 = no access-time reads
    uint32_t queueDepth = 4; // I/Os in flight while a sample is read
    // Read each sample, then write the same bytes back from memory and time that too. Only with
    // allowDestructive, on a device nobody uses (refused while mounted; opened with O_EXCL).
    bool writeBack = false;
    uint64_t seed = 0; // for the access-time offsets; 0 = a fresh one
};

// A sample is held in memory whole (write-back writes exactly what was read): this bounds that.
inline constexpr uint64_t kMaxScanSampleSize = 256 * MiB;
inline constexpr uint32_t kMaxScanSamples = 100000;
inline constexpr uint32_t kScanAccessSize = 4096;

struct ScanSample {
    uint64_t offset = 0; // where the sample starts, bytes from the start of the device
    double percent = 0; // offset / (capacity - sample size) * 100: 0 for the first, 100 for the last
    double readMbPerSec = 0;
    std::optional<double> writeMbPerSec; // with write-back
    double readSeconds = 0; // first submission to last completion of the sample's reads
    double t = 0; // seconds since the scan started, when the sample finished
};

struct AccessSample {
    uint64_t offset = 0;
    double percent = 0; // offset / capacity * 100
    double latencyNs = 0; // one 4 KiB read at queue depth 1, submission to completion
};

struct ScanSummary {
    double minMbPerSec = 0, averageMbPerSec = 0, maxMbPerSec = 0; // over the samples' read rates
    std::optional<double> averageWriteMbPerSec; // with write-back
    double averageAccessMs = 0; // 0 when no access-time reads ran
};

// The envelope's region.length is the capacity scanned; its error an I/O error that stopped the
// scan (what ran before is kept).
struct ScanResult : RunEnvelope {
    ScanRequest request; // as run (fd and backend factory cleared, seed filled in)
    uint32_t ioSize = 0; // the size of each read within a sample
    std::vector<ScanSample> samples; // in position order
    std::vector<AccessSample> access; // in the order they were read
};

ScanSummary summarize(const ScanResult& result);

// The scan's own events besides its phases (stages kScanRateStage and kScanAccessStage, one item per
// sample or read), called on the scanning thread; keep them short. The access callback comes at
// most every 100 reads (in batches) so a GUI is not flooded.
struct ScanCallbacks : RunEvents {
    std::function<void(const ScanSample&)> sample;
    std::function<void(const std::vector<AccessSample>&)> access; // the reads since the last call
};

// The position of sample i of n: aligned down to `align`, evenly from 0 to capacity - sampleSize.
uint64_t scanSampleOffset(uint32_t i, uint32_t n, uint64_t capacity, uint64_t sampleSize, uint64_t align);

// The I/O size within a sample: the largest power of two up to 1 MiB (and up to `largest`, but
// not under 512 B) that divides it.
uint32_t scanIoSize(uint64_t sampleSize, uint64_t largest = MiB);

// Checks the request's numbers (not the device): a message that says what to do.
Status validate(const ScanRequest& request);

// Runs the scan on a thread of its own while the caller waits (the callbacks are called on that
// thread), and returns without waiting for that thread to end: with io_uring it cannot end while
// the kernel holds its I/O (surfacescan.cpp). Errors before any I/O (not a block device, bad numbers,
// write-back refused) come back as Error; an I/O error during the scan ends it and is kept in
// ScanResult::error with the samples read so far. `cancel` stops it within half a second.
Result<ScanResult> runSurfaceScan(
    const ScanRequest& request, const ScanCallbacks& callbacks, const std::atomic<bool>& cancel);

} // namespace dm
