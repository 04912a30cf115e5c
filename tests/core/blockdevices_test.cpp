// SPDX-License-Identifier: GPL-3.0-or-later
// Checks listBlockDevices() and the device facts describeBlockDevice() reads, against one fake
// /sys laid out as the kernel shows an NVMe disk with two partitions (one mounted), a USB 3 stick
// on UAS at 5 Gbps, a USB 2 stick on usb-storage at 480 Mbps, a SATA HDD with 4096-byte physical
// sectors, an SD card with a btrfs partition, a read-only loop device, an LVM volume, and the
// devices that must not be listed (free loop devices, RAM disks, an empty optical drive, a hidden
// NVMe path); that serial numbers appear only when asked; that the reports carry the new facts.
// Then, as root, real loop devices on /dev/shm (512- and 4096-byte sectors, one mounted).

#include "blockdevices.h"
#include "jsonreport.h"
#include "mountlist.h"
#include "targetinfo.h"
#include "targetjson.h"
#include "testtargets.h"
#include "textreport.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <algorithm>

#include <unistd.h>

using namespace dm;

namespace {

const QString kNvmeCtrl = QStringLiteral("devices/pci0000:00/0000:00:1d.0/0000:3d:00.0/nvme/nvme0");
const QString kUas = QStringLiteral("devices/pci0000:00/0000:00:14.0/usb2/2-1");
const QString kBot = QStringLiteral("devices/pci0000:00/0000:00:14.0/usb1/1-2");
const QString kAta = QStringLiteral("devices/pci0000:00/0000:00:17.0/ata1/host0/target0:0:0/0:0:0:0");
const QString kMmc = QStringLiteral("devices/platform/fe320000.mmc/mmc_host/mmc0/mmc0:aaaa");

// SCSI VPD page 0x80 as the kernel exposes it: 4-byte header (page code, length), then ASCII.
QByteArray vpdSerial(const QByteArray& serial)
{
    QByteArray page(4, '\0');
    page[1] = char(0x80);
    page[3] = char(serial.size());
    return page + serial;
}

// A fake /sys and mountinfo in a temporary directory.
class FakeSys {
public:
    FakeSys() { EXPECT_TRUE(m_dir.isValid()); }

    TargetPaths paths() const
    {
        return { m_dir.filePath(QStringLiteral("sys")), m_dir.filePath(QStringLiteral("mountinfo")),
            m_dir.filePath(QStringLiteral("dev")) };
    }

    void file(const QString& relative, const QByteArray& content) const
    {
        const QString path = m_dir.filePath(QStringLiteral("sys/") + relative);
        QDir().mkpath(QFileInfo(path).path());
        QFile f(path);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly)) << path.toStdString();
        f.write(content);
    }

    // A relative symlink below sys/, as sysfs has them.
    void link(const QString& relative, const QString& target) const
    {
        const QString path = m_dir.filePath(QStringLiteral("sys/") + relative);
        QDir().mkpath(QFileInfo(path).path());
        ASSERT_EQ(::symlink(QFile::encodeName(target).constData(), QFile::encodeName(path).constData()), 0)
            << path.toStdString();
    }

    // A whole disk at `dir` (below sys/), linked from sys/block/<name>, with its queue and flags.
    void disk(const QString& dir, const QString& dev, qint64 sectors, int logical = 512, int physical = 512,
        bool rotational = false, bool removable = false, bool ro = false) const
    {
        const QString name = QFileInfo(dir).fileName();
        file(dir + QStringLiteral("/dev"), dev.toUtf8() + '\n');
        file(dir + QStringLiteral("/size"), QByteArray::number(sectors) + '\n');
        file(dir + QStringLiteral("/queue/logical_block_size"), QByteArray::number(logical) + '\n');
        file(dir + QStringLiteral("/queue/physical_block_size"), QByteArray::number(physical) + '\n');
        file(dir + QStringLiteral("/queue/rotational"), rotational ? "1\n" : "0\n");
        file(dir + QStringLiteral("/removable"), removable ? "1\n" : "0\n");
        file(dir + QStringLiteral("/ro"), ro ? "1\n" : "0\n");
        link(QStringLiteral("block/") + name, QStringLiteral("../") + dir);
        indexLinks(dir, dev);
    }

    void partition(const QString& diskDir, const QString& name, int number, const QString& dev, qint64 sectors) const
    {
        const QString dir = diskDir + QLatin1Char('/') + name;
        file(dir + QStringLiteral("/partition"), QByteArray::number(number) + '\n');
        file(dir + QStringLiteral("/dev"), dev.toUtf8() + '\n');
        file(dir + QStringLiteral("/size"), QByteArray::number(sectors) + '\n');
        file(dir + QStringLiteral("/ro"), "0\n");
        indexLinks(dir, dev);
    }

    // /sys/dev/block/MAJ:MIN and /sys/class/block/<name> lead to every disk and partition.
    void indexLinks(const QString& dir, const QString& dev) const
    {
        link(QStringLiteral("dev/block/") + dev, QStringLiteral("../../") + dir);
        link(QStringLiteral("class/block/") + QFileInfo(dir).fileName(), QStringLiteral("../../") + dir);
    }

    void mountinfo(const QByteArray& text) const
    {
        QFile f(m_dir.filePath(QStringLiteral("mountinfo")));
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(text);
    }

