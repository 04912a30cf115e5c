// SPDX-License-Identifier: GPL-3.0-or-later
// One drive's health from every source there is, in order of what needs least: sysfs, UDisks2,
// then smartctl only when UDisks2 gave no SMART data; and its JSON and text.
#include "drivehealth.h"
#include "sysfsvalue.h"
#include "targetinfo.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace dm {

namespace {

    // Devices that are no drive of their own: what to say instead of SMART, or empty for a drive.
    QString virtualDevice(const QString& disk, const QString& sysRoot)
    {
        const QString dir = sysRoot + QStringLiteral("/block/") + disk;
        const QString device = QStringLiteral("/dev/") + disk;
        if (disk.startsWith(QLatin1String("loop"))) {
            const QString file = readSysfsValue(dir + QStringLiteral("/loop/backing_file"));
            return QStringLiteral("%1 is a loop device%2: it has no SMART data or temperature of its own; run health "
                                  "on the drive that holds the file")
                .arg(device, file.isEmpty() ? QString() : QStringLiteral(" on ") + file);
        }
        const QStringList slaves
            = QDir(dir + QStringLiteral("/slaves")).entryList(QDir::AllEntries | QDir::NoDotAndDotDot);
        if (!slaves.isEmpty())
            return QStringLiteral("%1 is a volume on %2: run health on the drives below it")
                .arg(device, QStringLiteral("/dev/") + slaves.join(QStringLiteral(", /dev/")));
        for (const char* prefix : { "zram", "ram", "nbd" })
            if (disk.startsWith(QLatin1String(prefix)))
                return QStringLiteral("%1 is not a drive (memory or a network block device): it has no SMART data")
                    .arg(device);
        return {};
    }

    template <typename T> void put(QJsonObject& o, const char* key, const std::optional<T>& v)
    {
        if (v)
            o.insert(QLatin1String(key), double(*v));
    }

    QJsonObject driveJson(const DriveHealth& h)
    {
        QJsonObject o {
            { QStringLiteral("device"), h.device },
            { QStringLiteral("model"), h.model },
            { QStringLiteral("interface"), h.interface },
            { QStringLiteral("status"), healthStatusId(h.status) },
            { QStringLiteral("reason"), h.reason },
            { QStringLiteral("sources"), QJsonArray::fromStringList(h.sources) },
            { QStringLiteral("unavailable"), QJsonArray::fromStringList(h.unavailable) },
        };
        // A figure nobody could read is null rather than left out, so scripts find every key.
        o.insert(QStringLiteral("temperature_c"), h.temperatureC ? QJsonValue(*h.temperatureC) : QJsonValue());
        o.insert(QStringLiteral("temperature_source"), h.temperatureSource);
        o.insert(QStringLiteral("power_on_hours"), h.powerOnHours ? QJsonValue(double(*h.powerOnHours)) : QJsonValue());
        if (h.nvme.any() || h.nvme.warningTemperatureC) {
            QJsonObject n;
            put(n, "critical_warning", h.nvme.criticalWarning);
            put(n, "available_spare", h.nvme.availableSpare);
            put(n, "available_spare_threshold", h.nvme.spareThreshold);
            put(n, "percentage_used", h.nvme.percentageUsed);
            put(n, "data_written_bytes", h.nvme.dataWrittenBytes);
            put(n, "media_errors", h.nvme.mediaErrors);
            put(n, "warning_temperature_c", h.nvme.warningTemperatureC);
            o.insert(QStringLiteral("nvme"), n);
        }
        if (h.ata.any()) {
            QJsonObject a;
            if (h.ata.smartFailing)
                a.insert(QStringLiteral("smart_failing"), *h.ata.smartFailing);
            put(a, "attributes_failing", h.ata.attributesFailing);
            put(a, "reallocated_sectors", h.ata.reallocatedSectors);
            put(a, "pending_sectors", h.ata.pendingSectors);
            put(a, "uncorrectable_sectors", h.ata.uncorrectableSectors);
            o.insert(QStringLiteral("ata"), a);
        }
        return o;
    }

    // "1.23 TB": decimal, as drives are sold and CrystalDiskInfo's "Total Host Writes" reads.
    QString decimalBytes(quint64 bytes)
    {
        const char* units[] = { "B", "kB", "MB", "GB", "TB", "PB" };
        double v = double(bytes);
        int u = 0;
        while (v >= 1000 && u < 5) {
            v /= 1000;
            ++u;
        }
        return u == 0 ? QStringLiteral("%1 B").arg(bytes)
                      : QStringLiteral("%1 %2").arg(v, 0, 'f', 2).arg(QLatin1String(units[u]));
    }

} // namespace

