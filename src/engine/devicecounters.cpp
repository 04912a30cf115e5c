// SPDX-License-Identifier: GPL-3.0-or-later
#include "devicecounters.h"

#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <fstream>

namespace dm {

namespace {
    namespace fs = std::filesystem;

    constexpr uint64_t kSectorBytes = 512; // stat.rst: "standard UNIX 512-byte sectors"
    // A stack deeper than this is a loop in sysfs or a fixture, not a real device.
    constexpr int kMaxStackDepth = 8;

    fs::path deviceDir(uint64_t deviceId, const std::string& sysRoot)
    {
        std::error_code ec;
        const auto dev = static_cast<dev_t>(deviceId);
        fs::path dir = fs::canonical(
            fs::path(sysRoot) / "dev" / "block" / (std::to_string(major(dev)) + ":" + std::to_string(minor(dev))), ec);
        return ec ? fs::path() : dir;
    }

    std::string firstLine(const fs::path& file)
    {
        std::ifstream in(file);
        std::string line;
        std::getline(in, line);
        return line;
    }

    // The device beneath `dir`, or empty where it is the bottom.
    fs::path beneath(const fs::path& dir, const std::string& sysRoot)
    {
        std::error_code ec;
        // A loop device with direct I/O: the device its backing file lives on (or the device it is
        // over). A file on tmpfs (0:N) has none. Without direct I/O the backing file goes through
        // the page cache, and the device beneath sees readahead and late writeback, not the
        // test's requests: the loop device is then the bottom.
        if (fs::exists(dir / "loop" / "backing_file", ec)) {
            const std::string file = firstLine(dir / "loop" / "backing_file");
            struct stat st {};
            if (firstLine(dir / "loop" / "dio") != "1" || file.empty() || ::stat(file.c_str(), &st) != 0)
                return {};
            return deviceDir(S_ISBLK(st.st_mode) ? st.st_rdev : st.st_dev, sysRoot);
        }
        // device-mapper and md: follow a single device beneath; over several, this one's own
        // counters are what the volume did.
        fs::path only;
        int count = 0;
        for (const auto& e : fs::directory_iterator(dir / "slaves", ec)) {
            only = e.path();
            ++count;
        }
        if (count != 1)
            return {};
        return fs::canonical(only, ec);
    }
} // namespace

std::optional<BlockStat> parseBlockStat(std::string_view text)
{
    uint64_t v[11] = {};
    int n = 0;
    while (n < 11) {
        const size_t start = text.find_first_not_of(" \t");
        if (start == std::string_view::npos)
            break;
        text = text.substr(start);
        if (text.front() == '\n')
            break;
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v[n]);
        if (ec != std::errc())
            return std::nullopt;
        text = text.substr(size_t(end - text.data()));
        ++n;
    }
    if (n < 11)
        return std::nullopt;
    BlockStat s;
    s.reads = v[0];
    s.readMerges = v[1];
    s.readSectors = v[2];
    s.readTicksMs = v[3];
    s.writes = v[4];
    s.writeMerges = v[5];
    s.writeSectors = v[6];
    s.writeTicksMs = v[7];
    s.inFlight = v[8];
    s.ioTicksMs = v[9];
    s.timeInQueueMs = v[10];
    return s;
}

DeviceIo deviceIoBetween(const BlockStat& before, const BlockStat& after, double seconds, uint64_t ownBytes)
{
    DeviceIo io;
    io.reads = after.reads - before.reads;
    io.writes = after.writes - before.writes;
    io.readMerges = after.readMerges - before.readMerges;
    io.writeMerges = after.writeMerges - before.writeMerges;
    io.readBytes = (after.readSectors - before.readSectors) * kSectorBytes;
    io.writeBytes = (after.writeSectors - before.writeSectors) * kSectorBytes;
    io.seconds = seconds;
    if (seconds > 0) {
        io.avgInFlight = double(after.timeInQueueMs - before.timeInQueueMs) / (seconds * 1000.0);
        io.busyPercent = std::min(100.0, double(after.ioTicksMs - before.ioTicksMs) / (seconds * 10.0));
    }
    const uint64_t moved = io.readBytes + io.writeBytes;
    io.foreignBytes = moved > ownBytes ? moved - ownBytes : 0;
    return io;
}

