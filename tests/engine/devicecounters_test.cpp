// SPDX-License-Identifier: GPL-3.0-or-later
// The device's own counters (devicecounters.h): the stat line of every kernel since 2.6, the
// difference over a pass, and the device found beneath a target through device-mapper and
// partitions in a tree laid out as /sys is.
#include "devicecounters.h"

#include <gtest/gtest.h>

#include <sys/sysmacros.h>

#include <filesystem>
#include <fstream>

using namespace dm;

namespace {

namespace fs = std::filesystem;

// A line as /sys/block/vda/stat has it on 5.5 and later: 17 fields, padded.
constexpr const char* kStat17
    = "   12345      678   987654     4321    23456      789  1234567     8765        2    99000   123000        0        0        0        0      100       50\n";

class FakeSysTree {
public:
    FakeSysTree()
    {
        char tmpl[] = "/tmp/dm-fakesys-XXXXXX";
        m_root = ::mkdtemp(tmpl);
    }
    ~FakeSysTree() { fs::remove_all(m_root); }
    const std::string& root() const { return m_root; }
    void file(const std::string& relative, const std::string& text) const
    {
        const fs::path p = fs::path(m_root) / relative;
        fs::create_directories(p.parent_path());
        std::ofstream(p) << text;
    }
    void link(const std::string& relative, const std::string& target) const
    {
        const fs::path p = fs::path(m_root) / relative;
        fs::create_directories(p.parent_path());
        fs::create_symlink(target, p);
    }

private:
    std::string m_root;
};

} // namespace

TEST(DeviceCounters, ReadsTheStatLineOfEveryKernel)
{
    const auto s = parseBlockStat(kStat17);
    ASSERT_TRUE(s);
    EXPECT_EQ(s->reads, 12345u);
    EXPECT_EQ(s->readMerges, 678u);
    EXPECT_EQ(s->readSectors, 987654u);
    EXPECT_EQ(s->writes, 23456u);
    EXPECT_EQ(s->writeMerges, 789u);
    EXPECT_EQ(s->writeSectors, 1234567u);
    EXPECT_EQ(s->inFlight, 2u);
    EXPECT_EQ(s->ioTicksMs, 99000u);
    EXPECT_EQ(s->timeInQueueMs, 123000u);
    // 2.6 to 4.17 wrote 11 fields; fewer is not a stat line, nor is text.
    EXPECT_TRUE(parseBlockStat("1 2 3 4 5 6 7 8 9 10 11"));
    EXPECT_FALSE(parseBlockStat("1 2 3 4 5 6 7 8 9 10"));
    EXPECT_FALSE(parseBlockStat("1 2 3 4 5 6 7 8 9 10 x"));
    EXPECT_FALSE(parseBlockStat(""));
}

TEST(DeviceCounters, APassIsTheDifferenceOfTwoReadings)
{
    BlockStat a, b;
    a.reads = 100;
    a.readSectors = 1000;
    a.ioTicksMs = 5000;
    a.timeInQueueMs = 7000;
    b = a;
    // 2 s: 250 requests of 4 MiB read (1000 MiB), 8 MiB written by someone, busy 1.5 s, 4 in flight on average.
    b.reads += 250;
    b.readMerges = 750;
    b.readSectors += 250 * 8192;
    b.writes = 2;
    b.writeSectors = 2 * 8192;
    b.ioTicksMs += 1500;
    b.timeInQueueMs += 8000;
    const DeviceIo io = deviceIoBetween(a, b, 2.0, 1000 * (1 << 20));
    EXPECT_EQ(io.reads, 250u);
    EXPECT_EQ(io.readMerges, 750u);
    EXPECT_EQ(io.readBytes, 1000ull << 20);
    EXPECT_DOUBLE_EQ(io.avgReadRequestBytes(), 4.0 * (1 << 20));
    EXPECT_EQ(io.writeBytes, 8ull << 20);
    EXPECT_EQ(io.foreignBytes, 8ull << 20);
    EXPECT_DOUBLE_EQ(io.busyPercent, 75.0);
    EXPECT_DOUBLE_EQ(io.avgInFlight, 4.0);
    // A device that moved less than the pass (a page cache answered): nothing foreign.
    EXPECT_EQ(deviceIoBetween(a, b, 2.0, 2000ull << 20).foreignBytes, 0u);

    // Passes together: counts added, averages weighted by time.
    DeviceIo other = io;
    other.seconds = 6.0;
    other.avgInFlight = 8.0;
    other.busyPercent = 100.0;
    const DeviceIo all = combine({ io, other });
    EXPECT_EQ(all.reads, 500u);
    EXPECT_DOUBLE_EQ(all.seconds, 8.0);
    EXPECT_DOUBLE_EQ(all.avgInFlight, 7.0);
    EXPECT_DOUBLE_EQ(all.busyPercent, 93.75);
}

