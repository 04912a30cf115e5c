// SPDX-License-Identifier: GPL-3.0-or-later
// Checks the warnings a report carries about its target: copy-on-write and compressing
// filesystems, network and FUSE filesystems, RAM (tmpfs, ramfs, zram, a loop device over a file
// in RAM or through the page cache), and dm-crypt found below LVM in a fake sysfs, by kernel name
// and by /dev/mapper name; then deviceBusyWarning() on fake stat files that change while it
// samples, and on the real machine: /dev/shm is RAM, and (as root) a loop device that is busy
// only while a thread reads it.
#include "targetinfo.h"
#include "targetwarnings.h"
#include "testtargets.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <thread>

using namespace dm;
using namespace std::chrono_literals;

namespace {

// Sampled, then judged with the drive's speed unknown (any I/O counts).
QString busyWarning(const QString& device, const TargetPaths& paths, std::chrono::milliseconds window)
{
    return deviceBusyWarning(sampleDeviceActivity(device, paths, window));
}

TargetDescription fs(const char* type, const char* options = "rw,relatime", const char* device = "/dev/sda1")
{
    TargetDescription t;
    t.kind = QStringLiteral("directory");
    t.filesystem = QString::fromLatin1(type);
    t.mountOptions = QString::fromLatin1(options);
    t.device = QString::fromLatin1(device);
    return t;
}

TargetDescription blockDevice(const QString& device)
{
    TargetDescription t;
    t.kind = QStringLiteral("block-device");
    t.device = device;
    return t;
}

// A fake /sys and /dev: an LVM volume (dm-1) on a LUKS2 mapping (dm-0) on sda2, a plain LVM
// volume (dm-2) on sda3, a zram device and a loop device.
class SysTree {
public:
    SysTree()
    {
        EXPECT_TRUE(m_dir.isValid());
        // Disks and partitions live below their disk, as in /sys/block; /sys/class/block links to all.
        file("sys/block/sda/stat", stat(0, 0, 0));
        for (const char* part : { "sda2", "sda3" }) {
            file(QStringLiteral("sys/block/sda/%1/partition").arg(QLatin1String(part)), "2\n");
            link(QStringLiteral("sys/class/block/%1").arg(QLatin1String(part)),
                QStringLiteral("../../block/sda/%1").arg(QLatin1String(part)));
        }
        link(QStringLiteral("sys/class/block/sda"), QStringLiteral("../../block/sda"));
        dm("dm-0", "luks-1234", "CRYPT-LUKS2-0f1e2d3c4b5a69788796a5b4c3d2e1f0-luks-1234", "sda2");
        dm("dm-1", "vg-root", "LVM-Hd7lQw3aB2cD4eF6gH8iJ0kL1mN3oP5qR7sT9uV1wX3yZ5aB7cD9eF1gH3iJ5kL", "dm-0");
        dm("dm-2", "vg-data", "LVM-Zz9yX8wV7uT6sR5qP4oN3mL2kJ1iH0gF9eD8cB7aZ6yX5wV4uT3sR2qP1oN0mL", "sda3");
        file("sys/block/zram0/stat", stat(0, 0, 0));
        file("sys/block/loop7/loop/backing_file", "/var/lib/images/disk.img\n");
        file("sys/block/loop7/loop/dio", "0\n");
    }

    TargetPaths paths() const
    {
        TargetPaths p;
        p.sysRoot = m_dir.filePath(QStringLiteral("sys"));
        p.devRoot = m_dir.filePath(QStringLiteral("dev"));
        p.mountInfo = m_dir.filePath(QStringLiteral("mountinfo"));
        return p;
    }

    static QByteArray stat(quint64 sectorsRead, quint64 sectorsWritten, quint64 inFlight)
    {
        // The kernel's layout: 17 columns, right-aligned; fields 3, 7 and 9 matter here.
        return QStringLiteral("%1 0 %2 10 %3 0 %4 20 %5 30 40 0 0 0 0 0 0\n")
            .arg(sectorsRead / 8, 8)
            .arg(sectorsRead, 8)
            .arg(sectorsWritten / 8, 8)
            .arg(sectorsWritten, 8)
            .arg(inFlight, 8)
            .toLatin1();
    }

