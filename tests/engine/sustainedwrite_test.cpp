// SPDX-License-Identifier: GPL-3.0-or-later
// The sustained write on a file in a directory and on RAM-backed loop devices: a timeline whose
// bytes add up to the amount, no file left behind, free space checked first with advice naming
// --total, a device written only with consent, and a cancel within half a second.
#include "sustainedwrite.h"
#include "testtargets.h"

#include <gtest/gtest.h>

using namespace dm;
using namespace dm::test;
using Clock = std::chrono::steady_clock;

namespace {

std::atomic<bool> g_noCancel { false };

SustainedRequest small(const std::string& target, uint64_t total)
{
    SustainedRequest r;
    r.target = target;
    r.totalBytes = total;
    r.totalGiven = true;
    r.sampleSeconds = 0.05;
    return r;
}

} // namespace

TEST(SustainedWrite, TimelineAddsUpToTheAmountAndTheFileIsGone)
{
    ScratchDir dir;
    std::vector<SustainedSample> live;
    SustainedCallbacks cb;
    cb.sample = [&](const SustainedSample& s) { live.push_back(s); };
    auto result = runSustainedWrite(small(dir.path(), 96 * MiB), cb, g_noCancel);
    ASSERT_TRUE(result) << result.error().message;
    EXPECT_FALSE(result->error);
    EXPECT_FALSE(result->cancelled);
    EXPECT_EQ(result->bytesWritten, 96 * MiB);
    ASSERT_FALSE(result->timeline.empty());
    EXPECT_EQ(live.size(), result->timeline.size());
    EXPECT_EQ(result->timeline.back().bytes, 96 * MiB);
    // Each sample's rate times its length is the bytes it adds: together, the whole amount.
    double sum = 0, lastT = 0;
    uint64_t lastBytes = 0;
    for (const auto& s : result->timeline) {
        EXPECT_GE(s.bytes, lastBytes);
        EXPECT_GT(s.t, lastT);
        sum += s.mbPerSec * 1e6 * (s.t - lastT);
        lastT = s.t;
        lastBytes = s.bytes;
    }
    EXPECT_NEAR(sum, double(96 * MiB), 0.02 * double(96 * MiB));
    EXPECT_GT(result->averageMbPerSec(), 0.0);
    EXPECT_EQ(dir.entryCount(), 0u) << "the test file was left behind";
}

TEST(SustainedWrite, NotEnoughFreeSpaceSaysWhatFits)
{
    LoopDevice loop("64M");
    DM_REQUIRE_ROOT_LOOP(loop);
    const std::string mnt = loop.mount("ext4");
    if (mnt.empty())
        GTEST_SKIP() << "mkfs.ext4 or mount failed here";
    auto refused = runSustainedWrite(small(mnt, 128 * MiB), {}, g_noCancel);
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.error().kind, Error::Kind::Target);
    EXPECT_NE(refused.error().message.find("not enough free space"), std::string::npos) << refused.error().message;
    EXPECT_NE(refused.error().message.find("--total"), std::string::npos) << refused.error().message;
    EXPECT_EQ(run("ls -A " + mnt + " | grep -v lost+found | wc -l"), "0");
}

TEST(SustainedWrite, DeviceNeedsConsentThenIsWrittenWhole)
{
    LoopDevice loop("64M");
    DM_REQUIRE_ROOT_LOOP(loop);
    const std::string before = loop.checksum();
    SustainedRequest r;
    r.target = loop.device(); // the default 8 GiB is more than the device: it is written whole
    auto refused = runSustainedWrite(r, {}, g_noCancel);
    ASSERT_FALSE(refused);
    EXPECT_NE(refused.error().message.find("--allow-destructive"), std::string::npos);
    EXPECT_EQ(loop.checksum(), before);

    r.allowDestructive = true;
    auto result = runSustainedWrite(r, {}, g_noCancel);
    ASSERT_TRUE(result) << result.error().message;
    EXPECT_EQ(result->bytesWritten, 64 * MiB);
    EXPECT_EQ(result->request.totalBytes, 64 * MiB);
    EXPECT_NE(loop.checksum(), before);

    // Asked for more than the device holds: an error, not a silent cap.
    r.totalBytes = 128 * MiB;
    r.totalGiven = true;
    EXPECT_FALSE(runSustainedWrite(r, {}, g_noCancel));
}

TEST(SustainedWrite, CancelStopsWithinHalfASecond)
{
    LoopDevice loop("2G");
    DM_REQUIRE_ROOT_LOOP(loop);
    SustainedRequest r = small(loop.device(), 2 * GiB);
    r.allowDestructive = true;
    std::atomic<bool> cancel { false };
    Clock::time_point cancelledAt;
    SustainedCallbacks cb;
    cb.sample = [&](const SustainedSample& s) {
        if (s.t > 0.1 && !cancel.load()) {
            cancelledAt = Clock::now();
            cancel = true;
        }
    };
    auto result = runSustainedWrite(r, cb, cancel);
    const double stopSeconds = std::chrono::duration<double>(Clock::now() - cancelledAt).count();
    ASSERT_TRUE(result) << result.error().message;
    if (result->bytesWritten == 2 * GiB)
        GTEST_SKIP() << "the device wrote 2 GiB before the cancel could land";
    EXPECT_TRUE(result->cancelled);
    EXPECT_LT(stopSeconds, 0.5);
}

TEST(SustainedWrite, BadNumbersAreRefused)
{
    SustainedRequest r = small(".", 1 * MiB);
    EXPECT_NE(validate(r).error().message.find("16 MiB"), std::string::npos);
    r = small(".", 64 * MiB);
    r.queueDepth = 0;
    EXPECT_FALSE(validate(r));
}
