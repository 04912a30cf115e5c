// SPDX-License-Identifier: GPL-3.0-or-later
#include "hoststeal.h"

#include <charconv>
#include <fstream>
#include <sstream>
#include <string>

namespace dm {

std::optional<HostCpuTicks> parseHostCpuTicks(std::string_view procStat)
{
    // The aggregate line is "cpu" followed by blanks (the per-CPU lines are "cpu0", "cpu1" ...).
    size_t at = 0;
    for (;;) {
        if (procStat.substr(at, 4) == "cpu " || procStat.substr(at, 4) == "cpu\t")
            break;
        const size_t nl = procStat.find('\n', at);
        if (nl == std::string_view::npos)
            return std::nullopt;
        at = nl + 1;
    }
    std::string_view line = procStat.substr(at + 3);
    line = line.substr(0, line.find('\n'));
    // user nice system idle iowait irq softirq steal [guest guest_nice]: guest time is already
    // inside user and nice, so the total stops at steal.
    HostCpuTicks t;
    int field = 0;
    while (field < 8) {
        const size_t start = line.find_first_not_of(" \t");
        if (start == std::string_view::npos)
            break;
        line = line.substr(start);
        uint64_t v = 0;
        const auto [end, ec] = std::from_chars(line.data(), line.data() + line.size(), v);
        if (ec != std::errc())
            return std::nullopt;
        line = line.substr(size_t(end - line.data()));
        t.total += v;
        if (field == 7)
            t.steal = v;
        ++field;
    }
    if (field < 4) // not even user, nice, system and idle: not /proc/stat
        return std::nullopt;
    return t;
}

std::optional<HostCpuTicks> readHostCpuTicks()
{
    std::ifstream in("/proc/stat");
    if (!in)
        return std::nullopt;
    std::string first;
    std::getline(in, first);
    return parseHostCpuTicks(first);
}

double stealPercent(const std::optional<HostCpuTicks>& before, const std::optional<HostCpuTicks>& after)
{
    if (!before || !after || after->total <= before->total || after->steal < before->steal)
        return 0.0;
    return double(after->steal - before->steal) * 100.0 / double(after->total - before->total);
}

} // namespace dm
