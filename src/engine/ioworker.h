// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "iobackend.h"
#include "iobuffers.h"
#include "jobspec.h"
#include "latencyhistogram.h"
#include "offsetgenerator.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace dm {

using Clock = std::chrono::steady_clock;

// Short enough that a cancel or a deadline is noticed quickly, long enough to cost nothing.
inline constexpr int64_t kReapTimeoutNs = 50'000'000;
// How long a Stop waits for the I/O in flight before leaving it to the kernel (heldio.h): a
// healthy device answers within milliseconds, and Stop must take effect within half a second.
inline constexpr std::chrono::milliseconds kStopGrace { 200 };
// The stall timeout where the device has no command timeout of its own (stalltimeout.h).
inline constexpr std::chrono::seconds kDefaultStallTimeout { 30 };

// A failed I/O's result (-errno) in words a user can act on.
std::string describeErrno(int64_t negErrno);
// "the device stopped answering: no I/O completed for 30 s (...)": after a stall timeout.
std::string stallMessage(Clock::duration timeout);

// Everything one I/O thread needs for one test; fixed while the test runs.
struct WorkerPlan {
    int fd = -1;
    TestSpec spec;
    uint64_t regionOffset = 0;
    uint64_t regionLength = 0;
    uint32_t index = 0; // this thread's number
    uint32_t count = 1; // threads in the test
    uint64_t seed = 0;
    DataFill data = DataFill::Random;
    // A device that completes nothing for this long has stalled: the test fails instead of hanging.
    std::chrono::nanoseconds stallTimeout = kDefaultStallTimeout;
    // No-data operations (IoBackend::prepareNop) instead of reads and writes, through the same
    // loop: the engine's own ceiling (engineceiling.h). Each counts as one read of the block size.
    bool nop = false;
};

// When a pass ends: at the deadline, after byteLimit bytes were submitted (the fill pass), or when
// cancel is set. In-flight I/Os are drained before the pass returns, except after a stall
// timeout, or when they are not back within kStopGrace of a cancel: the kernel then still holds
// them, and the worker hands them on when it is destroyed (heldio.h).
struct PassLimits {
    Clock::time_point deadline = Clock::time_point::max();
    uint64_t byteLimit = 0; // 0 = no limit
};

// Read by the sampling thread while the pass runs. Each worker owns one, on its own cache line.
struct alignas(64) LiveCounters {
    std::atomic<uint64_t> bytes { 0 };
    std::atomic<uint64_t> ios { 0 };
};

struct WorkerPassOutcome {
    Clock::time_point start, end; // first submission, last completion
    uint64_t readBytes = 0, writeBytes = 0, readIos = 0, writeIos = 0;
    std::optional<Error> error;
    bool stalled = false; // the device completed nothing for the stall timeout (error says so)
    uint32_t held = 0; // I/Os the kernel still held when the pass returned
};

// One I/O thread's engine: a fixed pool of aligned buffers and one backend context, both made
// in setup() and reused by every pass of the test.
class IoWorker {
public:
    IoWorker(const WorkerPlan& plan, std::unique_ptr<IoBackend> backend);
    ~IoWorker();
    IoWorker(const IoWorker&) = delete;
    IoWorker& operator=(const IoWorker&) = delete;

    Status setup();
    WorkerPassOutcome runPass(const PassLimits& limits, const std::atomic<bool>& cancel, LiveCounters& live);
    const LatencyHistogram& histogram() const { return m_histogram; } // of the last pass
    // I/Os of a pass that returned without them (stall or Stop): no further pass can run, and
    // the destructor hands the backend and the buffers on instead of waiting (heldio.h).
    uint32_t held() const { return m_held; }

private:
    void issue(uint32_t slot);
    void stampForWrite(uint32_t slot);

    WorkerPlan m_plan;
    std::unique_ptr<IoBackend> m_backend;
    OffsetGenerator m_offsets;
    RandomGenerator m_rng;
    uint32_t m_depth;
    uint32_t m_blockSize;
    size_t m_stride; // bytes between buffers: the block size rounded up to 4 KiB
    IoBuffers m_memory; // unmapped after ~IoWorker has reset the backend, which may still use it
    uint8_t* m_buffers = nullptr;
    struct Slot {
        uint64_t offset;
        Clock::time_point submitted;
        bool write;
    };
    std::vector<Slot> m_slots;
    std::vector<IoBackend::Completion> m_completions;
    LatencyHistogram m_histogram;
    uint64_t m_writeStamp = 0;
    uint64_t m_submittedBytes = 0;
    Clock::time_point m_now;
    uint32_t m_held = 0;
};

} // namespace dm
