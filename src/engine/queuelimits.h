// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <string>

namespace dm {

// What the block layer's queue of a device takes (/sys/block/X/queue). A submit that needs a
// request when every one is taken sleeps inside io_submit (libaio) or in an io_uring worker until
// the device finishes one: on a device that stopped answering, where no stall timeout reaches
// it. A USB stick's queue takes a few (usb-storage sends one command at a time).
struct QueueLimits {
    uint32_t requests = 0; // queue/nr_requests; 0 = unknown (no limit applied)
    // The most one request carries: max_sectors_kb, and max_segments pages where the buffer's
    // pages are not contiguous. 0 = unknown.
    uint64_t requestBytes = 0;
};

// The queue of the device `deviceId` (a block device's st_rdev; a partition uses its disk's).
// `sysRoot` lets tests point at a fixture tree laid out as /sys.
QueueLimits queueLimitsOf(uint64_t deviceId, const std::string& sysRoot = "/sys");

// How many requests one I/O of `ioSize` bytes takes at most (1 where the limits are unknown).
uint32_t requestsPerIo(const QueueLimits& limits, uint64_t ioSize);

// The most I/Os of `ioSize` bytes, up to `depth`, that fit in the queue at once (at least 1).
uint32_t depthTheQueueTakes(const QueueLimits& limits, uint32_t depth, uint64_t ioSize);

} // namespace dm
