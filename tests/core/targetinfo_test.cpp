// SPDX-License-Identifier: GPL-3.0-or-later
// Checks describeTarget() against fake /sys and mountinfo trees laid out as the kernel shows an
// NVMe partition, USB 3 and USB 2 sticks, a rotational SATA disk, a loop device and a tmpfs;
// then against the real machine: the current directory and, as root, a real loop device.

#include "targetinfo.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <cerrno>
#include <cstring>
#include <optional>

#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

using namespace dm;

namespace {

struct DfUse {
    int percent = 0;
    qint64 used = 0;
};

bool haveDf() { return QProcess::execute(QStringLiteral("df"), { QStringLiteral("--version") }) == 0; }

// `df --output=pcent,used -B1 PATH`: "Use%  Used\n 21% 20728291328".
std::optional<DfUse> dfUse(const QString& path)
{
    QProcess df;
    df.start(QStringLiteral("df"), { QStringLiteral("--output=pcent,used"), QStringLiteral("-B1"), path });
    if (!df.waitForFinished(10000) || df.exitCode() != 0)
        return std::nullopt;
    const QList<QByteArray> lines = df.readAllStandardOutput().trimmed().split('\n');
    const QList<QByteArray> fields = lines.value(1).simplified().split(' ');
    bool okPct = false, okUsed = false;
    DfUse u { QString::fromLatin1(fields.value(0)).remove(QLatin1Char('%')).toInt(&okPct),
        fields.value(1).toLongLong(&okUsed) };
    if (!okPct || !okUsed)
        return std::nullopt;
    return u;
}

// A directory holding a fake sysfs, a fake mountinfo and a real directory to describe. The real
// directory's device number is what stat() reports, so the fake trees are keyed by it.
class Fixture {
public:
    Fixture()
    {
        EXPECT_TRUE(m_dir.isValid());
        QDir(m_dir.path()).mkpath(QStringLiteral("data"));
        QDir(m_dir.path()).mkpath(QStringLiteral("sys/dev/block"));
        m_data = QFileInfo(m_dir.filePath(QStringLiteral("data"))).canonicalFilePath();
        struct stat st { };
        EXPECT_EQ(::stat(QFile::encodeName(m_data).constData(), &st), 0);
        m_dev = QStringLiteral("%1:%2").arg(::major(st.st_dev)).arg(::minor(st.st_dev));
        // A device number no line should match by accident.
        m_otherDev = QStringLiteral("%1:%2").arg(::major(st.st_dev) + 1).arg(::minor(st.st_dev) + 7);
    }

    QString data() const { return m_data; }
    QString dev() const { return m_dev; }
    QString otherDev() const { return m_otherDev; }
    QString root() const { return m_dir.path(); }
    TargetPaths paths() const
    {
        return { m_dir.filePath(QStringLiteral("sys")), m_dir.filePath(QStringLiteral("mountinfo")),
            m_dir.filePath(QStringLiteral("dev")) };
    }

    void file(const QString& relative, const QByteArray& content) const
    {
        const QString path = m_dir.filePath(relative);
        QDir().mkpath(QFileInfo(path).path());
        QFile f(path);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly)) << path.toStdString();
        f.write(content);
    }

    // A relative symlink, as sysfs has them.
    void link(const QString& relative, const QString& target) const
    {
        const QString path = m_dir.filePath(relative);
        QDir().mkpath(QFileInfo(path).path());
        ASSERT_EQ(::symlink(QFile::encodeName(target).constData(), QFile::encodeName(path).constData()), 0)
            << path.toStdString();
    }

    // sys/dev/block/<dev of data> -> the device directory, as /sys/dev/block/MAJ:MIN is.
    void blockLink(const QString& devicePath) const
    {
        link(QStringLiteral("sys/dev/block/") + m_dev, QStringLiteral("../../") + devicePath);
    }

    // The data directory mounted from `source`, below a root filesystem on another device.
    void mountinfo(const QString& fsType, const QString& source, const QString& options = QStringLiteral("rw,relatime"),
        const QString& superOptions = QStringLiteral("rw")) const
    {
        file(QStringLiteral("mountinfo"),
            QStringLiteral("1 0 %1 / / rw,relatime shared:1 - ext4 /dev/vda1 rw\n"
                           "2 1 %2 / %3 %4 shared:7 - %5 %6 %7\n")
                .arg(m_otherDev, m_dev, m_data, options, fsType, source, superOptions)
                .toUtf8());
    }

