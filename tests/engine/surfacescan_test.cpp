// SPDX-License-Identifier: GPL-3.0-or-later
// The surface scan on RAM-backed loop devices (as root): N samples at evenly spread, increasing
// positions with positive rates, access-time reads across the whole device, nothing written
// unless write-back was asked for with consent (and then the same bytes), refusals for what is
// not a device or too small, a UDisks2-style descriptor, and a cancel that is quick.
#include "surfacescan.h"
#include "testtargets.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>

using namespace dm;
using namespace dm::test;
using Clock = std::chrono::steady_clock;

namespace {

std::atomic<bool> g_noCancel { false };

ScanRequest small(const std::string& device)
{
    ScanRequest r;
    r.target = device;
    r.samples = 20;
    r.sampleSize = 4 * MiB;
    r.accessSamples = 200;
    return r;
}

void fillRandom(const LoopDevice& loop)
{
    run("dd if=/dev/urandom of=" + loop.device() + " bs=1M oflag=direct status=none");
}

} // namespace

TEST(SurfaceScan, SampleOffsetsSpanTheDeviceEvenly)
{
    const uint64_t cap = 1000 * MiB, size = 10 * MiB;
    EXPECT_EQ(scanSampleOffset(0, 100, cap, size, 4096), 0u);
    EXPECT_EQ(scanSampleOffset(99, 100, cap, size, 4096), cap - size);
    EXPECT_EQ(scanSampleOffset(50, 101, cap, size, 4096), (cap - size) / 2 / 4096 * 4096);
    for (uint32_t i = 0; i < 100; ++i)
        EXPECT_EQ(scanSampleOffset(i, 100, cap, size, 4096) % 4096, 0u);
    EXPECT_EQ(scanSampleOffset(0, 1, cap, size, 4096), 0u);
    EXPECT_EQ(scanIoSize(10 * MiB), MiB);
    EXPECT_EQ(scanIoSize(1536 * KiB), 512 * KiB);
    EXPECT_EQ(scanIoSize(12 * KiB), 4 * KiB);
}

// Positions on a drive of 100+ PB with 100,000 samples: i * span overflows 64 bits, and 32-bit
// ARM has no 128-bit integer to hold it, yet every position is exact.
TEST(SurfaceScan, SampleOffsetsAreExactOnHugeDrivesWithout128BitArithmetic)
{
    const uint32_t n = 100000;
    const uint64_t step = uint64_t(1) << 40, size = 10 * MiB;
    const uint64_t cap = uint64_t(n - 1) * step + size;
    for (const uint32_t i : { 0u, 1u, 4242u, 50000u, 99998u, 99999u })
        EXPECT_EQ(scanSampleOffset(i, n, cap, size, 4096), uint64_t(i) * step) << i;
    // Not a multiple: floor(i * span / (n - 1)), here with span = 3 (n - 1) + 2.
    EXPECT_EQ(scanSampleOffset(2, 4, 11 + 1, 1, 0), 7u); // 2 * 11 / 3 = 7.33
}

TEST(SurfaceScan, BadNumbersAreRefused)
{
    ScanRequest r = small("/dev/null");
    r.samples = 0;
    EXPECT_NE(validate(r).error().message.find("number of samples"), std::string::npos);
    r = small("/dev/null");
    r.sampleSize = 5000;
    EXPECT_NE(validate(r).error().message.find("multiple of 4 KiB"), std::string::npos);
    r = small("/dev/null");
    r.writeBack = true;
    EXPECT_NE(validate(r).error().message.find("--allow-destructive"), std::string::npos);
}