DriveHealth readDriveHealth(const QString& givenDevice, const HealthSources& sources)
{
    const QString canonical = QFileInfo(givenDevice).canonicalFilePath();
    const QString name = QFileInfo(canonical.isEmpty() ? givenDevice : canonical).fileName();
    QString disk = wholeDiskName(name, sources.sysRoot);
    if (disk.isEmpty())
        disk = name;
    DriveHealth h;
    h.device = QStringLiteral("/dev/") + disk;
    const QString sysDir = sources.sysRoot + QStringLiteral("/block/") + disk;
    TargetPaths paths;
    paths.sysRoot = sources.sysRoot;
    h.model = deviceName(describeBlockDevice(sysDir, paths)); // UDisks2's name, when it has one, wins

    const HwmonReading hwmon = readHwmonTemperature(disk, sources.sysRoot);
    if (hwmon.temperatureC) {
        h.temperatureC = hwmon.temperatureC;
        h.temperatureSource = QStringLiteral("hwmon");
    }
    if (const QString notADrive = virtualDevice(disk, sources.sysRoot); !notADrive.isEmpty()) {
        h.unavailable << notADrive;
        assessHealth(h);
        return h;
    }
    if (disk.startsWith(QLatin1String("vd")) || disk.startsWith(QLatin1String("xvd")))
        h.unavailable
            << QStringLiteral("%1 is a virtual machine's disk: the host's drive has the SMART data").arg(h.device);
    if (sources.useUdisks)
        readUdisksHealth(h.device, h);
    if (!h.nvme.any() && !h.ata.any())
        readSmartctlHealth(h.device, sources.smartctl, h);
    if (hwmon.warningC && !h.nvme.warningTemperatureC && disk.startsWith(QLatin1String("nvme")))
        h.nvme.warningTemperatureC = int(*hwmon.warningC + 0.5);
    assessHealth(h);
    return h;
}

QByteArray formatHealthJson(const QList<DriveHealth>& drives)
{
    QJsonArray list;
    for (const DriveHealth& h : drives)
        list.append(driveJson(h));
    const QJsonObject root { { QStringLiteral("schema"), QStringLiteral("diskometer.health/1") },
        { QStringLiteral("drives"), list } };
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

QString formatHealthText(const QList<DriveHealth>& drives)
{
    QString out;
    for (const DriveHealth& h : drives) {
        if (!out.isEmpty())
            out += QLatin1Char('\n');
        out += h.device + (h.model.isEmpty() ? QString() : QStringLiteral("  ") + h.model) + QLatin1Char('\n');
        const auto line = [&](const QString& label, const QString& value) {
            out += QStringLiteral("  %1 %2\n").arg(label + QLatin1Char(':'), -18).arg(value);
        };
        line(QStringLiteral("Health"), healthStatusWord(h.status) + QStringLiteral(": ") + h.reason);
        if (h.temperatureC)
            line(QStringLiteral("Temperature"), QStringLiteral("%1 °C").arg(*h.temperatureC, 0, 'f', 0));
        if (h.powerOnHours)
            line(QStringLiteral("Power-on hours"), QString::number(*h.powerOnHours));
        const NvmeHealth& n = h.nvme;
        if (n.criticalWarning)
            line(QStringLiteral("Critical warning"),
                *n.criticalWarning ? QStringLiteral("0x%1").arg(*n.criticalWarning, 2, 16, QLatin1Char('0'))
                                   : QStringLiteral("none"));
        if (n.availableSpare)
            line(QStringLiteral("Available spare"),
                QStringLiteral("%1 %%2")
                    .arg(*n.availableSpare)
                    .arg(n.spareThreshold ? QStringLiteral(" (threshold %1 %)").arg(*n.spareThreshold) : QString()));
        if (n.percentageUsed)
            line(QStringLiteral("Percentage used"), QStringLiteral("%1 %").arg(*n.percentageUsed));
        if (n.dataWrittenBytes)
            line(QStringLiteral("Data written"), decimalBytes(*n.dataWrittenBytes));
        if (n.mediaErrors)
            line(QStringLiteral("Media errors"), QString::number(*n.mediaErrors));
        const AtaHealth& a = h.ata;
        if (a.smartFailing)
            line(QStringLiteral("SMART"), *a.smartFailing ? QStringLiteral("FAILING") : QStringLiteral("passed"));
        if (a.reallocatedSectors)
            line(QStringLiteral("Reallocated"), QString::number(*a.reallocatedSectors));
        if (a.pendingSectors)
            line(QStringLiteral("Pending"), QString::number(*a.pendingSectors));
        if (a.uncorrectableSectors)
            line(QStringLiteral("Uncorrectable"), QString::number(*a.uncorrectableSectors));
    }
    return out.isEmpty() ? QStringLiteral("No drives found.\n") : out;
}

} // namespace dm