private:
    QTemporaryDir m_dir;
    QString m_data, m_dev, m_otherDev;
};

} // namespace

TEST(TargetInfo, NvmePartition)
{
    Fixture fx;
    const QString disk = QStringLiteral("devices/pci0000:00/0000:00:1d.0/0000:3d:00.0/nvme/nvme0/nvme0n1");
    fx.file(QStringLiteral("sys/") + disk + QStringLiteral("/nvme0n1p2/partition"), "2\n");
    fx.file(QStringLiteral("sys/") + disk + QStringLiteral("/nvme0n1p2/size"), "1951133696\n");
    fx.file(QStringLiteral("sys/") + disk + QStringLiteral("/size"), "1953525168\n");
    fx.file(QStringLiteral("sys/") + disk + QStringLiteral("/queue/rotational"), "0\n");
    // The disk's `device` is the controller, where the model is (padded with spaces by the kernel).
    fx.file(QStringLiteral("sys/devices/pci0000:00/0000:00:1d.0/0000:3d:00.0/nvme/nvme0/model"),
        "Samsung SSD 980 PRO 1TB                 \n");
    fx.link(QStringLiteral("sys/") + disk + QStringLiteral("/device"), QStringLiteral("../../nvme0"));
    fx.blockLink(disk + QStringLiteral("/nvme0n1p2"));
    fx.mountinfo(QStringLiteral("ext4"), QStringLiteral("/dev/nvme0n1p2"), QStringLiteral("rw,noatime"),
        QStringLiteral("rw,errors=remount-ro"));

    const TargetDescription t = describeTarget(fx.data(), fx.paths());
    EXPECT_EQ(t.path, fx.data());
    EXPECT_EQ(t.kind, QStringLiteral("directory"));
    EXPECT_EQ(t.mountPoint, fx.data());
    EXPECT_EQ(t.filesystem, QStringLiteral("ext4"));
    EXPECT_EQ(t.mountOptions, QStringLiteral("rw,noatime,errors=remount-ro"));
    EXPECT_EQ(t.device, QStringLiteral("/dev/nvme0n1p2"));
    EXPECT_EQ(t.model, QStringLiteral("Samsung SSD 980 PRO 1TB"));
    EXPECT_EQ(t.vendor, QString());
    EXPECT_EQ(t.bus, QStringLiteral("nvme"));
    EXPECT_EQ(t.link, QString());
    EXPECT_FALSE(t.rotational);
    // Capacity and free space are the real filesystem's (statvfs), not the fake device's.
    EXPECT_GT(t.capacityBytes, 0);
    ASSERT_TRUE(t.freeBytes.has_value());
    EXPECT_LE(*t.freeBytes, t.capacityBytes);
    EXPECT_NE(t.capacityBytes, qint64(1951133696) * 512);
    EXPECT_EQ(deviceSummary(t), QStringLiteral("Samsung SSD 980 PRO 1TB (nvme) ext4"));
}

TEST(TargetInfo, Usb3StickAt5Gbps)
{
    Fixture fx;
    const QString hub = QStringLiteral("devices/pci0000:00/0000:00:14.0/usb2");
    const QString device = hub + QStringLiteral("/2-1");
    const QString scsi = device + QStringLiteral("/2-1:1.0/host6/target6:0:0/6:0:0:0");
    const QString disk = scsi + QStringLiteral("/block/sdb");
    // The root hub's port could do more; the stick negotiated 5 Gbps, and that is what counts.
    fx.file(QStringLiteral("sys/") + hub + QStringLiteral("/speed"), "10000\n");
    fx.file(QStringLiteral("sys/") + device + QStringLiteral("/speed"), "5000\n");
    fx.file(QStringLiteral("sys/") + scsi + QStringLiteral("/vendor"), "SanDisk \n");
    fx.file(QStringLiteral("sys/") + scsi + QStringLiteral("/model"), "Ultra           \n");
    fx.file(QStringLiteral("sys/") + disk + QStringLiteral("/size"), "60063744\n");
    fx.file(QStringLiteral("sys/") + disk + QStringLiteral("/queue/rotational"), "1\n");
    fx.link(QStringLiteral("sys/") + disk + QStringLiteral("/device"), QStringLiteral("../../../6:0:0:0"));
    fx.blockLink(disk);
    fx.mountinfo(QStringLiteral("exfat"), QStringLiteral("/dev/sdb"));

    const TargetDescription t = describeTarget(fx.data(), fx.paths());
    EXPECT_EQ(t.device, QStringLiteral("/dev/sdb"));
    EXPECT_EQ(t.bus, QStringLiteral("usb"));
    EXPECT_EQ(t.link, QStringLiteral("USB 3.2 Gen 1 (5 Gbps)"));
    EXPECT_EQ(t.vendor, QStringLiteral("SanDisk"));
    EXPECT_EQ(t.model, QStringLiteral("Ultra"));
    EXPECT_TRUE(t.rotational); // many sticks claim to spin; we report what the kernel says
    EXPECT_EQ(t.filesystem, QStringLiteral("exfat"));
    EXPECT_EQ(deviceSummary(t), QStringLiteral("SanDisk Ultra (usb, USB 3.2 Gen 1 (5 Gbps)) exfat"));
}

