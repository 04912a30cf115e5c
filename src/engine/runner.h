// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engineselect.h"
#include "iobackend.h"
#include "jobspec.h"
#include "results.h"
#include "runevents.h"

#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace dm {

// A grid run: the target (runenvelope.h) and its tests.
struct RunRequest : RunTarget {
    std::vector<TestSpec> tests; // in run order
    RunSettings settings;
    bool sizeGiven = false; // settings.testSize was asked for explicitly
    // The largest block size a test may use: the grid's 8 MiB, or kMaxSweepBlockSize for the sweep.
    uint32_t maxBlockSize = kMaxBlockSize;
    // Measure the engine's ceiling for the fast rows after the tests (RunResult::ceilings); the
    // sweep, whose report has no place for it, does not.
    bool measureCeilings = true;
};

// The grid's own events besides the run's phases (runevents.h): a test's live samples (every
// kSampleInterval) and each finished test. Called on the runner's thread; keep them short.
struct RunCallbacks : RunEvents {
    std::function<void(size_t testIndex, const LiveSample&)> sample;
    std::function<void(size_t testIndex, const TestResult&)> testFinished;
};

inline constexpr double kSampleIntervalSeconds = 0.25;

// Runs the tests of a request on its target, in order, on the calling thread (which samples and
// reports) plus one thread per I/O stream. Errors that stop the run before any test (bad target,
// bad request) come back as Error; a test that fails while running keeps its error in its
// TestResult and the run goes on. Setting `cancel` ends the run within half a second; the
// result then holds the tests that finished and cancelled = true.
Result<RunResult> runTests(const RunRequest& request, const RunCallbacks& callbacks, const std::atomic<bool>& cancel);

// Checks a request against a region before anything is written: block sizes against the
// device's logical block size, sequential slices against the region, buffer memory.
Status checkTestsFit(
    const std::vector<TestSpec>& tests, const RegionInfo& region, uint32_t maxBlockSize = kMaxBlockSize);

} // namespace dm
