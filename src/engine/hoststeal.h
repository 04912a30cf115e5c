// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace dm {

// The machine's CPU time as /proc/stat's first line counts it (all CPUs, in clock ticks), and
// the part of it the hypervisor ran something else on ("steal"). In a virtual machine whose host
// is busy this is what moves a row most: here, on a 2-vCPU guest, fio's RND4K Q1T1 read on a RAM
// disk gave 28 k IOPS with 1 % steal and 9.6 k with 18 % (docs/PERFORMANCE.md, section 9). On
// bare metal and in a quiet guest it stays 0.
struct HostCpuTicks {
    uint64_t total = 0; // user + nice + system + idle + iowait + irq + softirq + steal
    uint64_t steal = 0;
};

// Parses the "cpu ..." line of /proc/stat; nullopt when the text has no such line. Kernels
// before 2.6.11 print fewer fields: steal is then 0.
std::optional<HostCpuTicks> parseHostCpuTicks(std::string_view procStat);

// Reads /proc/stat now; nullopt where it cannot be read (no /proc).
std::optional<HostCpuTicks> readHostCpuTicks();

// The percentage of the machine's CPU time stolen between two readings, 0 when either is
// missing or no time passed.
double stealPercent(const std::optional<HostCpuTicks>& before, const std::optional<HostCpuTicks>& after);

} // namespace dm
