// SPDX-License-Identifier: GPL-3.0-or-later
// The device's account of real passes (devicecounters.h) on RAM-backed loop devices, as root:
// what the pass sent is what the device counted; a queue that takes smaller requests
// (max_sectors_kb lowered) splits each I/O, and raised again joins them; a second writer on
// the device during a pass shows as foreign bytes. And a file on the ordinary disk is counted on
// the device beneath its filesystem.
#include "runner.h"
#include "testtargets.h"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <thread>

using namespace dm;
using namespace dm::test;

namespace {

RunRequest oneRow(const std::string& target, const char* row, Direction d)
{
    RunRequest r;
    r.target = target;
    r.tests = { { *parseRow(row), d, d == Direction::Read ? 100 : 0 } };
    r.settings.count = 1;
    r.settings.measureSeconds = 0.5;
    r.settings.warmupSeconds = 0;
    r.settings.intervalSeconds = 0;
    r.settings.testSize = 64 * MiB;
    r.engine = EngineKind::Libaio;
    return r;
}

std::atomic<bool> g_noCancel { false };

const PassResult& onlyPass(const Result<RunResult>& run)
{
    EXPECT_TRUE(run) << run.error().message;
    EXPECT_TRUE(run->tests.at(0).ok()) << run->tests[0].error.value_or("");
    return run->tests.at(0).passes.at(0);
}

} // namespace

TEST(DeviceCountersOnDevice, TheDeviceCountsWhatThePassSent)
{
    LoopDevice loop("128M");
    DM_REQUIRE_ROOT_LOOP(loop);
    const auto run = runTests(oneRow(loop.device(), "SEQ128K-Q4T1", Direction::Read), {}, g_noCancel);
    const PassResult& p = onlyPass(run);
    ASSERT_TRUE(p.device) << "no counters for " << loop.device();
    // Over a file in /dev/shm (tmpfs has no device) the loop device is the bottom.
    EXPECT_EQ("/dev/" + p.device->device, loop.device());
    EXPECT_EQ(p.device->readBytes, p.readBytes);
    EXPECT_LE(p.device->reads, p.readIos); // some may have been joined (see below)
    EXPECT_EQ(p.device->writeBytes, 0u);
    EXPECT_EQ(p.device->foreignBytes, 0u);
    EXPECT_GT(p.device->busyPercent, 0.0);
    EXPECT_GT(p.device->avgInFlight, 0.0);
}

TEST(DeviceCountersOnDevice, AQueueOfSmallerRequestsSplitsEachIo)
{
    LoopDevice loop("128M");
    DM_REQUIRE_ROOT_LOOP(loop);
    const std::string name = loop.device().substr(5);
    {
        QueueSetting small(loop.device(), "max_sectors_kb", "64");
        if (!small.set())
            GTEST_SKIP() << "could not set max_sectors_kb of " << name;
        const auto run = runTests(oneRow(loop.device(), "SEQ256K-Q4T1", Direction::Read), {}, g_noCancel);
        const PassResult& p = onlyPass(run);
        ASSERT_TRUE(p.device);
        EXPECT_EQ(p.device->readBytes, p.readBytes);
        EXPECT_EQ(p.device->reads, 4 * p.readIos); // each 256 KiB read as four of 64 KiB
        EXPECT_DOUBLE_EQ(p.device->avgReadRequestBytes(), 64.0 * 1024);
    }
    // Raised again (to what it was, 1280 KiB here): the kernel joins the four reads submitted
    // together into requests of up to 1 MiB (the buffers are huge pages: one segment each).
    std::ifstream limit("/sys/block/" + name + "/queue/max_sectors_kb");
    unsigned maxKb = 0;
    limit >> maxKb;
    if (maxKb < 1024)
        GTEST_SKIP() << name << " takes requests of at most " << maxKb << " KiB";
    const auto run = runTests(oneRow(loop.device(), "SEQ256K-Q4T1", Direction::Read), {}, g_noCancel);
    const PassResult& p = onlyPass(run);
    ASSERT_TRUE(p.device);
    EXPECT_EQ(p.device->readBytes, p.readBytes);
    EXPECT_LT(p.device->reads, p.readIos);
    EXPECT_GT(p.device->avgReadRequestBytes(), 1.1 * 256 * 1024) << "joined";
    EXPECT_EQ(p.device->readMerges + p.device->reads, p.readIos);
}

