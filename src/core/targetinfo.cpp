// SPDX-License-Identifier: GPL-3.0-or-later
#include "targetinfo.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStringList>

#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/sysmacros.h>

#include <optional>
#include <vector>

namespace dm {

bool pathIsUnder(const QString& path, const QString& mountPoint)
{
    if (mountPoint == QLatin1String("/"))
        return path.startsWith(QLatin1Char('/'));
    return path == mountPoint || path.startsWith(mountPoint + QLatin1Char('/'));
}

namespace {

    DeviceNumber deviceNumber(dev_t dev) { return { ::major(dev), ::minor(dev) }; }

    QString readTrimmed(const QString& path)
    {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            return {};
        return QString::fromUtf8(file.readAll()).trimmed();
    }

    // The kernel writes space, tab, newline and backslash in mount fields as octal escapes (\040).
    QString unescapeMountField(const QByteArray& field)
    {
        QByteArray out;
        out.reserve(field.size());
        for (qsizetype i = 0; i < field.size(); ++i) {
            if (field[i] == '\\' && i + 3 < field.size()) {
                bool ok = false;
                const int code = field.mid(i + 1, 3).toInt(&ok, 8);
                if (ok && code < 256) {
                    out += char(code);
                    i += 3;
                    continue;
                }
            }
            out += field[i];
        }
        return QString::fromUtf8(out);
    }

    // The mount holding `path`. The device number decides (bind mounts and a filesystem mounted
    // twice share one); among those, and when no line has the number (another mount namespace),
    // the longest mount point above the path. Later lines win ties: they are mounted on top.
    const MountEntry* findMount(const std::vector<MountEntry>& mounts, const QString& path, DeviceNumber device)
    {
        const MountEntry* best = nullptr;
        const MountEntry* lastSameDevice = nullptr;
        for (const auto& m : mounts) {
            if (m.device != device)
                continue;
            lastSameDevice = &m;
            if (pathIsUnder(path, m.mountPoint) && (!best || m.mountPoint.size() >= best->mountPoint.size()))
                best = &m;
        }
        if (best)
            return best;
        if (lastSameDevice)
            return lastSameDevice;
        for (const auto& m : mounts) {
            if (pathIsUnder(path, m.mountPoint) && (!best || m.mountPoint.size() >= best->mountPoint.size()))
                best = &m;
        }
        return best;
    }

    // Per-mount options say what matters (ro, noatime); the superblock's add what the filesystem
    // does to every write (compress=, errors=), which a reader of a benchmark wants to see too.
    QString mergedOptions(const MountEntry& m)
    {
        QStringList options = m.options.split(QLatin1Char(','), Qt::SkipEmptyParts);
        for (const QString& option : m.superOptions.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            // rw/ro of the mount decides: a read-only bind mount of a writable filesystem is read-only.
            if (option == QLatin1String("rw") || option == QLatin1String("ro"))
                continue;
            if (!options.contains(option))
                options << option;
        }
        return options.join(QLatin1Char(','));
    }

    // What sysfs knows about one block device.
    struct BlockDevice {
        QString name; // kernel name of the device itself ("nvme0n1p2")
        QString model, vendor, bus, link;
        bool rotational = false;
        qint64 sizeBytes = 0;
    };

    QString busFor(const QString& sysPath, const QString& diskName, bool hasDeviceLink)
    {
        // USB first: a USB-attached NVMe or SATA bridge shows up as sdX below a USB port.
        if (sysPath.contains(QLatin1String("/usb")))
            return QStringLiteral("usb");
        if (diskName.startsWith(QLatin1String("nvme")))
            return QStringLiteral("nvme");
        if (diskName.startsWith(QLatin1String("loop")))
            return QStringLiteral("loop");
        if (diskName.startsWith(QLatin1String("mmcblk")))
            return QStringLiteral("mmc");
        if (sysPath.contains(QLatin1String("/virtio")))
            return QStringLiteral("virtio");
        if (sysPath.contains(QLatin1String("/ata")))
            return QStringLiteral("sata");
        return hasDeviceLink ? QStringLiteral("scsi") : QString();
    }

    // The USB device is the first directory above the disk with a `speed` file; the root hub
    // above it has one too, but reports the port's speed, not what the device negotiated.
    QString usbLink(const QString& diskDir, const QString& sysRoot)
    {
        QDir dir(diskDir);
        while (dir.absolutePath().size() > sysRoot.size() && dir.absolutePath().startsWith(sysRoot)) {
            const QString speed = readTrimmed(dir.filePath(QStringLiteral("speed")));
            if (!speed.isEmpty()) {
                bool ok = false;
                const double mbps = speed.toDouble(&ok);
                return ok ? usbLinkLabel(mbps) : QString();
            }
            if (!dir.cdUp())
                break;
        }
        return {};
    }

