// SPDX-License-Identifier: GPL-3.0-or-later
#include "sysfsdisk.h"

#include <sys/sysmacros.h>

namespace dm {

std::filesystem::path diskSysfsDir(uint64_t deviceId, const std::string& sysRoot)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    const auto dev = static_cast<dev_t>(deviceId);
    fs::path dir = fs::canonical(
        fs::path(sysRoot) / "dev" / "block" / (std::to_string(major(dev)) + ":" + std::to_string(minor(dev))), ec);
    if (ec)
        return {};
    if (fs::exists(dir / "partition", ec))
        dir = dir.parent_path(); // a partition sits in its disk's directory
    return dir;
}

} // namespace dm
