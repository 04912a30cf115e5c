// SPDX-License-Identifier: GPL-3.0-or-later
// The FUSE rig itself (tests/support/fuserig.h), through the loop device on it with O_DIRECT, as
// the engine sees it: each misbehaviour shows, and the page cache hides none of it.
#include "fuserig.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <future>
#include <memory>
#include <optional>
#include <sys/ioctl.h>
#include <vector>
#include <linux/fs.h>

using namespace dm::test;

namespace {

constexpr size_t kBlock = 64 * 1024;

struct AlignedBuffer {
    explicit AlignedBuffer(size_t n)
        : size(n)
    {
        if (::posix_memalign(&p, 4096, n) != 0)
            p = nullptr;
    }
    ~AlignedBuffer() { std::free(p); }
    uint8_t* data() const { return static_cast<uint8_t*>(p); }
    void* p = nullptr;
    size_t size;
};

// A rig and its loop device opened with O_DIRECT, as the engine opens a device. The descriptor is
// closed before the rig goes, also when the test fails, so the loop device can always be taken down.
class FuseRigTest : public ::testing::Test {
protected:
    // Starts the rig; skips the test where it cannot run (fuserig.h says why).
    void start(const FuseRig::Options& options, bool openDevice = true)
    {
        rig.emplace(options);
        if (!rig->ok())
            GTEST_SKIP() << rig->skipReason();
        if (!openDevice)
            return;
        fd = ::open(rig->device().c_str(), O_RDWR | O_DIRECT | O_CLOEXEC);
        ASSERT_GE(fd, 0) << std::strerror(errno);
    }
    void TearDown() override
    {
        if (fd >= 0)
            ::close(fd);
    }

    std::optional<FuseRig> rig;
    int fd = -1;
};

// Starts the rig of this test, or ends the test (skipped, or failed to open the device).
#define DM_START_RIG(...)                                                                                              \
    do {                                                                                                               \
        ASSERT_NO_FATAL_FAILURE(start(__VA_ARGS__));                                                                   \
        if (IsSkipped())                                                                                               \
            return;                                                                                                    \
    } while (0)

// pread/pwrite of one block: the bytes moved, or -errno.
ssize_t readAt(int fd, AlignedBuffer& b, uint64_t offset)
{
    const ssize_t n = ::pread(fd, b.data(), b.size, off_t(offset));
    return n < 0 ? -errno : n;
}
ssize_t writeAt(int fd, const AlignedBuffer& b, uint64_t offset)
{
    const ssize_t n = ::pwrite(fd, b.data(), b.size, off_t(offset));
    return n < 0 ? -errno : n;
}

} // namespace

TEST_F(FuseRigTest, FailsWithEioAfterTheGivenBytesEvenWhereItReadBefore)
{
    FuseRig::Options o;
    o.eioAfter = 4 * kBlock;
    DM_START_RIG(o);
    AlignedBuffer b(kBlock);
    // udev's probe of a new loop device may have used up some of the budget: the first EIO comes
    // at block 4 at the latest, and not before one good read.
    ASSERT_EQ(readAt(fd, b, 0), ssize_t(kBlock));
    int firstFailure = -1;
    for (int i = 1; i <= 4 && firstFailure < 0; ++i)
        if (readAt(fd, b, uint64_t(i) * kBlock) == -EIO)
            firstFailure = i;
    EXPECT_GE(firstFailure, 1) << "no EIO after the byte budget was spent";
    // Block 0 read fine a moment ago: only no caching anywhere makes this fail too.
    EXPECT_EQ(readAt(fd, b, 0), -EIO);
    EXPECT_EQ(writeAt(fd, b, 0), -EIO);
}

TEST_F(FuseRigTest, StallsUntilResumed)
{
    DM_START_RIG({});
    AlignedBuffer b(kBlock);
    std::memset(b.data(), 0xab, kBlock);
    ASSERT_EQ(writeAt(fd, b, kBlock), ssize_t(kBlock));
    rig->stall();
    auto read = std::async(std::launch::async, [&] {
        AlignedBuffer r(kBlock);
        const ssize_t n = readAt(fd, r, kBlock);
        return n == ssize_t(kBlock) && r.data()[0] == 0xab && r.data()[kBlock - 1] == 0xab;
    });
    EXPECT_EQ(read.wait_for(std::chrono::milliseconds(500)), std::future_status::timeout)
        << "a read came back while the rig was stalled";
    EXPECT_GE(rig->inFlight(), 1);
    rig->resume();
    ASSERT_EQ(read.wait_for(std::chrono::seconds(5)), std::future_status::ready) << "still stalled after resume";
    EXPECT_TRUE(read.get()) << "the read after the stall did not return what was written";
}

