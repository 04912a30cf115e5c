// SPDX-License-Identifier: GPL-3.0-or-later
// The capacity check on an unmounted block device: a probe with a bounded number of writes.
//
// Where it writes, and why that catches any wrap-around. A fake stick keeps M bytes and maps
// every address modulo M (or drops what lies past M). Blocks are 4 KiB; the device has n of them.
//  - A reference run R of W contiguous blocks from block s = 256 (the first MiB, where the
//    partition table lives, is never written, as f3probe does it), W about sqrt(n).
//  - One probe block at the end of each later window of W blocks, x_k = s + (k+1)W - 1, and the
//    device's last block.
// All are written with their own position and the run's stamp, R first, then the probes in
// ascending order, then flushed and read back. For any M >= W the probe with k = floor(M/W)
// lies in [M + s, M + s + W), so it lands on a block of R, which then comes back holding the
// probe: the difference of the two positions is M exactly, whatever M is (f3probe's search
// assumes a power of two). For M < W, R lands on itself. So a wrap shows with about 2 sqrt(n)
// writes: 16,384 blocks (64 MiB) for a "256 GB" stick.
// A device that drops writes (or fails them) past M, or returns wrong data in a stretch, shows
// as bad probes; each stretch's ends are then found by bisection between its neighbouring good
// and bad blocks, one written block per step (at most 2 log2(W) per stretch, 16 stretches).
// Everything written is read first and written back afterwards, unless restore is off. An
// address that wraps reads the cell it shares with another one, so what a block "held before"
// is read before anything is written; a bisection block read later that comes back as one of
// ours held what that block held.
#include "capacitycheck.h"

#include "capacityio.h"
#include "devicecounters.h"
#include "ioworker.h"
#include "runenvelope.h"
#include "runmarker.h"
#include "signatures.h"
#include "stalltimeout.h"
#include "targetinuse.h"
#include "testregion.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <map>
#include <memory>

namespace dm {

namespace {

    using Seconds = std::chrono::duration<double>;
    constexpr uint64_t kB = kCapacityBlock;
    constexpr uint64_t kReferenceStart = 256; // blocks: the first MiB
    constexpr uint64_t kMaxReference = 16384; // blocks: 64 MiB
    constexpr size_t kMaxRefinedStretches = 16;

    struct Sample {
        uint64_t block = 0;
        BlockClass kind = BlockClass::Ok;
    };

    class Probe {
    public:
        Probe(CapacityIo& io, int fd, uint64_t stamp, const CapacityCallbacks& cb, CapacityResult& out)
            : m_io(io)
            , m_fd(fd)
            , m_stamp(stamp)
            , m_cb(cb)
            , m_out(out)
        {
        }

        void planTotal(uint64_t blocks) { m_total = blocks; }

        // What `first` .. `first + count` hold now, kept to write back. Blocks that cannot be read
        // are not kept: there is nothing to put back.
        Status save(uint64_t first, uint64_t count, const std::atomic<bool>& cancel)
        {
            for (uint64_t b = first; b < first + count;) {
                const uint64_t n = std::min<uint64_t>(CapacityIo::kBufferBytes / kB, first + count - b);
                auto got = m_io.transfer(false, b * kB, n * kB, cancel);
                if (!got) {
                    if (!m_io.usable() || got.error().kind == Error::Kind::Cancelled)
                        return got.error();
                    for (uint64_t i = b; i < b + n; ++i)
                        if (auto st = saveOne(i, cancel); !st)
                            return st;
                } else {
                    for (uint64_t i = 0; i < n; ++i)
                        keep(b + i, m_io.buffer() + i * kB);
                    advance(n);
                }
                b += n;
            }
            return Ok {};
        }

