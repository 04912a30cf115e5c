// SPDX-License-Identifier: GPL-3.0-or-later
// The capacity check (issue 15) against sticks that lie: the FUSE rig announcing 256 MiB and
// keeping less (offsets wrap), or returning wrong data in one stretch, raw and with a FAT
// filesystem on it; and against honest RAM-backed loop devices, which must pass with nothing
// lost and get back every block the probe wrote.
#include "capacitycheck.h"
#include "fuserig.h"
#include "runmarker.h"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <unistd.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <optional>
#include <string>

using namespace dm;
using namespace dm::test;

namespace {

constexpr uint64_t kMiB = 1ull << 20;

// A filesystem on the rig's loop device, mounted in a directory of its own; unmounted again
// before the rig goes (declare it after the rig).
class MountedRig {
public:
    MountedRig(const FuseRig& rig, const std::string& fs)
    {
        if (!rig.ok())
            return;
        // No lazy init: ext4 would write its inode tables in the background while the check runs.
        const std::string mkfs = fs == "vfat" ? "mkfs.vfat "
                                              : "mkfs." + fs + " -q -F -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 ";
        if (run(mkfs + rig.device() + " >/dev/null 2>&1; echo $?") != "0") {
            m_skip = "mkfs." + fs + " failed on the rig";
            return;
        }
        char tmpl[] = "/tmp/dm-caprig-XXXXXX";
        if (!::mkdtemp(tmpl))
            return;
        if (run("mount " + rig.device() + " " + tmpl + " >/dev/null 2>&1; echo $?") != "0") {
            ::rmdir(tmpl);
            m_skip = "cannot mount " + fs + " from the rig";
            return;
        }
        m_dir = tmpl;
    }
    ~MountedRig()
    {
        if (!m_dir.empty()) {
            run("umount " + m_dir + " || umount -l " + m_dir);
            ::rmdir(m_dir.c_str());
        }
    }
    const std::string& dir() const { return m_dir; }
    const std::string& skip() const { return m_skip; }
    // The entries of the mount's top directory; nullopt (and why) when it cannot be listed.
    std::optional<size_t> entries(std::string* why = nullptr) const
    {
        size_t n = 0;
        std::error_code ec;
        for (std::filesystem::directory_iterator it(m_dir, ec), end; !ec && it != end; it.increment(ec))
            ++n;
        if (ec) {
            if (why)
                *why = ec.message();
            return std::nullopt;
        }
        return n;
    }

private:
    std::string m_dir, m_skip = "cannot make a mount point";
};

#define DM_REQUIRE_MOUNTED(m)                                                                                          \
    do {                                                                                                               \
        if ((m).dir().empty())                                                                                         \
            GTEST_SKIP() << (m).skip();                                                                                \
    } while (0)

CapacityResult check(const std::string& target, bool destructive = false)
{
    CapacityRequest req;
    req.target = target;
    req.allowDestructive = destructive;
    std::atomic<bool> cancel { false };
    auto r = runCapacityCheck(req, {}, cancel);
    EXPECT_TRUE(r) << (r ? "" : r.error().message);
    return r ? *r : CapacityResult {};
}

// Fills a device with bytes that differ from block to block, so a restore that misses a block shows.
void fillWithPattern(const std::string& device, uint64_t bytes)
{
    const int fd = ::open(device.c_str(), O_WRONLY | O_CLOEXEC);
    ASSERT_GE(fd, 0);
    std::vector<uint8_t> chunk(kMiB);
    for (uint64_t at = 0; at < bytes; at += kMiB) {
        for (size_t i = 0; i < chunk.size(); i += 8) {
            const uint64_t v = (at + i) * 0x9e3779b97f4a7c15ULL + 0x1234567;
            std::memcpy(chunk.data() + i, &v, 8);
        }
        ASSERT_EQ(::pwrite(fd, chunk.data(), chunk.size(), off_t(at)), ssize_t(chunk.size()));
    }
    ::fsync(fd);
    ::close(fd);
}

std::string checksumOf(const std::string& device)
{
    return run("dd if=" + device + " iflag=direct bs=1M status=none | sha256sum | cut -d' ' -f1");
}

double relativeError(uint64_t found, uint64_t truth) { return std::fabs(double(found) - double(truth)) / double(truth); }

} // namespace

