// SPDX-License-Identifier: GPL-3.0-or-later
// Checks what findSignatures() recognises before a write test destroys it: first on image files
// with hand-made headers (NTFS, FAT32, exFAT, btrfs, LUKS2, ISO 9660, LVM, md RAID, swap, MBR and
// GPT with a filesystem inside a partition, and look-alikes that must not count), then as root on
// real loop devices formatted by the real tools (mkfs.ext4, mkfs.xfs, mkswap, sfdisk), a 4Kn
// device's GPT, and a blank device, which holds nothing.
#include "heldio.h"
#include "signatures.h"
#include "testtargets.h"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <unistd.h>

using namespace dm;
using namespace dm::test;

namespace {

using Names = std::vector<std::string>;

// A zeroed image file in a scratch directory, with bytes poked at chosen offsets.
class Image {
public:
    explicit Image(size_t size = 2 * 1024 * 1024)
        : m_path(m_dir.path() + "/disk.img")
    {
        const int fd = ::open(m_path.c_str(), O_CREAT | O_RDWR | O_TRUNC, 0600);
        EXPECT_GE(fd, 0);
        EXPECT_EQ(::ftruncate(fd, off_t(size)), 0);
        ::close(fd);
    }
    void put(uint64_t offset, std::string_view bytes) const
    {
        const int fd = ::open(m_path.c_str(), O_RDWR);
        ASSERT_GE(fd, 0);
        ASSERT_EQ(::pwrite(fd, bytes.data(), bytes.size(), off_t(offset)), ssize_t(bytes.size()));
        ::close(fd);
    }
    void put32(uint64_t offset, uint32_t v) const
    {
        const char b[4] = { char(v), char(v >> 8), char(v >> 16), char(v >> 24) };
        put(offset, std::string_view(b, 4));
    }
    void put64(uint64_t offset, uint64_t v) const
    {
        put32(offset, uint32_t(v));
        put32(offset + 4, uint32_t(v >> 32));
    }
    // An MBR entry: boot flag, type, first sector, sector count.
    void mbrEntry(int index, unsigned char status, unsigned char type, uint32_t start, uint32_t sectors) const
    {
        const uint64_t e = 446 + uint64_t(index) * 16;
        put(e, std::string(1, char(status)));
        put(e + 4, std::string(1, char(type)));
        put32(e + 8, start);
        put32(e + 12, sectors);
        put(510, "\x55\xaa");
    }
    // An ext4 superblock at `offset`: the magic and the extents feature.
    void ext4(uint64_t offset) const
    {
        put(offset + 1080, "\x53\xef");
        put32(offset + 1024 + 0x60, 0x40 | 0x2);
    }
    Names signatures() const { return findSignatures(m_path); }

private:
    ScratchDir m_dir;
    std::string m_path;
};

} // namespace

TEST(Signatures, BlankImageHoldsNothing)
{
    Image img;
    EXPECT_EQ(img.signatures(), Names {});
    EXPECT_EQ(findSignatures(std::string("/nonexistent/disk")), Names {});
}

TEST(Signatures, BootSectorsAreFilesystemsNotPartitionTables)
{
    {
        Image img;
        img.put(3, "NTFS    ");
        img.put(510, "\x55\xaa");
        EXPECT_EQ(img.signatures(), Names { "NTFS filesystem" });
    }
    {
        // Boot code where an MBR keeps its entries must not pass for one.
        Image img;
        img.put(82, "FAT32   ");
        img.mbrEntry(0, 0x80, 0x0c, 2048, 4096);
        EXPECT_EQ(img.signatures(), Names { "FAT32 filesystem" });
    }
    {
        Image img;
        img.put(54, "FAT16   ");
        img.put(510, "\x55\xaa");
        EXPECT_EQ(img.signatures(), Names { "FAT16 filesystem" });
    }
    {
        Image img;
        img.put(3, "EXFAT   ");
        img.put(510, "\x55\xaa");
        EXPECT_EQ(img.signatures(), Names { "exFAT filesystem" });
    }
}

TEST(Signatures, FilesystemsAndContainersAtTheStart)
{
    struct Case {
        uint64_t offset;
        std::string_view magic;
        const char* name;
    };
    const Case cases[] = {
        { 65600, "_BHRfS_M", "btrfs filesystem" },
        { 0, std::string_view("LUKS\xba\xbe\x00\x02", 8), "LUKS2 encrypted volume" },
        { 0, std::string_view("LUKS\xba\xbe\x00\x01", 8), "LUKS encrypted volume" },
        { 32769, "CD001", "ISO 9660 filesystem" },
        { 0, "XFSB", "XFS filesystem" },
        { 1024, "\x10\x20\xf5\xf2", "F2FS filesystem" },
        { 4086, "SWAPSPACE2", "swap area" },
        { 65526, "SWAPSPACE2", "swap area" }, // made on a machine with 64 KiB pages
        { 4086, "SWAP-SPACE", "swap area" },
        { 4086, "S1SUSPEND", "swap area holding a hibernation image" },
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(c.name);
        Image img;
        img.put(c.offset, c.magic);
        EXPECT_EQ(img.signatures(), Names { c.name });
    }
    {
        Image img;
        img.put(512, "LABELONE");
        img.put(512 + 24, "LVM2 001");
        EXPECT_EQ(img.signatures(), Names { "LVM physical volume" });
    }
    {
        Image img;
        img.put(4096, "\xfc\x4e\x2b\xa9");
        img.put32(4100, 1);
        EXPECT_EQ(img.signatures(), Names { "Linux RAID member" });
    }
}