// dm-0 (LVM) over vda2, a partition: the partition's own counters are read, and the way down
// is said. A striped volume over two keeps its own.
TEST(DeviceCounters, FollowsDeviceMapperToThePartitionBeneath)
{
    FakeSysTree sys;
    const std::string vda = "devices/pci0000:00/0000:00:02.0/virtio1/block/vda";
    sys.file(vda + "/stat", kStat17);
    sys.file(vda + "/vda2/partition", "2");
    sys.file(vda + "/vda2/stat", "1 0 8 0 2 0 16 0 0 3 4");
    sys.link("class/block/vda2", "../../" + vda + "/vda2");
    sys.file("devices/virtual/block/dm-0/stat", "9 0 72 0 9 0 72 0 0 9 9");
    sys.link("devices/virtual/block/dm-0/slaves/vda2", "../../../../../" + vda + "/vda2");
    sys.link("dev/block/253:0", "../../devices/virtual/block/dm-0");
    sys.file("devices/virtual/block/dm-1/stat", "9 0 72 0 9 0 72 0 0 9 9");
    sys.link("devices/virtual/block/dm-1/slaves/vda2", "../../../../../" + vda + "/vda2");
    sys.link("devices/virtual/block/dm-1/slaves/vdb", "../../../../../" + vda); // two beneath
    sys.link("dev/block/253:1", "../../devices/virtual/block/dm-1");

    const DeviceCounters lvm = DeviceCounters::forDevice(makedev(253, 0), sys.root());
    ASSERT_TRUE(lvm.available());
    EXPECT_EQ(lvm.device(), "vda2");
    EXPECT_EQ(lvm.via(), std::vector<std::string> { "dm-0" });
    const auto m = lvm.mark();
    ASSERT_TRUE(m.stat);
    EXPECT_EQ(m.stat->writeSectors, 16u); // the partition's line, not the disk's

    const DeviceCounters striped = DeviceCounters::forDevice(makedev(253, 1), sys.root());
    EXPECT_EQ(striped.device(), "dm-1");
    EXPECT_TRUE(striped.via().empty());

    // A number sysfs does not list (tmpfs, 0:N): nothing to read, and no reading to compare.
    const DeviceCounters none = DeviceCounters::forDevice(makedev(0, 42), sys.root());
    EXPECT_FALSE(none.available());
    EXPECT_FALSE(none.between(none.mark(), none.mark(), 0));
}

TEST(DeviceCounters, CountersThatWentBackSayNothing)
{
    FakeSysTree sys;
    sys.file("devices/virtual/block/loop7/stat", "100 0 800 0 0 0 0 0 0 10 10");
    sys.link("dev/block/7:7", "../../devices/virtual/block/loop7");
    const DeviceCounters c = DeviceCounters::forDevice(makedev(7, 7), sys.root());
    ASSERT_TRUE(c.available());
    const auto before = c.mark();
    sys.file("devices/virtual/block/loop7/stat", "5 0 40 0 0 0 0 0 0 1 1"); // detached and set up again
    EXPECT_FALSE(c.between(before, c.mark(), 0));
    sys.file("devices/virtual/block/loop7/stat", "300 0 2400 0 0 0 0 0 0 30 30");
    const auto io = c.between(before, c.mark(), 0);
    ASSERT_TRUE(io);
    EXPECT_EQ(io->device, "loop7");
    EXPECT_EQ(io->reads, 200u);
}
