// SPDX-License-Identifier: GPL-3.0-or-later
#include "blockdevices.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <vector>

namespace dm {

namespace {

    // Kernel names in the order people count them: "sda" < "sdb" < "sdaa", "nvme2n1" < "nvme10n1".
    bool naturalLess(const QString& a, const QString& b)
    {
        qsizetype i = 0, j = 0;
        while (i < a.size() && j < b.size()) {
            if (a[i].isDigit() && b[j].isDigit()) {
                qsizetype ei = i, ej = j;
                while (ei < a.size() && a[ei].isDigit())
                    ++ei;
                while (ej < b.size() && b[ej].isDigit())
                    ++ej;
                const qulonglong na = a.mid(i, ei - i).toULongLong();
                const qulonglong nb = b.mid(j, ej - j).toULongLong();
                if (na != nb)
                    return na < nb;
                i = ei;
                j = ej;
                continue;
            }
            if (a[i] != b[j])
                return a[i] < b[j];
            ++i;
            ++j;
        }
        return a.size() - i < b.size() - j;
    }

    // Devices made of other devices or of files come after the drives themselves.
    bool isVirtual(const QString& name)
    {
        for (const char* prefix : { "loop", "dm-", "md", "nbd" }) {
            if (name.startsWith(QLatin1String(prefix)))
                return true;
        }
        return false;
    }

    bool isListed(const QString& name, const QString& dir)
    {
        // RAM disks measure memory, and zram is usually swap: neither is storage to benchmark.
        if (name.startsWith(QLatin1String("ram")) || name.startsWith(QLatin1String("zram")))
            return false;
        // With NVMe multipath the per-path devices (nvme0c0n1) are hidden; the namespace is listed.
        QFile hidden(dir + QStringLiteral("/hidden"));
        if (hidden.open(QIODevice::ReadOnly) && hidden.readAll().trimmed() == "1")
            return false;
        // Nothing to test on: a free loop device, a drive or reader without a medium, an inactive
        // device-mapper or RAID device.
        QFile size(dir + QStringLiteral("/size"));
        return size.open(QIODevice::ReadOnly) && size.readAll().trimmed().toLongLong() > 0;
    }

    TargetDescription describeWithMounts(
        const QString& dir, const std::vector<MountEntry>& mounts, const TargetPaths& paths, bool withSerial)
    {
        TargetDescription device = describeBlockDevice(dir, paths, withSerial);
        if (const auto number = blockDeviceNumber(dir))
            applyDeviceMounts(device, *number, mounts, paths);
        return device;
    }

} // namespace

QList<TargetDescription> listBlockDevices(const TargetPaths& paths, bool withSerial)
{
    const QString blockDir = paths.sysRoot + QStringLiteral("/block");
    std::vector<QString> disks;
    for (const QString& name : QDir(blockDir).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        if (isListed(name, blockDir + QLatin1Char('/') + name))
            disks.push_back(name);
    }
    std::sort(disks.begin(), disks.end(), [](const QString& a, const QString& b) {
        if (isVirtual(a) != isVirtual(b))
            return !isVirtual(a);
        return naturalLess(a, b);
    });

    const std::vector<MountEntry> mounts = readMountInfo(paths.mountInfo);
    QList<TargetDescription> devices;
    for (const QString& name : disks) {
        // /sys/block/<disk> is a symlink into /sys/devices; partitions are directories inside it.
        const QString diskDir = QFileInfo(blockDir + QLatin1Char('/') + name).canonicalFilePath();
        if (diskDir.isEmpty())
            continue;
        TargetDescription disk = describeWithMounts(diskDir, mounts, paths, withSerial);
        const QStringList partitions = disk.partitions;
        devices.push_back(std::move(disk));
        for (const QString& partition : partitions)
            devices.push_back(describeWithMounts(diskDir + QLatin1Char('/') + partition, mounts, paths, withSerial));
    }
    return devices;
}

} // namespace dm
