// SPDX-License-Identifier: GPL-3.0-or-later
#include "sustainedwrite.h"

#include "devicecounters.h"
#include "targetinuse.h"

#include "ioworker.h"
#include "queuelimits.h"
#include "runmarker.h"
#include "stalltimeout.h"
#include "signatures.h"
#include "stalefiles.h"
#include "testregion.h"

#include <sys/stat.h>
#include <sys/statvfs.h>

#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <random>
#include <thread>

namespace dm {

namespace {

    using Seconds = std::chrono::duration<double>;

    // TestRegion checks free space too, but speaks of --size; here the user chose --total, and
    // the largest total that fits is the useful answer.
    Status checkFreeSpace(const SustainedRequest& req)
    {
        struct stat st { };
        if (req.fd >= 0 || ::stat(req.target.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
            return Ok {};
        struct statvfs vfs { };
        if (::statvfs(req.target.c_str(), &vfs) != 0)
            return Ok {};
        const uint64_t freeBytes = uint64_t(vfs.f_bavail) * vfs.f_frsize;
        if (freeBytes >= req.totalBytes + kFreeSpaceMargin)
            return Ok {};
        const uint64_t fits = freeBytes > kFreeSpaceMargin ? (freeBytes - kFreeSpaceMargin) / MiB * MiB : 0;
        std::string advice = fits >= 16 * MiB ? "choose --total " + std::to_string(fits / MiB) + "MiB or less, "
                                              : std::string("free some space, ");
        return targetError("not enough free space in '" + req.target + "' for a sustained write of "
                + sizeText(req.totalBytes) + ": it needs that plus " + sizeText(kFreeSpaceMargin) + " to spare and "
                + sizeText(freeBytes) + " is free; " + advice + "or write to another filesystem",
            ENOSPC);
    }

} // namespace

Status validate(const SustainedRequest& r)
{
    if (r.blockSize < kMinBlockSize || r.blockSize > kMaxBlockSize || r.blockSize % 512 != 0)
        return usageError("the block size must be a multiple of 512 bytes from 512 B to 8 MiB");
    if (r.queueDepth < 1 || r.queueDepth > kMaxQueueDepth)
        return usageError("the queue depth must be from 1 to 512");
    if (r.totalBytes < 16 * MiB || r.totalBytes < r.blockSize)
        return usageError("the total to write must be at least 16 MiB (got " + std::to_string(r.totalBytes)
            + " bytes): e.g. --total 8GiB");
    if (!(r.sampleSeconds >= 0.05 && r.sampleSeconds <= 0.5))
        return usageError("the sample interval must be from 0.05 to 0.5 seconds");
    return Ok {};
}

std::vector<RatePoint> ratePoints(const std::vector<SustainedSample>& timeline)
{
    std::vector<RatePoint> out;
    out.reserve(timeline.size());
    for (const auto& s : timeline)
        out.push_back({ s.bytes, s.mbPerSec });
    return out;
}

Result<SustainedResult> runSustainedWrite(
    const SustainedRequest& req, const SustainedCallbacks& cb, const std::atomic<bool>& cancel)
{
    const FinishedOnExit finished(cb);
    if (auto st = validate(req); !st)
        return st.error();
    SustainedRequest effective = req;
    effective.totalBytes = req.totalBytes / req.blockSize * req.blockSize;
    effective.fd = -1;
    effective.backendFactory = nullptr;
    effective.seed = seedOrFresh(req.seed);

    // TestRegion would refuse too, but its advice (--mode read) is the grid's. What uses the
    // target is said first: --allow-destructive would not help there (issue 14, item 6).
    if (auto use = writeTargetInUse(req.target))
        return targetError(*use, EBUSY);
    if (struct stat st {};
        !req.allowDestructive && (req.fd >= 0 || (::stat(req.target.c_str(), &st) == 0 && !S_ISDIR(st.st_mode))))
        return usageError("a sustained write to '" + req.target
            + "' overwrites what it holds: pass --allow-destructive if you mean it, or give a directory to write a "
              "test file in");
    const std::vector<std::string> swept = sweepStaleTestFiles(req.target);
    if (auto st = checkFreeSpace(effective); !st)
        return st.error();
    TargetRequest target;
    target.path = req.target;
    target.size = effective.totalBytes;
    target.sizeGiven = req.totalGiven;
    target.writes = true;
    target.allowDestructive = req.allowDestructive;
    target.fd = req.fd;
    auto region = TestRegion::open(target);
    if (!region)
        return region.error();
    const RegionInfo& info = (*region)->info();
    if (req.blockSize % info.logicalBlockSize != 0)
        return usageError("the block size is not a multiple of the device's logical block size ("
            + std::to_string(info.logicalBlockSize) + " B)");
    // A device or file smaller than the default total is written whole.
    effective.totalBytes = info.length / req.blockSize * req.blockSize;

    SustainedResult out;
    out.request = effective;
    out.region = info;
    out.seed = effective.seed;
    out.warnings = (*region)->warnings();
    const RunMarker marker((*region)->fd()); // another run on this drive at the same time
    for (const auto& path : swept)
        out.warnings.push_back("removed a test file left behind by an earlier run: " + path);
    if (info.kind == RegionInfo::Kind::BlockDevice)
        if (std::string w = overwriteWarning(
                (*region)->fd(), req.target, stallTimeoutFor(req.stallTimeoutSeconds, info.deviceId), cancel);
            !w.empty())
            out.warnings.push_back(w);
    const EngineSetup engine = setUpEngine(req);
    out.engine = engine.name;
    if (!engine.warning.empty())
        out.warnings.push_back(engine.warning);

    // Never more in flight than the device's queue takes: past that a submit sleeps in the kernel
    // until the device answers, where neither Stop nor the stall timeout reaches it
    // (queuelimits.h). The queue is full either way, so the rate is the same.
    const uint32_t depth = depthTheQueueTakes(queueLimitsOf(info.deviceId), req.queueDepth, req.blockSize);
    if (depth < req.queueDepth)
        out.warnings.push_back("the device's queue takes fewer requests at once than " + std::to_string(req.queueDepth)
            + " writes of " + std::to_string(req.blockSize / KiB) + " KiB need (queue/nr_requests): the write kept "
            + std::to_string(depth) + " in flight, so that a device that stops answering cannot hold it in the kernel");

    WorkerPlan plan;
    plan.fd = (*region)->fd();
    plan.spec = { { Pattern::Sequential, req.blockSize, depth, 1 }, Direction::Write, 0 };
    plan.regionOffset = info.offset;
    plan.regionLength = effective.totalBytes;
    plan.seed = effective.seed;
    plan.data = req.data;
    plan.stallTimeout = stallTimeoutFor(req.stallTimeoutSeconds, info.deviceId);
    IoWorker worker(plan, engine.make());
    if (auto st = worker.setup(); !st)
        return st.error();
    cb.onItemStarting(0); // the write is one timed item; a stop meanwhile ends its pass at once

    PassLimits limits;
    limits.byteLimit = effective.totalBytes;
    LiveCounters live;
    WorkerPassOutcome outcome;
    std::mutex mutex;
    std::condition_variable doneChanged;
    bool done = false;
    const DeviceCounters counters = DeviceCounters::forFd((*region)->fd());
    const auto writeStart = counters.mark();
    std::thread io([&] {
        outcome = worker.runPass(limits, cancel, live);
        std::lock_guard lock(mutex);
        done = true;
        doneChanged.notify_one();
    });

    const auto start = Clock::now();
    const auto tick = std::chrono::duration_cast<Clock::duration>(Seconds(req.sampleSeconds));
    auto next = start + tick;
    auto lastTime = start;
    uint64_t lastBytes = 0;
    // One sample per interval; the last one, when the write ends, covers what is left, so the
    // samples' bytes add up to everything written.
    const auto takeSample = [&](Clock::time_point now) {
        const uint64_t bytes = live.bytes.load(std::memory_order_relaxed);
        const double dt = Seconds(now - lastTime).count();
        SustainedSample s { Seconds(now - start).count(), bytes, dt > 0 ? double(bytes - lastBytes) / dt / 1e6 : 0.0 };
        lastBytes = bytes;
        lastTime = now;
        out.timeline.push_back(s);
        out.fastest.note(s.mbPerSec);
        if (cb.sample)
            cb.sample(s);
        cb.onSeries("write_mb_per_s", out.timeline.size() - 1, double(bytes), s.mbPerSec);
        RunPhase p;
        p.stage = Stage::Write;
        p.label = "Writing";
        p.bytesDone = bytes;
        p.bytesTotal = effective.totalBytes;
        p.stageFraction = p.fraction = std::min(1.0, double(bytes) / double(std::max<uint64_t>(1, p.bytesTotal)));
        p.elapsedSeconds = s.t;
        p.mbPerSec = s.mbPerSec;
        // At the average rate so far: the rate falls once a cache is full, so this grows then.
        if (bytes > 0 && s.t > 0)
            p.secondsLeft = double(p.bytesTotal - std::min(p.bytesTotal, bytes)) / (double(bytes) / s.t);
        cb.onPhase(p);
    };
    {
        std::unique_lock lock(mutex);
        while (!doneChanged.wait_until(lock, next, [&] { return done; })) {
            lock.unlock();
            takeSample(Clock::now());
            next += tick;
            lock.lock();
        }
    }
    io.join();
    // The final interval ends at the last completion, not when this thread woke up.
    if (live.bytes.load() > lastBytes)
        takeSample(std::max(outcome.end, lastTime));

    out.bytesWritten = outcome.writeBytes;
    if (!outcome.error) {
        DevicePhase phase;
        phase.name = "write";
        phase.ioBytes = req.blockSize;
        phase.ownWriteBytes = outcome.writeBytes;
        phase.ownWrites = outcome.writeIos;
        counters.addPhase(out.devicePhases, writeStart, phase);
    }
    out.seconds = outcome.end > outcome.start ? Seconds(outcome.end - outcome.start).count() : 0.0;
    if (outcome.error)
        out.error = outcome.error->message;
    out.cancelled = cancel.load() && !out.error;
    out.cliff = findCacheCliff(ratePoints(out.timeline));
    if (std::string w = marker.overlapWarning(); !w.empty())
        out.warnings.push_back(w);
    return out;
}

} // namespace dm
