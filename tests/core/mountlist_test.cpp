// SPDX-License-Identifier: GPL-3.0-or-later
// Checks the window's list of filesystem targets against a fixture mountinfo shaped like a Debian
// desktop's (kernel filesystems, snaps, /run, a USB stick under /run/media, bind mounts, a mount
// point with a space, a mount covered by another) and a small fake sysfs; that targetHolding()
// picks the deepest mount holding a path; then the real machine's list.

#include "mountlist.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <algorithm>

#include <unistd.h>

using namespace dm;

namespace {

// A desktop with an NVMe disk (/, /boot/efi, /home), a USB 3 stick mounted by udisks, an xfs disk
// at a path with a space, and everything the kernel and systemd mount besides.
const char* const desktopMountinfo = R"(21 1 0:21 / /proc rw,nosuid,nodev,noexec,relatime shared:12 - proc proc rw
22 1 0:20 / /sys rw,nosuid,nodev,noexec,relatime shared:2 - sysfs sysfs rw
23 1 0:5 / /dev rw,nosuid,relatime shared:8 - devtmpfs udev rw,size=8012345k,nr_inodes=2003086,mode=755
24 23 0:22 / /dev/pts rw,nosuid,noexec,relatime shared:9 - devpts devpts rw,gid=5,mode=620,ptmxmode=000
25 23 0:23 / /dev/shm rw,nosuid,nodev shared:10 - tmpfs tmpfs rw
26 1 0:24 / /run rw,nosuid,nodev,noexec,relatime shared:11 - tmpfs tmpfs rw,size=1606160k,mode=755
1 0 259:2 / / rw,relatime shared:1 - ext4 /dev/nvme0n1p2 rw,errors=remount-ro
27 22 0:26 / /sys/fs/cgroup rw,nosuid,nodev,noexec,relatime shared:4 - cgroup2 cgroup2 rw,nsdelegate
28 22 0:7 / /sys/kernel/security rw,nosuid,nodev,noexec,relatime shared:3 - securityfs securityfs rw
29 22 0:27 / /sys/fs/pstore rw,nosuid,nodev,noexec,relatime shared:5 - pstore pstore rw
30 22 0:28 / /sys/fs/bpf rw,nosuid,nodev,noexec,relatime shared:6 - bpf bpf rw,mode=700
31 21 0:29 / /proc/sys/fs/binfmt_misc rw,relatime shared:13 - autofs systemd-1 rw,fd=29,pgrp=1,timeout=0
32 23 0:19 / /dev/mqueue rw,nosuid,nodev,noexec,relatime shared:14 - mqueue mqueue rw
33 23 0:30 / /dev/hugepages rw,relatime shared:15 - hugetlbfs hugetlbfs rw,pagesize=2M
34 22 0:12 / /sys/kernel/debug rw,nosuid,nodev,noexec,relatime shared:16 - debugfs debugfs rw
35 22 0:13 / /sys/kernel/tracing rw,nosuid,nodev,noexec,relatime shared:17 - tracefs tracefs rw
36 22 0:31 / /sys/fs/fuse/connections rw,nosuid,nodev,noexec,relatime shared:18 - fusectl fusectl rw
37 22 0:32 / /sys/kernel/config rw,nosuid,nodev,noexec,relatime shared:19 - configfs configfs rw
38 22 0:33 / /sys/firmware/efi/efivars rw,nosuid,nodev,noexec,relatime shared:20 - efivarfs efivarfs rw
39 1 7:0 / /snap/core22/1122 ro,nodev,relatime shared:30 - squashfs /dev/loop0 ro
40 1 0:34 / /tmp rw,nosuid,nodev shared:31 - tmpfs tmpfs rw,size=8G
41 1 259:3 /user/projects /srv/projects rw,relatime shared:32 - ext4 /dev/nvme0n1p3 rw
42 1 259:3 / /home rw,relatime shared:32 - ext4 /dev/nvme0n1p3 rw
43 1 259:1 / /boot/efi rw,relatime shared:33 - vfat /dev/nvme0n1p1 rw,fmask=0077,dmask=0077
44 26 0:35 / /run/user/1000 rw,nosuid,nodev,relatime shared:40 - tmpfs tmpfs rw,size=1606156k,mode=700,uid=1000
45 44 0:36 / /run/user/1000/gvfs rw,nosuid,nodev,relatime shared:41 - fuse.gvfsd-fuse gvfsd-fuse rw,user_id=1000
46 26 0:37 / /run/rpc_pipefs rw,relatime shared:42 - rpc_pipefs sunrpc rw
47 26 8:17 / /run/media/user/STICK rw,nosuid,nodev,relatime shared:43 - exfat /dev/sdb1 rw,fmask=0022
48 1 259:2 / /mnt/rootbind rw,relatime shared:1 - ext4 /dev/nvme0n1p2 rw,errors=remount-ro
49 1 8:33 / /mnt/My\040Disk rw,noatime shared:44 - xfs /dev/sdc1 rw,attr2,inode64
50 1 0:38 / /mnt/ram rw,relatime shared:45 - tmpfs tmpfs rw,size=1G
51 1 0:39 / /mnt/ramfs rw,relatime shared:46 - ramfs ramfs rw
52 1 8:49 / /mnt/old rw,relatime shared:47 - ext4 /dev/sdd1 rw
53 52 8:65 / /mnt/old rw,relatime shared:48 - ext4 /dev/sde1 rw
54 1 0:40 / /var/lib/docker/overlay2/4f1c/merged rw,relatime - overlay overlay rw,lowerdir=/a,upperdir=/b,workdir=/c
)";

