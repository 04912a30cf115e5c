// SPDX-License-Identifier: GPL-3.0-or-later
// I/O the kernel still holds (heldio.h): the thread that waits for it frees the buffers only after
// the last I/O came back and the backend was torn down, never before; and the stall timeout
// follows the device's own command timeout, read from sysfs fixture trees laid out as /sys.
#include "heldio.h"
#include "queuelimits.h"
#include "stalltimeout.h"
#include "testtargets.h"

#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <sys/sysmacros.h>
#include <thread>
#include <vector>

using namespace dm;

namespace {

struct Events {
    std::mutex mutex;
    std::vector<std::string> order;
    std::atomic<bool> answer { false }; // the "device" answers from now on
    void add(const std::string& e)
    {
        std::lock_guard lock(mutex);
        order.push_back(e);
    }
};

// A device that answers nothing until told to: reap() returns 0 until then, then everything.
class SilentBackend final : public IoBackend {
public:
    SilentBackend(Events& e, uint32_t inFlight)
        : m_events(e)
        , m_left(inFlight)
    {
    }
    ~SilentBackend() override { m_events.add("backend torn down with " + std::to_string(m_left) + " left"); }
    const char* name() const override { return "silent"; }
    Status setup(int, uint32_t) override { return Ok {}; }
    void prepare(uint32_t, bool, void*, uint32_t, uint64_t) override { }
    Result<uint32_t> submit() override { return 0u; }
    uint32_t queued() const override { return 0; }
    Result<uint32_t> reap(uint32_t, uint32_t max, Completion* out, int64_t timeoutNs) override
    {
        if (!m_events.answer) {
            std::this_thread::sleep_for(std::chrono::nanoseconds(std::min<int64_t>(timeoutNs, 10'000'000)));
            return 0u;
        }
        const uint32_t n = std::min(max, m_left);
        for (uint32_t i = 0; i < n; ++i)
            out[i] = { i, 4096 };
        m_left -= n;
        return n;
    }

private:
    Events& m_events;
    uint32_t m_left;
};

} // namespace

TEST(HeldIo, BuffersAreFreedOnlyAfterTheLastIoAndTheBackend)
{
    ASSERT_TRUE(waitForHeldIo(2000)) << "an earlier test left I/O held";
    Events events;
    holdUntilAnswered(std::make_unique<SilentBackend>(events, 3), 3, [&] { events.add("buffers freed"); });
    EXPECT_EQ(heldIoCount(), 3u);
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    {
        std::lock_guard lock(events.mutex);
        EXPECT_TRUE(events.order.empty()) << "torn down or freed while the device still held I/O: "
                                          << events.order.front();
    }
    EXPECT_FALSE(waitForHeldIo(50));
    events.answer = true;
    ASSERT_TRUE(waitForHeldIo(2000));
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    std::lock_guard lock(events.mutex);
    ASSERT_EQ(events.order.size(), 2u);
    EXPECT_EQ(events.order[0], "backend torn down with 0 left");
    EXPECT_EQ(events.order[1], "buffers freed");
}

TEST(HeldIo, NothingHeldIsTornDownAtOnceInOrder)
{
    Events events;
    holdUntilAnswered(std::make_unique<SilentBackend>(events, 0), 0, [&] { events.add("buffers freed"); });
    ASSERT_EQ(events.order.size(), 2u);
    EXPECT_EQ(events.order[0], "backend torn down with 0 left");
    EXPECT_EQ(events.order[1], "buffers freed");
    EXPECT_EQ(releaseHeldIoAtExit(), "");
}

namespace {

// A fixture tree: /sys/dev/block/MAJ:MIN links to a disk or partition directory under devices/.
class SysTree {
public:
    SysTree()
        : m_root(m_scratch.path())
    {
    }
    // Adds disk `name` (major 8, minor `minor`) with `timeout` in device/timeout (none if empty),
    // and a partition of it at minor + 1.
    void addDisk(const std::string& name, unsigned minor, const std::string& timeout)
    {
        namespace fs = std::filesystem;
        const fs::path disk = m_root / "devices" / "pci0000:00" / "block" / name;
        fs::create_directories(disk / "device");
        fs::create_directories(disk / (name + "1"));
        std::ofstream(disk / (name + "1") / "partition") << "1\n";
        if (!timeout.empty())
            std::ofstream(disk / "device" / "timeout") << timeout << "\n";
        fs::create_directories(m_root / "dev" / "block");
        fs::create_directory_symlink(disk, m_root / "dev" / "block" / ("8:" + std::to_string(minor)));
        fs::create_directory_symlink(
            disk / (name + "1"), m_root / "dev" / "block" / ("8:" + std::to_string(minor + 1)));
    }
    std::string root() const { return m_root.string(); }
    std::filesystem::path path() const { return m_root; }

private:
    dm::test::ScratchDir m_scratch;
    std::filesystem::path m_root;
};

uint64_t dev(unsigned maj, unsigned min) { return uint64_t(makedev(maj, min)); }

} // namespace