    std::optional<BlockDevice> describeBlockDevice(const QString& sysRoot, DeviceNumber number)
    {
        const QString canonicalRoot = QFileInfo(sysRoot).canonicalFilePath();
        const QString devicePath
            = QFileInfo(sysRoot + QStringLiteral("/dev/block/") + number.text()).canonicalFilePath();
        if (canonicalRoot.isEmpty() || devicePath.isEmpty())
            return std::nullopt;

        // A partition's directory sits inside its disk's; model, queue and bus belong to the disk.
        const bool partition = QFileInfo::exists(devicePath + QStringLiteral("/partition"));
        const QString diskDir = partition ? QFileInfo(devicePath).path() : devicePath;
        const QString diskName = QFileInfo(diskDir).fileName();

        BlockDevice dev;
        dev.name = QFileInfo(devicePath).fileName();
        dev.sizeBytes = readTrimmed(devicePath + QStringLiteral("/size")).toLongLong() * 512; // always 512-byte units
        dev.rotational = readTrimmed(diskDir + QStringLiteral("/queue/rotational")) == QLatin1String("1");
        dev.model = readTrimmed(diskDir + QStringLiteral("/device/model"));
        dev.vendor = readTrimmed(diskDir + QStringLiteral("/device/vendor"));
        // virtio's `device` is the virtio device, whose `vendor` is a PCI ID ("0x1af4"), not a name.
        if (dev.vendor.startsWith(QLatin1String("0x")))
            dev.vendor.clear();
        const QString relative = devicePath.mid(canonicalRoot.size());
        dev.bus = busFor(relative, diskName, QFileInfo::exists(diskDir + QStringLiteral("/device")));

        if (dev.bus == QLatin1String("loop")) {
            const QString backing = readTrimmed(diskDir + QStringLiteral("/loop/backing_file"));
            dev.model
                = backing.isEmpty() ? QStringLiteral("Loop device") : QStringLiteral("Loop device (%1)").arg(backing);
        } else if (dev.bus == QLatin1String("usb")) {
            dev.link = usbLink(diskDir, canonicalRoot);
        } else if (dev.bus == QLatin1String("mmc") && dev.model.isEmpty()) {
            dev.model = readTrimmed(diskDir + QStringLiteral("/device/name")); // SD and eMMC name the card here
        }
        return dev;
    }

    void applyMount(TargetDescription& target, const MountEntry& m)
    {
        target.mountPoint = m.mountPoint;
        target.filesystem = m.fsType;
        target.mountOptions = mergedOptions(m);
        target.device = m.source;
    }

    void applySpace(TargetDescription& target, const QString& path)
    {
        struct statvfs vfs { };
        if (::statvfs(QFile::encodeName(path).constData(), &vfs) == 0) {
            target.capacityBytes = qint64(vfs.f_blocks * vfs.f_frsize);
            // f_bavail, not f_bfree: the blocks reserved for root are no room for a test file.
            target.freeBytes = qint64(vfs.f_bavail * vfs.f_frsize);
        }
    }

