// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "runner.h"

#include <optional>
#include <string>
#include <vector>

namespace dm {

// A block-size sweep (issue 6): one pattern, depth and thread count, read and write, at every
// power of two from minBlockSize to maxBlockSize. It is a grid run whose rows differ only in
// block size, so it goes through runTests: the same test file, fill, passes and safety rules.
struct SweepRequest : RunTarget {
    Pattern pattern = Pattern::Sequential;
    uint32_t queueDepth = 8;
    uint32_t threads = 1;
    uint32_t minBlockSize = 4 * KiB; // powers of two
    uint32_t maxBlockSize = 16 * MiB;
    bool reads = true, writes = true; // writes: every block size after all the reads, as the grid orders
    // One 3-second pass per point after a 1-second warm-up, no pause: 26 points in about two
    // minutes. A sweep shows a shape; the grid's best-of-five is for single figures.
    RunSettings settings = { 1, 3, 0, 1, 1 * GiB, DataFill::Random, 0 };
    bool sizeGiven = false;
};

// One direction at one block size: the headline pass, as in the grid.
struct SweepMeasurement {
    double mbPerSec = 0;
    double iops = 0;
    double latencyMeanNs = 0, latencyP99Ns = 0;
    std::optional<std::string> error;
    // The middle of its test, in seconds since the sweep began: where on the drive's temperature
    // readings (runheader.h) this block size was measured. Unset as TestResult::startSeconds.
    std::optional<double> atSeconds;
    // What the device counted over that pass, beside what it sent (unnamed: the point is its name).
    std::optional<DevicePhase> device;
};

struct SweepPoint {
    uint32_t blockSize = 0;
    std::optional<SweepMeasurement> read, write; // empty when that direction did not run
};

struct SweepResult : RunEnvelope {
    SweepRequest request; // as run (fd and backend factory cleared; settings.seed filled in)
    std::vector<SweepPoint> points; // one per block size, ascending
};

// 4096, 8192, ... up to and including maxBlockSize; empty when the bounds are not powers of two
// or min > max (validate() says why).
std::vector<uint32_t> sweepBlockSizes(uint32_t minBlockSize, uint32_t maxBlockSize);

Status validate(const SweepRequest& request);

// The tests runTests gets: every read, then every write, each in ascending block size.
std::vector<TestSpec> sweepTests(const SweepRequest& request);

// Runs the sweep on the calling thread; the callbacks are the runner's (a testIndex counts the
// tests of sweepTests()). Errors as runTests; a point that failed keeps its error.
Result<SweepResult> runBlockSizeSweep(
    const SweepRequest& request, const RunCallbacks& callbacks, const std::atomic<bool>& cancel);

// One finished test as a sweep shows it: its headline (best) pass, or its error.
SweepMeasurement sweepMeasurement(const TestResult& test);
// The points of a finished run (also for a run read back from a diskometer.result/1 file).
std::vector<SweepPoint> sweepPoints(const std::vector<TestResult>& tests);

} // namespace dm
