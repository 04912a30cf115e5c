// SPDX-License-Identifier: GPL-3.0-or-later
#include "targetwarnings.h"

#include "devicecounters.h"

#include "targetinuse.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <sys/vfs.h>

#include <algorithm>
#include <thread>

namespace dm {

namespace {

    struct Text {
        Q_DECLARE_TR_FUNCTIONS(dm::TargetWarnings)
    };

    // Device-mapper stacks are a few layers deep (crypt under LVM under RAID); more is a loop.
    constexpr int kMaxDepth = 8;

    QString readTrimmed(const QString& path)
    {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            return {};
        return QString::fromUtf8(file.readAll()).trimmed();
    }

    QStringList entries(const QString& dir)
    {
        return QDir(dir).entryList(QDir::AllEntries | QDir::System | QDir::NoDotAndDotDot, QDir::Name);
    }

    // The directory sysfs keeps for a kernel block device name ("sda2", "dm-0"), or "".
    QString sysDir(const QString& name, const TargetPaths& paths)
    {
        if (name.isEmpty() || name.contains(QLatin1Char('/')))
            return {};
        for (const char* where : { "/class/block/", "/block/" }) {
            const QString dir = QFileInfo(paths.sysRoot + QLatin1String(where) + name).canonicalFilePath();
            if (!dir.isEmpty())
                return dir;
        }
        return {};
    }

    // The kernel's name for what a mount source or a user calls a device: "/dev/mapper/root" is a
    // link to "dm-1" in /dev, and its name is in sysfs too (for trees without a /dev).
    QString kernelName(const QString& device, const TargetPaths& paths)
    {
        if (device.isEmpty())
            return {};
        if (!device.startsWith(QLatin1Char('/')))
            return device.contains(QLatin1Char(':')) ? QString() : device; // "server:/export" is no device
        if (!device.startsWith(QLatin1String("/dev/")))
            return {};
        const QString relative = device.mid(5);
        const QString resolved = QFileInfo(paths.devRoot + QLatin1Char('/') + relative).canonicalFilePath();
        const QString name = QFileInfo(resolved.isEmpty() ? relative : resolved).fileName();
        if (!sysDir(name, paths).isEmpty() || !relative.startsWith(QLatin1String("mapper/")))
            return name;
        const QString mapperName = relative.mid(7);
        for (const QString& dm : QDir(paths.sysRoot + QStringLiteral("/block")).entryList({ QStringLiteral("dm-*") }))
            if (readTrimmed(paths.sysRoot + QStringLiteral("/block/") + dm + QStringLiteral("/dm/name")) == mapperName)
                return dm;
        return name;
    }

    // "LUKS2 on dm-0" when `name` or a device below it (its sysfs `slaves`) is dm-crypt.
    QString cryptLayer(const QString& name, const TargetPaths& paths, int depth = 0)
    {
        const QString dir = sysDir(name, paths);
        if (dir.isEmpty() || depth > kMaxDepth)
            return {};
        // cryptsetup names its mappings' uuids "CRYPT-<type>-<uuid>-<name>" (LUKS1, LUKS2, PLAIN, BITLK...).
        const QString uuid = readTrimmed(dir + QStringLiteral("/dm/uuid"));
        if (uuid.startsWith(QLatin1String("CRYPT-"))) {
            const QString type = uuid.section(QLatin1Char('-'), 1, 1);
            return type.isEmpty() ? name : Text::tr("%1 on %2").arg(type, name);
        }
        for (const QString& slave : entries(dir + QStringLiteral("/slaves")))
            if (const QString found = cryptLayer(slave, paths, depth + 1); !found.isEmpty())
                return found;
        return {};
    }

    // The whole disks whose queues carry the I/O of `name`: a partition's disk, the bottom of a
    // device-mapper stack, or the device itself.
    void collectDisks(const QString& name, const TargetPaths& paths, QStringList& disks, int depth = 0)
    {
        const QString dir = sysDir(name, paths);
        if (dir.isEmpty() || depth > kMaxDepth)
            return;
        const QStringList slaves = entries(dir + QStringLiteral("/slaves"));
        for (const QString& slave : slaves)
            collectDisks(slave, paths, disks, depth + 1);
        if (!slaves.isEmpty())
            return;
        const QString disk = QFileInfo::exists(dir + QStringLiteral("/partition")) ? QFileInfo(dir).path() : dir;
        if (!disks.contains(disk))
            disks << disk;
    }

    // The stat line as devicecounters.h reads it for every pass; nullopt where it cannot be read.
    std::optional<BlockStat> readStat(const QString& diskDir)
    {
        return parseBlockStat(readTrimmed(diskDir + QStringLiteral("/stat")).toStdString());
    }

