// SPDX-License-Identifier: GPL-3.0-or-later
// The capacity check on a directory: fill the free space with stamped blocks, flush, read back.
#include "capacitycheck.h"

#include "capacityio.h"
#include "devicecounters.h"
#include "ioworker.h"
#include "runenvelope.h"
#include "runmarker.h"
#include "stalefiles.h"
#include "stalltimeout.h"
#include "testregion.h"

#include <sys/statvfs.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <memory>
#include <optional>

namespace dm {

namespace {

    using Seconds = std::chrono::duration<double>;

    // 1 GiB files, as f3write makes: under FAT32's 4 GiB limit, and a stick of any size gets a
    // few hundred descriptors at most (bigger files past 512 of them).
    constexpr uint64_t kFileBytes = GiB;
    constexpr uint64_t kMaxFiles = 512;
    constexpr uint64_t kMinFill = 1 * MiB;

    std::string mbText(uint64_t bytes) { return std::to_string(bytes / MiB) + " MiB"; }

    struct TestFile {
        std::unique_ptr<TestRegion> region;
        uint64_t streamOffset = 0; // where its first block sits in the stream of all files
        uint64_t written = 0; // bytes written to it
    };

    // Phases at most four times a second, with the time left once a rate is known: the write
    // still to do at its rate, and the read of everything at the read rate (the write rate
    // until reading has begun; reads are rarely slower). Writing is the first half of the run,
    // reading back the second. Between two reports of one stage, the rate over the bytes done
    // goes out as a series point ("write_mb_per_s", "read_mb_per_s" over the byte position).
    class FillProgress {
    public:
        FillProgress(const CapacityCallbacks& cb, uint64_t total)
            : m_cb(cb)
            , m_total(total)
        {
        }
        void stage(Stage s)
        {
            m_stage = s;
            m_stageStart = Clock::now();
            m_done = 0;
            m_reportedDone = 0;
            m_reportedAt = m_stageStart;
            report(true);
        }
        void advance(uint64_t bytes)
        {
            m_done += bytes;
            report(false);
        }
        double stageSeconds() const { return Seconds(Clock::now() - m_stageStart).count(); }
        double writeRate = 0; // bytes/s, once the write is done

    private:
        void report(bool now)
        {
            const auto t = Clock::now();
            if (!now && t - m_last < std::chrono::milliseconds(250))
                return;
            m_last = t;
            RunPhase p;
            p.stage = m_stage;
            p.label = m_stage == Stage::Write ? "Writing" : m_stage == Stage::Read ? "Reading back" : "Flushing";
            if (m_stage != Stage::Flush) {
                p.bytesDone = m_done;
                p.bytesTotal = m_total;
            }
            p.stageFraction = m_stage == Stage::Flush ? 0.0 : double(std::min(m_done, m_total)) / double(std::max<uint64_t>(1, m_total));
            p.fraction = m_stage == Stage::Write ? p.stageFraction / 2 : m_stage == Stage::Flush ? 0.5 : 0.5 + p.stageFraction / 2;
            p.elapsedSeconds = Seconds(t - m_start).count();
            const double s = Seconds(t - m_stageStart).count();
            const double rate = s > 0.5 ? double(m_done) / s : 0.0;
            if (m_stage != Stage::Flush && rate > 0) // none in the first half second
                p.mbPerSec = rate / 1e6;
            if (rate > 0 && m_stage == Stage::Write)
                p.secondsLeft = double(m_total - std::min(m_done, m_total)) / rate + double(m_total) / rate;
            else if (rate > 0 && m_stage == Stage::Read)
                p.secondsLeft = double(m_total - std::min(m_done, m_total)) / rate;
            m_cb.onPhase(p);
            const double dt = Seconds(t - m_reportedAt).count();
            if (m_stage != Stage::Flush && dt > 0 && m_done > m_reportedDone)
                m_cb.onSeries(m_stage == Stage::Write ? "write_mb_per_s" : "read_mb_per_s", 0, double(m_done),
                    double(m_done - m_reportedDone) / dt / 1e6);
            m_reportedDone = m_done;
            m_reportedAt = t;
        }
        const CapacityCallbacks& m_cb;
        uint64_t m_total;
        uint64_t m_done = 0, m_reportedDone = 0;
        Stage m_stage = Stage::Write;
        Clock::time_point m_start = Clock::now(), m_stageStart = m_start, m_last {}, m_reportedAt = m_start;
    };