private:
    QTemporaryDir m_dir;
};

// The machine every test here looks at.
void buildMachine(const FakeSys& s)
{
    // NVMe: the model and serial are the controller's, the world-wide ID the namespace's.
    const QString nvme = kNvmeCtrl + QStringLiteral("/nvme0n1");
    s.file(kNvmeCtrl + QStringLiteral("/model"), "Samsung SSD 980 PRO 1TB                 \n");
    s.file(kNvmeCtrl + QStringLiteral("/serial"), "S5GXNF0R123456      \n");
    s.disk(nvme, QStringLiteral("259:0"), 1953525168);
    s.file(nvme + QStringLiteral("/wwid"), "eui.002538b111b2c3d4\n");
    s.link(nvme + QStringLiteral("/device"), QStringLiteral("../../nvme0"));
    // Listed in partition order, not name order: p10 after p2.
    s.partition(nvme, QStringLiteral("nvme0n1p10"), 10, QStringLiteral("259:3"), 2048);
    s.partition(nvme, QStringLiteral("nvme0n1p1"), 1, QStringLiteral("259:1"), 1048576);
    s.partition(nvme, QStringLiteral("nvme0n1p2"), 2, QStringLiteral("259:2"), 1952474112);
    // With NVMe multipath the kernel keeps a hidden per-path device next to the namespace.
    const QString hiddenPath = kNvmeCtrl + QStringLiteral("/nvme0c0n1");
    s.disk(hiddenPath, QStringLiteral("259:9"), 1953525168);
    s.file(hiddenPath + QStringLiteral("/hidden"), "1\n");

    // USB 3 stick on UAS: the interface's driver link names the protocol.
    const QString uasScsi = kUas + QStringLiteral("/2-1:1.0/host6/target6:0:0/6:0:0:0");
    const QString sdb = uasScsi + QStringLiteral("/block/sdb");
    s.file(QStringLiteral("devices/pci0000:00/0000:00:14.0/usb2/speed"), "10000\n");
    s.file(kUas + QStringLiteral("/speed"), "5000\n");
    s.file(kUas + QStringLiteral("/serial"), "USBBRIDGE0001\n");
    s.file(kUas + QStringLiteral("/2-1:1.0/bInterfaceClass"), "08\n");
    s.link(kUas + QStringLiteral("/2-1:1.0/driver"), QStringLiteral("../../../../../../bus/usb/drivers/uas"));
    s.link(uasScsi + QStringLiteral("/driver"), QStringLiteral("../../../../../../../../../bus/scsi/drivers/sd"));
    s.file(uasScsi + QStringLiteral("/vendor"), "SanDisk \n");
    s.file(uasScsi + QStringLiteral("/model"), "Extreme Pro     \n");
    s.file(uasScsi + QStringLiteral("/vpd_pg80"), vpdSerial("4C530001230617117445"));
    s.disk(sdb, QStringLiteral("8:16"), 250069680, 512, 512, false, true);
    s.link(sdb + QStringLiteral("/device"), QStringLiteral("../../../6:0:0:0"));

    // USB 2 stick on usb-storage (Bulk-Only), one partition mounted; no VPD page, so the
    // serial is the USB device's.
    const QString botScsi = kBot + QStringLiteral("/1-2:1.0/host7/target7:0:0/7:0:0:0");
    const QString sdc = botScsi + QStringLiteral("/block/sdc");
    s.file(QStringLiteral("devices/pci0000:00/0000:00:14.0/usb1/speed"), "480\n");
    s.file(kBot + QStringLiteral("/speed"), "480\n");
    s.file(kBot + QStringLiteral("/serial"), "001CC0EC3450F9A0\n");
    s.file(kBot + QStringLiteral("/1-2:1.0/bInterfaceClass"), "08\n");
    s.link(kBot + QStringLiteral("/1-2:1.0/driver"), QStringLiteral("../../../../../../bus/usb/drivers/usb-storage"));
    s.file(botScsi + QStringLiteral("/vendor"), "Kingston\n");
    s.file(botScsi + QStringLiteral("/model"), "DataTraveler 2.0\n");
    s.disk(sdc, QStringLiteral("8:32"), 30282240, 512, 512, true, true);
    s.link(sdc + QStringLiteral("/device"), QStringLiteral("../../../7:0:0:0"));
    s.partition(sdc, QStringLiteral("sdc1"), 1, QStringLiteral("8:33"), 30280192);

    // SATA HDD: rotational, 512-byte logical and 4096-byte physical sectors ("512e").
    const QString sda = kAta + QStringLiteral("/block/sda");
    s.file(kAta + QStringLiteral("/vendor"), "ATA     \n");
    s.file(kAta + QStringLiteral("/model"), "WDC WD40EFRX-68N\n");
    s.file(kAta + QStringLiteral("/vpd_pg80"), vpdSerial("     WD-WCC4E1234567"));
    s.disk(sda, QStringLiteral("8:0"), 7814037168, 512, 4096, true);
    s.link(sda + QStringLiteral("/device"), QStringLiteral("../../../0:0:0:0"));

    // SD card: the card names itself; its partition holds btrfs, whose mount has an anonymous
    // device number, so only the mount source ties it to the partition.
    const QString mmc = kMmc + QStringLiteral("/block/mmcblk0");
    s.file(kMmc + QStringLiteral("/name"), "SC32G\n");
    s.file(kMmc + QStringLiteral("/serial"), "0x1234abcd\n");
    s.disk(mmc, QStringLiteral("179:0"), 62333952);
    s.link(mmc + QStringLiteral("/device"), QStringLiteral("../../../mmc0:aaaa"));
    s.partition(mmc, QStringLiteral("mmcblk0p1"), 1, QStringLiteral("179:1"), 62325760);

    // A read-only loop device, a free one, RAM disks and an empty DVD drive.
    const QString loop0 = QStringLiteral("devices/virtual/block/loop0");
    s.disk(loop0, QStringLiteral("7:0"), 131072, 512, 512, false, false, true);
    s.file(loop0 + QStringLiteral("/loop/backing_file"), "/srv/images/debian.iso\n");
    s.disk(QStringLiteral("devices/virtual/block/loop1"), QStringLiteral("7:1"), 0);
    s.disk(QStringLiteral("devices/virtual/block/ram0"), QStringLiteral("1:0"), 8192);
    s.disk(QStringLiteral("devices/virtual/block/zram0"), QStringLiteral("252:0"), 8388608);
    s.disk(QStringLiteral("devices/pci0000:00/0000:00:17.0/ata2/host1/target1:0:0/1:0:0:0/block/sr0"),
        QStringLiteral("11:0"), 0);
    // An LVM volume (listed) and an inactive device-mapper device (size 0, not listed).
    const QString dm1 = QStringLiteral("devices/virtual/block/dm-1");
    s.disk(dm1, QStringLiteral("254:1"), 41943040);
    s.file(dm1 + QStringLiteral("/dm/name"), "vg0-data\n");
    s.file(dm1 + QStringLiteral("/dm/uuid"), "LVM-abcdef\n");
    s.disk(QStringLiteral("devices/virtual/block/dm-0"), QStringLiteral("254:0"), 0);

    s.mountinfo("1 0 259:2 / / rw,relatime shared:1 - ext4 /dev/nvme0n1p2 rw,errors=remount-ro\n"
                "2 1 0:21 / /proc rw - proc proc rw\n"
                "3 1 259:2 /srv /srv/bind rw,relatime shared:1 - ext4 /dev/nvme0n1p2 rw\n"
                "4 1 8:33 / /media/stick rw,nosuid,nodev - vfat /dev/sdc1 rw,fmask=0022\n"
                "5 1 0:45 /@data /mnt/card rw,noatime - btrfs /dev/mmcblk0p1 rw,compress=zstd:3\n");
}