TEST(SurfaceScan, ScansARamLoopDevice)
{
    LoopDevice loop("256M");
    DM_REQUIRE_ROOT_LOOP(loop);
    fillRandom(loop);
    const std::string before = loop.checksum();
    std::vector<ScanSample> live;
    size_t accessSeen = 0;
    ScanCallbacks cb;
    cb.sample = [&](const ScanSample& s) { live.push_back(s); };
    cb.access = [&](const std::vector<AccessSample>& a) { accessSeen += a.size(); };
    auto scan = runSurfaceScan(small(loop.device()), cb, g_noCancel);
    ASSERT_TRUE(scan) << scan.error().message;
    EXPECT_EQ(scan->region.length, 256 * MiB);
    ASSERT_EQ(scan->samples.size(), 20u);
    EXPECT_EQ(live.size(), 20u);
    EXPECT_EQ(scan->samples.front().offset, 0u);
    EXPECT_EQ(scan->samples.back().offset, 256 * MiB - 4 * MiB);
    EXPECT_DOUBLE_EQ(scan->samples.back().percent, 100.0);
    for (size_t i = 0; i < scan->samples.size(); ++i) {
        const ScanSample& s = scan->samples[i];
        EXPECT_GT(s.readMbPerSec, 0.0) << i;
        EXPECT_FALSE(s.writeMbPerSec);
        if (i > 0) {
            EXPECT_GT(s.offset, scan->samples[i - 1].offset) << i;
            EXPECT_GT(s.percent, scan->samples[i - 1].percent) << i;
            EXPECT_GE(s.t, scan->samples[i - 1].t) << i;
        }
    }
    ASSERT_EQ(scan->access.size(), 200u);
    EXPECT_EQ(accessSeen, 200u);
    uint64_t lowest = UINT64_MAX, highest = 0;
    for (const auto& a : scan->access) {
        EXPECT_GT(a.latencyNs, 0.0);
        EXPECT_EQ(a.offset % 4096, 0u);
        EXPECT_LT(a.offset, 256 * MiB);
        lowest = std::min(lowest, a.offset);
        highest = std::max(highest, a.offset);
    }
    // Spread over the whole device, not bunched at its start.
    EXPECT_LT(lowest, 64 * MiB);
    EXPECT_GT(highest, 192 * MiB);
    const ScanSummary sum = summarize(*scan);
    EXPECT_GT(sum.minMbPerSec, 0.0);
    EXPECT_LE(sum.minMbPerSec, sum.averageMbPerSec);
    EXPECT_LE(sum.averageMbPerSec, sum.maxMbPerSec);
    EXPECT_GT(sum.averageAccessMs, 0.0);
    EXPECT_EQ(loop.checksum(), before) << "a read-only scan changed the device";
}

TEST(SurfaceScan, RefusesWhatIsNotABlockDevice)
{
    ScratchDir dir;
    const std::string file = dir.path() + "/image";
    std::ofstream(file) << std::string(1 << 20, 'x');
    auto onFile = runSurfaceScan(small(file), {}, g_noCancel);
    ASSERT_FALSE(onFile);
    EXPECT_NE(onFile.error().message.find("is a regular file"), std::string::npos) << onFile.error().message;
    auto onDir = runSurfaceScan(small(dir.path()), {}, g_noCancel);
    ASSERT_FALSE(onDir);
    EXPECT_NE(onDir.error().message.find("is a directory"), std::string::npos) << onDir.error().message;
    auto missing = runSurfaceScan(small(dir.path() + "/nothing"), {}, g_noCancel);
    ASSERT_FALSE(missing);
    EXPECT_NE(missing.error().message.find("does not exist"), std::string::npos) << missing.error().message;
}

TEST(SurfaceScan, SampleBiggerThanTheDeviceIsRefused)
{
    LoopDevice loop("16M");
    DM_REQUIRE_ROOT_LOOP(loop);
    ScanRequest r = small(loop.device());
    r.sampleSize = 32 * MiB;
    auto scan = runSurfaceScan(r, {}, g_noCancel);
    ASSERT_FALSE(scan);
    EXPECT_EQ(scan.error().kind, Error::Kind::Usage);
    EXPECT_NE(scan.error().message.find("--sample-size"), std::string::npos) << scan.error().message;
}

