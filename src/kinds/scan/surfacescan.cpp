// SPDX-License-Identifier: GPL-3.0-or-later
#include "surfacescan.h"

#include "devicecounters.h"
#include "heldio.h"
#include "ioworker.h"
#include "queuelimits.h"
#include "randomgenerator.h"
#include "rangeio.h"
#include "runmarker.h"
#include "stalltimeout.h"
#include "targetinuse.h"
#include "testregion.h"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <future>
#include <memory>
#include <random>
#include <thread>

namespace dm {

namespace {

    using Seconds = std::chrono::duration<double>;

    // The backend and the sample buffer its I/O uses, torn down in the I/O worker's order: the
    // backend first (its teardown waits for any I/O still using the buffer), then the buffer. When
    // a stall or a Stop left I/O with the kernel, both go to holdUntilAnswered() together, and the
    // buffer stays allocated until the kernel has given back the last I/O that writes into it.
    struct ScanIo {
        std::unique_ptr<IoBackend> backend;
        uint8_t* buffer = nullptr;
        uint32_t held = 0; // I/Os the kernel still has (transferRange)
        ScanIo() = default;
        ScanIo(const ScanIo&) = delete;
        ScanIo& operator=(const ScanIo&) = delete;
        ~ScanIo()
        {
            holdUntilAnswered(std::move(backend), held, [b = buffer] { std::free(b); });
        }
    };

    std::string quoted(const std::string& s) { return "'" + s + "'"; }