TEST(TargetInfo, Usb2StickPartitionAt480Mbps)
{
    Fixture fx;
    const QString device = QStringLiteral("devices/pci0000:00/0000:00:14.0/usb1/1-2");
    const QString scsi = device + QStringLiteral("/1-2:1.0/host7/target7:0:0/7:0:0:0");
    const QString disk = scsi + QStringLiteral("/block/sdc");
    fx.file(QStringLiteral("sys/devices/pci0000:00/0000:00:14.0/usb1/speed"), "480\n");
    fx.file(QStringLiteral("sys/") + device + QStringLiteral("/speed"), "480\n");
    fx.file(QStringLiteral("sys/") + scsi + QStringLiteral("/vendor"), "Kingston\n");
    fx.file(QStringLiteral("sys/") + scsi + QStringLiteral("/model"), "DataTraveler 2.0\n");
    fx.file(QStringLiteral("sys/") + disk + QStringLiteral("/queue/rotational"), "0\n");
    fx.file(QStringLiteral("sys/") + disk + QStringLiteral("/sdc1/partition"), "1\n");
    fx.link(QStringLiteral("sys/") + disk + QStringLiteral("/device"), QStringLiteral("../../../7:0:0:0"));
    fx.blockLink(disk + QStringLiteral("/sdc1"));
    fx.mountinfo(QStringLiteral("vfat"), QStringLiteral("/dev/sdc1"));

    const TargetDescription t = describeTarget(fx.data(), fx.paths());
    EXPECT_EQ(t.device, QStringLiteral("/dev/sdc1"));
    EXPECT_EQ(t.bus, QStringLiteral("usb"));
    EXPECT_EQ(t.link, QStringLiteral("USB 2.0 (480 Mbps)"));
    EXPECT_EQ(t.model, QStringLiteral("DataTraveler 2.0"));
    EXPECT_FALSE(t.rotational);
}

TEST(TargetInfo, RotationalSataDisk)
{
    Fixture fx;
    const QString scsi = QStringLiteral("devices/pci0000:00/0000:00:1f.2/ata1/host0/target0:0:0/0:0:0:0");
    const QString disk = scsi + QStringLiteral("/block/sda");
    fx.file(QStringLiteral("sys/") + scsi + QStringLiteral("/vendor"), "ATA     \n");
    fx.file(QStringLiteral("sys/") + scsi + QStringLiteral("/model"), "WDC WD40EFRX-68N\n");
    fx.file(QStringLiteral("sys/") + disk + QStringLiteral("/queue/rotational"), "1\n");
    fx.file(QStringLiteral("sys/") + disk + QStringLiteral("/sda1/partition"), "1\n");
    fx.link(QStringLiteral("sys/") + disk + QStringLiteral("/device"), QStringLiteral("../../../0:0:0:0"));
    fx.blockLink(disk + QStringLiteral("/sda1"));
    fx.mountinfo(QStringLiteral("xfs"), QStringLiteral("/dev/sda1"));

    const TargetDescription t = describeTarget(fx.data(), fx.paths());
    EXPECT_EQ(t.device, QStringLiteral("/dev/sda1"));
    EXPECT_EQ(t.bus, QStringLiteral("sata"));
    EXPECT_TRUE(t.rotational);
    EXPECT_EQ(t.vendor, QStringLiteral("ATA"));
    EXPECT_EQ(t.model, QStringLiteral("WDC WD40EFRX-68N"));
    EXPECT_EQ(t.link, QString());
    // libata's vendor "ATA" says nothing and is left out.
    EXPECT_EQ(deviceSummary(t), QStringLiteral("WDC WD40EFRX-68N (sata) xfs"));
}

