// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "jobspec.h"
#include "results.h"

#include <memory>
#include <string>

namespace dm {

struct TargetRequest {
    std::string path; // directory, existing regular file, or block device
    uint64_t size = 1 * GiB; // wanted test size
    bool sizeGiven = false; // the user asked for this size (a file or device smaller than it is an error)
    bool writes = false; // some test writes
    bool allowDestructive = false; // the user agreed to overwrite an existing file or a device
    // A block device already opened by someone else, -1 when the region opens `path` itself. The
    // window and the CLI get one from UDisks2 (Block.OpenDevice) when the user may not open the
    // device. The caller keeps it: the region works on its own dup() and closes only that. Its
    // access mode must allow what the run does (read and write for a write test); O_DIRECT is
    // switched on when missing. For a write test it should be opened with O_EXCL, as the region
    // would open it, because a descriptor cannot tell whether it holds the device exclusively.
    int fd = -1;
};

// The test region with its open O_DIRECT descriptor. For a directory target it owns the test
// file: made with O_TMPFILE where the filesystem allows (it vanishes whatever happens to us), or
// as a named file that is unlinked right after it is opened, so it cannot outlive the process on
// a local filesystem either. Closing the region is the whole cleanup.
class TestRegion {
public:
    static Result<std::unique_ptr<TestRegion>> open(const TargetRequest& request);
    ~TestRegion();
    TestRegion(const TestRegion&) = delete;
    TestRegion& operator=(const TestRegion&) = delete;

    int fd() const { return m_fd; }
    const RegionInfo& info() const { return m_info; }
    // A fresh test file must be written once before any test reads it (no holes, docs/MEASURING.md
    // "The test region").
    bool needsFill() const { return m_needsFill; }
    const std::vector<std::string>& warnings() const { return m_warnings; }

private:
    TestRegion() = default;
    int m_fd = -1;
    RegionInfo m_info;
    bool m_needsFill = false;
    std::vector<std::string> m_warnings;
};

// Free space a test file needs beyond its own size, so the filesystem is never filled to the brim.
inline constexpr uint64_t kFreeSpaceMargin = 16 * MiB;

// "1.5 GiB", "512 MiB": a size in the messages that refuse a run for its size or free space.
std::string sizeText(uint64_t bytes);

} // namespace dm