const TargetDescription* find(const QList<TargetDescription>& list, const QString& device)
{
    const auto it
        = std::find_if(list.begin(), list.end(), [&](const TargetDescription& t) { return t.device == device; });
    return it == list.end() ? nullptr : &*it;
}

QStringList devices(const QList<TargetDescription>& list)
{
    QStringList names;
    for (const auto& t : list)
        names << t.device;
    return names;
}

} // namespace

TEST(BlockDevices, ListsDisksThenPartitionsAndLeavesOutWhatCannotBeTested)
{
    FakeSys s;
    buildMachine(s);
    const QList<TargetDescription> list = listBlockDevices(s.paths());
    // Physical disks in natural order, each followed by its partitions in partition order; then
    // the devices made of other things. No free loop, RAM disk, zram, empty DVD, hidden NVMe path.
    EXPECT_EQ(devices(list),
        QStringList({ "/dev/mmcblk0", "/dev/mmcblk0p1", "/dev/nvme0n1", "/dev/nvme0n1p1", "/dev/nvme0n1p2",
            "/dev/nvme0n1p10", "/dev/sda", "/dev/sdb", "/dev/sdc", "/dev/sdc1", "/dev/dm-1", "/dev/loop0" }));
    for (const auto& t : list) {
        EXPECT_EQ(t.kind, QStringLiteral("block-device")) << t.device.toStdString();
        EXPECT_EQ(t.path, t.device);
        EXPECT_GT(t.sizeBytes, 0);
        EXPECT_EQ(t.capacityBytes, t.sizeBytes);
        EXPECT_FALSE(t.freeBytes.has_value()); // a raw device has no free space
    }
}

