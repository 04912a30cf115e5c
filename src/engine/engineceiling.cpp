// SPDX-License-Identifier: GPL-3.0-or-later
#include "engineceiling.h"

#include "testexecution.h"

#include <cerrno>
#include <cmath>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace dm {

namespace {

    using testpool::TestExecution;

    // The offsets the threads draw (and never use): as RND4K's, the costlier generator.
    constexpr uint64_t kRegionLength = 64 * MiB;
    // No-data operations complete at once: a thread that sees none for this long has lost them,
    // and the run that asked for the ceiling must not wait the grid's 30 s to hear so.
    constexpr std::chrono::seconds kCeilingStallTimeout { 2 };

    Clock::time_point after(double seconds)
    {
        return Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
    }

    // The stall's message speaks of a device; here there is none.
    Error failure(const TestExecution::PassOutcome& pass)
    {
        if (pass.stalled)
            return ioError("no-data operations stopped completing: the engine's ceiling cannot be measured");
        return *pass.error;
    }

} // namespace

Result<EngineCeiling> measureEngineCeiling(const CeilingRequest& req)
{
    if (req.queueDepth < 1 || req.queueDepth > kMaxQueueDepth)
        return usageError("queue depth " + std::to_string(req.queueDepth) + " is out of range (1-"
            + std::to_string(kMaxQueueDepth) + ")");
    if (req.threads < 1 || req.threads > kMaxThreads)
        return usageError(
            "thread count " + std::to_string(req.threads) + " is out of range (1-" + std::to_string(kMaxThreads) + ")");
    if (!(req.measureSeconds > 0) || !(req.warmupSeconds >= 0))
        return usageError("the ceiling's measuring time must be positive");

    BackendFactory base = req.backendFactory;
    if (!base) {
        std::string why;
        if (req.engine == EngineKind::IoUring && !ioUringAvailable(&why))
            return targetError("io_uring is not available here (" + why + "): its ceiling cannot be measured");
        base = [kind = req.engine] { return makeBackend(kind); };
    }
    // What ran, from the backends themselves: made on this thread, in TestExecution's constructor.
    std::string engine, method;
    const BackendFactory make = [&] {
        auto backend = base();
        if (engine.empty()) {
            engine = backend->name();
            method = backend->nopMethod() ? backend->nopMethod() : "";
        }
        return backend;
    };

    // The backends are set up on a descriptor, which no-data operations never use.
    const int fd = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return targetError(std::string("could not open /dev/null: ") + std::strerror(errno), errno);

    RunRequest run; // only its data fill is read, and reads stamp nothing
    const TestSpec spec { { Pattern::Random, 4 * KiB, req.queueDepth, req.threads }, Direction::Read, 100 };
    RegionInfo region;
    region.kind = RegionInfo::Kind::File;
    region.length = kRegionLength;
    const std::atomic<bool> cancel { false };
    Result<EngineCeiling> out = targetError("the ceiling was not measured");
    {
        TestExecution exec(run, make, spec, fd, region, 0x6365696c696e67ULL, kCeilingStallTimeout, cancel, true);
        ::close(fd); // the test threads have their own copy
        if (auto st = exec.setup(); !st) {
            Error e = st.error();
            e.message
                = std::string(engine.empty() ? "the engine" : engine) + "'s ceiling cannot be measured: " + e.message;
            return e;
        }
        if (req.warmupSeconds > 0) {
            PassLimits warm;
            warm.deadline = after(req.warmupSeconds);
            if (auto pass = exec.runPass(warm, {}); pass.error)
                return failure(pass);
        }
        PassLimits limits;
        limits.deadline = after(req.measureSeconds);
        const auto pass = exec.runPass(limits, {});
        if (pass.error)
            return failure(pass);
        const PassResult& r = pass.result;
        if (r.ios == 0 || !(r.seconds > 0))
            return ioError("no operation completed while the engine's ceiling was measured");
        EngineCeiling c;
        c.queueDepth = req.queueDepth;
        c.threads = req.threads;
        c.operations = r.ios;
        c.seconds = r.seconds;
        c.iops = double(r.ios) / r.seconds;
        c.usPerIo = (r.cpuUserSeconds + r.cpuSystemSeconds) / double(r.ios) * 1e6;
        c.stealPercent = r.stealPercent;
        c.engine = engine;
        c.method = method;
        out = std::move(c);
    } // the threads have ended and the backends are gone
    return out;
}

Result<EngineCeiling> measureEngineCeiling(
    EngineKind engine, uint32_t queueDepth, uint32_t threads, double measureSeconds)
{
    CeilingRequest req;
    req.engine = engine;
    req.queueDepth = queueDepth;
    req.threads = threads;
    req.measureSeconds = measureSeconds;
    return measureEngineCeiling(req);
}

Result<std::vector<EngineCeiling>> measureEngineCeilings(
    EngineKind engine, const std::vector<TestRow>& rows, double measureSeconds)
{
    std::vector<EngineCeiling> ceilings;
    for (const TestRow& row : rows) {
        if (ceilingFor(ceilings, row))
            continue;
        auto c = measureEngineCeiling(engine, row.queueDepth, row.threads, measureSeconds);
        if (!c)
            return c.error();
        ceilings.push_back(std::move(*c));
    }
    return ceilings;
}

const EngineCeiling* ceilingFor(const std::vector<EngineCeiling>& ceilings, const TestRow& row)
{
    for (const auto& c : ceilings)
        if (c.queueDepth == row.queueDepth && c.threads == row.threads)
            return &c;
    return nullptr;
}

bool boundByProcessor(double iops, const EngineCeiling& ceiling)
{
    return std::isfinite(iops) && ceiling.iops > 0 && iops > kProcessorBoundShare * ceiling.iops;
}

} // namespace dm