    void file(const QString& relative, const QByteArray& content) const
    {
        const QString path = m_dir.filePath(relative);
        QDir().mkpath(QFileInfo(path).path());
        // Replaced whole, as sysfs shows a new value: a reader never sees half a line.
        QFile f(path + QStringLiteral(".new"));
        ASSERT_TRUE(f.open(QIODevice::WriteOnly)) << path.toStdString();
        f.write(content);
        f.close();
        ASSERT_EQ(::rename(QFile::encodeName(f.fileName()).constData(), QFile::encodeName(path).constData()), 0);
    }
    void file(const char* relative, const QByteArray& content) const { file(QString::fromLatin1(relative), content); }

    void link(const QString& relative, const QString& target) const
    {
        const QString path = m_dir.filePath(relative);
        QDir().mkpath(QFileInfo(path).path());
        ASSERT_EQ(::symlink(QFile::encodeName(target).constData(), QFile::encodeName(path).constData()), 0);
    }

private:
    void dm(const char* name, const char* mapperName, const char* uuid, const char* slave) const
    {
        const QString dir = QStringLiteral("sys/block/%1").arg(QLatin1String(name));
        file(dir + QStringLiteral("/dm/name"), QByteArray(mapperName) + '\n');
        file(dir + QStringLiteral("/dm/uuid"), QByteArray(uuid) + '\n');
        file(dir + QStringLiteral("/stat"), stat(0, 0, 0));
        // In sysfs these are links to the slaves' directories; only their names are read.
        link(dir + QStringLiteral("/slaves/") + QLatin1String(slave),
            QStringLiteral("../../../class/block/") + QLatin1String(slave));
        link(QStringLiteral("sys/class/block/%1").arg(QLatin1String(name)),
            QStringLiteral("../../block/%1").arg(QLatin1String(name)));
    }

    QTemporaryDir m_dir;
};

QString joined(const QStringList& l) { return l.join(QLatin1Char('\n')); }

} // namespace

TEST(TargetWarnings, PlainLocalFilesystemsGetNone)
{
    for (const char* type : { "ext4", "xfs", "vfat", "exfat", "f2fs" })
        EXPECT_EQ(targetWarnings(fs(type)), QStringList {}) << type;
    EXPECT_EQ(targetWarnings(blockDevice(QStringLiteral("/dev/sda"))), QStringList {});
    EXPECT_EQ(targetWarnings(TargetDescription {}), QStringList {});
}

TEST(TargetWarnings, CopyOnWriteAndCompressingFilesystems)
{
    EXPECT_EQ(targetWarnings(fs("btrfs", "rw,relatime,ssd,space_cache=v2,subvolid=5,subvol=/")),
        QStringList { "btrfs is copy-on-write: every write goes to a new place on the drive, so results differ from "
                      "the drive's own" });
    const QStringList compressed = targetWarnings(fs("btrfs", "rw,relatime,compress=zstd:3,ssd,subvol=/"));
    ASSERT_EQ(compressed.size(), 1) << joined(compressed).toStdString();
    EXPECT_TRUE(
        compressed[0].startsWith("btrfs compresses what is written here (compress=zstd:3) and is copy-on-write"));
    EXPECT_TRUE(targetWarnings(fs("btrfs", "rw,compress-force=lzo"))[0].contains("(compress-force=lzo)"));
    // nodatacow turns both copy-on-write and compression off for file data.
    EXPECT_EQ(targetWarnings(fs("btrfs", "rw,nodatacow")), QStringList {});

    const QStringList zfs = targetWarnings(fs("zfs", "rw,xattr,noacl", "tank/home"));
    ASSERT_EQ(zfs.size(), 1);
    EXPECT_TRUE(zfs[0].startsWith("ZFS is copy-on-write")) << zfs[0].toStdString();
    EXPECT_TRUE(zfs[0].contains("ignores direct I/O"));

    EXPECT_TRUE(targetWarnings(fs("bcachefs", "rw,compression=lz4"))[0].contains("compresses what is written here "
                                                                                 "(compression=lz4)"));
    EXPECT_TRUE(targetWarnings(fs("bcachefs"))[0].startsWith("bcachefs is copy-on-write"));
    EXPECT_EQ(targetWarnings(fs("f2fs", "rw,compress_algorithm=lz4,compress_log_size=2")),
        QStringList { "F2FS compresses files here (compress_algorithm=lz4): results may differ from the drive's own" });
}