TEST(SurfaceScan, WriteBackNeedsConsentAndKeepsTheData)
{
    LoopDevice loop("64M");
    DM_REQUIRE_ROOT_LOOP(loop);
    fillRandom(loop);
    const std::string before = loop.checksum();
    ScanRequest r = small(loop.device());
    r.writeBack = true;
    auto refused = runSurfaceScan(r, {}, g_noCancel);
    ASSERT_FALSE(refused);
    EXPECT_NE(refused.error().message.find("--allow-destructive"), std::string::npos);

    r.allowDestructive = true;
    r.accessSamples = 10;
    auto scan = runSurfaceScan(r, {}, g_noCancel);
    ASSERT_TRUE(scan) << scan.error().message;
    ASSERT_EQ(scan->samples.size(), 20u);
    for (const auto& s : scan->samples) {
        ASSERT_TRUE(s.writeMbPerSec);
        EXPECT_GT(*s.writeMbPerSec, 0.0);
    }
    ASSERT_TRUE(summarize(*scan).averageWriteMbPerSec);
    EXPECT_EQ(loop.checksum(), before) << "write-back changed the data";
}

TEST(SurfaceScan, WriteBackIsRefusedOnAMountedDevice)
{
    LoopDevice loop("64M");
    DM_REQUIRE_ROOT_LOOP(loop);
    if (loop.mount("ext4").empty() || !loop.freeze())
        GTEST_SKIP() << "mkfs.ext4, mount or fsfreeze failed here";
    const std::string before = loop.checksum();
    ScanRequest r = small(loop.device());
    r.writeBack = r.allowDestructive = true;
    auto refused = runSurfaceScan(r, {}, g_noCancel);
    ASSERT_FALSE(refused);
    EXPECT_NE(refused.error().message.find("mounted"), std::string::npos) << refused.error().message;
    // Without the consent too, the mount is what is told: --allow-destructive would not help.
    r.allowDestructive = false;
    refused = runSurfaceScan(r, {}, g_noCancel);
    ASSERT_FALSE(refused);
    EXPECT_NE(refused.error().message.find("mounted"), std::string::npos) << refused.error().message;
    EXPECT_EQ(refused.error().message.find("--allow-destructive"), std::string::npos) << refused.error().message;
    EXPECT_EQ(loop.checksum(), before);
    // Reading a mounted device is harmless.
    r.writeBack = false;
    EXPECT_TRUE(runSurfaceScan(r, {}, g_noCancel));
}

TEST(SurfaceScan, UsesAHandedOverDescriptor)
{
    LoopDevice loop("64M");
    DM_REQUIRE_ROOT_LOOP(loop);
    const int fd = ::open(loop.device().c_str(), O_RDONLY | O_CLOEXEC);
    ASSERT_GE(fd, 0);
    ScanRequest r = small(loop.device());
    r.fd = fd;
    auto scan = runSurfaceScan(r, {}, g_noCancel);
    EXPECT_TRUE(scan) << scan.error().message;
    EXPECT_EQ(scan->samples.size(), 20u);
    EXPECT_EQ(scan->request.fd, -1);
    EXPECT_GE(::fcntl(fd, F_GETFD), 0) << "the caller's descriptor was closed";
    ::close(fd);
}

TEST(SurfaceScan, CancelStopsQuickly)
{
    LoopDevice loop("256M");
    DM_REQUIRE_ROOT_LOOP(loop);
    std::atomic<bool> cancel { false };
    ScanRequest r = small(loop.device());
    r.samples = 10000; // far more than can finish
    r.sampleSize = MiB;
    ScanCallbacks cb;
    Clock::time_point cancelledAt;
    cb.sample = [&](const ScanSample& s) {
        if (s.t > 0.2 && !cancel.load()) {
            cancelledAt = Clock::now();
            cancel = true;
        }
    };
    auto scan = runSurfaceScan(r, cb, cancel);
    const double stopSeconds = std::chrono::duration<double>(Clock::now() - cancelledAt).count();
    ASSERT_TRUE(scan) << scan.error().message;
    EXPECT_TRUE(scan->cancelled);
    EXPECT_LT(scan->samples.size(), 10000u);
    EXPECT_TRUE(scan->access.empty());
    EXPECT_LT(stopSeconds, 0.5);
}
