// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dm {

// What the block layer counted for one device (/sys/block/DEV/stat, a partition's own `stat`;
// the kernel's Documentation/block/stat.rst). Requests are counted as they reached the device:
// after the kernel joined neighbouring I/Os into one request, or split one into several. A
// sector here is always 512 bytes, whatever the device's own.
struct BlockStat {
    uint64_t reads = 0, readMerges = 0, readSectors = 0, readTicksMs = 0;
    uint64_t writes = 0, writeMerges = 0, writeSectors = 0, writeTicksMs = 0;
    uint64_t inFlight = 0;
    uint64_t ioTicksMs = 0; // milliseconds with at least one request in flight
    uint64_t timeInQueueMs = 0; // the sum over requests of their time in flight (weighted)
};

// Parses the stat file's text: 11 fields on every kernel since 2.6, 15 with discards (4.18),
// 17 with flushes (5.5); only the first 11 are used. nullopt when it is not such a line.
std::optional<BlockStat> parseBlockStat(std::string_view text);

// What the device did over one pass, beside what the pass itself issued: the request sizes the
// drive really received, how many it had at once, how busy it was, and what moved that was not
// the pass's (another program, or earlier writes the page cache sent late). Averages are over
// the requests the device counted.
struct DeviceIo {
    std::string device; // the device whose counters these are ("vda1", "loop3", "nvme0n1")
    uint64_t reads = 0, writes = 0, readMerges = 0, writeMerges = 0;
    uint64_t readBytes = 0, writeBytes = 0;
    double avgInFlight = 0; // time_in_queue / wall time: requests in flight on average
    double busyPercent = 0; // io_ticks / wall time
    uint64_t foreignBytes = 0; // the device's bytes beyond the pass's own, 0 when it moved less
    double seconds = 0; // the wall time between the two readings

    double avgReadRequestBytes() const { return reads ? double(readBytes) / double(reads) : 0.0; }
    double avgWriteRequestBytes() const { return writes ? double(writeBytes) / double(writes) : 0.0; }
    bool operator==(const DeviceIo&) const = default;
};

// One phase of a kind whose I/O is not in passes (a scan's sample reads and its access reads, a
// sustained write, a capacity check's fill and read-back), what it sent, and what the device
// counted meanwhile (RunEnvelope::devicePhases). The grid and the sweep keep theirs per pass.
struct DevicePhase {
    std::string name; // "read", "access", "write", "probe": the key in the report's device_io
    uint32_t ioBytes = 0; // the size of each I/O sent; 0 when they vary
    uint64_t ownReadBytes = 0, ownWriteBytes = 0, ownReads = 0, ownWrites = 0;
    DeviceIo io;
    bool operator==(const DevicePhase&) const = default;
};

// The difference of two readings of one device, a pass apart, and what the pass itself moved.
DeviceIo deviceIoBetween(const BlockStat& before, const BlockStat& after, double seconds, uint64_t ownBytes);

// Several passes (or a sweep's, a scan's phases) as one: counts added, the averages over time
// weighted by each pass's seconds.
DeviceIo combine(const std::vector<DeviceIo>& passes);

// The device whose counters say what reached the drive for a target: the block device the
// target is or lives on, followed down through loop devices (to the device of their backing
// file) and device-mapper or md devices with a single device beneath (dm-crypt, LVM linear),
// to the last one sysfs lists. A loop device over a file in RAM (tmpfs has no device) is its
// own bottom; so is a device over several (RAID, a striped volume), whose own counters are read.
class DeviceCounters {
public:
    // Nothing to read: the target is on a filesystem with no block device (tmpfs, NFS, FUSE,
    // btrfs over several devices).
    DeviceCounters() = default;
    // For the target open as `fd`: a block device itself, or a file on a filesystem. `sysRoot`
    // lets tests point at a fixture tree laid out as /sys.
    static DeviceCounters forFd(int fd, const std::string& sysRoot = "/sys");
    // For a path: a block device itself, or a file or directory on a filesystem.
    static DeviceCounters forPath(const std::string& path, const std::string& sysRoot = "/sys");
    // For a device number (st_rdev of a device, st_dev of a file).
    static DeviceCounters forDevice(uint64_t deviceId, const std::string& sysRoot = "/sys");

    bool available() const { return !m_statFile.empty(); }
    const std::string& device() const { return m_device; } // the bottom device's name
    // The devices above it, from the target down ("dm-0", "loop2"): empty when the target is it.
    const std::vector<std::string>& via() const { return m_via; }
    // Whether the counters are a whole drive's: not a partition (others' I/O to the drive's other
    // partitions is not in a partition's stat) nor a volume over several devices.
    bool wholeDisk() const { return m_wholeDisk; }

    struct Mark {
        std::optional<BlockStat> stat;
        std::chrono::steady_clock::time_point at;
    };
    // A reading now; the stat is missing when the file could not be read (the device went away).
    Mark mark() const;
    // What happened between two marks; nullopt when either reading is missing or the counters
    // went back (the device was replaced under the same name).
    std::optional<DeviceIo> between(const Mark& before, const Mark& after, uint64_t ownBytes) const;
    // Appends `phase` with what the device counted from `since` until now, to `phases`; nothing
    // when the counters cannot say (no device, a reading failed).
    void addPhase(std::vector<DevicePhase>& phases, const Mark& since, DevicePhase phase) const;

private:
    std::string m_statFile, m_device;
    std::vector<std::string> m_via;
    bool m_wholeDisk = false;
};

} // namespace dm
