// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "capacityblocks.h"
#include "jobspec.h"
#include "results.h"
#include "runevents.h"

#include <array>
#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace dm {

// The capacity check (issue 15): does this stick hold what it announces, and give it all back?
//
// On a directory (the mounted filesystem of the stick), a fill in the manner of h2testw and
// f3write/f3read: the free space (or `size`) is filled with test files of stamped 4 KiB blocks
// (capacityblocks.h), flushed, then read back with O_DIRECT and every block classified. The files
// are unlinked as soon as they are open (or made with O_TMPFILE), so they vanish however the
// check ends; a SIGKILL between creating and unlinking one leaves a named file the next run's
// stale-file sweep removes (stalefiles.h).
//
// On an unmounted block device, with allowDestructive, a probe in the manner of f3probe that
// writes a bounded number of blocks (capacityprobe.cpp explains which, and why they expose any
// wrap-around of the addresses, not only at powers of two), finds the real size, and writes back
// what it overwrote unless `restore` is off.
// A device probe's own stages: its block reads and writes, then putting back what it overwrote.
inline constexpr Stage kProbeStage { "probe", StageCounts::Items };
inline constexpr Stage kRestoreStage { "restore", StageCounts::Items };

struct CapacityRequest : RunTarget {
    // A directory: bytes to fill; 0 = all the free space but kFreeSpaceMargin. Unused on a device.
    uint64_t size = 0;
    bool restore = true; // a device probe puts back every block it wrote
    uint64_t seed = 0; // the run's stamp; 0 = a fresh one
};

enum class CapacityMode { Fill, Probe };
enum class CapacityVerdict { Ok, Fake, Damaged };
const char* capacityVerdictName(CapacityVerdict v); // "ok", "fake", "damaged"

// A stretch that did not come back intact, in the check's address space: device offsets for a
// probe, offsets in the stream of test files for a fill.
struct LostRange {
    uint64_t offset = 0, length = 0;
    BlockClass kind = BlockClass::Missing;
    bool operator==(const LostRange&) const = default;
};
inline constexpr size_t kMaxLostRanges = 64; // the report lists the first ones; the counts stay exact

struct CapacityResult : RunEnvelope {
    CapacityRequest request; // as run (fd and backend factory cleared, seed filled in)
    CapacityMode mode = CapacityMode::Fill;
    // A probe: the device's size. A fill: the bytes written, which is the free space the
    // filesystem announced (less the margin) or the size asked for.
    uint64_t announcedBytes = 0;
    uint64_t verifiedBytes = 0; // what came back intact (a probe: the real size found, less damage)
    uint64_t lostBytes = 0;
    std::optional<uint64_t> firstLostOffset;
    std::array<uint64_t, kBlockClasses> blocks {}; // blocks read back, by BlockClass
    std::vector<LostRange> lostRanges; // in offset order, at most kMaxLostRanges
    uint64_t lostRangeCount = 0; // all of them
    std::optional<uint64_t> wrapBytes; // a probe found the addresses wrap at this size
    uint64_t bytesWritten = 0, bytesRead = 0; // the check's own I/O (a probe's restore not counted)
    double writeSeconds = 0, readSeconds = 0;
    uint32_t files = 0; // a fill's test files
    uint64_t blocksWrittenByProbe = 0; // a probe's writes, its bound
    uint64_t restoredBlocks = 0, unrestoredBlocks = 0; // a probe's restore

    double writeMbPerSec() const { return writeSeconds > 0 ? double(bytesWritten) / writeSeconds / 1e6 : 0.0; }
    double readMbPerSec() const { return readSeconds > 0 ? double(bytesRead) / readSeconds / 1e6 : 0.0; }
    uint64_t blocksChecked() const { return blocks[0] + blocks[1] + blocks[2] + blocks[3]; }
    uint64_t blockCount(BlockClass c) const { return blocks[size_t(c)]; }
};

// Fake: addresses wrap (blocks came back holding others), or the writes past some point never
// landed (a missing stretch up to the end). Damaged: anything else lost. Nothing when nothing
// was read back (stopped before).
std::optional<CapacityVerdict> capacityVerdict(const CapacityResult& result);

// A capacity check has nothing to say besides its phases (runevents.h: Write, Flush and Read for a
// fill, with "write_mb_per_s" and "read_mb_per_s" over the bytes done; kProbeStage and kRestoreStage for a
// probe, counted in blocks), on the calling thread a few times a second.
using CapacityCallbacks = RunEvents;

Status validate(const CapacityRequest& request);

// Runs on the calling thread. Errors before anything is written (bad target, no space, a device
// without --allow-destructive or in use) come back as Error with nothing left behind; an I/O
// error while checking is kept in the result's error with what was classified so far. `cancel`
// stops it within half a second; a probe then still restores what it wrote.
Result<CapacityResult> runCapacityCheck(
    const CapacityRequest& request, const CapacityCallbacks& callbacks, const std::atomic<bool>& cancel);

// The parts, for the dispatcher above and the tests.
Result<CapacityResult> runCapacityFill(
    const CapacityRequest& request, const CapacityCallbacks& callbacks, const std::atomic<bool>& cancel);
Result<CapacityResult> runCapacityProbe(
    const CapacityRequest& request, const CapacityCallbacks& callbacks, const std::atomic<bool>& cancel);

// Collects classified blocks in position order into counts, lost bytes and merged lost ranges.
class LostRangeBuilder {
public:
    void add(uint64_t offset, uint64_t length, BlockClass kind);
    void finishInto(CapacityResult& result);

private:
    std::vector<LostRange> m_ranges;
    uint64_t m_count = 0, m_lost = 0;
    std::optional<uint64_t> m_first;
    std::optional<LostRange> m_open;
};

} // namespace dm
