// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The engine's own ceiling (issue 28): what this machine does with no drive in the way, at a
// grid row's queue depth and thread count. The grid's own test threads (testexecution.h, one
// IoWorker and one backend per thread, the same batching, reaping and bookkeeping) run no-data
// operations instead of reads: io_uring's IORING_OP_NOP, and for libaio, which has no such
// operation, a poll of an always-readable eventfd (libaiobackend.cpp says why that is honest).
// A drive's figure above half of this is bounded by the processor, not by the drive.

#include "engineselect.h"
#include "error.h"
#include "jobspec.h"
#include "runenvelope.h"

#include <cstdint>
#include <string>
#include <vector>

namespace dm {

// Per row: short, so that the four to six rows of a grid stay well under two seconds together.
inline constexpr double kCeilingMeasureSeconds = 0.2;
inline constexpr double kCeilingWarmupSeconds = 0.05;

// A result above this share of its row's ceiling is the processor's figure as much as the drive's.
inline constexpr double kProcessorBoundShare = 0.5;

struct EngineCeiling {
    uint32_t queueDepth = 0, threads = 0;
    double iops = 0; // operations completed per second, all threads together
    // CPU time (user and system, the whole process) per operation, in µs: what one I/O costs the
    // machine in our code and the kernel's submit/complete path. 1e6 / iops is the wall time.
    double usPerIo = 0;
    std::string engine; // the backend that ran: "libaio", "io_uring"
    std::string method; // the no-data operation: "io_uring-nop", "libaio-poll"
    uint64_t operations = 0; // completed in the measured pass
    double seconds = 0; // the measured pass, first submission to last completion
    double stealPercent = 0; // the machine's CPU time the hypervisor gave elsewhere meanwhile
};

struct CeilingRequest {
    EngineKind engine = kDefaultEngine;
    uint32_t queueDepth = 1, threads = 1;
    double measureSeconds = kCeilingMeasureSeconds;
    double warmupSeconds = kCeilingWarmupSeconds; // an uncounted pass first, as the grid does
    // Set: every thread's backend comes from here instead of `engine` (tests wrap the real one
    // to count what it is asked to do). It must offer no-data operations (IoBackend::setupNop).
    BackendFactory backendFactory;
};

// Runs `threads` threads, each keeping `queueDepth` no-data operations in flight, for the warm-up
// and then the measured time. Errors: a depth or thread count of 0 or over the grid's limits, an
// engine that cannot run here (io_uring refused: no fallback, the ceiling of another engine would
// be the wrong one), a kernel without the operation, or an operation that failed.
Result<EngineCeiling> measureEngineCeiling(const CeilingRequest& request);
Result<EngineCeiling> measureEngineCeiling(
    EngineKind engine, uint32_t queueDepth, uint32_t threads, double measureSeconds = kCeilingMeasureSeconds);

// The ceiling of each distinct queue depth and thread count among `rows`, in the order they first
// appear (SEQ1M Q1T1 and RND4K Q1T1 share one). Stops at the first error.
Result<std::vector<EngineCeiling>> measureEngineCeilings(
    EngineKind engine, const std::vector<TestRow>& rows, double measureSeconds = kCeilingMeasureSeconds);
// The ceiling measured for a row's depth and threads, or null.
const EngineCeiling* ceilingFor(const std::vector<EngineCeiling>& ceilings, const TestRow& row);

// A row whose best pass did fewer I/Os per second than this is not near any machine's ceiling:
// the slowest ceiling measured (libaio Q1T1 on a loaded 2-vCPU guest) was 1.2 million, and a
// small ARM board's is still hundreds of thousands. Below it the grid measures no ceiling, which
// spares a USB stick's or a disk's run the second it costs (docs/MEASURING.md).
inline constexpr double kCeilingMinIops = 10000;

// Whether a result of `iops` is above kProcessorBoundShare of the ceiling: "this figure is bounded
// by the processor, not the drive" (the explanation, src/core/explaindevice.cpp).
bool boundByProcessor(double iops, const EngineCeiling& ceiling);

} // namespace dm