TEST(TargetInfo, LoopDeviceNamesItsBackingFile)
{
    Fixture fx;
    const QString disk = QStringLiteral("devices/virtual/block/loop3");
    fx.file(QStringLiteral("sys/") + disk + QStringLiteral("/loop/backing_file"), "/dev/shm/dm.img\n");
    fx.file(QStringLiteral("sys/") + disk + QStringLiteral("/queue/rotational"), "0\n");
    fx.blockLink(disk);
    fx.mountinfo(QStringLiteral("ext4"), QStringLiteral("/dev/loop3"));

    const TargetDescription t = describeTarget(fx.data(), fx.paths());
    EXPECT_EQ(t.device, QStringLiteral("/dev/loop3"));
    EXPECT_EQ(t.bus, QStringLiteral("loop"));
    EXPECT_EQ(t.model, QStringLiteral("Loop device (/dev/shm/dm.img)"));
}

TEST(TargetInfo, VirtioAndPlainScsiAndMmc)
{
    {
        Fixture fx;
        const QString disk = QStringLiteral("devices/pci0000:00/0000:00:02.0/virtio1/block/vda");
        fx.file(QStringLiteral("sys/") + disk + QStringLiteral("/queue/rotational"), "1\n");
        fx.file(QStringLiteral("sys/devices/pci0000:00/0000:00:02.0/virtio1/vendor"), "0x1af4\n"); // an ID, not a name
        fx.link(QStringLiteral("sys/") + disk + QStringLiteral("/device"), QStringLiteral("../../../virtio1"));
        fx.blockLink(disk);
        fx.mountinfo(QStringLiteral("ext4"), QStringLiteral("/dev/vda"));
        const TargetDescription t = describeTarget(fx.data(), fx.paths());
        EXPECT_EQ(t.bus, QStringLiteral("virtio"));
        EXPECT_EQ(t.vendor, QString());
        EXPECT_EQ(deviceSummary(t), QStringLiteral("/dev/vda (virtio) ext4")); // no model: the device names it
    }
    {
        Fixture fx;
        const QString scsi = QStringLiteral("devices/pci0000:00/0000:00:10.0/host2/target2:0:1/2:0:1:0");
        fx.file(QStringLiteral("sys/") + scsi + QStringLiteral("/model"), "Virtual disk\n");
        fx.link(
            QStringLiteral("sys/") + scsi + QStringLiteral("/block/sdd/device"), QStringLiteral("../../../2:0:1:0"));
        fx.blockLink(scsi + QStringLiteral("/block/sdd"));
        fx.mountinfo(QStringLiteral("ext4"), QStringLiteral("/dev/sdd"));
        EXPECT_EQ(describeTarget(fx.data(), fx.paths()).bus, QStringLiteral("scsi"));
    }
    {
        Fixture fx;
        const QString card = QStringLiteral("devices/platform/fe320000.mmc/mmc_host/mmc1/mmc1:aaaa");
        const QString disk = card + QStringLiteral("/block/mmcblk1");
        fx.file(QStringLiteral("sys/") + card + QStringLiteral("/name"), "SC32G\n");
        fx.file(QStringLiteral("sys/") + disk + QStringLiteral("/mmcblk1p1/partition"), "1\n");
        fx.link(QStringLiteral("sys/") + disk + QStringLiteral("/device"), QStringLiteral("../../../mmc1:aaaa"));
        fx.blockLink(disk + QStringLiteral("/mmcblk1p1"));
        fx.mountinfo(QStringLiteral("ext4"), QStringLiteral("/dev/mmcblk1p1"));
        const TargetDescription t = describeTarget(fx.data(), fx.paths());
        EXPECT_EQ(t.bus, QStringLiteral("mmc"));
        EXPECT_EQ(t.model, QStringLiteral("SC32G"));
        EXPECT_EQ(t.device, QStringLiteral("/dev/mmcblk1p1"));
    }
}

