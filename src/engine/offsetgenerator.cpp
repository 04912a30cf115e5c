// SPDX-License-Identifier: GPL-3.0-or-later
#include "offsetgenerator.h"

namespace dm {

OffsetGenerator::OffsetGenerator(Pattern pattern, uint64_t regionOffset, uint64_t regionLength, uint32_t blockSize,
    uint32_t index, uint32_t count, uint64_t seed)
    : m_pattern(pattern)
    , m_regionOffset(regionOffset)
    , m_blockSize(blockSize)
    , m_blocks(regionLength / blockSize)
    , m_rng(seed)
{
    // Slices split the whole blocks as evenly as possible; the first (blocks % count) get one more.
    const uint64_t base = m_blocks / count;
    const uint64_t extra = m_blocks % count;
    const uint64_t firstBlock = index * base + (index < extra ? index : extra);
    m_sliceBlocks = base + (index < extra ? 1 : 0);
    m_sliceStart = regionOffset + firstBlock * m_blockSize;
}

} // namespace dm