class Fixture {
public:
    Fixture()
    {
        EXPECT_TRUE(m_dir.isValid());
        file(QStringLiteral("mountinfo"), desktopMountinfo);
        QDir(m_dir.path()).mkpath(QStringLiteral("sys/dev/block"));

        // The NVMe disk behind "/", "/home" and "/boot/efi".
        const QString nvme = QStringLiteral("devices/pci0000:00/0000:00:1d.0/0000:3d:00.0/nvme/nvme0");
        const QString disk = nvme + QStringLiteral("/nvme0n1");
        file(QStringLiteral("sys/") + nvme + QStringLiteral("/model"), "Samsung SSD 980 PRO 1TB                 \n");
        link(QStringLiteral("sys/") + disk + QStringLiteral("/device"), QStringLiteral("../../nvme0"));
        for (int partition = 1; partition <= 3; ++partition) {
            const QString name = QStringLiteral("nvme0n1p%1").arg(partition);
            file(QStringLiteral("sys/%1/%2/partition").arg(disk, name), QByteArray::number(partition));
            link(QStringLiteral("sys/dev/block/259:%1").arg(partition), QStringLiteral("../../%1/%2").arg(disk, name));
        }

        // A USB 3 stick, partition sdb1, as the kernel lays it out below the USB port.
        const QString usb = QStringLiteral("devices/pci0000:00/0000:00:14.0/usb2/2-1");
        const QString scsi = usb + QStringLiteral("/2-1:1.0/host6/target6:0:0/6:0:0:0");
        const QString stick = scsi + QStringLiteral("/block/sdb");
        file(QStringLiteral("sys/devices/pci0000:00/0000:00:14.0/usb2/speed"), "10000\n");
        file(QStringLiteral("sys/") + usb + QStringLiteral("/speed"), "5000\n");
        file(QStringLiteral("sys/") + scsi + QStringLiteral("/vendor"), "SanDisk \n");
        file(QStringLiteral("sys/") + scsi + QStringLiteral("/model"), "Ultra           \n");
        file(QStringLiteral("sys/") + stick + QStringLiteral("/sdb1/partition"), "1\n");
        link(QStringLiteral("sys/") + stick + QStringLiteral("/device"), QStringLiteral("../../../6:0:0:0"));
        link(QStringLiteral("sys/dev/block/8:17"), QStringLiteral("../../") + stick + QStringLiteral("/sdb1"));
    }

    TargetPaths paths() const
    {
        return { m_dir.filePath(QStringLiteral("sys")), m_dir.filePath(QStringLiteral("mountinfo")),
            m_dir.filePath(QStringLiteral("dev")) };
    }

private:
    void file(const QString& relative, const QByteArray& content) const
    {
        const QString path = m_dir.filePath(relative);
        QDir().mkpath(QFileInfo(path).path());
        QFile f(path);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly)) << path.toStdString();
        f.write(content);
    }

    void link(const QString& relative, const QString& target) const
    {
        const QString path = m_dir.filePath(relative);
        QDir().mkpath(QFileInfo(path).path());
        ASSERT_EQ(::symlink(QFile::encodeName(target).constData(), QFile::encodeName(path).constData()), 0)
            << path.toStdString();
    }

    QTemporaryDir m_dir;
};