TEST(TargetInfo, NoSysfsEntryKeepsWhatMountinfoSays)
{
    Fixture fx; // an empty sys/dev/block, as for tmpfs, overlay or btrfs's anonymous device numbers
    fx.mountinfo(QStringLiteral("tmpfs"), QStringLiteral("tmpfs"), QStringLiteral("rw,nosuid,nodev"),
        QStringLiteral("rw,size=1048576k"));
    const TargetDescription t = describeTarget(fx.data(), fx.paths());
    EXPECT_EQ(t.kind, QStringLiteral("directory"));
    EXPECT_EQ(t.filesystem, QStringLiteral("tmpfs"));
    EXPECT_EQ(t.device, QStringLiteral("tmpfs"));
    EXPECT_EQ(t.mountOptions, QStringLiteral("rw,nosuid,nodev,size=1048576k"));
    EXPECT_EQ(t.model, QString());
    EXPECT_EQ(t.bus, QString());
    EXPECT_EQ(deviceSummary(t), QStringLiteral("tmpfs"));
}

TEST(TargetInfo, FileTargetAndEscapedMountPoint)
{
    Fixture fx;
    // A mount point with a space is written "\040" in mountinfo.
    const QString spaced = fx.data() + QStringLiteral("/my disk");
    QDir().mkpath(spaced);
    fx.file(QStringLiteral("data/my disk/test.bin"), "x");
    QString escaped = spaced;
    escaped.replace(QLatin1Char(' '), QStringLiteral("\\040"));
    fx.file(QStringLiteral("mountinfo"),
        QStringLiteral("1 0 %1 / / rw - ext4 /dev/vda1 rw\n"
                       "2 1 %2 / %3 rw,relatime - ext4 /dev/vdb1 rw\n"
                       "3 1 %2 / %4 ro,relatime - ext4 /dev/vdb1 rw\n")
            .arg(fx.otherDev(), fx.dev(), fx.data(), escaped)
            .toUtf8());
    const TargetDescription t = describeTarget(spaced + QStringLiteral("/test.bin"), fx.paths());
    EXPECT_EQ(t.kind, QStringLiteral("file"));
    // Both mounts have the file's device number; the deeper one holds it.
    EXPECT_EQ(t.mountPoint, spaced);
    EXPECT_EQ(t.mountOptions, QStringLiteral("ro,relatime")); // the mount's ro, not the superblock's rw
}

TEST(TargetInfo, LongestPrefixWhenNoDeviceNumberMatches)
{
    Fixture fx;
    // Another mount namespace's view: no line carries the directory's device number.
    fx.file(QStringLiteral("mountinfo"),
        QStringLiteral("1 0 %1 / / rw - ext4 /dev/vda1 rw\n"
                       "2 1 %1 / %2 rw,noatime - xfs /dev/vdc rw\n"
                       "3 1 %1 / %2/da rw - btrfs /dev/vdd rw\n"
                       "garbage line\n")
            .arg(fx.otherDev(), fx.root())
            .toUtf8());
    const TargetDescription t = describeTarget(fx.data(), fx.paths());
    EXPECT_EQ(t.mountPoint, fx.root()); // ".../da" is a prefix of ".../data" as text, not as a path
    EXPECT_EQ(t.filesystem, QStringLiteral("xfs"));
    EXPECT_EQ(t.device, QStringLiteral("/dev/vdc"));
}