    // A scan reads a whole device; anything else is refused before it is opened.
    Status checkIsBlockDevice(const ScanRequest& req)
    {
        struct stat st { };
        const int rc = req.fd >= 0 ? ::fstat(req.fd, &st) : ::stat(req.target.c_str(), &st);
        if (rc != 0) {
            if (errno == ENOENT)
                return targetError(quoted(req.target)
                        + " does not exist: give a block device such as /dev/sdb (diskometer-cli targets lists them)",
                    ENOENT);
            return Ok {}; // TestRegion::open says what is wrong in its words
        }
        if (S_ISBLK(st.st_mode))
            return Ok {};
        const char* what = S_ISDIR(st.st_mode) ? "a directory"
            : S_ISREG(st.st_mode)              ? "a regular file"
                                               : "not a block device";
        return targetError(quoted(req.target) + " is " + what
                + ": a surface scan reads a whole block device; give one such as /dev/sdb "
                  "(diskometer-cli targets lists them), or use 'diskometer-cli run' to test a filesystem",
            ENOTBLK);
    }

} // namespace

uint64_t scanSampleOffset(uint32_t i, uint32_t n, uint64_t capacity, uint64_t sampleSize, uint64_t align)
{
    if (n <= 1 || capacity <= sampleSize)
        return 0;
    // i * span / (n - 1) without overflow and without a 128-bit integer (32-bit ARM has none):
    // span = q (n - 1) + r, so it is i q + i r / (n - 1), where i r < 2^64 as i, r < n <= 2^32.
    const uint64_t span = capacity - sampleSize;
    const uint64_t q = span / (n - 1), r = span % (n - 1);
    const uint64_t exact = i * q + uint64_t(i) * r / (n - 1);
    return align ? exact / align * align : exact;
}

uint32_t scanIoSize(uint64_t sampleSize, uint64_t largest)
{
    uint32_t size = uint32_t(MiB);
    while (size > 512 && size > largest)
        size /= 2;
    while (size > 512 && sampleSize % size != 0)
        size /= 2;
    return size;
}

Status validate(const ScanRequest& r)
{
    if (r.samples < 1 || r.samples > kMaxScanSamples)
        return usageError("the number of samples must be from 1 to " + std::to_string(kMaxScanSamples) + " (got "
            + std::to_string(r.samples) + ")");
    if (r.sampleSize < kScanAccessSize || r.sampleSize % kScanAccessSize != 0 || r.sampleSize > kMaxScanSampleSize)
        return usageError("the sample size must be a multiple of 4 KiB from 4 KiB to 256 MiB (got "
            + std::to_string(r.sampleSize) + " bytes): e.g. 10MiB");
    if (r.queueDepth < 1 || r.queueDepth > kMaxQueueDepth)
        return usageError("the queue depth must be from 1 to 512");
    if (r.accessSamples > kMaxScanSamples)
        return usageError("the number of access-time reads must be from 0 to " + std::to_string(kMaxScanSamples));
    if (r.writeBack && !r.allowDestructive) {
        // A mounted device first: --allow-destructive would not help there (issue 14, item 6).
        if (auto use = writeTargetInUse(r.target))
            return targetError(*use, EBUSY);
        return usageError("write-back rewrites every sample of " + quoted(r.target)
            + " with the data just read from it; a crash or power cut during it can lose that data: pass "
              "--allow-destructive as well if you mean it");
    }
    return Ok {};
}

ScanSummary summarize(const ScanResult& result)
{
    ScanSummary s;
    if (!result.samples.empty()) {
        s.minMbPerSec = INFINITY;
        double sum = 0, writeSum = 0;
        size_t writes = 0;
        for (const auto& x : result.samples) {
            s.minMbPerSec = std::min(s.minMbPerSec, x.readMbPerSec);
            s.maxMbPerSec = std::max(s.maxMbPerSec, x.readMbPerSec);
            sum += x.readMbPerSec;
            if (x.writeMbPerSec) {
                writeSum += *x.writeMbPerSec;
                ++writes;
            }
        }
        s.averageMbPerSec = sum / double(result.samples.size());
        if (writes)
            s.averageWriteMbPerSec = writeSum / double(writes);
    }
    if (!result.access.empty()) {
        double sum = 0;
        for (const auto& a : result.access)
            sum += a.latencyNs;
        s.averageAccessMs = sum / double(result.access.size()) / 1e6;
    }
    return s;
}

// The scan itself, on the thread runSurfaceScan() starts for it.
static Result<ScanResult> scanOnItsThread(
    const ScanRequest& req, const ScanCallbacks& cb, const std::atomic<bool>& cancel)
{
    TargetRequest target;
    target.path = req.target;
    target.size = UINT64_MAX; // the whole device
    target.writes = req.writeBack;
    target.allowDestructive = req.allowDestructive;
    target.fd = req.fd;
    auto region = TestRegion::open(target);
    if (!region)
        return region.error();
    const RegionInfo& info = (*region)->info();
    if (info.kind != RegionInfo::Kind::BlockDevice)
        return targetError(quoted(req.target) + " is not a block device: a surface scan reads a whole device");
    const uint64_t capacity = info.length;
    if (req.sampleSize > capacity)
        return usageError("the sample size (" + std::to_string(req.sampleSize / KiB) + " KiB) is bigger than "
            + quoted(req.target) + " (" + std::to_string(capacity / KiB) + " KiB): choose a smaller --sample-size");
    const uint64_t align = std::max<uint64_t>(kScanAccessSize, info.logicalBlockSize);
    if (req.sampleSize % align != 0)
        return usageError("the sample size must be a multiple of the device's logical block size ("
            + std::to_string(info.logicalBlockSize) + " B)");

    ScanResult out;
    keepRequest(out, req);
    out.region = info;
    out.warnings = (*region)->warnings();
    const RunMarker marker((*region)->fd()); // another run on this drive at the same time
    out.ioSize = std::max<uint32_t>(scanIoSize(req.sampleSize), info.logicalBlockSize);
    // Never more in flight than the device's queue takes: past that a submit sleeps in the kernel
    // until the device answers, where no stall timeout reaches it (queuelimits.h). Smaller reads
    // first, as each read the block layer splits takes several requests; then fewer of them.
    const QueueLimits queue = queueLimitsOf(info.deviceId);
    uint32_t depth = req.queueDepth;
    if (queue.requests && uint64_t(requestsPerIo(queue, out.ioSize)) * depth > queue.requests)
        out.ioSize = std::max<uint32_t>(scanIoSize(req.sampleSize, queue.requestBytes), info.logicalBlockSize);
    depth = depthTheQueueTakes(queue, depth, out.ioSize);
    if (depth < req.queueDepth)
        out.warnings.push_back("the device's queue takes " + std::to_string(queue.requests)
            + " requests at once (queue/nr_requests): the scan kept " + std::to_string(depth) + " reads of "
            + std::to_string(out.ioSize / KiB) + " KiB in flight, not " + std::to_string(req.queueDepth)
            + ", so that a device that stops answering cannot hold it in the kernel");

    const EngineSetup engine = setUpEngine(req);
    out.engine = engine.name;
    if (!engine.warning.empty())
        out.warnings.push_back(engine.warning);
    ScanIo io;
    io.backend = engine.make();
    if (auto st = io.backend->setup((*region)->fd(), depth); !st)
        return st.error();
    io.buffer = static_cast<uint8_t*>(std::aligned_alloc(4096, req.sampleSize));
    if (!io.buffer)
        return targetError("not enough memory for a sample of " + std::to_string(req.sampleSize / MiB)
            + " MiB: choose a smaller --sample-size");

    cb.onItemStarting(0); // the scan is one timed item; the loop below sees a stop meanwhile
    const auto start = Clock::now();
    const auto elapsed = [&] { return Seconds(Clock::now() - start).count(); };
    const auto stopWith = [&](const Error& e) {
        if (e.kind == Error::Kind::Cancelled || cancel.load())
            out.cancelled = true;
        else
            out.error = e.message;
    };

    // The rate samples take most of a scan, the access reads little unless the disk spins: the
    // share of the run each stage stands for, and the time left where it can be told.
    const double rateShare = req.accessSamples > 0 ? 0.85 : 1.0;
    double stageStart = 0; // seconds into the scan when this stage began
    const auto report = [&](const Stage& stage, uint32_t done, uint32_t total, std::optional<double> mbPerSec) {
        if (!cb.phase || total == 0)
            return;
        RunPhase p;
        p.stage = stage;
        p.label = stage == kScanRateStage ? "Read rate" : "Access time";
        p.index = done;
        p.count = total;
        p.stageFraction = double(done) / total;
        p.fraction = std::min(1.0,
            stage == kScanRateStage ? p.stageFraction * rateShare : rateShare + p.stageFraction * (1 - rateShare));
        p.elapsedSeconds = elapsed();
        p.mbPerSec = mbPerSec;
        // How long the rest of the stage takes at this stage's pace so far; the access reads
        // after the rate samples have no pace yet, so the rate stage tells only when they are none.
        if (done > 0 && (stage == kScanAccessStage || req.accessSamples == 0))
            p.secondsLeft = (p.elapsedSeconds - stageStart) / done * (total - done);
        cb.onPhase(p);
    };

    RangeTransfer job;
    job.stallTimeout = stallTimeoutFor(req.stallTimeoutSeconds, info.deviceId);
    job.buffer = io.buffer;
    job.length = req.sampleSize;
    job.ioSize = out.ioSize;
    job.depth = depth;
    // The device's own account of each phase (devicecounters.h): the rate samples, the access reads.
    const DeviceCounters counters = DeviceCounters::forFd((*region)->fd());
    auto phaseStart = counters.mark();
    for (uint32_t i = 0; i < req.samples && !out.error && !out.cancelled; ++i) {
        if (cancel.load()) {
            out.cancelled = true;
            break;
        }
        ScanSample s;
        s.offset = scanSampleOffset(i, req.samples, capacity, req.sampleSize, align);
        const uint64_t span = capacity - req.sampleSize;
        s.percent = span ? 100.0 * double(s.offset) / double(span) : 0.0;
        job.offset = s.offset;
        job.write = false;
        auto read = transferRange(*io.backend, job, cancel, io.held);
        if (!read) {
            stopWith(read.error());
            break;
        }
        s.readSeconds = *read;
        s.readMbPerSec = *read > 0 ? double(req.sampleSize) / *read / 1e6 : 0.0;
        if (req.writeBack) {
            // Straight after the read, from the same buffer: the device ends up holding what it held.
            // A cancel between the two leaves the sample untouched; during the write, a partly
            // rewritten sample still holds the same bytes.
            job.write = true;
            auto written = transferRange(*io.backend, job, cancel, io.held);
            if (!written) {
                stopWith(written.error());
                break;
            }
            s.writeMbPerSec = *written > 0 ? double(req.sampleSize) / *written / 1e6 : 0.0;
        }
        s.t = elapsed();
        out.samples.push_back(s);
        out.fastest.note(std::max(s.readMbPerSec, s.writeMbPerSec.value_or(0)));
        if (cb.sample)
            cb.sample(s);
        cb.onSeries("read_mb_per_s", i, double(s.offset), s.readMbPerSec);
        if (s.writeMbPerSec)
            cb.onSeries("write_mb_per_s", i, double(s.offset), *s.writeMbPerSec);
        cb.onItemFinished(i);
        report(kScanRateStage, i + 1, req.samples, s.readMbPerSec);
    }

    // A sample cut short by Stop moved bytes no count holds: a stopped phase has no account.
    if (!out.error && !out.cancelled && !out.samples.empty()) {
        DevicePhase phase;
        phase.name = "read";
        phase.ioBytes = out.ioSize;
        phase.ownReadBytes = out.samples.size() * req.sampleSize;
        phase.ownReads = phase.ownReadBytes / out.ioSize;
        if (req.writeBack) {
            phase.ownWriteBytes = phase.ownReadBytes;
            phase.ownWrites = phase.ownReads;
        }
        counters.addPhase(out.devicePhases, phaseStart, phase);
    }

    // Access time: 4 KiB reads one at a time, uniform over the whole device.
    stageStart = elapsed();
    phaseStart = counters.mark();
    RandomGenerator rng(out.request.seed);
    const uint64_t slots = capacity / align;
    std::vector<AccessSample> batch;
    job.length = job.ioSize = kScanAccessSize;
    job.depth = 1;
    job.write = false;
    for (uint32_t i = 0; i < req.accessSamples && !out.error && !out.cancelled; ++i) {
        if (cancel.load()) {
            out.cancelled = true;
            break;
        }
        AccessSample a;
        a.offset = rng.below(slots) * align;
        a.percent = 100.0 * double(a.offset) / double(capacity);
        job.offset = a.offset;
        auto t = transferRange(*io.backend, job, cancel, io.held);
        if (!t) {
            stopWith(t.error());
            break;
        }
        a.latencyNs = *t * 1e9;
        out.access.push_back(a);
        if (a.latencyNs > 0) // one read at a time: its rate is 1 / its latency
            out.fastest.note(0, 1e9 / a.latencyNs);
        batch.push_back(a);
        if (batch.size() == 100 || i + 1 == req.accessSamples) {
            if (cb.access)
                cb.access(batch);
            for (const AccessSample& b : batch)
                cb.onSeries("access_ms", i, double(b.offset), b.latencyNs / 1e6);
            batch.clear();
            report(kScanAccessStage, i + 1, req.accessSamples, std::nullopt);
        }
    }
    if (!batch.empty() && cb.access)
        cb.access(batch);
    if (!out.error && !out.cancelled && !out.access.empty()) {
        DevicePhase phase;
        phase.name = "access";
        phase.ioBytes = kScanAccessSize;
        phase.ownReads = out.access.size();
        phase.ownReadBytes = phase.ownReads * kScanAccessSize;
        counters.addPhase(out.devicePhases, phaseStart, phase);
    }
    if (std::string w = marker.overlapWarning(); !w.empty())
        out.warnings.push_back(w);
    return out;
}

Result<ScanResult> runSurfaceScan(const ScanRequest& req, const ScanCallbacks& cb, const std::atomic<bool>& cancel)
{
    const FinishedOnExit finished(cb);
    if (auto st = validate(req); !st)
        return st.error();
    if (auto st = checkIsBlockDevice(req); !st)
        return st.error();
    // The scan's I/O runs on a thread of its own that nobody joins. With io_uring, a read the
    // kernel cannot start at once (one the block layer splits, or one that waits for a request of
    // a full queue) goes to an io-wq worker of the thread that submitted it, and that thread
    // cannot end until the worker is done (io_wq_put_and_exit): on a stalled device, not before
    // the device answers. So the scan returns as soon as its stall timeout or a Stop says so, its
    // I/O and buffer are with the held-I/O keeper (ScanIo, heldio.h), and its thread ends by
    // itself when the kernel lets it; the caller's thread (the window's job, a test's future)
    // never waits for it. The thread owns the promise, so nothing of the caller's is touched
    // once the result is handed over.
    std::promise<Result<ScanResult>> promise;
    auto result = promise.get_future();
    std::thread([&req, &cb, &cancel, promise = std::move(promise)]() mutable {
        try {
            promise.set_value(scanOnItsThread(req, cb, cancel));
        } catch (...) {
            promise.set_exception(std::current_exception());
        }
    }).detach();
    return result.get();
}

} // namespace dm