    void apply(TargetDescription& target, const BlockDevice& dev)
    {
        target.device = QStringLiteral("/dev/") + dev.name;
        target.model = dev.model;
        target.vendor = dev.vendor;
        target.bus = dev.bus;
        target.link = dev.link;
        target.rotational = dev.rotational;
    }

} // namespace

std::vector<MountEntry> readMountInfo(const QString& path)
{
    std::vector<MountEntry> mounts;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return mounts;
    for (const QByteArray& line : file.readAll().split('\n')) {
        const QList<QByteArray> fields = line.split(' ');
        // id parent maj:min root mountpoint options [optional fields...] - fstype source superoptions
        const qsizetype separator = fields.indexOf("-", 6);
        if (fields.size() < 6 || separator < 0 || separator + 2 >= fields.size())
            continue;
        const QList<QByteArray> numbers = fields[2].split(':');
        if (numbers.size() != 2)
            continue;
        MountEntry entry;
        entry.id = fields[0].toInt();
        entry.parentId = fields[1].toInt();
        entry.device = { numbers[0].toUInt(), numbers[1].toUInt() };
        entry.root = unescapeMountField(fields[3]);
        entry.mountPoint = unescapeMountField(fields[4]);
        entry.options = QString::fromUtf8(fields[5]);
        entry.fsType = unescapeMountField(fields[separator + 1]);
        entry.source = unescapeMountField(fields[separator + 2]);
        if (separator + 3 < fields.size())
            entry.superOptions = QString::fromUtf8(fields[separator + 3]);
        mounts.push_back(std::move(entry));
    }
    return mounts;
}

TargetDescription describeMount(const MountEntry& mount, const TargetPaths& paths)
{
    TargetDescription target;
    target.path = mount.mountPoint;
    target.kind = QStringLiteral("directory");
    applyMount(target, mount);
    applySpace(target, mount.mountPoint);
    if (const auto dev = describeBlockDevice(paths.sysRoot, mount.device))
        apply(target, *dev);
    return target;
}

QString usbLinkLabel(double mbps)
{
    if (mbps <= 0)
        return {};
    if (mbps <= 12)
        return QStringLiteral("USB 1.1 (%1 Mbps)").arg(mbps);
    if (mbps == 480)
        return QStringLiteral("USB 2.0 (480 Mbps)");
    if (mbps == 5000)
        return QStringLiteral("USB 3.2 Gen 1 (5 Gbps)");
    if (mbps == 10000)
        return QStringLiteral("USB 3.2 Gen 2 (10 Gbps)");
    if (mbps == 20000)
        return QStringLiteral("USB 3.2 Gen 2x2 (20 Gbps)");
    return QStringLiteral("USB (%1 Mbps)").arg(mbps);
}

QString deviceSummary(const TargetDescription& target)
{
    // SATA disks behind libata all report the vendor "ATA", which says nothing.
    QString name = target.model;
    if (!target.vendor.isEmpty() && target.vendor != QLatin1String("ATA") && !name.startsWith(target.vendor))
        name = name.isEmpty() ? target.vendor : target.vendor + QLatin1Char(' ') + name;
    // Without a model the device path is the next best name; a pseudo source ("tmpfs") is not.
    if (name.isEmpty() && target.device.startsWith(QLatin1Char('/')))
        name = target.device;

    QStringList connection;
    if (!target.bus.isEmpty())
        connection << target.bus;
    if (!target.link.isEmpty())
        connection << target.link;

    QStringList parts;
    if (!name.isEmpty())
        parts << name;
    if (!connection.isEmpty())
        parts << QLatin1Char('(') + connection.join(QStringLiteral(", ")) + QLatin1Char(')');
    if (!target.filesystem.isEmpty())
        parts << target.filesystem;
    return parts.join(QLatin1Char(' '));
}

TargetDescription describeTarget(const QString& path, const TargetPaths& paths)
{
    TargetDescription target;
    target.path = path;
    struct stat st { };
    if (::stat(QFile::encodeName(path).constData(), &st) != 0)
        return target;

    const std::vector<MountEntry> mounts = readMountInfo(paths.mountInfo);

    if (S_ISBLK(st.st_mode)) {
        target.kind = QStringLiteral("block-device");
        const DeviceNumber number = deviceNumber(st.st_rdev);
        target.device = QFileInfo(path).canonicalFilePath();
        if (const auto dev = describeBlockDevice(paths.sysRoot, number)) {
            apply(target, *dev);
            target.capacityBytes = dev->sizeBytes;
        }
        // Where it is mounted, if anywhere: a raw test would write under a live filesystem.
        for (const auto& m : mounts) {
            if (m.device == number) {
                target.mountPoint = m.mountPoint;
                break;
            }
        }
        return target;
    }

    if (S_ISDIR(st.st_mode))
        target.kind = QStringLiteral("directory");
    else if (S_ISREG(st.st_mode))
        target.kind = QStringLiteral("file");

    const DeviceNumber number = deviceNumber(st.st_dev);
    QString canonical = QFileInfo(path).canonicalFilePath();
    if (canonical.isEmpty())
        canonical = QFileInfo(path).absoluteFilePath();
    if (const MountEntry* m = findMount(mounts, canonical, number))
        applyMount(target, *m);
    applySpace(target, path);

    // device-mapper, tmpfs, overlay and btrfs (anonymous device numbers) may have no entry here:
    // then the mount's source stays the device and model and bus stay unknown.
    if (const auto dev = describeBlockDevice(paths.sysRoot, number))
        apply(target, *dev);
    return target;
}

} // namespace dm
