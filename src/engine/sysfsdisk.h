// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

namespace dm {

// The sysfs directory of the disk that holds device `deviceId` (a block device's st_rdev):
// /sys/dev/block/MAJ:MIN resolved, and for a partition its disk's directory, which holds the
// queue, the device's timeout and the disk's own dev number. Empty where sysfs does not list the
// device (tmpfs, 0:N). `sysRoot` lets tests point at a fixture tree laid out as /sys.
std::filesystem::path diskSysfsDir(uint64_t deviceId, const std::string& sysRoot = "/sys");

} // namespace dm