TEST(Signatures, ExtVersionsByFeatures)
{
    Image ext2, ext3, ext4;
    for (const Image* img : { &ext2, &ext3, &ext4 })
        img->put(1080, "\x53\xef");
    ext3.put32(1024 + 0x5c, 0x4); // has_journal
    ext4.put32(1024 + 0x5c, 0x4);
    ext4.put32(1024 + 0x60, 0x2 | 0x40 | 0x80); // filetype, extents, 64bit
    EXPECT_EQ(ext2.signatures(), Names { "ext2 filesystem" });
    EXPECT_EQ(ext3.signatures(), Names { "ext3 filesystem" });
    EXPECT_EQ(ext4.signatures(), Names { "ext4 filesystem" });
}

TEST(Signatures, MbrNeedsAValidEntry)
{
    {
        Image img;
        img.put(510, "\x55\xaa"); // the marker alone
        EXPECT_EQ(img.signatures(), Names {});
    }
    {
        Image img;
        img.mbrEntry(0, 0x12, 0x83, 2048, 2048); // a boot flag no table has
        EXPECT_EQ(img.signatures(), Names {});
    }
    {
        Image img;
        img.mbrEntry(1, 0x00, 0x83, 2048, 2048);
        img.ext4(2048 * 512);
        EXPECT_EQ(img.signatures(), (Names { "MBR partition table", "ext4 filesystem in partition 2" }));
    }
    {
        // An extended partition holds more tables, not a filesystem; a protective MBR alone is a damaged GPT.
        Image img;
        img.mbrEntry(0, 0x00, 0xee, 1, 4095);
        EXPECT_EQ(img.signatures(), Names { "protective MBR of a GPT disk" });
    }
}

TEST(Signatures, GptWithPartitionsFor512And4096ByteSectors)
{
    for (uint64_t sector : { 512, 4096 }) {
        SCOPED_TRACE(sector);
        Image img;
        img.mbrEntry(0, 0x00, 0xee, 1, 4095);
        img.put(sector, "EFI PART");
        img.put64(sector + 72, 2); // entries from LBA 2
        img.put32(sector + 80, 128);
        img.put32(sector + 84, 128);
        // Partition 1 empty (type GUID zero), partition 2 at 1 MiB with XFS.
        const uint64_t entry2 = 2 * sector + 128;
        img.put(entry2, "0123456789abcdef");
        img.put64(entry2 + 32, 1024 * 1024 / sector);
        img.put(1024 * 1024, "XFSB");
        EXPECT_EQ(img.signatures(), (Names { "GPT partition table", "XFS filesystem in partition 2" }));
    }
}

TEST(Signatures, ListReadsAsASentence)
{
    EXPECT_EQ(signatureList({}), "");
    EXPECT_EQ(signatureList({ "swap area" }), "a swap area");
    EXPECT_EQ(
        signatureList({ "ext4 filesystem", "GPT partition table" }), "an ext4 filesystem and a GPT partition table");
    EXPECT_EQ(signatureList({ "MBR partition table", "XFS filesystem in partition 1", "LUKS encrypted volume" }),
        "an MBR partition table, an XFS filesystem in partition 1 and a LUKS encrypted volume");
}

// Real devices, real tools.

namespace {

Names onLoop(LoopDevice& loop, const std::string& command)
{
    if (run(command + " >/dev/null 2>&1; echo $?") != "0")
        return { "<" + command + " failed>" };
    return findSignatures(loop.device());
}

} // namespace

TEST(SignaturesOnDevices, BlankDeviceHoldsNothing)
{
    LoopDevice loop("64M");
    DM_REQUIRE_ROOT_LOOP(loop);
    EXPECT_EQ(findSignatures(loop.device()), Names {});
    EXPECT_EQ(findSignaturesOfUnusedDevice(loop.device()), Names {});
    // A descriptor works as a path does, and its file offset is left alone.
    const int fd = ::open(loop.device().c_str(), O_RDONLY | O_DIRECT);
    ASSERT_GE(fd, 0);
    ::lseek(fd, 8192, SEEK_SET);
    EXPECT_EQ(findSignatures(fd), Names {});
    EXPECT_EQ(::lseek(fd, 0, SEEK_CUR), 8192);
    ::close(fd);
}

