// SPDX-License-Identifier: GPL-3.0-or-later
// Runs real tests on block devices (RAM-backed loop devices, as root): reads allowed, writes only
// with consent and never while mounted (checksummed before and after), 4096-byte sectors refuse
// 512-byte I/O, and read-only or full filesystems give their clear errors and leave no file.
#include "runner.h"
#include "testtargets.h"

#include <gtest/gtest.h>

#include <fstream>

using namespace dm;
using namespace dm::test;

namespace {

RunRequest quick(const std::string& target, const char* row, Direction d)
{
    RunRequest r;
    r.target = target;
    r.tests = { { *parseRow(row), d, d == Direction::Read ? 100 : 0 } };
    r.settings.count = 1;
    r.settings.measureSeconds = 0.5;
    r.settings.warmupSeconds = 0.1;
    r.settings.intervalSeconds = 0;
    r.settings.testSize = 64 * MiB;
    return r;
}

std::atomic<bool> g_noCancel { false };

} // namespace

TEST(RunnerOnDevice, ReadsARawDevice)
{
    LoopDevice loop("128M");
    DM_REQUIRE_ROOT_LOOP(loop);
    auto run = runTests(quick(loop.device(), "RND4K-Q32T1", Direction::Read), {}, g_noCancel);
    ASSERT_TRUE(run) << run.error().message;
    EXPECT_EQ(run->region.kind, RegionInfo::Kind::BlockDevice);
    EXPECT_EQ(run->region.length, 64 * MiB);
    ASSERT_TRUE(run->tests.at(0).ok());
    EXPECT_GT(run->tests[0].passes[0].iops(), 1000.0); // RAM-backed: far above any disk
}

TEST(RunnerOnDevice, WritingNeedsConsentAndThenWrites)
{
    LoopDevice loop("128M");
    DM_REQUIRE_ROOT_LOOP(loop);
    const std::string before = loop.checksum();
    auto refused = runTests(quick(loop.device(), "SEQ1M-Q8T1", Direction::Write), {}, g_noCancel);
    ASSERT_FALSE(refused);
    EXPECT_NE(refused.error().message.find("--allow-destructive"), std::string::npos);
    EXPECT_EQ(loop.checksum(), before);

    auto req = quick(loop.device(), "SEQ1M-Q8T1", Direction::Write);
    req.allowDestructive = true;
    auto run = runTests(req, {}, g_noCancel);
    ASSERT_TRUE(run) << run.error().message;
    ASSERT_TRUE(run->tests.at(0).ok()) << run->tests[0].error.value_or("");
    EXPECT_NE(loop.checksum(), before);
}

TEST(RunnerOnDevice, NeverWritesToAMountedDevice)
{
    LoopDevice loop("128M");
    DM_REQUIRE_ROOT_LOOP(loop);
    const std::string mnt = loop.mount("ext4");
    if (mnt.empty())
        GTEST_SKIP() << "mkfs.ext4 or mount failed here";
    if (!loop.freeze())
        GTEST_SKIP() << "fsfreeze failed here";
    const std::string before = loop.checksum();
    auto req = quick(loop.device(), "SEQ1M-Q8T1", Direction::Write);
    req.allowDestructive = true;
    auto refused = runTests(req, {}, g_noCancel);
    ASSERT_FALSE(refused);
    EXPECT_NE(refused.error().message.find("mounted"), std::string::npos) << refused.error().message;
    EXPECT_EQ(loop.checksum(), before);
    // Reading a mounted device is harmless and allowed.
    EXPECT_TRUE(runTests(quick(loop.device(), "SEQ1M-Q8T1", Direction::Read), {}, g_noCancel));
}

TEST(RunnerOnDevice, FourKibSectorsRefuse512ByteIo)
{
    LoopDevice loop("128M", 4096);
    DM_REQUIRE_ROOT_LOOP(loop);
    auto refused = runTests(quick(loop.device(), "RND512-Q1T1", Direction::Read), {}, g_noCancel);
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.error().kind, Error::Kind::Usage);
    EXPECT_NE(refused.error().message.find("logical block size (4096 B)"), std::string::npos)
        << refused.error().message;
    EXPECT_TRUE(runTests(quick(loop.device(), "RND4K-Q1T1", Direction::Read), {}, g_noCancel));
}

TEST(RunnerOnDevice, ReadOnlyFilesystemIsRefusedCleanly)
{
    LoopDevice loop("128M");
    DM_REQUIRE_ROOT_LOOP(loop);
    const std::string mnt = loop.mount("ext4", "ro");
    if (mnt.empty())
        GTEST_SKIP() << "mkfs.ext4 or mount failed here";
    auto refused = runTests(quick(mnt, "SEQ1M-Q8T1", Direction::Read), {}, g_noCancel);
    ASSERT_FALSE(refused);
    EXPECT_NE(refused.error().message.find("read-only"), std::string::npos) << refused.error().message;
}

TEST(RunnerOnDevice, FullFilesystemIsRefusedAndLeavesNoFile)
{
    LoopDevice loop("64M");
    DM_REQUIRE_ROOT_LOOP(loop);
    const std::string mnt = loop.mount("ext4");
    if (mnt.empty())
        GTEST_SKIP() << "mkfs.ext4 or mount failed here";
    auto req = quick(mnt, "SEQ1M-Q8T1", Direction::Read);
    req.settings.testSize = 64 * MiB; // more than a 64 MiB filesystem can hold
    auto refused = runTests(req, {}, g_noCancel);
    ASSERT_FALSE(refused);
    EXPECT_NE(refused.error().message.find("not enough free space"), std::string::npos) << refused.error().message;
    EXPECT_EQ(run("ls -A " + mnt + " | grep -v lost+found | wc -l"), "0");
}

namespace {
// Reads submitted to a block device as the kernel counts them: completed plus merged requests
// (fields 1 and 2 of /sys/block/NAME/stat), so each of our I/Os counts once however it was merged.
uint64_t deviceReads(const std::string& device)
{
    const std::string name = device.substr(device.rfind('/') + 1);
    std::ifstream stat("/sys/block/" + name + "/stat");
    uint64_t reads = 0, merged = 0;
    stat >> reads >> merged;
    return reads + merged;
}
}

TEST(RunnerOnDevice, EveryIoIsCountedOnceAsTheDeviceSawIt)
{
    LoopDevice loop("128M");
    DM_REQUIRE_ROOT_LOOP(loop);
    // Completions taken from the aio ring in user space and through io_getevents must add up to
    // exactly what the device did: one lost would stall the pass, one taken twice would count
    // an I/O the device never saw. No warm-up, so every I/O of the test is in its one pass.
    RunRequest request = quick(loop.device(), "RND4K-Q32T1", Direction::Read);
    request.settings.warmupSeconds = 0;
    request.engine = EngineKind::Libaio;
    const uint64_t before = deviceReads(loop.device());
    auto run = runTests(request, {}, g_noCancel);
    const uint64_t after = deviceReads(loop.device());
    ASSERT_TRUE(run) << run.error().message;
    ASSERT_TRUE(run->tests.at(0).ok()) << run->tests[0].error.value_or("");
    ASSERT_EQ(run->tests[0].passes.size(), 1u);
    // Enough I/O that every one of the 32 slots was reaped and reissued many times over, by both
    // paths: a count, not a speed (half a second of an ASan build on a loaded machine did 2,400;
    // an unsanitized one on an idle machine does over 10,000).
    EXPECT_GT(run->tests[0].passes[0].ios, 20u * 32u);
    EXPECT_EQ(after - before, run->tests[0].passes[0].ios);
}
