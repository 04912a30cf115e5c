// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"

#include <atomic>
#include <cstdint>
#include <string>

namespace dm {

// The small-file test's run directory in the target: ".diskometer-<pid>-<hex>.dir"
// (stalefiles.h), its `dirs` subdirectories "d00000"…, and the files' paths relative to it. It is
// removed with all it holds when this goes away, however the run ends; a killed run's is swept by
// the next run on the target (sweepStaleTestFiles).
class FilesRunDir {
public:
    FilesRunDir() = default;
    ~FilesRunDir() { remove(); }
    FilesRunDir(const FilesRunDir&) = delete;
    FilesRunDir& operator=(const FilesRunDir&) = delete;

    // Makes the run directory and its subdirectories in `target`.
    Status make(const std::string& target, uint32_t dirs);
    // Removes the run directory and everything in it; false (and the errno) when something stays.
    bool remove(int* error = nullptr);

    int fd() const { return m_fd; } // the run directory, open
    const std::string& path() const { return m_path; }
    // "d00003/f00000019": file i in subdirectory i / filesPerDir, relative to fd(): each folder
    // filled in turn. Going round the folders file by file (as this did first) spreads ext4's
    // new inodes over as many block groups as folders: filled in turn it created 1.24 times as
    // many files a second (median of 4 pairs of 262,144 files on a RAM-backed loop device).
    static void filePath(char (&out)[32], uint32_t file, uint32_t filesPerDir);

private:
    int m_parentFd = -1, m_fd = -1;
    std::string m_name, m_path;
};

} // namespace dm