DeviceIo combine(const std::vector<DeviceIo>& passes)
{
    DeviceIo all;
    double inFlightSeconds = 0, busySeconds = 0;
    for (const DeviceIo& p : passes) {
        if (all.device.empty())
            all.device = p.device;
        all.reads += p.reads;
        all.writes += p.writes;
        all.readMerges += p.readMerges;
        all.writeMerges += p.writeMerges;
        all.readBytes += p.readBytes;
        all.writeBytes += p.writeBytes;
        all.foreignBytes += p.foreignBytes;
        all.seconds += p.seconds;
        inFlightSeconds += p.avgInFlight * p.seconds;
        busySeconds += p.busyPercent * p.seconds;
    }
    if (all.seconds > 0) {
        all.avgInFlight = inFlightSeconds / all.seconds;
        all.busyPercent = busySeconds / all.seconds;
    }
    return all;
}

DeviceCounters DeviceCounters::forFd(int fd, const std::string& sysRoot)
{
    struct stat st {};
    if (::fstat(fd, &st) != 0)
        return {};
    return forDevice(S_ISBLK(st.st_mode) ? st.st_rdev : st.st_dev, sysRoot);
}

DeviceCounters DeviceCounters::forPath(const std::string& path, const std::string& sysRoot)
{
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0)
        return {};
    return forDevice(S_ISBLK(st.st_mode) ? st.st_rdev : st.st_dev, sysRoot);
}

DeviceCounters DeviceCounters::forDevice(uint64_t deviceId, const std::string& sysRoot)
{
    fs::path dir = deviceDir(deviceId, sysRoot);
    if (dir.empty())
        return {};
    DeviceCounters c;
    for (int depth = 0; depth < kMaxStackDepth; ++depth) {
        const fs::path next = beneath(dir, sysRoot);
        if (next.empty() || next == dir)
            break;
        c.m_via.push_back(dir.filename().string());
        dir = next;
    }
    std::error_code ec;
    if (!fs::exists(dir / "stat", ec))
        return {};
    c.m_statFile = (dir / "stat").string();
    c.m_device = dir.filename().string();
    c.m_wholeDisk = !fs::exists(dir / "partition", ec) && fs::is_empty(dir / "slaves", ec);
    return c;
}

DeviceCounters::Mark DeviceCounters::mark() const
{
    Mark m;
    m.at = std::chrono::steady_clock::now();
    if (available())
        m.stat = parseBlockStat(firstLine(m_statFile));
    return m;
}

std::optional<DeviceIo> DeviceCounters::between(const Mark& before, const Mark& after, uint64_t ownBytes) const
{
    if (!before.stat || !after.stat)
        return std::nullopt;
    const BlockStat& a = *before.stat;
    const BlockStat& b = *after.stat;
    if (b.reads < a.reads || b.writes < a.writes || b.readSectors < a.readSectors || b.writeSectors < a.writeSectors
        || b.ioTicksMs < a.ioTicksMs || b.timeInQueueMs < a.timeInQueueMs || b.readMerges < a.readMerges
        || b.writeMerges < a.writeMerges)
        return std::nullopt;
    DeviceIo io = deviceIoBetween(a, b, std::chrono::duration<double>(after.at - before.at).count(), ownBytes);
    io.device = m_device;
    return io;
}

void DeviceCounters::addPhase(std::vector<DevicePhase>& phases, const Mark& since, DevicePhase phase) const
{
    if (auto io = between(since, mark(), phase.ownReadBytes + phase.ownWriteBytes)) {
        phase.io = std::move(*io);
        phases.push_back(std::move(phase));
    }
}

} // namespace dm
