// SPDX-License-Identifier: GPL-3.0-or-later
// Runs on a block device through a descriptor someone else opened (UDisks2 does, for users who
// may not open the device): reads and writes work, the caller keeps its descriptor, O_DIRECT is
// switched on when missing, and the safety checks still hold: a read-only descriptor is refused
// for a write test, a mounted device is never written, and a descriptor must be the named block
// device. Real RAM-backed loop devices, as root.
#include "runner.h"
#include "testtargets.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

using namespace dm;
using namespace dm::test;

namespace {

RunRequest quick(const std::string& target, int fd, const char* row, Direction d)
{
    RunRequest r;
    r.target = target;
    r.fd = fd;
    r.tests = { { *parseRow(row), d, d == Direction::Read ? 100 : 0 } };
    r.settings.count = 1;
    r.settings.measureSeconds = 0.5;
    r.settings.warmupSeconds = 0;
    r.settings.intervalSeconds = 0;
    r.settings.testSize = 16 * MiB;
    return r;
}

// The caller's descriptor, closed at the end of the test whatever happens.
struct Fd {
    int fd = -1;
    explicit Fd(int f)
        : fd(f)
    {
    }
    ~Fd()
    {
        if (fd >= 0)
            ::close(fd);
    }
    Fd(const Fd&) = delete;
    Fd& operator=(const Fd&) = delete;
};

std::atomic<bool> g_noCancel { false };

} // namespace

TEST(RunnerOnDescriptor, ReadsAndTheCallerKeepsItsDescriptor)
{
    LoopDevice loop("32M");
    DM_REQUIRE_ROOT_LOOP(loop);
    Fd fd(::open(loop.device().c_str(), O_RDONLY | O_DIRECT | O_CLOEXEC));
    ASSERT_GE(fd.fd, 0);
    auto run = runTests(quick(loop.device(), fd.fd, "RND4K-Q8T1", Direction::Read), {}, g_noCancel);
    ASSERT_TRUE(run) << run.error().message;
    EXPECT_EQ(run->region.kind, RegionInfo::Kind::BlockDevice);
    EXPECT_EQ(run->region.length, 16 * MiB);
    ASSERT_TRUE(run->tests.at(0).ok()) << run->tests[0].error.value_or("");
    EXPECT_GT(run->tests[0].passes[0].iops(), 1000.0);
    EXPECT_EQ(::fcntl(fd.fd, F_GETFD), FD_CLOEXEC) << "the run closed the caller's descriptor";
}

TEST(RunnerOnDescriptor, SwitchesOnDirectIo)
{
    LoopDevice loop("32M");
    DM_REQUIRE_ROOT_LOOP(loop);
    Fd fd(::open(loop.device().c_str(), O_RDONLY | O_CLOEXEC));
    ASSERT_GE(fd.fd, 0);
    ASSERT_FALSE(::fcntl(fd.fd, F_GETFL) & O_DIRECT);
    auto run = runTests(quick(loop.device(), fd.fd, "SEQ1M-Q1T1", Direction::Read), {}, g_noCancel);
    ASSERT_TRUE(run) << run.error().message;
    EXPECT_TRUE(run->region.direct);
    // The flag belongs to the open file description the caller shares with the run's copy.
    EXPECT_TRUE(::fcntl(fd.fd, F_GETFL) & O_DIRECT);
}

TEST(RunnerOnDescriptor, ReadOnlyDescriptorIsRefusedForAWriteTest)
{
    LoopDevice loop("32M");
    DM_REQUIRE_ROOT_LOOP(loop);
    const std::string before = loop.checksum();
    Fd fd(::open(loop.device().c_str(), O_RDONLY | O_DIRECT | O_CLOEXEC));
    ASSERT_GE(fd.fd, 0);
    auto req = quick(loop.device(), fd.fd, "SEQ1M-Q1T1", Direction::Write);
    req.allowDestructive = true;
    auto refused = runTests(req, {}, g_noCancel);
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.error().kind, Error::Kind::Target);
    EXPECT_NE(refused.error().message.find("was opened read-only, so a write test cannot use it"), std::string::npos)
        << refused.error().message;
    EXPECT_EQ(loop.checksum(), before);
}

TEST(RunnerOnDescriptor, WritesWithConsentOnly)
{
    LoopDevice loop("32M");
    DM_REQUIRE_ROOT_LOOP(loop);
    const std::string before = loop.checksum();
    Fd fd(::open(loop.device().c_str(), O_RDWR | O_EXCL | O_DIRECT | O_CLOEXEC));
    ASSERT_GE(fd.fd, 0);
    auto req = quick(loop.device(), fd.fd, "SEQ1M-Q1T1", Direction::Write);
    auto refused = runTests(req, {}, g_noCancel);
    ASSERT_FALSE(refused);
    EXPECT_NE(refused.error().message.find("--allow-destructive"), std::string::npos) << refused.error().message;
    EXPECT_EQ(loop.checksum(), before);

    req.allowDestructive = true;
    auto run = runTests(req, {}, g_noCancel);
    ASSERT_TRUE(run) << run.error().message;
    ASSERT_TRUE(run->tests.at(0).ok()) << run->tests[0].error.value_or("");
    EXPECT_NE(loop.checksum(), before);
}

TEST(RunnerOnDescriptor, NeverWritesToAMountedDevice)
{
    LoopDevice loop("64M");
    DM_REQUIRE_ROOT_LOOP(loop);
    const std::string mnt = loop.mount("ext4");
    if (mnt.empty())
        GTEST_SKIP() << "mkfs.ext4 or mount failed here";
    if (!loop.freeze())
        GTEST_SKIP() << "fsfreeze failed here";
    const std::string before = loop.checksum();
    // Without O_EXCL the kernel lets anyone open a mounted device for writing: the region must refuse.
    Fd fd(::open(loop.device().c_str(), O_RDWR | O_DIRECT | O_CLOEXEC));
    ASSERT_GE(fd.fd, 0);
    auto req = quick(loop.device(), fd.fd, "SEQ1M-Q1T1", Direction::Write);
    req.allowDestructive = true;
    auto refused = runTests(req, {}, g_noCancel);
    ASSERT_FALSE(refused);
    EXPECT_NE(refused.error().message.find("mounted"), std::string::npos) << refused.error().message;
    EXPECT_EQ(loop.checksum(), before);
}

TEST(RunnerOnDescriptor, DescriptorMustBeTheNamedBlockDevice)
{
    LoopDevice loop("32M"), other("32M");
    DM_REQUIRE_ROOT_LOOP(loop);
    DM_REQUIRE_ROOT_LOOP(other);
    Fd fd(::open(loop.device().c_str(), O_RDONLY | O_DIRECT | O_CLOEXEC));
    ASSERT_GE(fd.fd, 0);
    auto wrong = runTests(quick(other.device(), fd.fd, "SEQ1M-Q1T1", Direction::Read), {}, g_noCancel);
    ASSERT_FALSE(wrong);
    EXPECT_NE(wrong.error().message.find("belongs to another device"), std::string::npos) << wrong.error().message;

    Fd file(::open(loop.image().c_str(), O_RDONLY | O_CLOEXEC));
    ASSERT_GE(file.fd, 0);
    auto notBlock = runTests(quick(loop.image(), file.fd, "SEQ1M-Q1T1", Direction::Read), {}, g_noCancel);
    ASSERT_FALSE(notBlock);
    EXPECT_NE(notBlock.error().message.find("is not a block device"), std::string::npos) << notBlock.error().message;
}