// The header's "used" is df's Use%: checked against df itself on the filesystems at hand. Other
// programs write meanwhile (the build, other tests on /dev/shm): ours must lie between a df
// taken before and one taken after.
TEST(TargetInfo, UsedPercentIsWhatDfSays)
{
    if (!haveDf())
        GTEST_SKIP() << "df (coreutils) is not installed";
    for (const QString& path : { QStringLiteral("/"), QStringLiteral("/dev/shm"), QDir::currentPath() }) {
        SCOPED_TRACE(path.toStdString());
        const auto before = dfUse(path);
        const TargetDescription t = describeTarget(path);
        const auto after = dfUse(path);
        if (!before || !after)
            continue; // df cannot read it here
        const auto pct = usedPercent(t);
        ASSERT_TRUE(pct && t.usedBytes);
        EXPECT_GE(*pct, std::min(before->percent, after->percent));
        EXPECT_LE(*pct, std::max(before->percent, after->percent));
        EXPECT_GE(*t.usedBytes, std::min(before->used, after->used));
        EXPECT_LE(*t.usedBytes, std::max(before->used, after->used));
    }
    // The rounding: up, as df does; root's reserve (capacity - used - free) is left out.
    TargetDescription t;
    t.capacityBytes = 100;
    t.freeBytes = 90;
    t.usedBytes = 1;
    EXPECT_EQ(usedPercent(t), 2); // 1 / 91 = 1.1 %
    t.usedBytes.reset();
    EXPECT_EQ(usedPercent(t), 10); // an older report: capacity - free
    t.freeBytes.reset();
    EXPECT_EQ(usedPercent(t), std::nullopt);
    // An exabyte filesystem: used * 100 would overflow 64 bits, and 32-bit ARM has no 128-bit one.
    t.capacityBytes = qint64(1) << 62;
    t.usedBytes = (qint64(1) << 61) + 1; // just over half
    t.freeBytes = qint64(1) << 61;
    EXPECT_EQ(usedPercent(t), 51);
    t.usedBytes = qint64(1) << 61; // exactly half
    EXPECT_EQ(usedPercent(t), 50);
}

// "." (the CLI's default target) is stored and shown as the directory it is, not as ".".
TEST(TargetInfo, RelativePathsBecomeAbsolute)
{
    EXPECT_EQ(describeTarget(QStringLiteral(".")).path, QDir::currentPath());
    EXPECT_EQ(describeTarget(QStringLiteral(".")).kind, QStringLiteral("directory"));
    EXPECT_EQ(describeTarget(QStringLiteral("no-such-dir/../x")).path, QDir::currentPath() + QStringLiteral("/x"));
}

TEST(TargetInfo, MissingFilesNeverCrash)
{
    const TargetDescription gone = describeTarget(QStringLiteral("/nonexistent/diskometer/target"));
    EXPECT_EQ(gone.path, QStringLiteral("/nonexistent/diskometer/target"));
    EXPECT_EQ(gone.kind, QString());
    EXPECT_EQ(gone.capacityBytes, 0);

    Fixture fx;
    const TargetPaths nowhere { QStringLiteral("/nonexistent/sys"), QStringLiteral("/nonexistent/mountinfo"),
        QStringLiteral("/nonexistent/dev") };
    const TargetDescription t = describeTarget(fx.data(), nowhere);
    EXPECT_EQ(t.kind, QStringLiteral("directory"));
    EXPECT_EQ(t.filesystem, QString());
    EXPECT_GT(t.capacityBytes, 0);

    // A sysfs entry that leads to an empty directory: nothing to read, nothing invented.
    QDir().mkpath(fx.root() + QStringLiteral("/sys/devices/virtual/block/zram0"));
    fx.blockLink(QStringLiteral("devices/virtual/block/zram0"));
    const TargetDescription bare = describeTarget(fx.data(), fx.paths());
    EXPECT_EQ(bare.device, QStringLiteral("/dev/zram0"));
    EXPECT_EQ(bare.bus, QString());
    EXPECT_EQ(bare.model, QString());
}

TEST(TargetInfo, RawBlockDeviceNode)
{
    Fixture fx;
    QDir(fx.root()).mkpath(QStringLiteral("dev"));
    const QString node = fx.root() + QStringLiteral("/dev/sdb");
    if (::mknod(QFile::encodeName(node).constData(), S_IFBLK | 0600, ::makedev(8, 16)) != 0)
        GTEST_SKIP() << "cannot create a block device node here (needs root): " << strerror(errno);
    const QString scsi = QStringLiteral("devices/pci0000:00/0000:00:14.0/usb2/2-3/2-3:1.0/host8/target8:0:0/8:0:0:0");
    fx.file(QStringLiteral("sys/devices/pci0000:00/0000:00:14.0/usb2/2-3/speed"), "10000\n");
    fx.file(QStringLiteral("sys/") + scsi + QStringLiteral("/model"), "Extreme Pro\n");
    fx.file(QStringLiteral("sys/") + scsi + QStringLiteral("/block/sdb/size"), "2048000\n");
    fx.link(QStringLiteral("sys/") + scsi + QStringLiteral("/block/sdb/device"), QStringLiteral("../../../8:0:0:0"));
    fx.link(QStringLiteral("sys/dev/block/8:16"), QStringLiteral("../../") + scsi + QStringLiteral("/block/sdb"));
    fx.file(QStringLiteral("mountinfo"),
        "1 0 254:0 / / rw - ext4 /dev/vda1 rw\n2 1 8:16 / /media/stick rw - exfat /dev/sdb rw\n");

    const TargetDescription t = describeTarget(node, fx.paths());
    EXPECT_EQ(t.kind, QStringLiteral("block-device"));
    EXPECT_EQ(t.device, QStringLiteral("/dev/sdb"));
    EXPECT_EQ(t.capacityBytes, qint64(2048000) * 512);
    EXPECT_FALSE(t.freeBytes.has_value());
    EXPECT_EQ(t.filesystem, QString());
    EXPECT_EQ(t.mountPoint, QStringLiteral("/media/stick")); // mounted: a raw write would hit a live filesystem
    EXPECT_EQ(t.link, QStringLiteral("USB 3.2 Gen 2 (10 Gbps)"));
}

