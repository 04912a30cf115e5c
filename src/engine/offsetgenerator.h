// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "jobspec.h"
#include "randomgenerator.h"

#include <cstdint>

namespace dm {

// Where the next I/O of one thread goes (docs/MEASURING.md, "One test"):
// - sequential: each thread owns a contiguous slice of the region and walks it block by block,
//   wrapping to the slice's start at its end (time-based passes never run out of region);
// - random: uniform over the whole region, aligned to the block size.
class OffsetGenerator {
public:
    // regionOffset/regionLength: the test region; the slice of thread `index` of `count` is cut
    // on block boundaries. Valid when regionLength / count >= blockSize (checked by sliceFits).
    OffsetGenerator(Pattern pattern, uint64_t regionOffset, uint64_t regionLength, uint32_t blockSize, uint32_t index,
        uint32_t count, uint64_t seed);

    static bool sliceFits(uint64_t regionLength, uint32_t blockSize, uint32_t threads)
    {
        return blockSize > 0 && threads > 0 && regionLength / blockSize >= threads;
    }

    uint64_t next()
    {
        if (m_pattern == Pattern::Random)
            return m_regionOffset + m_rng.below(m_blocks) * m_blockSize;
        const uint64_t off = m_sliceStart + m_cursor * m_blockSize;
        if (++m_cursor == m_sliceBlocks)
            m_cursor = 0;
        return off;
    }

    uint64_t sliceStart() const { return m_sliceStart; }
    uint64_t sliceBlocks() const { return m_sliceBlocks; }

private:
    Pattern m_pattern;
    uint64_t m_regionOffset;
    uint64_t m_blockSize;
    uint64_t m_blocks; // whole blocks in the region
    uint64_t m_sliceStart = 0;
    uint64_t m_sliceBlocks = 0;
    uint64_t m_cursor = 0;
    RandomGenerator m_rng;
};

} // namespace dm