TEST(BlockDevices, NvmeDiskWithTwoPartitionsOneMounted)
{
    FakeSys s;
    buildMachine(s);
    const QList<TargetDescription> list = listBlockDevices(s.paths());
    const TargetDescription* disk = find(list, QStringLiteral("/dev/nvme0n1"));
    ASSERT_NE(disk, nullptr);
    EXPECT_EQ(disk->model, QStringLiteral("Samsung SSD 980 PRO 1TB"));
    EXPECT_EQ(disk->bus, QStringLiteral("nvme"));
    EXPECT_EQ(disk->sizeBytes, qint64(1953525168) * 512);
    EXPECT_EQ(disk->logicalBlockSize, 512u);
    EXPECT_FALSE(disk->rotational);
    EXPECT_FALSE(disk->uas.has_value()); // not USB
    EXPECT_EQ(disk->partitions, QStringList({ "nvme0n1p1", "nvme0n1p2", "nvme0n1p10" }));
    EXPECT_TRUE(disk->wholeDisk.isEmpty());
    EXPECT_TRUE(disk->mountPoints.isEmpty()); // its partitions are mounted, not the disk

    const TargetDescription* efi = find(list, QStringLiteral("/dev/nvme0n1p1"));
    ASSERT_NE(efi, nullptr);
    EXPECT_EQ(efi->wholeDisk, QStringLiteral("/dev/nvme0n1"));
    EXPECT_EQ(efi->sizeBytes, qint64(1048576) * 512);
    EXPECT_TRUE(efi->mountPoint.isEmpty());
    EXPECT_TRUE(efi->filesystem.isEmpty());
    // A partition carries its disk's model and queue.
    EXPECT_EQ(efi->model, disk->model);
    EXPECT_EQ(efi->bus, QStringLiteral("nvme"));
    EXPECT_EQ(efi->logicalBlockSize, 512u);

    const TargetDescription* root = find(list, QStringLiteral("/dev/nvme0n1p2"));
    ASSERT_NE(root, nullptr);
    // The whole filesystem names the mount, the bind mount of a directory in it comes second.
    EXPECT_EQ(root->mountPoints, QStringList({ "/", "/srv/bind" }));
    EXPECT_EQ(root->mountPoint, QStringLiteral("/"));
    EXPECT_EQ(root->filesystem, QStringLiteral("ext4"));
    EXPECT_EQ(root->mountOptions, QStringLiteral("rw,relatime,errors=remount-ro"));
}