TEST(TargetWarnings, NetworkFuseAndRam)
{
    for (const char* type : { "nfs", "nfs4", "cifs", "smb3", "9p", "ceph", "glusterfs" }) {
        const QStringList w = targetWarnings(fs(type, "rw", "server:/export"));
        ASSERT_EQ(w.size(), 1) << type;
        EXPECT_EQ(w[0],
            QStringLiteral("network filesystem (%1): results measure the network and the server, not a local drive")
                .arg(QLatin1String(type)));
    }
    for (const char* type : { "fuse.sshfs", "fuseblk", "fuse", "fuse.gocryptfs" }) {
        const QStringList w = targetWarnings(fs(type, "rw", "user@host:"));
        ASSERT_EQ(w.size(), 1) << type;
        EXPECT_TRUE(
            w[0].startsWith(QStringLiteral("FUSE filesystem (%1): every I/O passes through a program in user space")
                                .arg(QLatin1String(type))))
            << w[0].toStdString();
    }
    EXPECT_EQ(targetWarnings(fs("tmpfs", "rw,nosuid,nodev", "tmpfs")),
        QStringList { "tmpfs is RAM, not a drive: results measure memory" });
    EXPECT_EQ(
        targetWarnings(fs("ramfs", "rw", "none")), QStringList { "ramfs is RAM, not a drive: results measure memory" });
}

TEST(TargetWarnings, RamAndLoopBlockDevices)
{
    SysTree tree;
    EXPECT_EQ(targetWarnings(blockDevice(QStringLiteral("/dev/zram0")), tree.paths()),
        QStringList { "zram0 is compressed RAM, not a drive: results measure memory and the compressor" });
    EXPECT_EQ(targetWarnings(blockDevice(QStringLiteral("/dev/ram0")), tree.paths()),
        QStringList { "ram0 is RAM, not a drive: results measure memory" });
    EXPECT_EQ(targetWarnings(blockDevice(QStringLiteral("/dev/loop7")), tree.paths()),
        QStringList { "loop7 reaches its file /var/lib/images/disk.img through the page cache: results measure RAM "
                      "as much as the drive (losetup --direct-io=on avoids that)" });
    // The same for a filesystem mounted from the loop device.
    EXPECT_EQ(targetWarnings(fs("ext4", "rw", "/dev/loop7"), tree.paths()).size(), 1);
    tree.file("sys/block/loop7/loop/dio", "1\n");
    EXPECT_EQ(targetWarnings(blockDevice(QStringLiteral("/dev/loop7")), tree.paths()), QStringList {});
}

TEST(TargetWarnings, DmCryptBelowLvmByKernelAndMapperName)
{
    SysTree tree;
    const QString expected = QStringLiteral(
        "encrypted device (dm-crypt LUKS2 on dm-0): results include the cost of encryption on the CPU");
    EXPECT_EQ(targetWarnings(fs("ext4", "rw", "/dev/dm-0"), tree.paths()), QStringList { expected });
    EXPECT_EQ(targetWarnings(fs("ext4", "rw", "/dev/dm-1"), tree.paths()), QStringList { expected });
    // A mount source as mountinfo writes it, resolved through the fake sysfs' dm/name (no /dev here)...
    EXPECT_EQ(targetWarnings(fs("xfs", "rw", "/dev/mapper/vg-root"), tree.paths()), QStringList { expected });
    // ...and through the /dev/mapper link when there is one.
    tree.file("dev/dm-1", "");
    tree.link(QStringLiteral("dev/mapper/root"), QStringLiteral("../dm-1"));
    EXPECT_EQ(targetWarnings(fs("xfs", "rw", "/dev/mapper/root"), tree.paths()), QStringList { expected });
    EXPECT_EQ(targetWarnings(blockDevice(QStringLiteral("/dev/dm-1")), tree.paths()), QStringList { expected });
    // btrfs on dm-crypt: both warnings.
    EXPECT_EQ(targetWarnings(fs("btrfs", "rw", "/dev/mapper/luks-1234"), tree.paths()).size(), 2);

    // LVM on a plain partition, and the partitions themselves, are not encrypted.
    EXPECT_EQ(targetWarnings(fs("ext4", "rw", "/dev/dm-2"), tree.paths()), QStringList {});
    EXPECT_EQ(targetWarnings(fs("ext4", "rw", "/dev/mapper/vg-data"), tree.paths()), QStringList {});
    EXPECT_EQ(targetWarnings(fs("ext4", "rw", "/dev/sda2"), tree.paths()), QStringList {});
    EXPECT_EQ(targetWarnings(fs("ext4", "rw", "/dev/mapper/unknown"), tree.paths()), QStringList {});
}

