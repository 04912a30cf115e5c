// SPDX-License-Identifier: GPL-3.0-or-later
#include "stalltimeout.h"

#include "sysfsdisk.h"

#include <filesystem>
#include <fstream>

namespace dm {

namespace {

    constexpr std::chrono::seconds kNoTimeoutOfItsOwn { 30 };

    // A whole number of seconds from a sysfs file, or 0.
    long readSeconds(const std::filesystem::path& file)
    {
        std::ifstream in(file);
        long v = 0;
        if (!(in >> v) || v <= 0 || v > 24 * 3600)
            return 0;
        return v;
    }

} // namespace

std::chrono::seconds deviceCommandTimeout(uint64_t deviceId, const std::string& sysRoot)
{
    namespace fs = std::filesystem;
    const fs::path dir = diskSysfsDir(deviceId, sysRoot);
    if (dir.empty())
        return kNoTimeoutOfItsOwn;
    if (const long s = readSeconds(dir / "device" / "timeout"))
        return std::chrono::seconds(s);
    // NVMe has no per-device file: the driver's module parameter holds it (default 30 s).
    if (dir.filename().string().rfind("nvme", 0) == 0)
        if (const long s = readSeconds(fs::path(sysRoot) / "module" / "nvme_core" / "parameters" / "io_timeout"))
            return std::chrono::seconds(s);
    return kNoTimeoutOfItsOwn;
}

std::chrono::nanoseconds stallTimeoutFor(double askedSeconds, uint64_t deviceId)
{
    if (askedSeconds > 0)
        return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::duration<double>(askedSeconds));
    return deviceCommandTimeout(deviceId);
}

} // namespace dm
