// SPDX-License-Identifier: GPL-3.0-or-later
#include "capacitycheck.h"
#include "targetinuse.h"

#include <sys/stat.h>

#include <cerrno>

namespace dm {

const char* capacityVerdictName(CapacityVerdict v)
{
    switch (v) {
    case CapacityVerdict::Ok:
        return "ok";
    case CapacityVerdict::Fake:
        return "fake";
    case CapacityVerdict::Damaged:
        return "damaged";
    }
    return "?";
}

std::optional<CapacityVerdict> capacityVerdict(const CapacityResult& r)
{
    if (r.blocksChecked() == 0)
        return std::nullopt;
    if (r.wrapBytes || r.blockCount(BlockClass::Overwritten) > 0)
        return CapacityVerdict::Fake;
    if (r.lostBytes == 0)
        return CapacityVerdict::Ok;
    // Writes past some point that never landed, up to the end of what was checked: a fake
    // that drops what it cannot hold, rather than a worn or broken stretch.
    const uint64_t end = r.mode == CapacityMode::Probe ? r.announcedBytes : r.bytesRead;
    if (!r.lostRanges.empty() && r.lostRangeCount == r.lostRanges.size()) {
        const LostRange& last = r.lostRanges.back();
        if (last.kind == BlockClass::Missing && last.offset + last.length >= end && last.length >= end / 64)
            return CapacityVerdict::Fake;
    }
    return CapacityVerdict::Damaged;
}

Status validate(const CapacityRequest& r)
{
    if (r.size != 0 && r.size < MiB)
        return usageError("the size to check must be at least 1 MiB (got " + std::to_string(r.size)
            + " bytes): e.g. --size 1GiB, or leave it out to check all the free space");
    return Ok {};
}

Result<CapacityResult> runCapacityCheck(
    const CapacityRequest& req, const CapacityCallbacks& cb, const std::atomic<bool>& cancel)
{
    const FinishedOnExit finished(cb);
    if (auto st = validate(req); !st)
        return st.error();
    struct stat st { };
    const int rc = req.fd >= 0 ? ::fstat(req.fd, &st) : ::stat(req.target.c_str(), &st);
    if (rc != 0)
        return targetError("'" + req.target
                + "' does not exist: give the directory where the stick is mounted, or its device (such as "
                  "/dev/sdb) when it is not mounted",
            errno);
    if (S_ISDIR(st.st_mode)) {
        // Before the free space (/proc has none) and the options: nothing there is on a stick.
        if (auto pseudo = pseudoFilesystemOf(req.target))
            return targetError(*pseudo, ENODEV);
        if (req.allowDestructive)
            return usageError("--allow-destructive is for a device: a check of a directory only fills its free "
                              "space, so leave it out");
        return runCapacityFill(req, cb, cancel);
    }
    if (S_ISBLK(st.st_mode)) {
        if (req.size)
            return usageError("--size is for a directory: a device is probed across all of it");
        return runCapacityProbe(req, cb, cancel);
    }
    return targetError("'" + req.target
            + "' is neither a directory nor a block device: give the directory where the stick is mounted "
              "(its free space is filled and checked), or the unmounted device with --allow-destructive",
        ENOTDIR);
}

void LostRangeBuilder::add(uint64_t offset, uint64_t length, BlockClass kind)
{
    if (kind == BlockClass::Ok) {
        if (m_open) {
            if (m_ranges.size() < kMaxLostRanges)
                m_ranges.push_back(*m_open);
            ++m_count;
            m_open.reset();
        }
        return;
    }
    m_lost += length;
    if (!m_first)
        m_first = offset;
    if (m_open && m_open->kind == kind && m_open->offset + m_open->length == offset) {
        m_open->length += length;
        return;
    }
    add(offset, 0, BlockClass::Ok); // closes the open range
    m_open = LostRange { offset, length, kind };
}

void LostRangeBuilder::finishInto(CapacityResult& r)
{
    add(0, 0, BlockClass::Ok);
    r.lostRanges = std::move(m_ranges);
    r.lostRangeCount = m_count;
    r.lostBytes = m_lost;
    r.firstLostOffset = m_first;
}

} // namespace dm
