// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "testdirectory.h"

#include <atomic>
#include <cstdint>
#include <string>

namespace dm {

// The small-file test's run directory in the target (a TestDirectory: removed with all it holds
// however the run ends), its `dirs` subdirectories "d00000"…, and the files' paths relative to it.
class FilesRunDir {
public:
    // Makes the run directory and its subdirectories in `target`.
    Status make(const std::string& target, uint32_t dirs);
    // Removes the run directory and everything in it; false (and the errno) when something stays.
    bool remove(int* error = nullptr) { return m_dir.remove(error); }

    int fd() const { return m_dir.fd(); } // the run directory, open
    const std::string& path() const { return m_dir.path(); }
    // "d00003/f00000019": file i in subdirectory i / filesPerDir, relative to fd(): each folder
    // filled in turn. Going round the folders file by file (as this did first) spreads ext4's
    // new inodes over as many block groups as folders: filled in turn it created 1.24 times as
    // many files a second (median of 4 pairs of 262,144 files on a RAM-backed loop device).
    static void filePath(char (&out)[32], uint32_t file, uint32_t filesPerDir);

private:
    TestDirectory m_dir;
};

} // namespace dm