TEST(CapacityProbe, FindsTheRealSizeOfAFakeThatWrapsAnywhereAndPutsItsBlocksBack)
{
    FuseRig::Options o;
    o.size = 256 * kMiB;
    o.wrap = 61 * kMiB + 12 * 4096; // not a power of two: f3probe's search would miss it
    FuseRig rig(o);
    DM_REQUIRE_FUSE_RIG(rig);
    fillWithPattern(rig.device(), o.wrap);
    const std::string before = checksumOf(rig.device());
    const CapacityResult r = check(rig.device(), true);
    EXPECT_EQ(r.mode, CapacityMode::Probe);
    EXPECT_EQ(r.announcedBytes, o.size);
    ASSERT_TRUE(r.wrapBytes) << "the wrap was not found";
    EXPECT_EQ(*r.wrapBytes, o.wrap);
    EXPECT_LT(relativeError(r.verifiedBytes, o.wrap), 0.01) << r.verifiedBytes;
    EXPECT_EQ(r.lostBytes, o.size - r.verifiedBytes);
    EXPECT_EQ(r.firstLostOffset, o.wrap);
    EXPECT_EQ(capacityVerdict(r), CapacityVerdict::Fake);
    EXPECT_LT(r.blocksWrittenByProbe, 2000u) << "a probe writes a bounded number of blocks";
    EXPECT_EQ(r.unrestoredBlocks, 0u);
    EXPECT_GT(r.restoredBlocks, 0u);
    EXPECT_EQ(checksumOf(rig.device()), before) << "the probe did not put back what it overwrote";
}

TEST(CapacityProbe, FindsAWrapAtAPowerOfTwoToo)
{
    FuseRig::Options o;
    o.size = 256 * kMiB;
    o.wrap = 32 * kMiB;
    FuseRig rig(o);
    DM_REQUIRE_FUSE_RIG(rig);
    const CapacityResult r = check(rig.device(), true);
    ASSERT_TRUE(r.wrapBytes);
    EXPECT_EQ(*r.wrapBytes, o.wrap);
    EXPECT_EQ(r.verifiedBytes, o.wrap);
    EXPECT_EQ(capacityVerdict(r), CapacityVerdict::Fake);
}

TEST(CapacityProbe, FindsTheDamagedStretchToTheBlock)
{
    FuseRig::Options o;
    o.size = 128 * kMiB;
    o.wrongOffset = 70 * kMiB + 5 * 4096;
    o.wrongLength = 3 * kMiB + 4096;
    FuseRig rig(o);
    DM_REQUIRE_FUSE_RIG(rig);
    const CapacityResult r = check(rig.device(), true);
    EXPECT_FALSE(r.wrapBytes);
    EXPECT_EQ(capacityVerdict(r), CapacityVerdict::Damaged);
    ASSERT_EQ(r.lostRanges.size(), 1u);
    EXPECT_EQ(r.lostRanges[0].offset, o.wrongOffset);
    EXPECT_EQ(r.lostRanges[0].length, o.wrongLength);
    EXPECT_EQ(r.lostRanges[0].kind, BlockClass::Corrupted);
    EXPECT_EQ(r.lostBytes, o.wrongLength);
    EXPECT_EQ(r.verifiedBytes, o.size - o.wrongLength);
}

TEST(CapacityProbe, AnHonestDevicePassesAndIsLeftAsItWas)
{
    LoopDevice loop("192M");
    DM_REQUIRE_ROOT_LOOP(loop);
    fillWithPattern(loop.device(), 192 * kMiB);
    const std::string before = checksumOf(loop.device());
    const CapacityResult r = check(loop.device(), true);
    EXPECT_EQ(capacityVerdict(r), CapacityVerdict::Ok);
    EXPECT_EQ(r.lostBytes, 0u);
    EXPECT_EQ(r.verifiedBytes, 192 * kMiB);
    EXPECT_EQ(r.announcedBytes, 192 * kMiB);
    EXPECT_FALSE(r.firstLostOffset);
    EXPECT_GT(r.blockCount(BlockClass::Ok), 100u);
    EXPECT_EQ(r.blocksChecked(), r.blockCount(BlockClass::Ok));
    EXPECT_EQ(checksumOf(loop.device()), before);
}