QStringList mountPoints(const QList<TargetDescription>& targets)
{
    QStringList points;
    for (const auto& t : targets)
        points << t.mountPoint;
    return points;
}

const TargetDescription* find(const QList<TargetDescription>& targets, const QString& mountPoint)
{
    const auto it = std::find_if(
        targets.begin(), targets.end(), [&](const TargetDescription& t) { return t.mountPoint == mountPoint; });
    return it == targets.end() ? nullptr : &*it;
}

} // namespace

TEST(MountList, KeepsStorageDropsTheRestSortedRootFirst)
{
    Fixture fx;
    const QList<TargetDescription> targets = listFilesystemTargets(fx.paths());
    // Gone: every kernel filesystem, the snap, /dev/shm and the rest of /dev, /run (but its
    // media), tmpfs and ramfs away from /tmp, the two bind mounts, and /dev/sdd1 under /dev/sde1.
    // Kept: overlay, which may be a container's only filesystem.
    EXPECT_EQ(mountPoints(targets),
        QStringList({ QStringLiteral("/"), QStringLiteral("/boot/efi"), QStringLiteral("/home"),
            QStringLiteral("/mnt/My Disk"), QStringLiteral("/mnt/old"), QStringLiteral("/run/media/user/STICK"),
            QStringLiteral("/tmp"), QStringLiteral("/var/lib/docker/overlay2/4f1c/merged") }));
}

TEST(MountList, UsbStickUnderRunMediaWithModelAndLink)
{
    Fixture fx;
    const QList<TargetDescription> targets = listFilesystemTargets(fx.paths());
    const TargetDescription* stick = find(targets, QStringLiteral("/run/media/user/STICK"));
    ASSERT_NE(stick, nullptr);
    EXPECT_EQ(stick->path, QStringLiteral("/run/media/user/STICK"));
    EXPECT_EQ(stick->kind, QStringLiteral("directory"));
    EXPECT_EQ(stick->filesystem, QStringLiteral("exfat"));
    EXPECT_EQ(stick->device, QStringLiteral("/dev/sdb1"));
    EXPECT_EQ(stick->vendor, QStringLiteral("SanDisk"));
    EXPECT_EQ(stick->model, QStringLiteral("Ultra"));
    EXPECT_EQ(stick->bus, QStringLiteral("usb"));
    EXPECT_EQ(stick->link, QStringLiteral("USB 3.2 Gen 1 (5 Gbps)"));
    EXPECT_EQ(stick->mountOptions, QStringLiteral("rw,nosuid,nodev,relatime,fmask=0022"));
}

TEST(MountList, BindMountsCollapseOntoTheWholeFilesystem)
{
    Fixture fx;
    const QList<TargetDescription> targets = listFilesystemTargets(fx.paths());
    // /mnt/rootbind is "/" again (same root, longer path); /srv/projects is a directory of /home's
    // filesystem, listed before /home in mountinfo: /home still wins, having root "/".
    EXPECT_EQ(find(targets, QStringLiteral("/mnt/rootbind")), nullptr);
    EXPECT_EQ(find(targets, QStringLiteral("/srv/projects")), nullptr);
    const TargetDescription* root = find(targets, QStringLiteral("/"));
    ASSERT_NE(root, nullptr);
    EXPECT_EQ(root->device, QStringLiteral("/dev/nvme0n1p2"));
    EXPECT_EQ(root->model, QStringLiteral("Samsung SSD 980 PRO 1TB"));
    EXPECT_EQ(root->bus, QStringLiteral("nvme"));
    const TargetDescription* home = find(targets, QStringLiteral("/home"));
    ASSERT_NE(home, nullptr);
    EXPECT_EQ(home->device, QStringLiteral("/dev/nvme0n1p3"));
    // A mount covered by another at the same place is unreachable; the one on top is listed.
    const TargetDescription* old = find(targets, QStringLiteral("/mnt/old"));
    ASSERT_NE(old, nullptr);
    EXPECT_EQ(old->device, QStringLiteral("/dev/sde1"));
}

TEST(MountList, SubvolumesWithoutAWholeMountKeepTheShortestPath)
{
    // btrfs with "@" at / and "@home" at /home (Ubuntu's layout): one filesystem, neither root "/".
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    QFile f(dir.filePath(QStringLiteral("mountinfo")));
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write("1 0 0:31 /@ / rw,relatime - btrfs /dev/sda2 rw,subvol=/@\n"
            "2 1 0:31 /@home /home rw,relatime - btrfs /dev/sda2 rw,subvol=/@home\n");
    f.close();
    const QList<TargetDescription> targets
        = listFilesystemTargets({ dir.filePath(QStringLiteral("sys")), f.fileName(), QString() });
    EXPECT_EQ(mountPoints(targets), QStringList { QStringLiteral("/") });
}

