// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "jobspec.h"
#include "runenvelope.h"
#include "runevents.h"

#include <array>
#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace dm {

// Small-file and metadata rates, in the manner of `bonnie++ -n` and fs_mark: how many files a
// second the filesystem on the drive creates, stats, reads and deletes. Unlike the grid, which
// measures one big file's data path, this measures the filesystem: directory entries, inodes,
// allocation, the journal.
//
// All files live in one run directory in the target (stalefiles.h: ".diskometer-<pid>-<hex>.dir"),
// in `dirs` subdirectories, filled in turn (file i in subdirectory i / ceil(files / dirs)). Four
// phases, each timed on its own:
//   create  open(O_CREAT|O_EXCL), write `fileSize` random bytes, close (and fsync, --sync file);
//           with --sync end one syncfs() after the last file, counted in the phase's time;
//   stat    fstatat() of every file, in a random order;
//   read    every file opened, read to its end and closed, in a random order, after syncfs() and
//           posix_fadvise(POSIX_FADV_DONTNEED) on each file so that the reads reach the drive
//           (not on tmpfs, whose pages are the files: the result says so);
//   delete  unlink() of every file, in the order they were made.
// The run directory is removed however the run ends: finished, stopped, or stopped by an error
// (a full filesystem: the result's error names the phase and the count done).

// The phases' stages, each counted in files.
inline constexpr Stage kCreateFilesStage { "create-files", StageCounts::Items };
inline constexpr Stage kStatFilesStage { "stat-files", StageCounts::Items };
inline constexpr Stage kReadFilesStage { "read-files", StageCounts::Items };
inline constexpr Stage kDeleteFilesStage { "delete-files", StageCounts::Items };

enum class FilesSync { None, File, End };
const char* filesSyncName(FilesSync s); // "none", "file", "end"
std::optional<FilesSync> filesSyncNamed(const std::string& name);

enum class FilesPhaseId { Create, Stat, Read, Delete };
inline constexpr size_t kFilesPhases = 4;
const char* filesPhaseName(FilesPhaseId p); // "create", "stat", "read", "delete"

// How the read phase was kept from the page cache.
enum class FilesCacheDrop {
    Fadvise, // syncfs, then POSIX_FADV_DONTNEED on every file
    None, // tmpfs or ramfs: the pages are the files, nothing can be dropped
};
const char* filesCacheDropName(FilesCacheDrop d); // "fadvise", "none"

inline constexpr uint32_t kDefaultFiles = 16384;
inline constexpr uint64_t kDefaultFileSize = 4 * KiB;
inline constexpr uint32_t kDefaultDirs = 16;
inline constexpr uint64_t kMaxFileSize = MiB;
inline constexpr uint32_t kMaxFiles = 10'000'000;
inline constexpr uint32_t kMaxDirs = 65536;

struct FilesRequest : RunTarget {
    uint32_t files = kDefaultFiles;
    uint64_t fileSize = kDefaultFileSize; // 0 .. kMaxFileSize
    uint32_t dirs = kDefaultDirs; // 1 .. min(files, kMaxDirs)
    FilesSync sync = FilesSync::End;
    uint64_t seed = 0; // the orders of the stat and read phases and the data; 0 = a fresh one
};

// Per file operation, in microseconds (LatencyHistogram's percentiles, within 0.8 %).
struct FileLatency {
    double meanUs = 0, p50Us = 0, p99Us = 0, p999Us = 0, maxUs = 0;
    bool operator==(const FileLatency&) const = default;
};

struct FilesPhaseResult {
    FilesPhaseId id = FilesPhaseId::Create;
    uint64_t files = 0; // files done
    uint64_t bytes = 0; // data written (create) or read (read)
    double seconds = 0; // the phase's time, the create phase's syncfs included
    double startSeconds = 0; // when it started, from the run's start (the temperature then)
    FileLatency latency;
    bool ran = false; // started at all
    bool complete = false; // every file done

    double filesPerSecond() const { return seconds > 0 ? double(files) / seconds : 0.0; }
    double mbPerSecond() const { return seconds > 0 ? double(bytes) / seconds / 1e6 : 0.0; }
};

struct FilesResult : RunEnvelope {
    FilesRequest request; // as run (fd and backend factory cleared, seed filled in)
    std::array<FilesPhaseResult, kFilesPhases> phases {};
    FilesCacheDrop cacheDrop = FilesCacheDrop::Fadvise;
    double syncSeconds = 0; // the create phase's syncfs (--sync end), within its seconds

    const FilesPhaseResult& phase(FilesPhaseId p) const { return phases[size_t(p)]; }
    FilesPhaseResult& phase(FilesPhaseId p) { return phases[size_t(p)]; }
};

Status validate(const FilesRequest& request);

// What the files take on the filesystem, roughly: each file's data in whole 4 KiB blocks. The run
// refuses to start when this is more than is free.
uint64_t filesSpaceNeeded(const FilesRequest& request);

// Runs on the calling thread. A target that cannot be used (missing, not a directory, read-only,
// too little space) comes back as an Error with nothing made; an error while running (ENOSPC when
// the inodes run out) is kept in the result's error with the phases done so far. `cancel` stops
// every phase within half a second; the run directory is removed before this returns.
Result<FilesResult> runSmallFiles(const FilesRequest& request, const RunEvents& events, const std::atomic<bool>& cancel);

} // namespace dm
