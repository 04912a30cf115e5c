// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "report.h"

#include <QString>

#include <optional>
#include <vector>

namespace dm {

// Where describeTarget() looks. Tests point these at small fixture trees laid out like /sys and
// /proc, so every kind of device can be described without having the hardware.
struct TargetPaths {
    QString sysRoot = QStringLiteral("/sys");
    QString mountInfo = QStringLiteral("/proc/self/mountinfo");
    // Where mount sources ("/dev/mapper/vg-root") are resolved to kernel names ("dm-0").
    QString devRoot = QStringLiteral("/dev");
};

// A device number as mountinfo and sysfs write it ("8:17"); stat()'s st_dev for files on a filesystem.
struct DeviceNumber {
    unsigned major = 0, minor = 0;
    bool operator==(const DeviceNumber&) const = default;
    QString text() const { return QStringLiteral("%1:%2").arg(major).arg(minor); }
};

// One line of /proc/self/mountinfo (proc(5)), its fields unescaped.
struct MountEntry {
    int id = 0, parentId = 0; // a mount on top of another at the same place has the lower one as parent
    DeviceNumber device;
    QString root; // what of the filesystem is mounted here: "/" unless a bind mount or a btrfs subvolume
    QString mountPoint;
    QString options; // per-mount ("rw,relatime")
    QString superOptions; // per-superblock ("rw,errors=remount-ro", "compress=zstd:3")
    QString fsType;
    QString source;
};

// Whether `path` is `mountPoint` or below it, as paths ("/data" is not below "/da"). Both absolute and clean.
bool pathIsUnder(const QString& path, const QString& mountPoint);

// The lines of a mountinfo file in its order; lines that do not parse are skipped, a missing file is empty.
std::vector<MountEntry> readMountInfo(const QString& path);

// A mounted filesystem as describeTarget() describes its mount point, but from the mountinfo line
// itself: the mount point need not exist here (fixtures) and is not stat()ed, only statvfs()ed.
// The serial number is read only when `withSerial` (see TargetDescription::serial).
TargetDescription describeMount(const MountEntry& mount, const TargetPaths& paths = {}, bool withSerial = false);

// What a target is and what it sits on, for reports: kind, mount, filesystem, device, model, bus,
// USB link speed and UAS, block sizes, flags, capacity. Never fails: whatever cannot be found out
// stays empty. For a block device the mount point(s) are filled but not the filesystem: a raw
// test does not go through it.
TargetDescription describeTarget(const QString& path, const TargetPaths& paths = {}, bool withSerial = false);

// A block device, disk or partition, from its directory below paths.sysRoot (as /sys/block/sda or
// /sys/block/sda/sda1 lead to): kind "block-device", path and device "/dev/<name>", capacity =
// size. The one place sysfs is read; mount fields stay empty (applyDeviceMounts()).
TargetDescription describeBlockDevice(const QString& sysDir, const TargetPaths& paths = {}, bool withSerial = false);

// The device number a block device's sysfs directory gives in its `dev` file.
std::optional<DeviceNumber> blockDeviceNumber(const QString& sysDir);

// Where `device` (from describeBlockDevice()) is mounted: every mount point, and the filesystem
// type and options of the main one (the whole filesystem rather than a bind mount). Mounts are
// matched by device number, and by source for btrfs, whose mounts carry anonymous numbers.
void applyDeviceMounts(TargetDescription& device, DeviceNumber number, const std::vector<MountEntry>& mounts,
    const TargetPaths& paths = {});

// "USB 3.2 Gen 1 (5 Gbps)" for the Mbps a USB device's sysfs `speed` file reports.
QString usbLinkLabel(double mbps);

// How full a filesystem is, as df's Use% says it: used / (used + available to users), rounded
// up, so root's reserve is neither used nor available. Without a used figure (a report of an
// older version) capacity minus free counts as used. Empty for a raw device or unknown sizes.
std::optional<int> usedPercent(const TargetDescription& target);

// The drive's name as people know it: vendor and model ("SanDisk Ultra", "Samsung SSD 980 PRO 1TB"),
// without libata's meaningless vendor "ATA"; empty when neither is known.
QString deviceName(const TargetDescription& target);

// The Device line of a report, parts left out when unknown:
// "SanDisk Ultra (usb, USB 3.2 Gen 1 (5 Gbps), UAS) exfat", "Samsung SSD 980 PRO 1TB (nvme) ext4", "tmpfs".
QString deviceSummary(const TargetDescription& target);

} // namespace dm
