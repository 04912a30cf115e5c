// SPDX-License-Identifier: GPL-3.0-or-later
// The capacity check's stamped blocks and what a block read back is taken for (capacityblocks.h),
// the lost stretches it adds up to, and the verdict (capacitycheck.h).
#include "capacitycheck.h"

#include <gtest/gtest.h>

#include <cstring>
#include <vector>

using namespace dm;

namespace {

constexpr uint64_t kStamp = 0x1234abcd5678ef01ULL;

std::vector<uint8_t> block(uint64_t position, uint64_t stamp = kStamp)
{
    std::vector<uint8_t> b(kCapacityBlock);
    fillCapacityBlock(b.data(), position, stamp);
    return b;
}

} // namespace

TEST(CapacityBlocks, ABlockIsItselfAndOnlyItself)
{
    const auto b = block(8192);
    EXPECT_EQ(classifyCapacityBlock(b.data(), 8192, kStamp).kind, BlockClass::Ok);
    EXPECT_NE(block(8192), block(12288)) << "two positions must not write the same bytes";
    EXPECT_NE(block(8192), block(8192, kStamp + 1)) << "two runs must not write the same bytes";
}

TEST(CapacityBlocks, AnotherBlockOfTheRunIsOverwrittenAndNamesWhose)
{
    const auto b = block(64ull << 20);
    const BlockVerdict v = classifyCapacityBlock(b.data(), 4096, kStamp);
    EXPECT_EQ(v.kind, BlockClass::Overwritten);
    EXPECT_EQ(v.foundPosition, 64ull << 20);
}

TEST(CapacityBlocks, ChangedBytesAreCorruptedWhereverTheyAre)
{
    for (size_t at : { size_t(3), size_t(12), size_t(40), size_t(4095) }) {
        auto b = block(4096);
        b[at] ^= 0x01;
        EXPECT_EQ(classifyCapacityBlock(b.data(), 4096, kStamp).kind, BlockClass::Corrupted) << "byte " << at;
    }
    auto inverted = block(4096);
    for (auto& c : inverted)
        c = uint8_t(~c);
    EXPECT_EQ(classifyCapacityBlock(inverted.data(), 4096, kStamp).kind, BlockClass::Corrupted);
}

TEST(CapacityBlocks, AWriteThatNeverLandedIsMissing)
{
    std::vector<uint8_t> zeros(kCapacityBlock, 0), ones(kCapacityBlock, 0xff), old(kCapacityBlock, 0x5a);
    EXPECT_EQ(classifyCapacityBlock(zeros.data(), 0, kStamp).kind, BlockClass::Missing);
    EXPECT_EQ(classifyCapacityBlock(ones.data(), 0, kStamp).kind, BlockClass::Missing);
    EXPECT_EQ(classifyCapacityBlock(old.data(), 0, kStamp, old.data()).kind, BlockClass::Missing);
    EXPECT_EQ(classifyCapacityBlock(old.data(), 0, kStamp).kind, BlockClass::Corrupted)
        << "without the original, other bytes are not known to be old";
    const auto earlierRun = block(0, kStamp ^ 0xff);
    EXPECT_EQ(classifyCapacityBlock(earlierRun.data(), 0, kStamp).kind, BlockClass::Missing);
}

TEST(CapacityBlocks, OwnBlocksAreRecognisedWithTheirPosition)
{
    uint64_t position = 0;
    const auto b = block(1ull << 40);
    EXPECT_TRUE(capacityBlockOfRun(b.data(), kStamp, position));
    EXPECT_EQ(position, 1ull << 40);
    EXPECT_FALSE(capacityBlockOfRun(b.data(), kStamp + 1, position));
    auto torn = b;
    torn[9] ^= 0x10; // the position, without its check
    EXPECT_FALSE(capacityBlockOfRun(torn.data(), kStamp, position));
}

TEST(CapacityLostRanges, NeighboursOfOneKindMergeAndCountsStayExact)
{
    LostRangeBuilder b;
    const BlockClass seq[] = { BlockClass::Ok, BlockClass::Corrupted, BlockClass::Corrupted, BlockClass::Missing,
        BlockClass::Ok, BlockClass::Overwritten };
    for (size_t i = 0; i < std::size(seq); ++i)
        b.add(i * 4096, 4096, seq[i]);
    CapacityResult r;
    b.finishInto(r);
    ASSERT_EQ(r.lostRanges.size(), 3u);
    EXPECT_EQ(r.lostRanges[0], (LostRange { 4096, 8192, BlockClass::Corrupted }));
    EXPECT_EQ(r.lostRanges[1], (LostRange { 12288, 4096, BlockClass::Missing }));
    EXPECT_EQ(r.lostRanges[2], (LostRange { 20480, 4096, BlockClass::Overwritten }));
    EXPECT_EQ(r.lostRangeCount, 3u);
    EXPECT_EQ(r.lostBytes, 4u * 4096);
    EXPECT_EQ(r.firstLostOffset, 4096u);
}

TEST(CapacityLostRanges, OnlyTheFirstRangesAreListed)
{
    LostRangeBuilder b;
    for (uint64_t i = 0; i < 2 * kMaxLostRanges + 10; ++i)
        b.add(i * 4096, 4096, i % 2 ? BlockClass::Ok : BlockClass::Corrupted);
    CapacityResult r;
    b.finishInto(r);
    EXPECT_EQ(r.lostRanges.size(), kMaxLostRanges);
    EXPECT_EQ(r.lostRangeCount, kMaxLostRanges + 5);
}

TEST(CapacityVerdict, SaysFakeDamagedOrOk)
{
    CapacityResult r;
    r.mode = CapacityMode::Fill;
    EXPECT_FALSE(capacityVerdict(r)) << "nothing read back: no verdict";
    r.blocks[size_t(BlockClass::Ok)] = 1000;
    r.bytesRead = 1000 * 4096;
    EXPECT_EQ(capacityVerdict(r), CapacityVerdict::Ok);
    r.blocks[size_t(BlockClass::Corrupted)] = 4;
    r.lostBytes = 4 * 4096;
    r.lostRanges = { { 40960, 4 * 4096, BlockClass::Corrupted } };
    r.lostRangeCount = 1;
    EXPECT_EQ(capacityVerdict(r), CapacityVerdict::Damaged);
    // A stretch never written, up to the end: writes past the real size were dropped.
    r.lostRanges = { { 500 * 4096, 500 * 4096, BlockClass::Missing } };
    r.lostBytes = 500 * 4096;
    EXPECT_EQ(capacityVerdict(r), CapacityVerdict::Fake);
    r.lostRanges = { { 500 * 4096, 4096, BlockClass::Missing } };
    r.lostBytes = 4096;
    EXPECT_EQ(capacityVerdict(r), CapacityVerdict::Damaged) << "a missing stretch in the middle is damage";
    r.blocks[size_t(BlockClass::Overwritten)] = 1;
    EXPECT_EQ(capacityVerdict(r), CapacityVerdict::Fake);
}
