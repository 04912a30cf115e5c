// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

namespace dm {

// How long the kernel itself waits for one command to the device before it gives up on it and
// resets (the SCSI layer's device/timeout, 30 s for SCSI, SATA and USB disks; nvme_core's
// io_timeout for NVMe). A device that completes nothing for that long has stalled: the kernel
// would say so too. `deviceId` is a block device's st_rdev, or a file's st_dev (its filesystem's
// device); a partition uses its disk's. 30 s where there is none (loop, device mapper, FUSE...).
// `sysRoot` lets tests point at a fixture tree laid out as /sys.
std::chrono::seconds deviceCommandTimeout(uint64_t deviceId, const std::string& sysRoot = "/sys");

// The stall timeout of a run: `askedSeconds` when above 0 (--stall-timeout), else the device's
// command timeout.
std::chrono::nanoseconds stallTimeoutFor(double askedSeconds, uint64_t deviceId);

// The range --stall-timeout accepts, in seconds (0 = the device's own).
inline constexpr double kMinStallTimeoutSeconds = 1;
inline constexpr double kMaxStallTimeoutSeconds = 3600;
inline bool validStallTimeout(double s)
{
    return s == 0 || (s >= kMinStallTimeoutSeconds && s <= kMaxStallTimeoutSeconds);
}

} // namespace dm