TEST(CapacityProbe, NeedsAllowDestructiveAndRefusesAMountedDevice)
{
    LoopDevice loop("64M");
    DM_REQUIRE_ROOT_LOOP(loop);
    CapacityRequest req;
    req.target = loop.device();
    std::atomic<bool> cancel { false };
    auto r = runCapacityCheck(req, {}, cancel);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind, Error::Kind::Usage);
    EXPECT_NE(r.error().message.find("--allow-destructive"), std::string::npos) << r.error().message;
    req.size = 16 * kMiB;
    req.allowDestructive = true;
    r = runCapacityCheck(req, {}, cancel);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().message.find("--size is for a directory"), std::string::npos) << r.error().message;
    req.size = 0;
    const std::string dir = loop.mount("ext4");
    ASSERT_FALSE(dir.empty());
    r = runCapacityCheck(req, {}, cancel);
    ASSERT_FALSE(r) << "a mounted device was probed";
    EXPECT_NE(r.error().message.find("mounted"), std::string::npos) << r.error().message;
    // Without --allow-destructive too, the mount is what is told: the option would not help.
    req.allowDestructive = false;
    r = runCapacityCheck(req, {}, cancel);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().message.find("mounted"), std::string::npos) << r.error().message;
    EXPECT_EQ(r.error().message.find("pass --allow-destructive"), std::string::npos) << r.error().message;
}

TEST(CapacityFill, FindsTheRealSizeOfAFakeThroughItsFilesystem)
{
    FuseRig::Options o;
    o.size = 256 * kMiB;
    o.wrap = 72 * kMiB;
    FuseRig rig(o);
    DM_REQUIRE_FUSE_RIG(rig);
    MountedRig fs(rig, "ext4");
    DM_REQUIRE_MOUNTED(fs);
    const std::optional<size_t> entries = fs.entries();
    ASSERT_TRUE(entries);
    const CapacityResult r = check(fs.dir());
    EXPECT_EQ(r.mode, CapacityMode::Fill);
    // 256 MiB less ext4's journal and metadata, the 5 % kept for root, and the 16 MiB margin.
    EXPECT_GT(r.announcedBytes, 180 * kMiB) << "the fill did not take the free space";
    std::printf("fill of a %llu MiB fake keeping %llu MiB: %llu bytes verified\n", static_cast<unsigned long long>(o.size >> 20),
        static_cast<unsigned long long>(o.wrap >> 20), static_cast<unsigned long long>(r.verifiedBytes));
    EXPECT_EQ(capacityVerdict(r), CapacityVerdict::Fake);
    EXPECT_GT(r.blockCount(BlockClass::Overwritten), 0u);
    EXPECT_LT(relativeError(r.verifiedBytes, o.wrap), 0.01)
        << "verified " << r.verifiedBytes << " of a real " << o.wrap;
    EXPECT_EQ(r.verifiedBytes + r.lostBytes, r.announcedBytes);
    // The fake keeps 72 MiB, so the fill's data past 72 MiB lands on ext4's own first block
    // group: its root directory block is overwritten too, as on a real fake stick. Whether the
    // kernel still has that block cached decides if the directory can be listed afterwards (a
    // CI run under load read it again: EBADMSG, a checksum error); when it cannot, there is no
    // directory left to hold a stray file.
    std::string why;
    if (const std::optional<size_t> after = fs.entries(&why))
        EXPECT_EQ(*after, *entries) << "test files were left behind";
    else
        std::printf("the fake overwrote ext4's root directory as well (%s): not listed\n", why.c_str());
}

TEST(CapacityFill, FindsTheDamagedStretchThroughItsFilesystem)
{
    FuseRig::Options o;
    o.size = 128 * kMiB;
    o.wrongOffset = 80 * kMiB;
    o.wrongLength = 2 * kMiB;
    FuseRig rig(o);
    DM_REQUIRE_FUSE_RIG(rig);
    MountedRig fs(rig, "ext4");
    DM_REQUIRE_MOUNTED(fs);
    const CapacityResult r = check(fs.dir());
    EXPECT_EQ(capacityVerdict(r), CapacityVerdict::Damaged);
    EXPECT_EQ(r.lostBytes, o.wrongLength);
    EXPECT_EQ(r.blockCount(BlockClass::Corrupted), o.wrongLength / 4096);
    ASSERT_EQ(r.lostRangeCount, 1u) << "FAT lays a fresh file out in one run";
    EXPECT_EQ(r.lostRanges[0].length, o.wrongLength);
}