        // Stamped blocks `first` .. `first + count`, in one sequential stretch.
        Status write(uint64_t first, uint64_t count, const std::atomic<bool>& cancel)
        {
            const auto start = Clock::now();
            for (uint64_t b = first; b < first + count;) {
                const uint64_t n = std::min<uint64_t>(CapacityIo::kBufferBytes / kB, first + count - b);
                for (uint64_t i = 0; i < n; ++i)
                    fillCapacityBlock(m_io.buffer() + i * kB, (b + i) * kB, m_stamp);
                auto done = m_io.transfer(true, b * kB, n * kB, cancel);
                // Written or maybe written: a Stop or a stall may leave these writes with the
                // kernel, which lands them when the device answers. Counted before any return,
                // so that they are put back or, where they cannot be, the user is told.
                for (uint64_t i = b; i < b + n; ++i)
                    if (m_saved.count(i))
                        m_written.push_back(i);
                if (!done && (!m_io.usable() || done.error().kind == Error::Kind::Cancelled))
                    return done.error();
                // A failed write shows when the block is read back (missing).
                m_out.bytesWritten += n * kB;
                m_out.blocksWrittenByProbe += n;
                advance(n);
                b += n;
            }
            m_out.writeSeconds += Seconds(Clock::now() - start).count();
            return Ok {};
        }

        Result<std::vector<Sample>> read(uint64_t first, uint64_t count, const std::atomic<bool>& cancel)
        {
            std::vector<Sample> out;
            const auto start = Clock::now();
            for (uint64_t b = first; b < first + count;) {
                const uint64_t n = std::min<uint64_t>(CapacityIo::kBufferBytes / kB, first + count - b);
                auto got = m_io.transfer(false, b * kB, n * kB, cancel);
                if (!got && (!m_io.usable() || got.error().kind == Error::Kind::Cancelled))
                    return got.error();
                if (!got) {
                    for (uint64_t i = b; i < b + n; ++i) {
                        auto one = read(i, 1, cancel);
                        if (!one)
                            return one.error();
                        out.push_back(one->front());
                    }
                } else {
                    for (uint64_t i = 0; i < n; ++i)
                        out.push_back(classify(b + i, m_io.buffer() + i * kB));
                    m_out.bytesRead += n * kB;
                    advance(n);
                }
                b += n;
            }
            m_out.readSeconds += Seconds(Clock::now() - start).count();
            return out;
        }

        // Save, write, flush and read back one block: whether it holds what it is given.
        Result<Sample> test(uint64_t block, const std::atomic<bool>& cancel)
        {
            if (auto st = saveOne(block, cancel); !st)
                return st.error();
            if (!m_saved.count(block))
                return Sample { block, BlockClass::Missing }; // unreadable already
            if (auto st = write(block, 1, cancel); !st)
                return st.error();
            if (auto st = flush(); !st)
                return st.error();
            auto got = read(block, 1, cancel);
            if (!got)
                return got.error();
            return got->front();
        }

        Status flush()
        {
            if (::fdatasync(m_fd) != 0)
                return ioError(std::string("flushing the device failed: ") + std::strerror(errno), errno);
            return Ok {};
        }

        // Writes back what every written block held, then reads it again to count what stayed.
        void restore()
        {
            const std::atomic<bool> never { false };
            std::sort(m_written.begin(), m_written.end());
            m_written.erase(std::unique(m_written.begin(), m_written.end()), m_written.end());
            m_stage = kRestoreStage;
            m_done = 0;
            m_total = m_written.size() * 2;
            for (bool verify : { false, true }) {
                for (size_t i = 0; i < m_written.size();) {
                    // Contiguous blocks go together (the reference run is one stretch).
                    size_t j = i + 1;
                    while (j < m_written.size() && m_written[j] == m_written[j - 1] + 1
                        && j - i < CapacityIo::kBufferBytes / kB)
                        ++j;
                    const uint64_t first = m_written[i], n = j - i;
                    if (!verify) {
                        for (uint64_t k = 0; k < n; ++k)
                            std::memcpy(m_io.buffer() + k * kB, m_saved[first + k].data(), kB);
                        (void)m_io.transfer(true, first * kB, n * kB, never);
                        if (i + n == m_written.size())
                            (void)flush();
                    } else {
                        auto got = m_io.transfer(false, first * kB, n * kB, never);
                        for (uint64_t k = 0; k < n; ++k) {
                            const bool same
                                = got && std::memcmp(m_io.buffer() + k * kB, m_saved[first + k].data(), kB) == 0;
                            ++(same ? m_out.restoredBlocks : m_out.unrestoredBlocks);
                        }
                    }
                    advance(n);
                    if (!m_io.usable()) {
                        m_out.unrestoredBlocks = m_written.size() - m_out.restoredBlocks;
                        return;
                    }
                    i = j;
                }
            }
        }