TEST(BlockDevices, UsbSticksTellUasFromBulkOnlyAndTheirLinkSpeed)
{
    FakeSys s;
    buildMachine(s);
    const QList<TargetDescription> list = listBlockDevices(s.paths());

    const TargetDescription* uas = find(list, QStringLiteral("/dev/sdb"));
    ASSERT_NE(uas, nullptr);
    EXPECT_EQ(uas->bus, QStringLiteral("usb"));
    EXPECT_EQ(uas->link, QStringLiteral("USB 3.2 Gen 1 (5 Gbps)")); // the device's speed, not the hub's
    ASSERT_TRUE(uas->uas.has_value());
    EXPECT_TRUE(*uas->uas);
    EXPECT_TRUE(uas->removable);
    EXPECT_EQ(uas->vendor, QStringLiteral("SanDisk"));
    EXPECT_EQ(uas->model, QStringLiteral("Extreme Pro"));
    EXPECT_EQ(deviceSummary(*uas), QStringLiteral("SanDisk Extreme Pro (usb, USB 3.2 Gen 1 (5 Gbps), UAS)"));

    const TargetDescription* bot = find(list, QStringLiteral("/dev/sdc"));
    ASSERT_NE(bot, nullptr);
    EXPECT_EQ(bot->link, QStringLiteral("USB 2.0 (480 Mbps)"));
    ASSERT_TRUE(bot->uas.has_value());
    EXPECT_FALSE(*bot->uas);
    EXPECT_EQ(bot->partitions, QStringList({ "sdc1" }));
    EXPECT_EQ(deviceSummary(*bot), QStringLiteral("Kingston DataTraveler 2.0 (usb, USB 2.0 (480 Mbps), BOT)"));

    const TargetDescription* part = find(list, QStringLiteral("/dev/sdc1"));
    ASSERT_NE(part, nullptr);
    EXPECT_EQ(part->wholeDisk, QStringLiteral("/dev/sdc"));
    EXPECT_EQ(part->link, QStringLiteral("USB 2.0 (480 Mbps)"));
    ASSERT_TRUE(part->uas.has_value());
    EXPECT_FALSE(*part->uas);
    EXPECT_EQ(part->mountPoint, QStringLiteral("/media/stick"));
    EXPECT_EQ(part->filesystem, QStringLiteral("vfat"));
}