TEST(CapacityFill, AnHonestFilesystemPassesWithNothingLost)
{
    LoopDevice loop("96M");
    DM_REQUIRE_ROOT_LOOP(loop);
    const std::string dir = loop.mount("ext4");
    ASSERT_FALSE(dir.empty());
    const CapacityResult r = check(dir);
    EXPECT_EQ(capacityVerdict(r), CapacityVerdict::Ok);
    EXPECT_EQ(r.lostBytes, 0u);
    EXPECT_GT(r.announcedBytes, 50 * kMiB);
    EXPECT_EQ(r.verifiedBytes, r.announcedBytes);
    EXPECT_EQ(r.bytesRead, r.announcedBytes);
    EXPECT_GT(r.writeMbPerSec(), 0.0);
    EXPECT_GT(r.readMbPerSec(), 0.0);
}

namespace {

// A private lock directory for RunMarker (runmarker.h), so that other checkouts' runs on this
// drive do not count here, and a marker this test holds stands for "another Diskometer run".
class PrivateLockDir {
public:
    PrivateLockDir()
    {
        std::string tmpl = (std::filesystem::current_path() / "dm-locks-XXXXXX").string();
        if (::mkdtemp(tmpl.data()))
            m_path = tmpl;
        ::setenv("DISKOMETER_LOCK_DIR", m_path.c_str(), 1);
    }
    ~PrivateLockDir()
    {
        ::unsetenv("DISKOMETER_LOCK_DIR");
        std::error_code ec;
        std::filesystem::remove_all(m_path, ec);
    }

private:
    std::string m_path;
};

std::string sharedWarning(const CapacityResult& r)
{
    for (const auto& w : r.warnings)
        if (w.find("another Diskometer run (pid " + std::to_string(::getpid()) + ")") != std::string::npos)
            return w;
    return {};
}

} // namespace

// Two runs at once on one drive (issue 14, item 9) share its bandwidth: the capacity check's
// rates say so as every other kind's do. This process's marker stands for the other run.
TEST(CapacityFill, AnotherRunOnTheSameDriveIsNamedInTheWarnings)
{
    PrivateLockDir locks;
    ScratchDir dir;
    CapacityRequest req;
    req.target = dir.path();
    req.size = 4 * kMiB;
    std::atomic<bool> cancel { false };
    auto alone = runCapacityCheck(req, {}, cancel);
    ASSERT_TRUE(alone) << alone.error().message;
    EXPECT_EQ(sharedWarning(*alone), "");

    const int fd = ::open(dir.path().c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    ASSERT_GE(fd, 0);
    {
        const RunMarker other(fd);
        auto shared = runCapacityCheck(req, {}, cancel);
        ASSERT_TRUE(shared) << shared.error().message;
        EXPECT_NE(sharedWarning(*shared), "");
        EXPECT_EQ(capacityVerdict(*shared), CapacityVerdict::Ok);
    }
    ::close(fd);
    EXPECT_EQ(dir.entryCount(), 0u);
}

TEST(CapacityProbe, AnotherRunOnTheSameDriveIsNamedInTheWarnings)
{
    LoopDevice loop("64M");
    DM_REQUIRE_ROOT_LOOP(loop);
    PrivateLockDir locks;
    const int fd = ::open(loop.device().c_str(), O_RDONLY | O_CLOEXEC);
    ASSERT_GE(fd, 0);
    {
        const RunMarker other(fd);
        EXPECT_NE(sharedWarning(check(loop.device(), true)), "");
    }
    ::close(fd);
    EXPECT_EQ(sharedWarning(check(loop.device(), true)), "");
}

// /proc has no free space, but that is not why it cannot be checked (issue 14, item 6): the
// reason that stops the user whatever they change comes first, before --allow-destructive too.
TEST(CapacityFill, APseudoFilesystemIsNamedBeforeItsFreeSpace)
{
    for (const bool destructive : { false, true }) {
        CapacityRequest req;
        req.target = "/proc";
        req.allowDestructive = destructive;
        std::atomic<bool> cancel { false };
        auto r = runCapacityCheck(req, {}, cancel);
        ASSERT_FALSE(r);
        EXPECT_NE(r.error().message.find("a pseudo-filesystem"), std::string::npos) << r.error().message;
        EXPECT_EQ(r.error().message.find("free"), std::string::npos) << r.error().message;
    }
}
