// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "iobackend.h"

#include <atomic>
#include <chrono>
#include <cstdint>

namespace dm {

// Moves one contiguous range of a device between it and one buffer, in I/Os of `ioSize` with up
// to `depth` in flight: the surface scan's sample (read, and with write-back the same bytes
// written again from the same buffer) and its single 4 KiB access-time read. Unlike IoWorker,
// every chunk has its own place in the buffer, so what was read is what is written back.
struct RangeTransfer {
    bool write = false;
    uint8_t* buffer = nullptr; // `length` bytes, aligned for O_DIRECT
    uint64_t offset = 0; // on the device, aligned
    uint64_t length = 0; // a multiple of ioSize
    uint32_t ioSize = 1024 * 1024;
    uint32_t depth = 4; // at most the depth the backend was set up with
    // A device that completes nothing for this long has stalled: an error instead of a hang.
    std::chrono::nanoseconds stallTimeout = std::chrono::seconds(30);
};

// Seconds from the first submission to the last completion. A cancel stops submitting, waits up
// to kStopGrace for what is in flight and returns a Cancelled error; an I/O error or short
// transfer returns an Io error naming the offset; a stall an Io error saying so. After a stall or
// a cancel the device may not have answered everything: `held` is then the number of I/Os the
// kernel still has, the backend must not be used again, and it and the buffer must be handed to
// holdUntilAnswered() (heldio.h), never freed here.
Result<double> transferRange(
    IoBackend& backend, const RangeTransfer& job, const std::atomic<bool>& cancel, uint32_t& held);

} // namespace dm