        bool wrote() const { return !m_written.empty(); }
        size_t writtenBlocks() const { return m_written.size(); }

    private:
        Status saveOne(uint64_t block, const std::atomic<bool>& cancel)
        {
            if (m_saved.count(block))
                return Ok {};
            auto got = m_io.transfer(false, block * kB, kB, cancel);
            if (!got && (!m_io.usable() || got.error().kind == Error::Kind::Cancelled))
                return got.error();
            if (got)
                keep(block, m_io.buffer());
            advance(1);
            return Ok {};
        }

        void keep(uint64_t block, const uint8_t* data)
        {
            // One of our own blocks: this address shares its cell with that block's, whose
            // content before the probe is what this one held too.
            uint64_t position = 0;
            if (capacityBlockOfRun(data, m_stamp, position) && m_saved.count(position / kB)) {
                m_saved[block] = m_saved[position / kB];
                return;
            }
            m_saved[block].assign(data, data + kB);
        }

        Sample classify(uint64_t block, const uint8_t* data)
        {
            const auto it = m_saved.find(block);
            const BlockVerdict v
                = classifyCapacityBlock(data, block * kB, m_stamp, it == m_saved.end() ? nullptr : it->second.data());
            ++m_out.blocks[size_t(v.kind)];
            if (v.kind == BlockClass::Overwritten)
                m_aliases.push_back(v.foundPosition > block * kB ? v.foundPosition - block * kB
                                                                 : block * kB - v.foundPosition);
            return { block, v.kind };
        }

        void advance(uint64_t blocks)
        {
            m_done += blocks;
            if (!m_cb.phase)
                return;
            const auto now = Clock::now();
            if (now - m_last < std::chrono::milliseconds(250) && m_done < m_total)
                return;
            m_last = now;
            RunPhase p;
            p.stage = m_stage;
            p.label = m_stage == kProbeStage ? "Probing" : "Putting back what the probe overwrote";
            p.index = std::min(m_done, m_total);
            p.count = m_total;
            p.stageFraction = m_total ? double(p.index) / double(m_total) : 0.0;
            // Putting back takes the last tenth of the bar: its length is known only after the probe.
            const double probeShare = m_out.request.restore ? 0.9 : 1.0;
            p.fraction = m_stage == kProbeStage ? probeShare * p.stageFraction
                                                 : probeShare + (1 - probeShare) * p.stageFraction;
            p.elapsedSeconds = Seconds(now - m_start).count();
            if (p.elapsedSeconds > 1 && m_done > 0 && m_stage == kProbeStage)
                p.secondsLeft = p.elapsedSeconds / double(m_done) * double(m_total - p.index);
            m_cb.onPhase(p);
        }

    public:
        // Byte distances between the blocks found sharing a cell.
        const std::vector<uint64_t>& aliases() const { return m_aliases; }

    private:
        std::vector<uint64_t> m_aliases;
        CapacityIo& m_io;
        int m_fd;
        uint64_t m_stamp;
        const CapacityCallbacks& m_cb;
        CapacityResult& m_out;
        std::map<uint64_t, std::vector<uint8_t>> m_saved; // block -> what it held before
        std::vector<uint64_t> m_written;
        Stage m_stage = kProbeStage;
        uint64_t m_done = 0, m_total = 0;
        Clock::time_point m_start = Clock::now(), m_last {};
    };