// Only I/O that can move a result is told: a share of what the drive did in the run, in bytes
// or in I/Os per second (kBusyShare), or I/O in flight that completed nothing.
TEST(DeviceBusy, OnlyIoThatCanMoveAResultIsTold)
{
    DiskActivity journald; // what issue 14 met: 0.04 MB/s written, a few I/Os, on a 1,194 MB/s drive
    journald.disk = QStringLiteral("vda");
    journald.writtenBytesPerSec = 40e3;
    journald.iosPerSec = 10;
    const DriveSpeed fast { 1194, 250000 };
    EXPECT_EQ(deviceBusyWarning({ journald }, fast), QString());
    // Unknown speed (nothing measured): any I/O is told, as before.
    EXPECT_TRUE(deviceBusyWarning({ journald }, {}).startsWith(QLatin1String("other I/O on vda (0.04 MB/s written)")))
        << deviceBusyWarning({ journald }, {}).toStdString();

    DiskActivity copy = journald; // a file copy: 30 MB/s on the same drive, 2.5 % of it
    copy.writtenBytesPerSec = 30e6;
    EXPECT_FALSE(deviceBusyWarning({ copy }, fast).isEmpty());
    DiskActivity slowDrive = journald; // the same 0.04 MB/s and 10 IOPS on a slow stick (3.5 MB/s, 900 IOPS)
    EXPECT_FALSE(deviceBusyWarning({ slowDrive }, DriveSpeed { 3.5, 900 }).isEmpty());
    DiskActivity seeks = journald; // few bytes, many I/Os: moves a random test's IOPS
    seeks.writtenBytesPerSec = 1e5;
    seeks.iosPerSec = 3000;
    EXPECT_FALSE(deviceBusyWarning({ seeks }, fast).isEmpty());
    // A kind that measures MB/s only (the sustained write) judges by bytes alone.
    EXPECT_EQ(deviceBusyWarning({ seeks }, DriveSpeed { 1194, 0 }), QString());
    DiskActivity stuck; // I/O in flight that did not complete in the window
    stuck.disk = QStringLiteral("sdb");
    stuck.inFlight = 2;
    EXPECT_TRUE(deviceBusyWarning({ stuck }, fast).contains(QLatin1String("sdb (2 I/Os in flight)")));
    DiskActivity flowing = journald; // in flight, but completing: the rate rule decides
    flowing.inFlight = 1;
    EXPECT_EQ(deviceBusyWarning({ flowing }, fast), QString());

    // The best of each figure, each noted where it was measured (every kind's engine part does;
    // tests/engine/fakebackend_kinds_test.cpp checks that they do).
    DriveSpeed noted;
    noted.note(100, 100);
    noted.note(4, 1000);
    EXPECT_DOUBLE_EQ(noted.mbPerSec, 100);
    EXPECT_DOUBLE_EQ(noted.iops, 1000);
    EXPECT_EQ(deviceBusyWarning({ journald }, DriveSpeed { 100, 0 }), QString());
}

TEST(DeviceBusy, IdleDiskGivesNothing)
{
    SysTree tree;
    for (const char* device : { "/dev/sda", "/dev/nvme9n9", "", "tmpfs" })
        EXPECT_EQ(busyWarning(QString::fromLatin1(device), tree.paths(), 20ms), QString()) << device;
}