TEST(DeviceCountersOnDevice, ASecondWriterShowsAsForeignBytes)
{
    LoopDevice loop("256M");
    DM_REQUIRE_ROOT_LOOP(loop);
    // Another program writes 1 MiB blocks to the last 64 MiB of the device while the pass reads
    // the first 64 MiB, until the pass has ended.
    std::atomic<bool> stop { false };
    std::atomic<uint64_t> written { 0 };
    std::thread other([&] {
        const int fd = ::open(loop.device().c_str(), O_WRONLY | O_DIRECT);
        if (fd < 0)
            return;
        void* buf = nullptr;
        if (::posix_memalign(&buf, 4096, MiB) != 0) {
            ::close(fd);
            return;
        }
        std::memset(buf, 0x5a, MiB);
        for (uint64_t i = 0; !stop.load(); i = (i + 1) % 64)
            if (::pwrite(fd, buf, MiB, off_t(192 * MiB + i * MiB)) == ssize_t(MiB))
                written += MiB;
        std::free(buf);
        ::close(fd);
    });
    while (written.load() < 4 * MiB)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    const auto run = runTests(oneRow(loop.device(), "SEQ1M-Q1T1", Direction::Read), {}, g_noCancel);
    stop = true;
    other.join();
    const PassResult& p = onlyPass(run);
    ASSERT_TRUE(p.device);
    EXPECT_EQ(p.device->readBytes, p.readBytes); // the other program only wrote
    EXPECT_GT(p.device->writeBytes, 0u);
    EXPECT_EQ(p.device->foreignBytes, p.device->writeBytes);
    EXPECT_LE(p.device->foreignBytes, written.load());
}

TEST(DeviceCountersOnDevice, AFileIsCountedOnTheDeviceBeneathItsFilesystem)
{
    ScratchDir dir;
    const auto run = runTests(oneRow(dir.path(), "SEQ1M-Q1T1", Direction::Read), {}, g_noCancel);
    ASSERT_TRUE(run) << run.error().message;
    const PassResult& p = run->tests.at(0).passes.at(0);
    if (!p.device)
        GTEST_SKIP() << "the build tree's filesystem has no block device here (tmpfs, overlay or network)";
    EXPECT_FALSE(p.device->device.empty());
    // The device moved at least what the pass read (with O_DIRECT nothing came from a cache);
    // others may have added to it.
    EXPECT_GE(p.device->readBytes + p.device->foreignBytes, p.readBytes);
}

// A RAM disk's row against the ceiling the run measured on the engine that ran it: the ceiling
// is above the row (no drive is faster than no drive), for the row's depth and threads.
TEST(DeviceCountersOnDevice, TheRunMeasuresTheEnginesCeilingForItsFastRows)
{
    LoopDevice loop("128M");
    DM_REQUIRE_ROOT_LOOP(loop);
    RunRequest request = oneRow(loop.device(), "RND4K-Q1T1", Direction::Read);
    const auto run = runTests(request, {}, g_noCancel);
    ASSERT_TRUE(run) << run.error().message;
    ASSERT_EQ(run->tests.size(), 1u);
    const double rnd = run->tests[0].passes.at(0).iops();
    if (rnd < kCeilingMinIops)
        GTEST_SKIP() << "RND4K Q1T1 on a RAM disk did only " << rnd << " IOPS here (a loaded sanitizer build?)";
    const EngineCeiling* q1 = ceilingFor(run->ceilings, run->tests[0].spec.row);
    ASSERT_NE(q1, nullptr);
    EXPECT_EQ(q1->engine, run->engine);
    EXPECT_EQ(q1->queueDepth, 1u);
    EXPECT_EQ(q1->threads, 1u);
    EXPECT_GT(q1->iops, rnd);
}