TEST(BlockDevices, SataHddSdCardReadOnlyLoopAndLvm)
{
    FakeSys s;
    buildMachine(s);
    const QList<TargetDescription> list = listBlockDevices(s.paths());

    const TargetDescription* hdd = find(list, QStringLiteral("/dev/sda"));
    ASSERT_NE(hdd, nullptr);
    EXPECT_EQ(hdd->bus, QStringLiteral("sata"));
    EXPECT_TRUE(hdd->rotational);
    EXPECT_EQ(hdd->logicalBlockSize, 512u);
    EXPECT_EQ(hdd->physicalBlockSize, 4096u);
    EXPECT_FALSE(hdd->readOnly);
    EXPECT_FALSE(hdd->removable);
    EXPECT_EQ(hdd->sizeBytes, qint64(7814037168) * 512); // 4 TB: more than 32 bits of sectors
    EXPECT_EQ(deviceName(*hdd), QStringLiteral("WDC WD40EFRX-68N"));

    const TargetDescription* card = find(list, QStringLiteral("/dev/mmcblk0"));
    ASSERT_NE(card, nullptr);
    EXPECT_EQ(card->bus, QStringLiteral("mmc"));
    EXPECT_EQ(card->model, QStringLiteral("SC32G"));
    EXPECT_EQ(card->partitions, QStringList({ "mmcblk0p1" }));
    const TargetDescription* cardPart = find(list, QStringLiteral("/dev/mmcblk0p1"));
    ASSERT_NE(cardPart, nullptr);
    EXPECT_EQ(cardPart->wholeDisk, QStringLiteral("/dev/mmcblk0"));
    // btrfs: found by its mount source, though its device number (0:45) is not the partition's.
    EXPECT_EQ(cardPart->mountPoint, QStringLiteral("/mnt/card"));
    EXPECT_EQ(cardPart->filesystem, QStringLiteral("btrfs"));
    EXPECT_EQ(cardPart->mountOptions, QStringLiteral("rw,noatime,compress=zstd:3"));

    const TargetDescription* loop = find(list, QStringLiteral("/dev/loop0"));
    ASSERT_NE(loop, nullptr);
    EXPECT_EQ(loop->bus, QStringLiteral("loop"));
    EXPECT_TRUE(loop->readOnly);
    EXPECT_EQ(loop->model, QStringLiteral("Loop device (/srv/images/debian.iso)"));
    EXPECT_EQ(loop->sizeBytes, qint64(64) * 1024 * 1024);

    const TargetDescription* lvm = find(list, QStringLiteral("/dev/dm-1"));
    ASSERT_NE(lvm, nullptr);
    EXPECT_EQ(lvm->model, QStringLiteral("LVM volume vg0-data"));
    EXPECT_EQ(lvm->bus, QString());
}

TEST(BlockDevices, SerialNumbersOnlyWhenAsked)
{
    FakeSys s;
    buildMachine(s);
    for (const auto& t : listBlockDevices(s.paths()))
        EXPECT_TRUE(t.serial.isEmpty()) << t.device.toStdString() << ": " << t.serial.toStdString();
    for (const auto& t : listFilesystemTargets(s.paths()))
        EXPECT_TRUE(t.serial.isEmpty()) << t.mountPoint.toStdString();
    EXPECT_TRUE(targetDescriptionJson(listBlockDevices(s.paths()).first()).value("serial").isNull());

    const QList<TargetDescription> list = listBlockDevices(s.paths(), true);
    const auto serial = [&](const char* device) {
        const TargetDescription* t = find(list, QLatin1String(device));
        return t ? t->serial : QStringLiteral("(not listed)");
    };
    EXPECT_EQ(serial("/dev/nvme0n1"), QStringLiteral("S5GXNF0R123456")); // the controller's, trimmed
    EXPECT_EQ(serial("/dev/nvme0n1p2"), QStringLiteral("S5GXNF0R123456")); // a partition's is its disk's
    EXPECT_EQ(serial("/dev/sdb"), QStringLiteral("4C530001230617117445")); // VPD page 0x80 before the bridge's
    EXPECT_EQ(serial("/dev/sdc"), QStringLiteral("001CC0EC3450F9A0")); // no VPD page: the USB device's
    EXPECT_EQ(serial("/dev/sda"), QStringLiteral("WD-WCC4E1234567"));
    EXPECT_EQ(serial("/dev/mmcblk0"), QStringLiteral("0x1234abcd"));
    EXPECT_EQ(serial("/dev/loop0"), QString());
}

