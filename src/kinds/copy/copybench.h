// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "jobspec.h"
#include "runenvelope.h"
#include "runevents.h"

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

namespace dm {

// The copy benchmark, after AS SSD's: three sets of files made of random (incompressible) data
// in the target folder, each copied to a new folder on the same filesystem and timed until the
// copy is on the drive. docs/COPY.md says how the sets are shaped and what the figure means.
//
// Per set: make it (not timed), sync it and drop its cached pages (so the copy's reads reach the
// drive), copy it with plain read()/write() through a 1 MiB buffer (never copy_file_range,
// sendfile or a reflink: those are not a copy on every filesystem), then one syncfs() of the
// filesystem, whose time is part of the copy's; then both are removed before the next set.
// Everything lives under one run directory named as a test directory (stalefiles.h), so the next
// run's sweep removes what a killed run left.

// A set's own stages besides Stage::Flush (the copy's syncfs): making the source, syncing it and
// dropping its cached pages, copying it, removing both.
inline constexpr Stage kMakeSetStage { "make", StageCounts::Bytes };
inline constexpr Stage kDropCacheStage { "drop-cache", StageCounts::Nothing };
inline constexpr Stage kCopyStage { "copy", StageCounts::Bytes };
inline constexpr Stage kRemoveSetStage { "remove", StageCounts::Nothing };

inline constexpr uint64_t kDefaultCopySize = GiB; // the three sets together
inline constexpr uint64_t kMinCopySize = 16 * MiB;
inline constexpr uint64_t kMaxCopySize = 64 * GiB;
inline constexpr uint32_t kCopyBufferBytes = 1024 * 1024;

struct CopyRequest : RunTarget {
    uint64_t size = kDefaultCopySize; // the bytes of the three sets together
    uint64_t seed = 0; // the file sizes, folders and data; 0 = a fresh one
};

enum class CopySetKind { Iso, Program, Game };
inline constexpr CopySetKind kCopySets[] = { CopySetKind::Iso, CopySetKind::Program, CopySetKind::Game };
const char* copySetId(CopySetKind kind); // "iso", "program", "game": JSON keys and device_io names
const char* copySetTitle(CopySetKind kind); // "ISO", "Program", "Game"

// The shape of one set: its folders (0 is the set's own folder; every other one's parent comes
// before it) and its files, each in a folder with a size. Made by planCopySet from the size and
// the seed alone, so a seed repeats the same set.
struct CopySetPlan {
    CopySetKind kind = CopySetKind::Iso;
    uint64_t bytes = 0; // the files' sizes added up
    std::vector<uint32_t> folderParents; // [0] is unused (the set's folder)
    struct File {
        uint32_t folder = 0;
        uint64_t bytes = 0;
    };
    std::vector<File> files;
    uint32_t folders() const { return uint32_t(folderParents.size()); }
    // "d3/d17" below the set's folder ("" for the set's own), and a file's name within its folder.
    std::string folderPath(uint32_t folder) const;
    std::string fileName(size_t file) const;
    // The space it takes: each file and folder rounded up to the filesystem's block.
    uint64_t allocatedBytes(uint64_t blockSize) const;
};

// The three sets for `size` bytes: AS SSD's proportions (ISO 1.5 GB, Program 0.66 GB, Game
// 1.2 GB of bytes), its file counts cut in the same proportion as the bytes (so the mean file
// size stays AS SSD's) with a floor (Program at least 64 files in 8 folders, Game 16 in 4), and
// each file's size drawn from a spread fixed by the seed.
std::vector<CopySetPlan> planCopySets(uint64_t size, uint64_t seed);

struct CopySetResult {
    CopySetKind kind = CopySetKind::Iso;
    uint64_t bytes = 0; // what the set holds (copied, when `done`)
    uint32_t files = 0, folders = 0;
    double seconds = 0; // the copy and its syncfs
    double syncSeconds = 0; // the syncfs alone
    double makeSeconds = 0; // making the source (not part of the figure)
    double atSeconds = 0; // when the copy ended, from the run's start: the drive's temperature then
    bool done = false; // copied and synced; not when the run stopped or failed before
    double mbPerSec() const { return done && seconds > 0 ? double(bytes) / seconds / 1e6 : 0.0; }
};

struct CopyResult : RunEnvelope {
    CopyRequest request; // as run (fd and backend factory cleared, seed filled in)
    std::vector<CopySetResult> sets; // the three, in kCopySets order; those not copied not done
    std::string filesystem; // "ext4", "tmpfs", "btrfs", or the magic in hex
    // The filesystem can clone a file (btrfs, XFS, bcachefs): a file manager there may make a
    // reflink instead of copying, which moves no data (the reports say so).
    bool cloneCapable = false;
    uint64_t neededBytes = 0; // what the run needed free, checked before anything was written

    const CopySetResult* set(CopySetKind kind) const;
    // All three copied: the sum of bytes over the sum of seconds (AS SSD shows none; ours is the
    // history's headline).
    double totalMbPerSec() const;
};

Status validate(const CopyRequest& request);

// Runs on the calling thread. Bad target, not enough free space (the need and the free space
// named) and the like come back as Error with nothing written; an I/O error or a full filesystem
// while the sets are made or copied is the result's error, naming the set, the stage and how many
// files were done. `cancel` stops it within half a second in every stage; nothing is left behind
// however it ends (short of SIGKILL, which the next run's sweep handles).
Result<CopyResult> runCopyBench(const CopyRequest& request, const RunEvents& events, const std::atomic<bool>& cancel);

// The parts, for the run above and for the tests (copybench_test.cpp checks a copy against its
// source). Each returns the error with its errno, or Cancelled; `progress` gets bytes as they move.
struct CopyCounts {
    uint64_t bytes = 0, files = 0, folders = 0, reads = 0, writes = 0;
};
using CopyProgress = std::function<void(uint64_t bytes)>;
// Makes the set's folders and files below `dir` (which exists): random data from `seed`.
Status makeCopySet(const CopySetPlan& plan, int dirFd, uint64_t seed, CopyCounts& made, const CopyProgress& progress,
    const std::atomic<bool>& cancel);
// Drops the cached pages of the set's files (they must be written back first: syncFilesystem).
Status dropCopySetCache(const CopySetPlan& plan, int dirFd, const std::atomic<bool>& cancel);
// Copies the tree `from` (a folder open as `fromFd`) into the new folder `name` of `toParentFd`:
// folders made as they are met, each file read and written through a buffer of kCopyBufferBytes.
Status copyTree(int fromFd, int toParentFd, const std::string& name, CopyCounts& copied, const CopyProgress& progress,
    const std::atomic<bool>& cancel);

} // namespace dm
