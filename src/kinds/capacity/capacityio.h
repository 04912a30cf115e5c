// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "iobackend.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>

namespace dm {

// The capacity check's I/O: one backend and one aligned buffer, ranges moved with transferRange
// (rangeio.h). After a stall or a Stop the device may still hold I/O: the backend and the buffer
// then go to holdUntilAnswered() (heldio.h) when this is destroyed, and usable() turns false.
class CapacityIo {
public:
    static constexpr uint64_t kBufferBytes = 4 * 1024 * 1024;
    static constexpr uint32_t kDepth = 4;

    CapacityIo(int fd, std::unique_ptr<IoBackend> backend, std::chrono::nanoseconds stallTimeout);
    ~CapacityIo();
    CapacityIo(const CapacityIo&) = delete;
    CapacityIo& operator=(const CapacityIo&) = delete;

    Status setUp();
    uint8_t* buffer() { return m_buffer; } // kBufferBytes, 4 KiB aligned
    // Moves `length` (a multiple of 4 KiB, at most kBufferBytes) between buffer() and `offset` of
    // the descriptor (a backend serves one: a fill makes one CapacityIo per file). Returns the seconds.
    Result<double> transfer(bool write, uint64_t offset, uint64_t length, const std::atomic<bool>& cancel);
    bool usable() const { return m_held == 0 && m_backend != nullptr; }
    // What the transfers that completed sent, for the device's account of the check (DevicePhase).
    struct Sent {
        uint64_t readBytes = 0, writeBytes = 0, reads = 0, writes = 0;
    };
    const Sent& sent() const { return m_sent; }
    const char* engineName() const { return m_backend ? m_backend->name() : ""; }

private:
    int m_fd;
    std::unique_ptr<IoBackend> m_backend;
    std::chrono::nanoseconds m_stallTimeout;
    uint8_t* m_buffer = nullptr;
    uint32_t m_held = 0;
    Sent m_sent;
};

} // namespace dm