    // How much to fill: the size asked for, or the free space but the margin every test file
    // leaves (so the filesystem never runs full while the user's programs use it too).
    Result<uint64_t> fillBytes(const CapacityRequest& req)
    {
        struct statvfs vfs { };
        if (::statvfs(req.target.c_str(), &vfs) != 0)
            return targetError("cannot read the free space of '" + req.target + "': " + std::strerror(errno), errno);
        const uint64_t freeBytes = uint64_t(vfs.f_bavail) * vfs.f_frsize;
        const uint64_t fits = freeBytes > kFreeSpaceMargin ? (freeBytes - kFreeSpaceMargin) / MiB * MiB : 0;
        if (req.size) {
            if (req.size > fits)
                return targetError("not enough free space in '" + req.target + "' to check " + mbText(req.size) + ": "
                        + mbText(freeBytes) + " is free and the check leaves " + mbText(kFreeSpaceMargin)
                        + " of it; choose --size " + std::to_string(fits / MiB) + "MiB or less, or leave --size out "
                        + "to check all the free space",
                    ENOSPC);
            return req.size / kCapacityBlock * kCapacityBlock;
        }
        if (fits < kMinFill)
            return targetError("'" + req.target + "' has only " + mbText(freeBytes)
                    + " free: the capacity check fills the free space, so free some (copy the files elsewhere) "
                      "and run it again",
                ENOSPC);
        return fits;
    }

} // namespace

Result<CapacityResult> runCapacityFill(
    const CapacityRequest& req, const CapacityCallbacks& cb, const std::atomic<bool>& cancel)
{
    const std::vector<std::string> swept = sweepStaleTestFiles(req.target);
    auto total = fillBytes(req);
    if (!total)
        return total.error();

    CapacityResult out;
    out.mode = CapacityMode::Fill;
    keepRequest(out, req);
    out.announcedBytes = *total;
    for (const auto& path : swept)
        out.warnings.push_back("removed a test file left behind by an earlier run: " + path);
    const EngineSetup engine = setUpEngine(req);
    out.engine = engine.name;
    if (!engine.warning.empty())
        out.warnings.push_back(engine.warning);
    const uint64_t stamp = out.request.seed;
    const uint64_t fileBytes = std::max(kFileBytes, (*total / kMaxFiles + MiB - 1) / MiB * MiB);

    const auto stopWith = [&](const Error& e) {
        if (e.kind == Error::Kind::Cancelled || cancel.load())
            out.cancelled = true;
        else if (!out.error)
            out.error = e.message;
    };
    FillProgress progress(cb, *total);
    std::optional<RunMarker> marker; // from the first test file on, as long as the check runs
    std::vector<TestFile> files;

    // Write: file after file, each in 4 MiB chunks of stamped blocks. The fill and its read-back
    // are one timed item (a stop meanwhile is seen by the first chunk).
    cb.onItemStarting(0);
    progress.stage(Stage::Write);
    const auto writeStart = Clock::now();
    // The device's account of the write with its flush, and of the read-back (DevicePhase). The
    // write's includes the filesystem's own writes for the new files, which are few.
    const DeviceCounters counters = DeviceCounters::forPath(req.target);
    const auto writePhaseStart = counters.mark();
    CapacityIo::Sent sent;
    for (uint64_t stream = 0; stream < *total && !out.error && !out.cancelled;) {
        TargetRequest t;
        t.path = req.target;
        t.size = std::min(fileBytes, *total - stream);
        t.sizeGiven = true;
        t.writes = true;
        auto region = TestRegion::open(t);
        if (!region) {
            if (files.empty())
                return region.error(); // nothing written yet: the target is unusable
            stopWith(region.error());
            break;
        }
        if (files.empty()) {
            out.region = (*region)->info();
            out.region.length = *total;
            for (const auto& w : (*region)->warnings())
                out.warnings.push_back(w);
            marker.emplace((*region)->fd()); // another run on this drive at the same time
        }
        files.push_back({ std::move(*region), stream, 0 });
        TestFile& f = files.back();
        const uint64_t length = f.region->info().length;
        CapacityIo io(f.region->fd(), engine.make(),
            stallTimeoutFor(req.stallTimeoutSeconds, f.region->info().deviceId));
        if (auto st = io.setUp(); !st) {
            stopWith(st.error());
            break;
        }
        for (uint64_t at = 0; at < length; at += CapacityIo::kBufferBytes) {
            if (cancel.load()) {
                out.cancelled = true;
                break;
            }
            const uint64_t n = std::min(CapacityIo::kBufferBytes, length - at);
            for (uint64_t b = 0; b < n; b += kCapacityBlock)
                fillCapacityBlock(io.buffer() + b, stream + at + b, stamp);
            auto moved = io.transfer(true, at, n, cancel);
            if (!moved) {
                stopWith(moved.error());
                break;
            }
            f.written += n;
            out.bytesWritten += n;
            progress.advance(n);
        }
        sent.writeBytes += io.sent().writeBytes;
        sent.writes += io.sent().writes;
        stream += length;
    }
    out.files = uint32_t(files.size());

    // Flush: the data, and what the filesystem needs to find it again, on the stick itself
    // (fdatasync also empties the drive's write cache).
    if (!out.cancelled) {
        progress.stage(Stage::Flush);
        for (const TestFile& f : files)
            if (::fdatasync(f.region->fd()) != 0 && !out.error)
                out.error = std::string("flushing the test files failed: ") + std::strerror(errno);
    }
    // Over the write and its flush: what the stick took, not what its cache took.
    out.writeSeconds = Seconds(Clock::now() - writeStart).count();
    // A chunk cut short by Stop moved bytes `sent` does not hold: a stopped phase has no account.
    if (!out.error && !out.cancelled && sent.writes > 0)
        counters.addPhase(out.devicePhases, writePhaseStart,
            { "write", uint32_t(MiB), 0, sent.writeBytes, 0, sent.writes, {} });

    // Read back what was written, with O_DIRECT: the page cache never answers for the stick.
    LostRangeBuilder lost;
    if (!out.cancelled) {
        progress.stage(Stage::Read);
        const auto readStart = Clock::now();
        const auto readPhaseStart = counters.mark();
        sent = {};
        for (const TestFile& f : files) {
            if (out.cancelled || f.written == 0)
                break;
            CapacityIo io(f.region->fd(), engine.make(),
                stallTimeoutFor(req.stallTimeoutSeconds, f.region->info().deviceId));
            if (auto st = io.setUp(); !st) {
                stopWith(st.error());
                break;
            }
            bool stalled = false;
            for (uint64_t at = 0; at < f.written && !stalled; at += CapacityIo::kBufferBytes) {
                if (cancel.load()) {
                    out.cancelled = true;
                    break;
                }
                const uint64_t n = std::min(CapacityIo::kBufferBytes, f.written - at);
                auto moved = io.transfer(false, at, n, cancel);
                // An I/O error on a chunk: its blocks one by one, the unreadable ones missing.
                std::vector<bool> unreadable(n / kCapacityBlock, false);
                if (!moved) {
                    if (moved.error().kind == Error::Kind::Cancelled || cancel.load()) {
                        out.cancelled = true;
                        break;
                    }
                    if (!io.usable()) {
                        stopWith(moved.error());
                        stalled = true;
                        break;
                    }
                    std::vector<uint8_t> chunk(n);
                    for (uint64_t b = 0; b < n; b += kCapacityBlock) {
                        auto one = io.transfer(false, at + b, kCapacityBlock, cancel);
                        if (one)
                            std::memcpy(chunk.data() + b, io.buffer(), kCapacityBlock);
                        else
                            unreadable[b / kCapacityBlock] = true;
                        if (!io.usable()) {
                            stopWith(one.error());
                            stalled = true;
                            break;
                        }
                    }
                    std::memcpy(io.buffer(), chunk.data(), n);
                    if (stalled)
                        break;
                }
                for (uint64_t b = 0; b < n; b += kCapacityBlock) {
                    const uint64_t position = f.streamOffset + at + b;
                    const BlockClass kind = unreadable[b / kCapacityBlock]
                        ? BlockClass::Missing
                        : classifyCapacityBlock(io.buffer() + b, position, stamp).kind;
                    ++out.blocks[size_t(kind)];
                    lost.add(position, kCapacityBlock, kind);
                }
                out.bytesRead += n;
                progress.advance(n);
            }
            sent.readBytes += io.sent().readBytes;
            sent.reads += io.sent().reads;
            if (stalled)
                break;
        }
        out.readSeconds = Seconds(Clock::now() - readStart).count();
        if (!out.error && !out.cancelled && sent.reads > 0)
            counters.addPhase(out.devicePhases, readPhaseStart,
                { "read", uint32_t(MiB), sent.readBytes, 0, sent.reads, 0, {} });
    }
    lost.finishInto(out);
    out.verifiedBytes = out.blockCount(BlockClass::Ok) * kCapacityBlock;
    // Whole-stage averages (the check keeps no timeline): a fill streams, so these are the
    // drive's rates; a probe's scattered blocks make a low MB/s, which only makes the warning
    // about other I/O more willing.
    out.fastest.note(std::max(out.writeMbPerSec(), out.readMbPerSec()));
    if (std::string w = marker ? marker->overlapWarning() : std::string(); !w.empty())
        out.warnings.push_back(w);
    return out;
}

} // namespace dm