    // The size the addresses wrap at: the smallest distance between two blocks found in one
    // cell, when every other such distance is a multiple of it (otherwise it is no plain wrap).
    std::optional<uint64_t> wrapSize(const std::vector<uint64_t>& distances)
    {
        if (distances.empty())
            return std::nullopt;
        const uint64_t m = *std::min_element(distances.begin(), distances.end());
        if (m == 0)
            return std::nullopt;
        for (uint64_t d : distances)
            if (d % m != 0)
                return std::nullopt;
        return m;
    }

} // namespace

Result<CapacityResult> runCapacityProbe(
    const CapacityRequest& req, const CapacityCallbacks& cb, const std::atomic<bool>& cancel)
{
    // What uses the device first: --allow-destructive would not help there (issue 14, item 6).
    if (auto use = writeTargetInUse(req.target))
        return targetError(*use, EBUSY);
    if (!req.allowDestructive)
        return usageError("the capacity probe writes to '" + req.target
            + "' (under 1 % of a stick of 256 MB or more; it puts every block back afterwards unless told not to, "
              "but a crash or unplugging during it loses them): pass --allow-destructive if you mean it, or check "
              "the mounted filesystem's directory instead, which touches only free space");
    TargetRequest target;
    target.path = req.target;
    target.size = UINT64_MAX;
    target.writes = true;
    target.allowDestructive = true;
    target.fd = req.fd;
    auto region = TestRegion::open(target);
    if (!region)
        return region.error();
    const RegionInfo& info = (*region)->info();
    if (info.logicalBlockSize > kB)
        return targetError("'" + req.target + "' has " + std::to_string(info.logicalBlockSize)
            + "-byte blocks: the capacity probe works in 4 KiB blocks");
    const uint64_t n = info.length / kB;
    if (n < 4 * kReferenceStart)
        return targetError("'" + req.target + "' holds less than 4 MiB: too small for the capacity probe");

    CapacityResult out;
    out.mode = CapacityMode::Probe;
    keepRequest(out, req);
    out.region = info;
    out.announcedBytes = n * kB;
    out.warnings = (*region)->warnings();
    const RunMarker marker((*region)->fd()); // another run on this drive at the same time
    if (std::string w = overwriteWarning(
            (*region)->fd(), req.target, stallTimeoutFor(req.stallTimeoutSeconds, info.deviceId), cancel);
        !w.empty())
        out.warnings.push_back(req.restore ? w + " (the probe puts back every block it wrote)" : w);
    const EngineSetup engine = setUpEngine(req);
    out.engine = engine.name;
    if (!engine.warning.empty())
        out.warnings.push_back(engine.warning);

    CapacityIo io((*region)->fd(), engine.make(), stallTimeoutFor(req.stallTimeoutSeconds, info.deviceId));
    if (auto st = io.setUp(); !st)
        return st.error();
    Probe probe(io, (*region)->fd(), out.request.seed, cb, out);
    // The device's account of the whole probe: its saves, writes, reads and restore together,
    // I/Os of 4 KiB to 4 MiB (so no request size to compare).
    const DeviceCounters counters = DeviceCounters::forFd((*region)->fd());
    const auto probeStart = counters.mark();

    const uint64_t s = kReferenceStart;
    uint64_t w = std::clamp<uint64_t>(uint64_t(std::ceil(std::sqrt(double(n)))), 1, kMaxReference);
    w = std::min(w, (n - s) / 2);
    std::vector<uint64_t> probes;
    for (uint64_t k = 1; s + (k + 1) * w - 1 < n; ++k)
        probes.push_back(s + (k + 1) * w - 1);
    if (probes.empty() || probes.back() != n - 1)
        probes.push_back(n - 1);
    probe.planTotal(3 * (w + probes.size()));

    std::vector<Sample> samples;
    std::optional<Error> stop;
    cb.onItemStarting(0); // the probe is one timed item (a stop meanwhile is seen by its first save)
    const auto run = [&]() -> Status {
        if (auto st = probe.save(s, w, cancel); !st)
            return st;
        for (uint64_t p : probes)
            if (auto st = probe.save(p, 1, cancel); !st)
                return st;
        if (auto st = probe.write(s, w, cancel); !st)
            return st;
        for (uint64_t p : probes)
            if (auto st = probe.write(p, 1, cancel); !st)
                return st;
        if (auto st = probe.flush(); !st)
            return st;
        auto ref = probe.read(s, w, cancel);
        if (!ref)
            return ref.error();
        samples = std::move(*ref);
        for (uint64_t p : probes) {
            auto one = probe.read(p, 1, cancel);
            if (!one)
                return one.error();
            samples.push_back(one->front());
        }
        return Ok {};
    };
    if (auto st = run(); !st)
        stop = st.error();

    // What the samples say: a wrap, then the stretches of bad blocks below it, each end found
    // by bisection.
    out.wrapBytes = stop ? std::nullopt : wrapSize(probe.aliases());
    const uint64_t limit = out.wrapBytes ? std::min(n, *out.wrapBytes / kB) : n;
    // Below a wrap, a block that came back holding another is a victim of the wrap, not damage.
    const auto bad = [&](BlockClass k) {
        return k != BlockClass::Ok && !(out.wrapBytes && k == BlockClass::Overwritten);
    };
    LostRangeBuilder lost;
    if (!stop) {
        std::vector<Sample> below;
        for (const Sample& x : samples)
            if (x.block < limit)
                below.push_back(x);
        size_t refined = 0;
        for (size_t i = 0; i < below.size() && !stop;) {
            if (!bad(below[i].kind)) {
                ++i;
                continue;
            }
            size_t j = i;
            while (j + 1 < below.size() && bad(below[j + 1].kind))
                ++j;
            // Bad from below[i] to below[j]; good at below[i-1] and below[j+1] (or the edges).
            uint64_t from = below[i].block, to = below[j].block + 1;
            const BlockClass kind = below[i].kind;
            if (refined++ < kMaxRefinedStretches) {
                uint64_t good = i > 0 ? below[i - 1].block : s - 1, badAt = from;
                while (badAt - good > 1 && !stop) {
                    const uint64_t mid = good + (badAt - good) / 2;
                    auto t = probe.test(mid, cancel);
                    if (!t)
                        stop = t.error();
                    else
                        (bad(t->kind) ? badAt : good) = mid;
                }
                from = badAt;
                uint64_t lastBad = below[j].block, nextGood = j + 1 < below.size() ? below[j + 1].block : limit;
                while (nextGood - lastBad > 1 && !stop) {
                    const uint64_t mid = lastBad + (nextGood - lastBad) / 2;
                    auto t = probe.test(mid, cancel);
                    if (!t)
                        stop = t.error();
                    else
                        (bad(t->kind) ? lastBad : nextGood) = mid;
                }
                to = lastBad + 1;
            }
            lost.add(from * kB, (to - from) * kB, kind);
            i = j + 1;
        }
        if (limit < n)
            lost.add(limit * kB, (n - limit) * kB, BlockClass::Overwritten);
    }
    lost.finishInto(out);
    out.verifiedBytes = out.announcedBytes - std::min(out.lostBytes, out.announcedBytes);
    if (stop) {
        if (stop->kind == Error::Kind::Cancelled || cancel.load())
            out.cancelled = true;
        else
            out.error = stop->message;
    }

    if (req.restore && probe.wrote() && io.usable())
        probe.restore();
    if (req.restore && !io.usable() && probe.wrote())
        out.unrestoredBlocks = probe.writtenBlocks();
    if (!out.error && !out.cancelled) {
        DevicePhase phase;
        phase.name = "probe"; // I/Os of 4 KiB to 4 MiB: no one size to compare
        phase.ownReadBytes = io.sent().readBytes;
        phase.ownWriteBytes = io.sent().writeBytes;
        phase.ownReads = io.sent().reads;
        phase.ownWrites = io.sent().writes;
        counters.addPhase(out.devicePhases, probeStart, phase);
    }
    if (!req.restore && probe.wrote())
        out.warnings.push_back("the probe's " + std::to_string(probe.writtenBlocks())
            + " blocks were not written back (--no-restore): what they held on '" + req.target + "' is gone");
    if (out.unrestoredBlocks > 0)
        out.warnings.push_back(std::to_string(out.unrestoredBlocks) + " of the " + std::to_string(probe.writtenBlocks())
            + " blocks the probe wrote did not come back as they were when written back: the data there is damaged");
    // Whole-stage averages (the check keeps no timeline): a fill streams, so these are the
    // drive's rates; a probe's scattered blocks make a low MB/s, which only makes the warning
    // about other I/O more willing.
    out.fastest.note(std::max(out.writeMbPerSec(), out.readMbPerSec()));
    if (std::string shared = marker.overlapWarning(); !shared.empty())
        out.warnings.push_back(shared);
    return out;
}

} // namespace dm