TEST(DeviceBusy, InFlightIOCounts)
{
    SysTree tree;
    tree.file("sys/block/sda/stat", SysTree::stat(100, 100, 3));
    EXPECT_EQ(busyWarning(QStringLiteral("sda"), tree.paths(), 20ms),
        QStringLiteral("other I/O on sda (3 I/Os in flight) just before the run: results may be lower than the drive "
                       "can do; stop what uses it and run again"));
}

TEST(DeviceBusy, IOCompletedMeanwhileCountsForTheWholeDisk)
{
    SysTree tree;
    // A partition, an LVM volume and an LVM volume on dm-crypt: all are sda's I/O.
    for (const char* device : { "/dev/sda3", "/dev/dm-2", "/dev/mapper/vg-root", "/dev/sda" }) {
        SCOPED_TRACE(device);
        tree.file("sys/block/sda/stat", SysTree::stat(1000, 5000, 0));
        // The I/O lands mid-window; 400 ms leave room for the first reading on a slow machine
        // (under qemu-user, with other tests beside it, it once came after a 50 ms write).
        std::thread writer([&] {
            std::this_thread::sleep_for(400ms);
            // 10 MB read and 2 MB written meanwhile.
            tree.file("sys/block/sda/stat", SysTree::stat(1000 + 20000, 5000 + 4000, 0));
        });
        const QString w = busyWarning(QString::fromLatin1(device), tree.paths(), 1000ms);
        writer.join();
        EXPECT_TRUE(w.startsWith(QLatin1String("other I/O on sda ("))) << w.toStdString();
        EXPECT_TRUE(w.contains(QLatin1String(" MB/s read, "))) << w.toStdString();
        EXPECT_TRUE(w.contains(QLatin1String(" MB/s written)"))) << w.toStdString();
    }
}

// The real machine.

TEST(TargetWarningsReal, DevShmIsRam)
{
    const TargetDescription t = describeTarget(QStringLiteral("/dev/shm"));
    if (t.filesystem != QLatin1String("tmpfs"))
        GTEST_SKIP() << "/dev/shm is not a tmpfs here";
    EXPECT_TRUE(targetWarnings(t).contains(QStringLiteral("tmpfs is RAM, not a drive: results measure memory")))
        << joined(targetWarnings(t)).toStdString();
}

TEST(TargetWarningsReal, LoopDeviceInRamAndBusyOnlyWhileRead)
{
    dm::test::LoopDevice loop("64M");
    DM_REQUIRE_ROOT_LOOP(loop);
    const QString dev = QString::fromStdString(loop.device());
    const QStringList w = targetWarnings(describeTarget(dev));
    EXPECT_EQ(w.filter(QStringLiteral("a file in RAM, not a drive")).size(), 1) << joined(w).toStdString();

    // udev may still be looking at the new device: idle means idle at least once in a few tries.
    bool idle = false;
    for (int i = 0; i < 5 && !idle; ++i)
        idle = busyWarning(dev, {}, 100ms).isEmpty();
    EXPECT_TRUE(idle);

    std::atomic<bool> stop { false };
    std::thread reader([&] {
        const int fd = ::open(loop.device().c_str(), O_RDONLY | O_DIRECT);
        void* buf = nullptr;
        if (fd < 0 || ::posix_memalign(&buf, 4096, 65536) != 0)
            return;
        for (off_t off = 0; !stop.load(); off = (off + 65536) % (64 << 20))
            if (::pread(fd, buf, 65536, off) < 0)
                break;
        std::free(buf);
        ::close(fd);
    });
    const QString busy = busyWarning(dev, {}, 200ms);
    stop = true;
    reader.join();
    EXPECT_TRUE(busy.startsWith(QStringLiteral("other I/O on %1 (").arg(dev.mid(5)))) << busy.toStdString();
    EXPECT_TRUE(busy.contains(QLatin1String("MB/s read"))) << busy.toStdString();
}

TEST(TargetWarnings, AppendSkipsEmptyAndRepeated)
{
    RunResult run;
    run.warnings = { "the test file is sparse" };
    appendWarnings(run,
        { QString(), QStringLiteral("tmpfs is RAM"), QStringLiteral("the test file is sparse"),
            QStringLiteral("tmpfs is RAM") });
    EXPECT_EQ(run.warnings, (std::vector<std::string> { "the test file is sparse", "tmpfs is RAM" }));
}