TEST(SignaturesOnDevices, Ext4AndUnusedCheck)
{
    LoopDevice loop("64M");
    DM_REQUIRE_ROOT_LOOP(loop);
    if (!haveTool("mkfs.ext4"))
        GTEST_SKIP() << "mkfs.ext4 (e2fsprogs) is not installed";
    EXPECT_EQ(onLoop(loop, "mkfs.ext4 -q -F " + loop.device()), Names { "ext4 filesystem" });
    const int fd = ::open(loop.device().c_str(), O_RDONLY | O_DIRECT);
    ASSERT_GE(fd, 0);
    const std::atomic<bool> noCancel { false };
    EXPECT_EQ(overwriteWarning(fd, loop.device(), std::chrono::seconds(30), noCancel),
        loop.device() + " held an ext4 filesystem when the run started; its write tests overwrite it");
    // The bounded probe finds the same, and leaves nothing held behind once it is back.
    const auto within = findSignaturesWithin(fd, std::chrono::seconds(30), noCancel);
    ASSERT_TRUE(within);
    EXPECT_EQ(*within, Names { "ext4 filesystem" });
    EXPECT_EQ(heldIoCount(), 0u);
    // Asked to stop before it starts, it does not wait for the device's answer.
    const std::atomic<bool> stopped { true };
    EXPECT_FALSE(findSignaturesWithin(fd, std::chrono::seconds(30), stopped));
    EXPECT_TRUE(waitForHeldIo(5000)) << "the abandoned probe was not given back";
    ::close(fd);
    // While it is mounted the device is in use: nothing to warn about, the run is refused anyway.
    LoopDevice mounted("64M");
    if (mounted.mount("ext4").empty())
        GTEST_SKIP() << "mount failed here";
    EXPECT_EQ(findSignatures(mounted.device()), Names { "ext4 filesystem" });
    EXPECT_EQ(findSignaturesOfUnusedDevice(mounted.device()), Names {});
}

TEST(SignaturesOnDevices, Xfs)
{
    LoopDevice loop("320M"); // mkfs.xfs refuses less than 300 MB
    DM_REQUIRE_ROOT_LOOP(loop);
    if (!haveTool("mkfs.xfs"))
        GTEST_SKIP() << "mkfs.xfs (xfsprogs) is not installed";
    EXPECT_EQ(onLoop(loop, "mkfs.xfs -q -f " + loop.device()), Names { "XFS filesystem" });
}

TEST(SignaturesOnDevices, Swap)
{
    LoopDevice loop("64M");
    DM_REQUIRE_ROOT_LOOP(loop);
    if (!haveTool("mkswap"))
        GTEST_SKIP() << "mkswap (util-linux) is not installed";
    EXPECT_EQ(onLoop(loop, "mkswap " + loop.device()), Names { "swap area" });
}

TEST(SignaturesOnDevices, MbrAndGptFromSfdisk)
{
    if (!haveTool("sfdisk") || !haveTool("mkfs.ext4"))
        GTEST_SKIP() << "sfdisk (fdisk) or mkfs.ext4 (e2fsprogs) is not installed";
    {
        LoopDevice loop("64M");
        DM_REQUIRE_ROOT_LOOP(loop);
        EXPECT_EQ(onLoop(loop, "echo 'start=2048, size=20480, type=83' | sfdisk -q " + loop.device()),
            Names { "MBR partition table" });
        // A filesystem in the partition (the loop device has no partition devices: write at the offset).
        EXPECT_EQ(onLoop(loop, "mkfs.ext4 -q -F -E offset=1048576 " + loop.device() + " 10M"),
            (Names { "MBR partition table", "ext4 filesystem in partition 1" }));
    }
    {
        LoopDevice loop("64M");
        DM_REQUIRE_ROOT_LOOP(loop);
        EXPECT_EQ(onLoop(loop, "printf 'label: gpt\\nstart=2048, size=20480\\n' | sfdisk -q " + loop.device()),
            Names { "GPT partition table" });
        // mkswap has no offset option before util-linux 2.39: made in a file, copied into the partition.
        const std::string swap = "f=$(mktemp /dev/shm/dm-swap-XXXXXX) && truncate -s 10M $f && mkswap $f"
                                 " && dd if=$f of="
            + loop.device() + " bs=1M seek=1 conv=notrunc,fsync status=none; r=$?; rm -f $f; [ $r = 0 ]";
        EXPECT_EQ(onLoop(loop, "(" + swap + ")"), (Names { "GPT partition table", "swap area in partition 1" }));
    }
    {
        // 4096-byte sectors: the GPT header is at 4096, and O_DIRECT reads must be 4 KiB-aligned.
        LoopDevice loop("64M", 4096);
        DM_REQUIRE_ROOT_LOOP(loop);
        EXPECT_EQ(onLoop(loop, "printf 'label: gpt\\nstart=256, size=2560\\n' | sfdisk -q " + loop.device()),
            Names { "GPT partition table" });
        EXPECT_EQ(onLoop(loop, "mkfs.ext4 -q -F -E offset=1048576 " + loop.device() + " 8M"),
            (Names { "GPT partition table", "ext4 filesystem in partition 1" }));
    }
}