TEST(StallTimeout, FollowsTheDisksCommandTimeoutAlsoForItsPartitions)
{
    SysTree sys;
    sys.addDisk("sda", 0, "45");
    sys.addDisk("sdb", 16, "");
    sys.addDisk("sdc", 32, "garbage");
    EXPECT_EQ(deviceCommandTimeout(dev(8, 0), sys.root()).count(), 45);
    EXPECT_EQ(deviceCommandTimeout(dev(8, 1), sys.root()).count(), 45) << "a partition uses its disk's";
    EXPECT_EQ(deviceCommandTimeout(dev(8, 16), sys.root()).count(), 30) << "no timeout file: 30 s";
    EXPECT_EQ(deviceCommandTimeout(dev(8, 32), sys.root()).count(), 30) << "an unreadable one: 30 s";
    EXPECT_EQ(deviceCommandTimeout(dev(7, 0), sys.root()).count(), 30) << "a device sysfs does not list: 30 s";
}

TEST(StallTimeout, NvmeUsesTheDriversIoTimeout)
{
    SysTree sys;
    namespace fs = std::filesystem;
    const fs::path disk = sys.path() / "devices" / "nvme" / "block" / "nvme0n1";
    fs::create_directories(disk / "device");
    fs::create_directories(sys.path() / "dev" / "block");
    fs::create_directory_symlink(disk, sys.path() / "dev" / "block" / "259:0");
    EXPECT_EQ(deviceCommandTimeout(dev(259, 0), sys.root()).count(), 30);
    fs::create_directories(sys.path() / "module" / "nvme_core" / "parameters");
    std::ofstream(sys.path() / "module" / "nvme_core" / "parameters" / "io_timeout") << "255\n";
    EXPECT_EQ(deviceCommandTimeout(dev(259, 0), sys.root()).count(), 255);
}

TEST(StallTimeout, AnAskedTimeoutWins)
{
    EXPECT_EQ(std::chrono::duration_cast<std::chrono::milliseconds>(stallTimeoutFor(2.5, dev(8, 0))).count(), 2500);
    EXPECT_EQ(std::chrono::duration_cast<std::chrono::seconds>(stallTimeoutFor(0, dev(7, 1234))).count(), 30);
}

// A short queue (nr_requests 2 in the fixture; 120 KiB requests, as usb-storage) and a loop
// device's: what one I/O takes of it, and how many fit at once (queuelimits.h). A partition
// reads its disk's.
TEST(QueueLimits, HowManyIosFitInTheQueue)
{
    SysTree sys;
    sys.addDisk("sdb", 16, "");
    namespace fs = std::filesystem;
    const fs::path queue = sys.path() / "devices" / "pci0000:00" / "block" / "sdb" / "queue";
    fs::create_directories(queue);
    std::ofstream(queue / "nr_requests") << "2\n";
    std::ofstream(queue / "max_sectors_kb") << "120\n";
    std::ofstream(queue / "max_segments") << "2048\n";
    const QueueLimits stick = queueLimitsOf(dev(8, 17), sys.root());
    EXPECT_EQ(stick.requests, 2u) << "a partition has the queue of its disk";
    EXPECT_EQ(stick.requestBytes, 120u * 1024);
    EXPECT_EQ(requestsPerIo(stick, 4096), 1u);
    EXPECT_EQ(requestsPerIo(stick, 1 << 20), 9u); // 1 MiB in 120 KiB requests
    EXPECT_EQ(depthTheQueueTakes(stick, 32, 4096), 2u);
    EXPECT_EQ(depthTheQueueTakes(stick, 8, 1 << 20), 1u) << "never under 1";

    {
        const QueueLimits loop { 128, 128 * 4096 }; // max_segments 128 pages under 1280 KiB
        EXPECT_EQ(requestsPerIo(loop, 1 << 20), 2u);
        EXPECT_EQ(depthTheQueueTakes(loop, 8, 1 << 20), 8u) << "the grid's SEQ1M Q8 fits untouched";
        EXPECT_EQ(depthTheQueueTakes(loop, 32, 64 << 20), 1u);
    }
    EXPECT_EQ(queueLimitsOf(dev(7, 99), sys.root()).requests, 0u) << "a device sysfs does not list: no limit";
    EXPECT_EQ(depthTheQueueTakes(QueueLimits {}, 32, 1 << 20), 32u);
}
