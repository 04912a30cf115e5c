// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>

namespace dm {

// The memory an I/O thread's buffers live in: mapped (not from malloc, so it goes back to the
// system when the test ends; docs/PERFORMANCE.md 2.4) and, for large blocks, backed by
// transparent huge pages.
//
// Why huge pages: the block layer makes one segment of each physically contiguous run of a
// buffer, and a device takes at most queue/max_segments segments per request. A 1 MiB buffer of
// 4 KiB pages is as contiguous as the page allocator happened to leave it: often 256 runs, over
// a virtio disk's 254, so the kernel splits our 1 MiB writes and cannot merge neighbours
// (docs/PERFORMANCE.md, section 8). Inside a 2 MiB huge page it is one segment. The mapping is
// 2 MiB aligned and madvise(MADV_HUGEPAGE) asks for them (THP "madvise" mode, Debian's default);
// where the kernel has no THP, or none is free, the pages are ordinary ones and only the request
// sizes are left to chance, as before.
class IoBuffers {
public:
    IoBuffers() = default;
    ~IoBuffers();
    IoBuffers(const IoBuffers&) = delete;
    // Moved out of a worker whose I/O the kernel still holds (heldio.h): the mapping goes along.
    IoBuffers(IoBuffers&& other) noexcept
        : m_map(std::exchange(other.m_map, nullptr))
        , m_length(std::exchange(other.m_length, 0))
        , m_huge(other.m_huge)
    {
    }
    IoBuffers& operator=(const IoBuffers&) = delete;

    // Maps `bytes` of zeroed memory; huge pages are asked for when blockSize is at least
    // kHugePageMinBlock. Returns nullptr when the memory is not there.
    uint8_t* allocate(size_t bytes, uint32_t blockSize);
    bool hugePagesAsked() const { return m_huge; }

    // Below this, a request has few segments anyway, and rounding a Q32 pool of 4 KiB buffers
    // (128 KiB) up to 2 MiB would cost memory for nothing.
    static constexpr uint32_t kHugePageMinBlock = 64 * 1024;
    static constexpr size_t kHugePage = 2 * 1024 * 1024;

private:
    void* m_map = nullptr;
    size_t m_length = 0;
    bool m_huge = false;
};

} // namespace dm