    QString rate(double bytesPerSecond)
    {
        const double mb = bytesPerSecond / 1e6;
        return QString::number(mb, 'f', mb < 1 ? 2 : 1);
    }

    bool isRamFilesystem(const QString& path)
    {
        struct statfs fs { };
        constexpr uint32_t kTmpfsMagic = 0x01021994, kRamfsMagic = 0x858458f6;
        return ::statfs(QFile::encodeName(path).constData(), &fs) == 0
            && (filesystemMagic(fs.f_type) == kTmpfsMagic || filesystemMagic(fs.f_type) == kRamfsMagic);
    }

    void filesystemWarnings(const TargetDescription& t, QStringList& out)
    {
        const QString fs = t.filesystem;
        const QStringList options = t.mountOptions.split(QLatin1Char(','), Qt::SkipEmptyParts);
        auto option = [&](std::initializer_list<const char*> prefixes) -> QString {
            for (const QString& o : options)
                for (const char* p : prefixes)
                    if (o.startsWith(QLatin1String(p)))
                        return o;
            return {};
        };

        if (fs == QLatin1String("btrfs")) {
            const QString compress = option({ "compress=", "compress-force=" });
            if (!compress.isEmpty() && !compress.endsWith(QLatin1String("=no")))
                out << Text::tr("btrfs compresses what is written here (%1) and is copy-on-write: results differ from "
                                "the drive's own, and test data of zeros would measure the compressor")
                           .arg(compress);
            else if (!options.contains(QLatin1String("nodatacow")))
                out << Text::tr("btrfs is copy-on-write: every write goes to a new place on the drive, so results "
                                "differ from the drive's own");
        } else if (fs == QLatin1String("zfs")) {
            out << Text::tr("ZFS is copy-on-write, may compress and keeps a cache in RAM (ARC); before OpenZFS 2.3 it "
                            "also ignores direct I/O: results may measure memory rather than the drive");
        } else if (fs == QLatin1String("bcachefs")) {
            const QString compress = option({ "compression=", "background_compression=" });
            if (!compress.isEmpty() && !compress.endsWith(QLatin1String("=none")))
                out << Text::tr("bcachefs compresses what is written here (%1) and is copy-on-write: results differ "
                                "from the drive's own")
                           .arg(compress);
            else
                out << Text::tr("bcachefs is copy-on-write: results differ from the drive's own");
        } else if (fs == QLatin1String("f2fs")) {
            const QString compress = option({ "compress_algorithm=" });
            if (!compress.isEmpty())
                out << Text::tr("F2FS compresses files here (%1): results may differ from the drive's own")
                           .arg(compress);
        }

        static const QStringList network { QStringLiteral("nfs"), QStringLiteral("nfs4"), QStringLiteral("cifs"),
            QStringLiteral("smb3"), QStringLiteral("smbfs"), QStringLiteral("9p"), QStringLiteral("ceph"),
            QStringLiteral("glusterfs"), QStringLiteral("afs"), QStringLiteral("virtiofs") };
        if (network.contains(fs))
            out << Text::tr("network filesystem (%1): results measure the network and the server, not a local drive")
                       .arg(fs);
        if (fs == QLatin1String("fuse") || fs == QLatin1String("fuseblk") || fs.startsWith(QLatin1String("fuse.")))
            out << Text::tr("FUSE filesystem (%1): every I/O passes through a program in user space, so results "
                            "measure that program as much as the drive")
                       .arg(fs);
        if (fs == QLatin1String("tmpfs") || fs == QLatin1String("ramfs"))
            out << Text::tr("%1 is RAM, not a drive: results measure memory").arg(fs);
    }

