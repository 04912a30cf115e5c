// SPDX-License-Identifier: GPL-3.0-or-later
#include "iobuffers.h"

#include <sys/mman.h>

namespace dm {

IoBuffers::~IoBuffers()
{
    if (m_map)
        ::munmap(m_map, m_length);
}

uint8_t* IoBuffers::allocate(size_t bytes, uint32_t blockSize)
{
    if (m_map)
        ::munmap(m_map, m_length);
    m_map = nullptr;
    m_huge = false;
    if (bytes == 0)
        return nullptr;

    if (blockSize >= kHugePageMinBlock) {
        // Map one huge page more than needed, keep the 2 MiB aligned part and give the rest back:
        // a huge page can only back an aligned 2 MiB of the mapping.
        const size_t length = (bytes + kHugePage - 1) / kHugePage * kHugePage;
        void* raw = ::mmap(nullptr, length + kHugePage, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (raw != MAP_FAILED) {
            const auto start = reinterpret_cast<uintptr_t>(raw);
            const uintptr_t aligned = (start + kHugePage - 1) / kHugePage * kHugePage;
            if (aligned > start)
                ::munmap(raw, aligned - start);
            if (const size_t tail = start + length + kHugePage - (aligned + length); tail > 0)
                ::munmap(reinterpret_cast<void*>(aligned + length), tail);
            m_map = reinterpret_cast<void*>(aligned);
            m_length = length;
            // EINVAL where the kernel has no THP: ordinary pages then, which is what we had.
            m_huge = ::madvise(m_map, m_length, MADV_HUGEPAGE) == 0;
            return static_cast<uint8_t*>(m_map);
        }
    }
    void* mapped = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mapped == MAP_FAILED)
        return nullptr;
    m_map = mapped;
    m_length = bytes;
    return static_cast<uint8_t*>(m_map);
}

} // namespace dm