TEST(BlockDevices, DescribeTargetAndMountCarryTheNewFacts)
{
    FakeSys s;
    buildMachine(s);
    // The stick's filesystem as the filesystem list shows it: device facts plus free space.
    const QList<TargetDescription> filesystems = listFilesystemTargets(s.paths());
    const auto stick = std::find_if(filesystems.begin(), filesystems.end(),
        [](const TargetDescription& t) { return t.mountPoint == QLatin1String("/media/stick"); });
    ASSERT_NE(stick, filesystems.end());
    EXPECT_EQ(stick->device, QStringLiteral("/dev/sdc1"));
    EXPECT_EQ(stick->wholeDisk, QStringLiteral("/dev/sdc"));
    EXPECT_EQ(stick->sizeBytes, qint64(30280192) * 512);
    EXPECT_TRUE(stick->removable);
    EXPECT_TRUE(stick->rotational);
    ASSERT_TRUE(stick->uas.has_value());
    EXPECT_FALSE(*stick->uas);

    // btrfs's anonymous device number: the mount source leads to the card.
    const auto card = std::find_if(filesystems.begin(), filesystems.end(),
        [](const TargetDescription& t) { return t.mountPoint == QLatin1String("/mnt/card"); });
    ASSERT_NE(card, filesystems.end());
    EXPECT_EQ(card->bus, QStringLiteral("mmc"));
    EXPECT_EQ(card->model, QStringLiteral("SC32G"));
}

TEST(BlockDevices, ReportsCarryTheDescription)
{
    FakeSys s;
    buildMachine(s);
    MountEntry m;
    m.device = { 8, 16 };
    m.mountPoint = QStringLiteral("/"); // statvfs()ed; any real directory will do
    m.root = QStringLiteral("/");
    m.fsType = QStringLiteral("exfat");
    m.source = QStringLiteral("/dev/sdb");
    Report report;
    report.target = describeMount(m, s.paths());
    report.date = QDateTime::currentDateTime();

    const QString text = formatText(report);
    EXPECT_TRUE(text.contains(QStringLiteral("SanDisk Extreme Pro (usb, USB 3.2 Gen 1 (5 Gbps), UAS) exfat")))
        << text.toStdString();

    const QJsonObject target = QJsonDocument::fromJson(formatJson(report)).object().value("target").toObject();
    EXPECT_EQ(target.value("uas").toBool(false), true);
    EXPECT_EQ(target.value("vendor").toString(), QStringLiteral("SanDisk"));
    EXPECT_EQ(target.value("removable").toBool(false), true);
    EXPECT_EQ(target.value("read_only").toBool(true), false);
    EXPECT_EQ(target.value("physical_block_size").toInteger(), 512);
    EXPECT_EQ(target.value("size_bytes").toInteger(), qint64(250069680) * 512);
    EXPECT_TRUE(target.value("serial").isNull());
    EXPECT_TRUE(target.value("whole_disk").isNull());

    // And back: a stored report keeps what was tested.
    const auto parsed = parseJson(formatJson(report));
    ASSERT_TRUE(parsed.ok()) << parsed.error().message;
    EXPECT_EQ(parsed->target.uas, std::optional<bool>(true));
    EXPECT_TRUE(parsed->target.removable);
    EXPECT_EQ(parsed->target.physicalBlockSize, 512u);
    EXPECT_EQ(parsed->target.sizeBytes, qint64(250069680) * 512);

    // A USB device whose driver is unknown says nothing about UAS, in JSON null.
    TargetDescription unknown = report.target;
    unknown.uas.reset();
    EXPECT_TRUE(targetDescriptionJson(unknown).value("uas").isNull());
    EXPECT_EQ(targetDescriptionFromJson(targetDescriptionJson(unknown)).uas, std::nullopt);
}

TEST(BlockDevices, MissingSysfsIsAnEmptyList)
{
    const TargetPaths nowhere { QStringLiteral("/nonexistent/sys"), QStringLiteral("/nonexistent/mountinfo"),
        QStringLiteral("/nonexistent/dev") };
    EXPECT_TRUE(listBlockDevices(nowhere).isEmpty());
}

