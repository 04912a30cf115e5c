// SPDX-License-Identifier: GPL-3.0-or-later
#include "targetinfo.h"
#include "sysfsvalue.h"
#include "virtualdisk.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStringList>

#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/sysmacros.h>

#include <algorithm>
#include <optional>
#include <utility>
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

    bool readFlag(const QString& path) { return readSysfsValue(path) == QLatin1String("1"); }

    // A symlink's last component, e.g. a sysfs `driver` link's driver name. The target need not
    // exist (fixture trees only carry the link).
    QString linkName(const QString& path)
    {
        const QString target = QFileInfo(path).symLinkTarget();
        return target.isEmpty() ? QString() : QFileInfo(target).fileName();
    }

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

    // What the USB side says about a USB-attached disk.
    struct UsbFacts {
        QString link;
        double linkMbps = 0;
        QString version; // bcdUSB as the kernel writes it in `version` (" 3.20")
        std::optional<bool> uas;
        QString serial; // the USB device's iSerial: the bridge's, which may not be the drive's
    };

    // Walks up from the disk: the first directory with `bInterfaceClass` is the USB interface,
    // whose driver tells UAS from Bulk-Only; the first with `speed` is the USB device. The root
    // hub above it has a `speed` too, but reports the port's speed, not what the device negotiated.
    UsbFacts usbFacts(const QString& diskDir, const QString& sysRoot)
    {
        UsbFacts usb;
        bool interfaceSeen = false;
        QDir dir(diskDir);
        while (dir.absolutePath().size() > sysRoot.size() && dir.absolutePath().startsWith(sysRoot)) {
            if (!interfaceSeen && QFileInfo::exists(dir.filePath(QStringLiteral("bInterfaceClass")))) {
                interfaceSeen = true;
                const QString driver = linkName(dir.filePath(QStringLiteral("driver")));
                if (driver == QLatin1String("uas"))
                    usb.uas = true;
                else if (driver == QLatin1String("usb-storage"))
                    usb.uas = false;
            }
            const QString speed = readSysfsValue(dir.filePath(QStringLiteral("speed")));
            if (!speed.isEmpty()) {
                bool ok = false;
                const double mbps = speed.toDouble(&ok);
                if (ok) {
                    usb.link = usbLinkLabel(mbps);
                    usb.linkMbps = mbps;
                }
                usb.version = readSysfsValue(dir.filePath(QStringLiteral("version")));
                usb.serial = readSysfsValue(dir.filePath(QStringLiteral("serial")));
                break;
            }
            if (!dir.cdUp())
                break;
        }
        return usb;
    }

    // SCSI's Unit Serial Number page (SPC: 4-byte header, length in bytes 2-3, then ASCII), which
    // SATA disks behind libata and most USB bridges answer with the drive's serial.
    QString scsiSerial(const QString& path)
    {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            return {};
        const QByteArray page = file.readAll();
        if (page.size() < 4 || quint8(page[1]) != 0x80)
            return {};
        const int length = (quint8(page[2]) << 8) | quint8(page[3]);
        return QString::fromLatin1(page.mid(4, length)).trimmed();
    }

    // The drive's serial number from wherever its driver puts it: virtio on the disk, NVMe on the
    // controller (or its subsystem), MMC on the card, SCSI and SATA in VPD page 0x80; the USB
    // bridge's own serial and the NVMe namespace's world-wide ID when nothing better is there.
    QString serialFor(const QString& diskDir, const UsbFacts& usb)
    {
        for (const char* file : { "serial", "device/serial" }) {
            if (QString serial = readSysfsValue(diskDir + QLatin1Char('/') + QLatin1String(file)); !serial.isEmpty())
                return serial;
        }
        if (QString serial = scsiSerial(diskDir + QStringLiteral("/device/vpd_pg80")); !serial.isEmpty())
            return serial;
        if (!usb.serial.isEmpty())
            return usb.serial;
        for (const char* file : { "wwid", "device/wwid" }) {
            if (QString wwid = readSysfsValue(diskDir + QLatin1Char('/') + QLatin1String(file)); !wwid.isEmpty())
                return wwid;
        }
        return {};
    }

    // Device-mapper and MD devices have no hardware model; what they are is the next best thing.
    QString virtualModel(const QString& diskDir)
    {
        if (const QString name = readSysfsValue(diskDir + QStringLiteral("/dm/name")); !name.isEmpty()) {
            const QString uuid = readSysfsValue(diskDir + QStringLiteral("/dm/uuid"));
            if (uuid.startsWith(QLatin1String("LVM-")))
                return QStringLiteral("LVM volume %1").arg(name);
            if (uuid.startsWith(QLatin1String("CRYPT-")))
                return QStringLiteral("Encrypted volume %1").arg(name);
            return QStringLiteral("Device mapper %1").arg(name);
        }
        if (const QString level = readSysfsValue(diskDir + QStringLiteral("/md/level")); !level.isEmpty())
            return QStringLiteral("Software RAID (%1)").arg(level);
        return {};
    }

    // Partitions of a whole disk, in partition-number order: the subdirectories with a `partition` file.
    QStringList partitionNames(const QString& diskDir)
    {
        std::vector<std::pair<int, QString>> found;
        const QStringList entries = QDir(diskDir).entryList(QDir::Dirs | QDir::NoDotAndDotDot | QDir::NoSymLinks);
        for (const QString& entry : entries) {
            const QString number = readSysfsValue(diskDir + QLatin1Char('/') + entry + QStringLiteral("/partition"));
            if (!number.isEmpty())
                found.emplace_back(number.toInt(), entry);
        }
        std::sort(found.begin(), found.end());
        QStringList names;
        for (const auto& [number, name] : found)
            names << name;
        return names;
    }

    // The one reader of a block device's sysfs directory (`devicePath`, canonical, below
    // `canonicalRoot`): a disk or a partition. Mount fields stay empty.
    TargetDescription deviceFacts(
        const QString& canonicalRoot, const QString& devicePath, bool withSerial, int depth = 0)
    {
        // A partition's directory sits inside its disk's; model, queue and bus belong to the disk.
        const bool partition = QFileInfo::exists(devicePath + QStringLiteral("/partition"));
        const QString diskDir = partition ? QFileInfo(devicePath).path() : devicePath;
        const QString diskName = QFileInfo(diskDir).fileName();

        TargetDescription dev;
        dev.kind = QStringLiteral("block-device");
        dev.device = QStringLiteral("/dev/") + QFileInfo(devicePath).fileName();
        dev.path = dev.device;
        dev.sizeBytes = readSysfsValue(devicePath + QStringLiteral("/size")).toLongLong() * 512; // always 512-byte units
        dev.capacityBytes = dev.sizeBytes;
        dev.rotational = readFlag(diskDir + QStringLiteral("/queue/rotational"));
        dev.logicalBlockSize = readSysfsValue(diskDir + QStringLiteral("/queue/logical_block_size")).toUInt();
        dev.physicalBlockSize = readSysfsValue(diskDir + QStringLiteral("/queue/physical_block_size")).toUInt();
        // A partition can be made read-only on its own, and a read-only disk makes all of them so.
        dev.readOnly = readFlag(devicePath + QStringLiteral("/ro")) || readFlag(diskDir + QStringLiteral("/ro"));
        dev.removable = readFlag(diskDir + QStringLiteral("/removable"));
        dev.queue = readQueueFacts(diskDir);
        if (partition)
            dev.wholeDisk = QStringLiteral("/dev/") + diskName;
        else
            dev.partitions = partitionNames(diskDir);

        dev.model = readSysfsValue(diskDir + QStringLiteral("/device/model"));
        dev.vendor = readSysfsValue(diskDir + QStringLiteral("/device/vendor"));
        // virtio's `device` is the virtio device, whose `vendor` is a PCI ID ("0x1af4"), not a name.
        if (dev.vendor.startsWith(QLatin1String("0x")))
            dev.vendor.clear();
        const QString relative = devicePath.mid(canonicalRoot.size());
        dev.bus = busFor(relative, diskName, QFileInfo::exists(diskDir + QStringLiteral("/device")));

        UsbFacts usb;
        if (dev.bus == QLatin1String("loop")) {
            const QString backing = readSysfsValue(diskDir + QStringLiteral("/loop/backing_file"));
            dev.model
                = backing.isEmpty() ? QStringLiteral("Loop device") : QStringLiteral("Loop device (%1)").arg(backing);
        } else if (dev.bus == QLatin1String("usb")) {
            usb = usbFacts(diskDir, canonicalRoot);
            dev.link = usb.link;
            dev.linkMbps = usb.linkMbps;
            dev.usbVersion = usb.version;
            dev.uas = usb.uas;
        } else if (dev.bus == QLatin1String("mmc") && dev.model.isEmpty()) {
            dev.model = readSysfsValue(diskDir + QStringLiteral("/device/name")); // SD and eMMC name the card here
        } else if (dev.model.isEmpty()) {
            dev.model = virtualModel(diskDir);
        }
        dev.virtualDisk = virtualDiskKindOf(relative, diskName, dev, canonicalRoot);
        // A volume over one device (LVM linear, dm-crypt: Ubuntu's default layout on a virtio
        // disk) is as virtual as the disk beneath it, as the device counters follow it down.
        if (const QString beneath = singleDeviceBeneath(diskDir);
            dev.virtualDisk.isEmpty() && beneath.startsWith(canonicalRoot) && beneath != devicePath && depth < 8)
            dev.virtualDisk = deviceFacts(canonicalRoot, beneath, false, depth + 1).virtualDisk;
        if (withSerial)
            dev.serial = serialFor(diskDir, usb);
        return dev;
    }

    std::optional<TargetDescription> deviceByNumber(const TargetPaths& paths, DeviceNumber number, bool withSerial)
    {
        const QString canonicalRoot = QFileInfo(paths.sysRoot).canonicalFilePath();
        const QString devicePath
            = QFileInfo(paths.sysRoot + QStringLiteral("/dev/block/") + number.text()).canonicalFilePath();
        if (canonicalRoot.isEmpty() || devicePath.isEmpty())
            return std::nullopt;
        return deviceFacts(canonicalRoot, devicePath, withSerial);
    }

    // The kernel name of the block device a mount source names: "/dev/mapper/vg-root" is "dm-0".
    QString sourceDeviceName(const QString& source, const TargetPaths& paths)
    {
        if (!source.startsWith(QLatin1String("/dev/")))
            return {};
        const QString resolved
            = QFileInfo(paths.devRoot + source.mid(QStringLiteral("/dev").size())).canonicalFilePath();
        return QFileInfo(resolved.isEmpty() ? source : resolved).fileName();
    }

    // btrfs (and anything else with an anonymous device number) has no /sys/dev/block entry for
    // its mount; its source still names the device, which sysfs knows under class/block.
    std::optional<TargetDescription> deviceBySource(const MountEntry& m, const TargetPaths& paths, bool withSerial)
    {
        const QString name = sourceDeviceName(m.source, paths);
        if (name.isEmpty())
            return std::nullopt;
        const QString canonicalRoot = QFileInfo(paths.sysRoot).canonicalFilePath();
        const QString devicePath
            = QFileInfo(paths.sysRoot + QStringLiteral("/class/block/") + name).canonicalFilePath();
        if (canonicalRoot.isEmpty() || devicePath.isEmpty())
            return std::nullopt;
        return deviceFacts(canonicalRoot, devicePath, withSerial);
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
            target.usedBytes = qint64((vfs.f_blocks - std::min(vfs.f_bfree, vfs.f_blocks)) * vfs.f_frsize);
        }
    }

    // The device's facts on a target that sits on it; the target keeps its own path, kind, mount
    // and (for a filesystem) capacity.
    void applyDevice(TargetDescription& target, const TargetDescription& dev)
    {
        target.device = dev.device;
        target.model = dev.model;
        target.vendor = dev.vendor;
        target.serial = dev.serial;
        target.bus = dev.bus;
        target.virtualDisk = dev.virtualDisk;
        target.link = dev.link;
        target.uas = dev.uas;
        target.linkMbps = dev.linkMbps;
        target.usbVersion = dev.usbVersion;
        target.queue = dev.queue;
        target.rotational = dev.rotational;
        target.readOnly = dev.readOnly;
        target.removable = dev.removable;
        target.logicalBlockSize = dev.logicalBlockSize;
        target.physicalBlockSize = dev.physicalBlockSize;
        target.sizeBytes = dev.sizeBytes;
        target.partitions = dev.partitions;
        target.wholeDisk = dev.wholeDisk;
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

TargetDescription describeMount(const MountEntry& mount, const TargetPaths& paths, bool withSerial)
{
    TargetDescription target;
    target.path = mount.mountPoint;
    target.kind = QStringLiteral("directory");
    applyMount(target, mount);
    applySpace(target, mount.mountPoint);
    auto dev = deviceByNumber(paths, mount.device, withSerial);
    if (!dev)
        dev = deviceBySource(mount, paths, withSerial);
    if (dev)
        applyDevice(target, *dev);
    return target;
}

TargetDescription describeBlockDevice(const QString& sysDir, const TargetPaths& paths, bool withSerial)
{
    const QString canonicalRoot = QFileInfo(paths.sysRoot).canonicalFilePath();
    QString devicePath = QFileInfo(sysDir).canonicalFilePath();
    if (devicePath.isEmpty())
        devicePath = sysDir;
    return deviceFacts(canonicalRoot.isEmpty() ? paths.sysRoot : canonicalRoot, devicePath, withSerial);
}

std::optional<DeviceNumber> blockDeviceNumber(const QString& sysDir)
{
    const QStringList numbers = readSysfsValue(sysDir + QStringLiteral("/dev")).split(QLatin1Char(':'));
    bool majorOk = false, minorOk = false;
    if (numbers.size() != 2)
        return std::nullopt;
    const DeviceNumber number { numbers[0].toUInt(&majorOk), numbers[1].toUInt(&minorOk) };
    if (!majorOk || !minorOk)
        return std::nullopt;
    return number;
}

void applyDeviceMounts(
    TargetDescription& device, DeviceNumber number, const std::vector<MountEntry>& mounts, const TargetPaths& paths)
{
    const QString name = QFileInfo(device.device).fileName();
    const MountEntry* main = nullptr;
    for (const MountEntry& m : mounts) {
        // btrfs mounts carry an anonymous device number; their source still names the device.
        if (m.device != number && (name.isEmpty() || sourceDeviceName(m.source, paths) != name))
            continue;
        if (!device.mountPoints.contains(m.mountPoint))
            device.mountPoints << m.mountPoint;
        // The whole filesystem rather than a bind mount or subvolume of it names the mount best.
        if (!main || (main->root != QLatin1String("/") && m.root == QLatin1String("/")))
            main = &m;
    }
    if (!main)
        return;
    device.mountPoint = main->mountPoint;
    device.filesystem = main->fsType;
    device.mountOptions = mergedOptions(*main);
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

QString deviceName(const TargetDescription& target)
{
    // SATA disks behind libata all report the vendor "ATA", which says nothing.
    const QString& model = target.model;
    if (target.vendor.isEmpty() || target.vendor == QLatin1String("ATA") || model.startsWith(target.vendor))
        return model;
    return model.isEmpty() ? target.vendor : target.vendor + QLatin1Char(' ') + model;
}

QString deviceSummary(const TargetDescription& target)
{
    QString name = deviceName(target);
    // Without a model the device path is the next best name; a pseudo source ("tmpfs") is not.
    if (name.isEmpty() && target.device.startsWith(QLatin1Char('/')))
        name = target.device;

    QStringList connection;
    if (!target.bus.isEmpty())
        connection << target.bus;
    if (!target.link.isEmpty())
        connection << target.link;
    // UAS or Bulk-Only Transport decides much of a USB drive's random I/O; readers comparing
    // results want to know.
    if (target.uas)
        connection << (*target.uas ? QStringLiteral("UAS") : QStringLiteral("BOT"));

    QStringList parts;
    if (!name.isEmpty())
        parts << name;
    if (!connection.isEmpty())
        parts << QLatin1Char('(') + connection.join(QStringLiteral(", ")) + QLatin1Char(')');
    if (!target.filesystem.isEmpty())
        parts << target.filesystem;
    return parts.join(QLatin1Char(' '));
}

std::optional<int> usedPercent(const TargetDescription& t)
{
    if (!t.freeBytes || t.capacityBytes <= 0)
        return std::nullopt;
    const qint64 avail = std::max<qint64>(0, *t.freeBytes);
    const quint64 used = quint64(std::max<qint64>(0, t.usedBytes.value_or(t.capacityBytes - avail)));
    const quint64 whole = used + quint64(avail); // each below 2^63: no overflow
    if (whole == 0)
        return std::nullopt;
    // In bytes, as df does in blocks (coreutils df.c: ceil of used * 100 / (used + avail)).
    // used * 100 of an exabyte filesystem overflows 64 bits and 32-bit ARM has no 128-bit
    // integer: add `used` 100 times modulo `whole` instead, counting the wraps (exact, and the
    // sum stays below `whole`).
    quint64 rest = 0;
    int percent = 0;
    for (int i = 0; i < 100; ++i) {
        if (rest >= whole - used) {
            rest -= whole - used;
            ++percent;
        } else {
            rest += used;
        }
    }
    return percent + (rest != 0);
}

TargetDescription describeTarget(const QString& path, const TargetPaths& paths, bool withSerial)
{
    TargetDescription target;
    // Absolute, as reports and the history show it: "." (the CLI's default target) says nothing
    // once the report is read elsewhere. Not canonical: the user's own name for it (a symlink) stays.
    target.path = path.isEmpty() ? path : QDir::cleanPath(QFileInfo(path).absoluteFilePath());
    struct stat st { };
    if (::stat(QFile::encodeName(path).constData(), &st) != 0)
        return target;

    const std::vector<MountEntry> mounts = readMountInfo(paths.mountInfo);

    if (S_ISBLK(st.st_mode)) {
        target.kind = QStringLiteral("block-device");
        const DeviceNumber number = deviceNumber(st.st_rdev);
        target.device = QFileInfo(path).canonicalFilePath();
        if (const auto dev = deviceByNumber(paths, number, withSerial)) {
            applyDevice(target, *dev);
            target.capacityBytes = dev->sizeBytes;
        }
        // Where it is mounted, if anywhere: a raw test would write under a live filesystem. The
        // filesystem itself is left out: a raw test does not go through it, and the report's
        // Device line would otherwise suggest it did.
        applyDeviceMounts(target, number, mounts, paths);
        target.filesystem.clear();
        target.mountOptions.clear();
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
    const MountEntry* m = findMount(mounts, canonical, number);
    if (m)
        applyMount(target, *m);
    applySpace(target, path);

    // device-mapper, tmpfs, overlay and btrfs (anonymous device numbers) may have no entry here:
    // btrfs is found through its mount source; for the others the source stays the device and
    // model and bus stay unknown.
    auto dev = deviceByNumber(paths, number, withSerial);
    if (!dev && m)
        dev = deviceBySource(*m, paths, withSerial);
    if (dev)
        applyDevice(target, *dev);
    return target;
}

} // namespace dm
