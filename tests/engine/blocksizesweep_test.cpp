// SPDX-License-Identifier: GPL-3.0-or-later
// The block-size sweep: its block sizes (powers of two, min to max), its refusals, and real runs
// that give one point per block size, on a file and up to 16 MiB on a RAM-backed loop device.
#include "blocksizesweep.h"
#include "testtargets.h"

#include <gtest/gtest.h>

using namespace dm;
using namespace dm::test;

namespace {

std::atomic<bool> g_noCancel { false };

SweepRequest quick(const std::string& target)
{
    SweepRequest r;
    r.target = target;
    r.settings.measureSeconds = 0.5;
    r.settings.warmupSeconds = 0.1;
    r.settings.testSize = 32 * MiB;
    r.queueDepth = 4;
    return r;
}

} // namespace

TEST(BlockSizeSweep, BlockSizesArePowersOfTwoFromMinToMax)
{
    const auto all = sweepBlockSizes(4 * KiB, 16 * MiB);
    ASSERT_EQ(all.size(), 13u);
    EXPECT_EQ(all.front(), 4 * KiB);
    EXPECT_EQ(all[1], 8 * KiB);
    EXPECT_EQ(all.back(), 16 * MiB);
    EXPECT_EQ(sweepBlockSizes(64 * KiB, 64 * KiB).size(), 1u);
    EXPECT_TRUE(sweepBlockSizes(8 * KiB, 4 * KiB).empty());
    EXPECT_TRUE(sweepBlockSizes(3000, 8192).empty());

    SweepRequest r = quick(".");
    r.minBlockSize = 8 * KiB;
    r.maxBlockSize = 4 * KiB;
    EXPECT_NE(validate(r).error().message.find("larger than --max"), std::string::npos);
    r.maxBlockSize = 12 * KiB;
    EXPECT_NE(validate(r).error().message.find("power of two"), std::string::npos);
    r.maxBlockSize = 32 * MiB;
    EXPECT_NE(validate(r).error().message.find("16 MiB"), std::string::npos);
    r = quick(".");
    EXPECT_TRUE(validate(r)) << validate(r).error().message;
    const auto tests = sweepTests(r);
    ASSERT_EQ(tests.size(), 26u);
    EXPECT_EQ(tests[0].direction, Direction::Read);
    EXPECT_EQ(tests[13].direction, Direction::Write);
    EXPECT_EQ(tests[13].row.blockSize, 4 * KiB);
}

TEST(BlockSizeSweep, OnePointPerBlockSizeOnAFile)
{
    ScratchDir dir;
    SweepRequest r = quick(dir.path());
    r.minBlockSize = 4 * KiB;
    r.maxBlockSize = 64 * KiB;
    r.pattern = Pattern::Random;
    size_t finished = 0;
    RunCallbacks cb;
    cb.testFinished = [&](size_t, const TestResult&) { ++finished; };
    auto sweep = runBlockSizeSweep(r, cb, g_noCancel);
    ASSERT_TRUE(sweep) << sweep.error().message;
    EXPECT_EQ(finished, 10u);
    ASSERT_EQ(sweep->points.size(), 5u);
    uint32_t expected = 4 * KiB;
    for (const auto& p : sweep->points) {
        EXPECT_EQ(p.blockSize, expected);
        expected *= 2;
        ASSERT_TRUE(p.read && p.write);
        EXPECT_FALSE(p.read->error);
        EXPECT_GT(p.read->mbPerSec, 0.0);
        EXPECT_GT(p.write->iops, 0.0);
        // MB/s and IOPS are one measurement: MB/s = IOPS x block size.
        EXPECT_NEAR(p.read->mbPerSec, p.read->iops * p.blockSize / 1e6, 0.01 * p.read->mbPerSec);
    }
    EXPECT_EQ(dir.entryCount(), 0u);
}

TEST(BlockSizeSweep, ReachesSixteenMiBOnADevice)
{
    LoopDevice loop("256M");
    DM_REQUIRE_ROOT_LOOP(loop);
    const std::string before = loop.checksum();
    SweepRequest r = quick(loop.device());
    r.minBlockSize = 4 * MiB;
    r.maxBlockSize = 16 * MiB;
    r.settings.testSize = 128 * MiB;
    // Writing needs consent on a device; the error says so and nothing is written.
    auto refused = runBlockSizeSweep(r, {}, g_noCancel);
    ASSERT_FALSE(refused);
    EXPECT_NE(refused.error().message.find("--allow-destructive"), std::string::npos);
    EXPECT_EQ(loop.checksum(), before);

    r.writes = false;
    auto sweep = runBlockSizeSweep(r, {}, g_noCancel);
    ASSERT_TRUE(sweep) << sweep.error().message;
    ASSERT_EQ(sweep->points.size(), 3u);
    EXPECT_EQ(sweep->points.back().blockSize, 16 * MiB);
    for (const auto& p : sweep->points) {
        ASSERT_TRUE(p.read);
        EXPECT_FALSE(p.write);
        EXPECT_GT(p.read->mbPerSec, 0.0) << p.read->error.value_or("");
    }
}
