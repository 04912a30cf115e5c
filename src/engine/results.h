// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "devicecounters.h"
#include "engineceiling.h"
#include "jobspec.h"
#include "runenvelope.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace dm {

struct LatencySummary {
    double meanNs = 0, minNs = 0, maxNs = 0;
    double p50Ns = 0, p90Ns = 0, p99Ns = 0, p999Ns = 0;
};

// One measured pass of one test (all threads together).
struct PassResult {
    double seconds = 0; // measured window: from the pass's first submission to its last completion
    uint64_t bytes = 0; // completed bytes, reads and writes together
    uint64_t ios = 0; // completed I/Os, counted
    uint64_t readBytes = 0, writeBytes = 0, readIos = 0, writeIos = 0;
    LatencySummary latency;
    double cpuUserSeconds = 0, cpuSystemSeconds = 0; // whole process over the pass
    // The share of the machine's CPU time the hypervisor gave elsewhere over the pass (steal,
    // /proc/stat; 0 on bare metal): a figure measured while the host was busy (hoststeal.h).
    double stealPercent = 0;
    // What the device beneath the target counted over the pass (devicecounters.h): the requests
    // the drive really received. Unset where the target has no block device (tmpfs, NFS).
    std::optional<DeviceIo> device;

    double mbPerSec() const { return seconds > 0 ? double(bytes) / seconds / 1e6 : 0.0; }
    double iops() const { return seconds > 0 ? double(ios) / seconds : 0.0; }
};

// The rate over the last sampling interval, for live charts and the timeline.
struct LiveSample {
    double t = 0; // seconds since the test started (warm-up included)
    double mbPerSec = 0;
    double iops = 0;
    int pass = 0; // 0 = warm-up, 1..count = measured pass
};

struct TestResult {
    TestSpec spec;
    std::vector<PassResult> passes; // measured passes only, in order
    std::vector<LiveSample> timeline;
    std::optional<std::string> error; // set when the test failed; passes holds what finished
    // When its warm-up began, in seconds since runTests() began: the clock of the drive's
    // temperature readings (runheader.h starts them just before the run), so a timeline's
    // sample at t was taken at startSeconds + t on it. Unset for a test whose setup failed, one
    // read from a report older than the field, and one shown beside another run's readings
    // (GridModel::run): no temperature is better than another moment's.
    std::optional<double> startSeconds;

    bool ok() const { return !error && !passes.empty(); }
};

// The spread over passes and the headline (docs/MEASURING.md, "What is reported": the best pass by
// MB/s).
struct PassStatistics {
    size_t bestIndex = 0;
    double bestMbPerSec = 0, medianMbPerSec = 0, minMbPerSec = 0, maxMbPerSec = 0;
    double cvPercent = 0; // sample standard deviation / mean of the passes' MB/s
};
PassStatistics passStatistics(const std::vector<PassResult>& passes);

// A grid run: the envelope (region, engine, seed, warnings, cancelled) and its tests.
struct RunResult : RunEnvelope {
    RunSettings settings;
    std::vector<TestResult> tests; // the tests that ran or failed, in run order
    // The engine's own ceiling (engineceiling.h) at the depth and threads of each row whose best
    // pass reached kCeilingMinIops, measured once the tests are done, on the engine that ran them.
    std::vector<EngineCeiling> ceilings;
};

} // namespace dm