TEST_F(FuseRigTest, StallsByItselfAfterTheGivenBytes)
{
    FuseRig::Options o;
    o.stallAfter = 4 * kBlock;
    DM_START_RIG(o);
    AlignedBuffer b(kBlock);
    ASSERT_EQ(readAt(fd, b, 0), ssize_t(kBlock));
    // Reads go on until the budget is spent (udev's probe may have spent some): one stalls.
    std::future<ssize_t> stalled;
    int reads = 1;
    for (; reads <= 4; ++reads) {
        auto next = std::async(std::launch::async, [&, reads] {
            AlignedBuffer r(kBlock);
            return readAt(fd, r, uint64_t(reads) * kBlock);
        });
        if (next.wait_for(std::chrono::milliseconds(500)) == std::future_status::timeout) {
            stalled = std::move(next);
            break;
        }
        ASSERT_EQ(next.get(), ssize_t(kBlock));
    }
    ASSERT_TRUE(stalled.valid()) << "no read stalled after the byte budget was spent";
    rig->resume();
    ASSERT_EQ(stalled.wait_for(std::chrono::seconds(5)), std::future_status::ready) << "still stalled after resume";
    EXPECT_EQ(stalled.get(), ssize_t(kBlock));
    // It stalls once: what follows is served at once.
    EXPECT_EQ(readAt(fd, b, 0), ssize_t(kBlock));
}

TEST_F(FuseRigTest, ReturnsWrongDataInTheRangeOnly)
{
    FuseRig::Options o;
    o.wrongOffset = 3 * kBlock + 512;
    o.wrongLength = 4096;
    DM_START_RIG(o);
    AlignedBuffer w(kBlock), r(kBlock);
    for (size_t i = 0; i < kBlock; ++i)
        w.data()[i] = uint8_t(i * 7 + 1);
    for (uint64_t blk = 2; blk < 5; ++blk)
        ASSERT_EQ(writeAt(fd, w, blk * kBlock), ssize_t(kBlock));
    for (uint64_t blk = 2; blk < 5; ++blk) {
        ASSERT_EQ(readAt(fd, r, blk * kBlock), ssize_t(kBlock));
        size_t differing = 0, firstDiff = kBlock;
        for (size_t i = 0; i < kBlock; ++i)
            if (r.data()[i] != w.data()[i]) {
                firstDiff = std::min(firstDiff, i);
                ++differing;
            }
        if (blk == 3) {
            EXPECT_EQ(differing, 4096u);
            EXPECT_EQ(firstDiff, 512u);
        } else {
            EXPECT_EQ(differing, 0u) << "block " << blk;
        }
    }
}

TEST_F(FuseRigTest, VanishedDeviceFailsItsIo)
{
    DM_START_RIG({});
    AlignedBuffer b(kBlock);
    ASSERT_EQ(readAt(fd, b, 0), ssize_t(kBlock));
    rig->vanish();
    const ssize_t after = readAt(fd, b, 0);
    EXPECT_LT(after, 0) << "a read on a vanished device succeeded";
    EXPECT_EQ(after, -EIO);
}

TEST_F(FuseRigTest, FakeCapacityWrapsOffsetsModuloWhatItKeeps)
{
    FuseRig::Options o;
    o.size = 64ull << 20;
    o.wrap = 16ull << 20; // announces 64 MiB, keeps 16
    DM_START_RIG(o);
    uint64_t bytes = 0;
    ASSERT_EQ(::ioctl(fd, BLKGETSIZE64, &bytes), 0);
    EXPECT_EQ(bytes, o.size) << "the loop device should announce the full fake size";
    AlignedBuffer a(kBlock), b(kBlock), r(kBlock);
    std::memset(a.data(), 0x11, kBlock);
    std::memset(b.data(), 0x22, kBlock);
    ASSERT_EQ(writeAt(fd, a, kBlock), ssize_t(kBlock));
    ASSERT_EQ(writeAt(fd, b, o.wrap + kBlock), ssize_t(kBlock)); // lands on the same stored bytes
    ASSERT_EQ(readAt(fd, r, kBlock), ssize_t(kBlock));
    EXPECT_EQ(r.data()[0], 0x22) << "the write beyond the real capacity did not wrap onto offset 64 KiB";
    ASSERT_EQ(readAt(fd, r, 3 * o.wrap + kBlock), ssize_t(kBlock));
    EXPECT_EQ(r.data()[kBlock - 1], 0x22);
}

TEST_F(FuseRigTest, ThePageCacheHidesNothing)
{
    FuseRig::Options o;
    o.wrongOffset = 0;
    o.wrongLength = 4096;
    DM_START_RIG(o, false);
    if (!rig->loopDirectIo())
        GTEST_SKIP() << "the loop driver refused direct I/O on the FUSE file here";
    // Even buffered I/O on the file goes to the rig (direct_io): a write followed by a read of the
    // same bytes sees what the rig returns (inverted), not the written copy from the page cache.
    fd = ::open(rig->file().c_str(), O_RDWR | O_CLOEXEC);
    ASSERT_GE(fd, 0) << std::strerror(errno);
    std::vector<uint8_t> w(4096, 0x0f), r(4096, 0);
    ASSERT_EQ(::pwrite(fd, w.data(), w.size(), 0), ssize_t(w.size()));
    ASSERT_EQ(::pread(fd, r.data(), r.size(), 0), ssize_t(r.size()));
    EXPECT_EQ(r[0], 0xf0);
    EXPECT_EQ(r[4095], 0xf0);
}
