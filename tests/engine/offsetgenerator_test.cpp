// SPDX-License-Identifier: GPL-3.0-or-later
// Checks where I/Os go: sequential threads own disjoint contiguous slices and wrap inside them;
// random offsets are block-aligned, inside the region, spread uniformly, and differ by seed.
#include "offsetgenerator.h"

#include <algorithm>
#include <gtest/gtest.h>
#include <set>
#include <vector>

using namespace dm;

TEST(OffsetGenerator, SequentialSlicesAreDisjointAndCoverTheRegion)
{
    const uint64_t region = 100 * MiB + 4096; // not a multiple of the block size
    const uint32_t bs = 1 * MiB, threads = 3;
    std::set<uint64_t> seen;
    for (uint32_t t = 0; t < threads; ++t) {
        OffsetGenerator g(Pattern::Sequential, 0, region, bs, t, threads, 1);
        const uint64_t blocks = g.sliceBlocks();
        EXPECT_GE(blocks, 33u);
        uint64_t prev = 0;
        for (uint64_t i = 0; i < blocks; ++i) {
            const uint64_t off = g.next();
            if (i > 0) {
                EXPECT_EQ(off, prev + bs) << "sequential within the slice";
            }
            prev = off;
            EXPECT_TRUE(seen.insert(off).second) << "two threads touched offset " << off;
            EXPECT_LE(off + bs, region);
        }
        // Wrap-around: the next offset is the slice's start again.
        EXPECT_EQ(g.next(), g.sliceStart());
    }
    EXPECT_EQ(seen.size(), 100u); // every whole block, once
}

TEST(OffsetGenerator, RespectsTheRegionOffset)
{
    OffsetGenerator g(Pattern::Sequential, 8 * MiB, 4 * MiB, 1 * MiB, 0, 1, 1);
    EXPECT_EQ(g.next(), 8 * MiB);
    OffsetGenerator r(Pattern::Random, 8 * MiB, 4 * MiB, 4096, 0, 1, 1);
    for (int i = 0; i < 1000; ++i) {
        const uint64_t off = r.next();
        EXPECT_GE(off, 8 * MiB);
        EXPECT_LT(off, 12 * MiB);
    }
}

TEST(OffsetGenerator, RandomOffsetsAreAlignedAndUniform)
{
    const uint64_t region = 64 * MiB;
    OffsetGenerator g(Pattern::Random, 0, region, 4096, 0, 1, 12345);
    std::vector<int> deciles(10, 0);
    const int n = 200000;
    for (int i = 0; i < n; ++i) {
        const uint64_t off = g.next();
        ASSERT_EQ(off % 4096, 0u);
        ASSERT_LT(off, region);
        deciles[size_t(off * 10 / region)]++;
    }
    // Each tenth of the region gets 10 % of the I/Os, within 3 % of that (about 7 sigma).
    for (int d : deciles)
        EXPECT_NEAR(d, n / 10, n / 10 * 0.03);
}

TEST(OffsetGenerator, SeedsGiveDifferentSequences)
{
    OffsetGenerator a(Pattern::Random, 0, 1 * GiB, 4096, 0, 1, 1);
    OffsetGenerator b(Pattern::Random, 0, 1 * GiB, 4096, 0, 1, 2);
    int same = 0;
    for (int i = 0; i < 100; ++i)
        same += a.next() == b.next();
    EXPECT_LT(same, 5);
}

TEST(OffsetGenerator, SliceFitNeedsOneBlockPerThread)
{
    EXPECT_TRUE(OffsetGenerator::sliceFits(16 * MiB, 1 * MiB, 16));
    EXPECT_FALSE(OffsetGenerator::sliceFits(16 * MiB, 1 * MiB, 17));
    EXPECT_FALSE(OffsetGenerator::sliceFits(512 * KiB, 1 * MiB, 1));
}

// Random offsets come from the high half of a 64x64-bit product; 32-bit ARM has no 128-bit
// integer, so the product is also done in 32-bit halves. Both must agree everywhere.
TEST(RandomGenerator, HighHalfOfTheProductIsExactWithoutInt128)
{
    constexpr uint64_t max = ~uint64_t(0);
    static_assert(dm::mulHigh64Portable(max, max) == max - 1);
    static_assert(dm::mulHigh64Portable(uint64_t(1) << 32, uint64_t(1) << 32) == 1);
    static_assert(dm::mulHigh64Portable(max, 2) == 1);
    static_assert(dm::mulHigh64Portable(0x123456789abcdef0ULL, 0x0fedcba987654321ULL) == 0x0121fa00ad77d742ULL);
    dm::RandomGenerator rng(7);
    for (int i = 0; i < 100000; ++i) {
        const uint64_t a = rng.next(), b = rng.next() >> (i % 64);
        ASSERT_EQ(dm::mulHigh64Portable(a, b), dm::mulHigh64(a, b)) << a << " * " << b;
    }
    // below(n) stays below n for n beyond 32 bits (offsets on drives of terabytes).
    const uint64_t n = (uint64_t(1) << 40) + 12345;
    uint64_t highest = 0;
    for (int i = 0; i < 10000; ++i)
        highest = std::max(highest, rng.below(n));
    EXPECT_LT(highest, n);
    EXPECT_GT(highest, n / 2);
}