TEST(TargetInfo, UsbLinkLabels)
{
    EXPECT_EQ(usbLinkLabel(1.5), QStringLiteral("USB 1.1 (1.5 Mbps)"));
    EXPECT_EQ(usbLinkLabel(12), QStringLiteral("USB 1.1 (12 Mbps)"));
    EXPECT_EQ(usbLinkLabel(480), QStringLiteral("USB 2.0 (480 Mbps)"));
    EXPECT_EQ(usbLinkLabel(5000), QStringLiteral("USB 3.2 Gen 1 (5 Gbps)"));
    EXPECT_EQ(usbLinkLabel(10000), QStringLiteral("USB 3.2 Gen 2 (10 Gbps)"));
    EXPECT_EQ(usbLinkLabel(20000), QStringLiteral("USB 3.2 Gen 2x2 (20 Gbps)"));
    EXPECT_EQ(usbLinkLabel(0), QString());
}

TEST(TargetInfo, RealCurrentDirectory)
{
    const QString cwd = QDir::currentPath();
    const TargetDescription t = describeTarget(cwd);
    EXPECT_EQ(t.kind, QStringLiteral("directory"));
    EXPECT_FALSE(t.filesystem.isEmpty());
    EXPECT_FALSE(t.mountPoint.isEmpty());
    EXPECT_TRUE(QFileInfo(cwd).canonicalFilePath().startsWith(t.mountPoint)) << t.mountPoint.toStdString();
    EXPECT_FALSE(t.device.isEmpty());
    EXPECT_GT(t.capacityBytes, 0);
    ASSERT_TRUE(t.freeBytes.has_value());
    EXPECT_LE(*t.freeBytes, t.capacityBytes);
}

// A real loop device on a file, as docs/TESTING.md's rigs: sysfs as the kernel writes it.
TEST(TargetInfo, RealLoopDevice)
{
    if (::geteuid() != 0)
        GTEST_SKIP() << "attaching a loop device needs root";
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString image = QFileInfo(dir.path()).canonicalFilePath() + QStringLiteral("/dm-core-test.img");
    {
        QFile f(image);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        ASSERT_TRUE(f.resize(qint64(32 * 1024 * 1024)));
    }
    QProcess attach;
    attach.start(QStringLiteral("losetup"), { QStringLiteral("-f"), QStringLiteral("--show"), image });
    if (!attach.waitForFinished(30000) || attach.exitStatus() != QProcess::NormalExit || attach.exitCode() != 0)
        GTEST_SKIP() << "losetup could not attach a loop device: " << attach.readAllStandardError().toStdString();
    const QString loop = QString::fromUtf8(attach.readAllStandardOutput()).trimmed();
    // Detach also when an assertion below fails.
    struct Detach {
        QString device;
        ~Detach() { QProcess::execute(QStringLiteral("losetup"), { QStringLiteral("-d"), device }); }
    } detach { loop };

    const TargetDescription t = describeTarget(loop);
    EXPECT_EQ(t.kind, QStringLiteral("block-device"));
    EXPECT_EQ(t.device, loop);
    EXPECT_EQ(t.bus, QStringLiteral("loop"));
    EXPECT_EQ(t.model, QStringLiteral("Loop device (%1)").arg(image));
    EXPECT_EQ(t.capacityBytes, qint64(32 * 1024 * 1024));
    EXPECT_FALSE(t.freeBytes.has_value());
    EXPECT_TRUE(t.mountPoint.isEmpty());
}
