// SPDX-License-Identifier: GPL-3.0-or-later
#include "queuelimits.h"

#include "sysfsdisk.h"

#include <algorithm>
#include <fstream>

namespace dm {

namespace {

    uint64_t readNumber(const std::filesystem::path& file)
    {
        std::ifstream in(file);
        uint64_t v = 0;
        return (in >> v) ? v : 0;
    }

    // The kernel's smallest segment is a page; a 4 KiB page is the worst case everywhere.
    constexpr uint64_t kSegmentBytes = 4096;

} // namespace

QueueLimits queueLimitsOf(uint64_t deviceId, const std::string& sysRoot)
{
    const std::filesystem::path dir = diskSysfsDir(deviceId, sysRoot); // a partition has no queue of its own
    if (dir.empty())
        return {};
    const std::filesystem::path queue = dir / "queue";
    QueueLimits q;
    q.requests = uint32_t(std::min<uint64_t>(readNumber(queue / "nr_requests"), UINT32_MAX));
    const uint64_t sectorsBytes = readNumber(queue / "max_sectors_kb") * 1024;
    const uint64_t segmentsBytes = readNumber(queue / "max_segments") * kSegmentBytes;
    if (sectorsBytes && segmentsBytes)
        q.requestBytes = std::min(sectorsBytes, segmentsBytes);
    else
        q.requestBytes = std::max(sectorsBytes, segmentsBytes);
    return q;
}

uint32_t requestsPerIo(const QueueLimits& limits, uint64_t ioSize)
{
    if (limits.requestBytes == 0 || ioSize == 0)
        return 1;
    return uint32_t(std::min<uint64_t>((ioSize + limits.requestBytes - 1) / limits.requestBytes, UINT32_MAX));
}

uint32_t depthTheQueueTakes(const QueueLimits& limits, uint32_t depth, uint64_t ioSize)
{
    if (limits.requests == 0)
        return std::max<uint32_t>(depth, 1);
    const uint32_t fit = limits.requests / requestsPerIo(limits, ioSize);
    return std::clamp<uint32_t>(fit, 1, std::max<uint32_t>(depth, 1));
}

} // namespace dm