TEST(MountList, EscapedSpacesInMountPoints)
{
    Fixture fx;
    const QList<TargetDescription> targets = listFilesystemTargets(fx.paths());
    const TargetDescription* disk = find(targets, QStringLiteral("/mnt/My Disk"));
    ASSERT_NE(disk, nullptr);
    EXPECT_EQ(disk->path, QStringLiteral("/mnt/My Disk"));
    EXPECT_EQ(disk->filesystem, QStringLiteral("xfs"));
    EXPECT_EQ(disk->device, QStringLiteral("/dev/sdc1"));
    EXPECT_EQ(targets[targetHolding(targets, QStringLiteral("/mnt/My Disk/bench"))].mountPoint, disk->mountPoint);
}

TEST(MountList, TargetHoldingPicksTheLongestPrefix)
{
    Fixture fx;
    QList<TargetDescription> targets = listFilesystemTargets(fx.paths());
    const auto holding = [&](const char* path) {
        const int i = targetHolding(targets, QString::fromUtf8(path));
        return i < 0 ? QStringLiteral("(none)") : targets[i].mountPoint;
    };
    EXPECT_EQ(holding("/home/user"), QStringLiteral("/home"));
    EXPECT_EQ(holding("/home"), QStringLiteral("/home"));
    EXPECT_EQ(holding("/homework/a"), QStringLiteral("/")); // a prefix as text, not as a path
    EXPECT_EQ(holding("/boot/efi/EFI/debian"), QStringLiteral("/boot/efi"));
    EXPECT_EQ(holding("/boot/grub"), QStringLiteral("/"));
    EXPECT_EQ(holding("/run/media/user/STICK/../STICK/photos"), QStringLiteral("/run/media/user/STICK"));

    // Without its own mount, /home is part of "/".
    targets.removeIf([](const TargetDescription& t) { return t.mountPoint == QLatin1String("/home"); });
    EXPECT_EQ(holding("/home/user"), QStringLiteral("/"));

    EXPECT_EQ(targetHolding({}, QStringLiteral("/home/user")), -1);
}

TEST(MountList, MissingMountinfoIsAnEmptyList)
{
    EXPECT_TRUE(listFilesystemTargets({ QStringLiteral("/nonexistent/sys"), QStringLiteral("/nonexistent/mountinfo"),
                                          QStringLiteral("/nonexistent/dev") })
                    .isEmpty());
}

TEST(MountList, RealMachine)
{
    const QList<TargetDescription> targets = listFilesystemTargets();
    ASSERT_FALSE(targets.isEmpty());

    // The filesystem this test runs on (or "/", if the current directory is somewhere we leave
    // out) is listed, with a size, and targetHolding() finds it.
    const QString cwd = QFileInfo(QDir::currentPath()).canonicalFilePath();
    const TargetDescription* here = find(targets, describeTarget(cwd).mountPoint);
    if (!here)
        here = find(targets, QStringLiteral("/"));
    ASSERT_NE(here, nullptr) << mountPoints(targets).join(QLatin1Char(' ')).toStdString();
    EXPECT_GT(here->capacityBytes, 0);
    ASSERT_TRUE(here->freeBytes.has_value());
    EXPECT_LE(*here->freeBytes, here->capacityBytes);
    EXPECT_FALSE(here->filesystem.isEmpty());
    EXPECT_GE(targetHolding(targets, cwd), 0);

    QStringList seen;
    for (const auto& t : targets) {
        EXPECT_FALSE(seen.contains(t.mountPoint)) << t.mountPoint.toStdString();
        seen << t.mountPoint;
        for (const char* place : { "/proc", "/sys", "/dev" })
            EXPECT_FALSE(pathIsUnder(t.mountPoint, QLatin1String(place))) << t.mountPoint.toStdString();
        EXPECT_NE(t.filesystem, QStringLiteral("proc"));
        EXPECT_NE(t.filesystem, QStringLiteral("sysfs"));
        EXPECT_NE(t.filesystem, QStringLiteral("cgroup2"));
    }
    EXPECT_TRUE(std::is_sorted(seen.begin(), seen.end()));
}
