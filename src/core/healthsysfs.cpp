// SPDX-License-Identifier: GPL-3.0-or-later
// What sysfs tells about a drive's health without privileges: which drive a partition is on,
// and the temperature of its hwmon sensor (the nvme driver's, or drivetemp's for SATA).
#include "drivehealth.h"
#include "sysfsvalue.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace dm {

namespace {

    std::optional<double> milliDegrees(const QString& path)
    {
        bool ok = false;
        const qint64 value = readSysfsValue(path).toLongLong(&ok);
        // Sensors report -273 °C or absurd values when they are not ready: leave those out.
        if (!ok || value < -60000 || value > 200000)
            return std::nullopt;
        return double(value) / 1000.0;
    }

    // Where a drive's hwmon directories hang: right below the device (nvme registers its sensor on
    // the controller, which /sys/block/nvme0n1/device is), in a "hwmon" class directory below it
    // (drivetemp, on the SCSI device), or below a controller of an NVMe subsystem (multipath).
    QStringList hwmonDirs(const QString& deviceDir)
    {
        QStringList out;
        const QDir dev(deviceDir);
        for (const QString& name : dev.entryList({ QStringLiteral("hwmon*") }, QDir::Dirs | QDir::NoDotAndDotDot)) {
            if (name == QLatin1String("hwmon")) {
                const QDir inner(dev.filePath(name));
                for (const QString& n : inner.entryList({ QStringLiteral("hwmon*") }, QDir::Dirs | QDir::NoDotAndDotDot))
                    out << inner.filePath(n);
            } else {
                out << dev.filePath(name);
            }
        }
        for (const QString& ctrl : dev.entryList({ QStringLiteral("nvme*") }, QDir::Dirs | QDir::NoDotAndDotDot)) {
            const QDir c(dev.filePath(ctrl));
            for (const QString& n : c.entryList({ QStringLiteral("hwmon*") }, QDir::Dirs | QDir::NoDotAndDotDot))
                out << c.filePath(n);
        }
        return out;
    }

} // namespace

QString wholeDiskName(const QString& name, const QString& sysRoot)
{
    const QString classDir = sysRoot + QStringLiteral("/class/block/") + name;
    if (QFileInfo::exists(classDir + QStringLiteral("/partition"))) {
        // A partition's directory sits inside its disk's: .../block/sda/sda1.
        const QString real = QFileInfo(classDir).canonicalFilePath();
        return real.isEmpty() ? QString() : QFileInfo(QFileInfo(real).path()).fileName();
    }
    if (QFileInfo::exists(classDir) || QFileInfo::exists(sysRoot + QStringLiteral("/block/") + name))
        return name;
    return {};
}

HwmonReading readHwmonTemperature(const QString& diskName, const QString& sysRoot)
{
    HwmonReading reading;
    for (const QString& dir : hwmonDirs(sysRoot + QStringLiteral("/block/") + diskName + QStringLiteral("/device"))) {
        const QString name = readSysfsValue(dir + QStringLiteral("/name"));
        if (name != QLatin1String("nvme") && name != QLatin1String("drivetemp"))
            continue; // some other driver's sensor on the same device
        reading.temperatureC = milliDegrees(dir + QStringLiteral("/temp1_input"));
        if (!reading.temperatureC)
            continue;
        reading.warningC = milliDegrees(dir + QStringLiteral("/temp1_max"));
        return reading;
    }
    return {};
}

QStringList healthDrives(const QString& sysRoot)
{
    QStringList out;
    const QDir block(sysRoot + QStringLiteral("/block"));
    for (const QString& name : block.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
        if (name.startsWith(QLatin1String("ram")) || name.startsWith(QLatin1String("zram")))
            continue; // memory, not a drive
        // Size 0: a loop device with nothing attached, a card reader without a card, an empty tray.
        if (readSysfsValue(block.filePath(name) + QStringLiteral("/size")).toLongLong() <= 0)
            continue;
        out << QStringLiteral("/dev/") + name;
    }
    return out;
}

} // namespace dm