// The real machine: whatever it has, the rules hold.
TEST(BlockDevices, RealMachineFollowsTheRules)
{
    const QList<TargetDescription> list = listBlockDevices();
    for (qsizetype i = 0; i < list.size(); ++i) {
        const TargetDescription& t = list[i];
        const QString name = QFileInfo(t.device).fileName();
        EXPECT_FALSE(name.startsWith(QLatin1String("ram")) || name.startsWith(QLatin1String("zram")))
            << name.toStdString();
        EXPECT_GT(t.sizeBytes, 0) << name.toStdString();
        EXPECT_GT(t.logicalBlockSize, 0u) << name.toStdString();
        EXPECT_TRUE(t.serial.isEmpty());
        // A partition follows its disk or a sibling partition.
        if (!t.wholeDisk.isEmpty()) {
            ASSERT_GT(i, 0);
            const TargetDescription& before = list[i - 1];
            EXPECT_TRUE(before.device == t.wholeDisk || before.wholeDisk == t.wholeDisk) << name.toStdString();
        }
    }
}

// Real loop devices on RAM, as docs/TESTING.md's rig: listed with the right size, block sizes and bus.
TEST(BlockDevices, RealLoopDevicesAreListed)
{
    test::LoopDevice plain("64M");
    DM_REQUIRE_ROOT_LOOP(plain);
    test::LoopDevice large("64M", 4096);
    ASSERT_TRUE(large.ok()) << "losetup --sector-size 4096 failed";

    const QList<TargetDescription> list = listBlockDevices();
    const TargetDescription* a = find(list, QString::fromStdString(plain.device()));
    ASSERT_NE(a, nullptr) << plain.device() << " not in " << devices(list).join(' ').toStdString();
    EXPECT_EQ(a->kind, QStringLiteral("block-device"));
    EXPECT_EQ(a->bus, QStringLiteral("loop"));
    EXPECT_EQ(a->sizeBytes, qint64(64) * 1024 * 1024);
    EXPECT_EQ(a->logicalBlockSize, 512u);
    EXPECT_FALSE(a->readOnly);
    EXPECT_EQ(a->model, QStringLiteral("Loop device (%1)").arg(QString::fromStdString(plain.image())));
    EXPECT_TRUE(a->mountPoints.isEmpty());

    const TargetDescription* b = find(list, QString::fromStdString(large.device()));
    ASSERT_NE(b, nullptr) << large.device();
    EXPECT_EQ(b->bus, QStringLiteral("loop"));
    EXPECT_EQ(b->sizeBytes, qint64(64) * 1024 * 1024);
    EXPECT_EQ(b->logicalBlockSize, 4096u);
    EXPECT_GE(b->physicalBlockSize, 4096u);

    // Loop devices come after the drives.
    const qsizetype firstLoop = std::find_if(list.begin(), list.end(), [](const TargetDescription& t) {
        return t.bus == QLatin1String("loop");
    }) - list.begin();
    for (qsizetype i = firstLoop; i < list.size(); ++i)
        EXPECT_TRUE(list[i].bus == QLatin1String("loop") || list[i].device.startsWith(QLatin1String("/dev/dm-"))
            || list[i].device.startsWith(QLatin1String("/dev/md"))
            || list[i].device.startsWith(QLatin1String("/dev/nbd")))
            << list[i].device.toStdString();
}

TEST(BlockDevices, RealMountedLoopDeviceCarriesItsMount)
{
    test::LoopDevice loop("64M");
    DM_REQUIRE_ROOT_LOOP(loop);
    const QString mountPoint = QString::fromStdString(loop.mount("ext4"));
    if (mountPoint.isEmpty())
        GTEST_SKIP() << "mkfs.ext4 or mount failed here";
    const QList<TargetDescription> list = listBlockDevices();
    const TargetDescription* t = find(list, QString::fromStdString(loop.device()));
    ASSERT_NE(t, nullptr);
    EXPECT_EQ(t->mountPoint, mountPoint);
    EXPECT_EQ(t->mountPoints, QStringList({ mountPoint }));
    EXPECT_EQ(t->filesystem, QStringLiteral("ext4"));
}