    void deviceWarnings(const TargetDescription& t, const TargetPaths& paths, QStringList& out)
    {
        const QString name = kernelName(t.device, paths);
        if (name.isEmpty())
            return;
        if (const QString crypt = cryptLayer(name, paths); !crypt.isEmpty())
            out << Text::tr("encrypted device (dm-crypt %1): results include the cost of encryption on the CPU")
                       .arg(crypt);

        if (name.startsWith(QLatin1String("zram"))) {
            out << Text::tr("%1 is compressed RAM, not a drive: results measure memory and the compressor").arg(name);
        } else if (name.startsWith(QLatin1String("ram")) && name.size() > 3 && name[3].isDigit()) {
            out << Text::tr("%1 is RAM, not a drive: results measure memory").arg(name);
        } else if (name.startsWith(QLatin1String("loop"))) {
            const QString dir = sysDir(name, paths);
            const QString backing = readTrimmed(dir + QStringLiteral("/loop/backing_file"));
            if (backing.isEmpty())
                return;
            if (isRamFilesystem(backing))
                out << Text::tr("%1 is backed by %2, a file in RAM, not a drive: results measure memory")
                           .arg(name, backing);
            else if (readTrimmed(dir + QStringLiteral("/loop/dio")) == QLatin1String("0"))
                out << Text::tr("%1 reaches its file %2 through the page cache: results measure RAM as much as the "
                                "drive (losetup --direct-io=on avoids that)")
                           .arg(name, backing);
        }
    }

} // namespace

QStringList targetWarnings(const TargetDescription& target, const TargetPaths& paths)
{
    QStringList out;
    filesystemWarnings(target, out);
    deviceWarnings(target, paths, out);
    return out;
}

std::vector<DiskActivity> sampleDeviceActivity(
    const QString& device, const TargetPaths& paths, std::chrono::milliseconds window)
{
    QStringList disks;
    collectDisks(kernelName(device, paths), paths, disks);
    if (disks.isEmpty())
        return {};
    std::vector<std::optional<BlockStat>> before;
    for (const QString& d : disks)
        before.push_back(readStat(d));
    const auto start = std::chrono::steady_clock::now();
    std::this_thread::sleep_for(window);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    std::vector<DiskActivity> out;
    for (qsizetype i = 0; i < disks.size(); ++i) {
        const std::optional<BlockStat>& whenStarted = before[size_t(i)];
        const std::optional<BlockStat> after = readStat(disks[i]);
        if (!whenStarted || !after)
            continue;
        const BlockStat& a = *whenStarted;
        const BlockStat& b = *after;
        // Counters only grow; a smaller one means the device was replaced meanwhile: not our business.
        const auto grown = [](quint64 from, quint64 to) { return to > from ? double(to - from) : 0.0; };
        DiskActivity d;
        d.disk = QFileInfo(disks[i]).fileName();
        d.readBytesPerSec = grown(a.readSectors, b.readSectors) * 512 / seconds;
        d.writtenBytesPerSec = grown(a.writeSectors, b.writeSectors) * 512 / seconds;
        d.iosPerSec = (grown(a.reads, b.reads) + grown(a.writes, b.writes)) / seconds;
        d.inFlight = std::max(a.inFlight, b.inFlight);
        out.push_back(d);
    }
    return out;
}

QString deviceBusyWarning(const std::vector<DiskActivity>& activity, const DriveSpeed& speed)
{
    QStringList busy;
    for (const DiskActivity& d : activity) {
        const double bytes = d.readBytesPerSec + d.writtenBytesPerSec;
        // A share of what the drive did, by bytes (sequential tests) or by I/Os (random ones):
        // journald's 0.04 MB/s does not move a 1,200 MB/s result, 200 IOPS do move a 4K Q1T1.
        const bool known = speed.mbPerSec > 0 || speed.iops > 0;
        const bool movesBytes
            = bytes > 0 && (known ? speed.mbPerSec > 0 && bytes / 1e6 >= kBusyShare * speed.mbPerSec : true);
        const bool movesIos
            = d.iosPerSec > 0 && (known ? speed.iops > 0 && d.iosPerSec >= kBusyShare * speed.iops : true);
        const bool stalled = d.inFlight > 0 && d.iosPerSec == 0;
        if (!movesBytes && !movesIos && !stalled)
            continue;
        QStringList what;
        if (d.readBytesPerSec > 0)
            what << Text::tr("%1 MB/s read").arg(rate(d.readBytesPerSec));
        if (d.writtenBytesPerSec > 0)
            what << Text::tr("%1 MB/s written").arg(rate(d.writtenBytesPerSec));
        if (d.inFlight > 0)
            what << (d.inFlight == 1 ? Text::tr("1 I/O in flight") : Text::tr("%1 I/Os in flight").arg(d.inFlight));
        busy << QStringLiteral("%1 (%2)").arg(d.disk, what.join(QStringLiteral(", ")));
    }
    if (busy.isEmpty())
        return {};
    return Text::tr("other I/O on %1 just before the run: results may be lower than the drive can do; stop what "
                    "uses it and run again")
        .arg(busy.join(QStringLiteral(", ")));
}

void appendWarnings(RunEnvelope& run, const QStringList& warnings)
{
    for (const QString& w : warnings) {
        const std::string s = w.toStdString();
        if (!s.empty() && std::find(run.warnings.begin(), run.warnings.end(), s) == run.warnings.end())
            run.warnings.push_back(s);
    }
}

} // namespace dm
