// SPDX-License-Identifier: GPL-3.0-or-later
// Health from smartmontools' `smartctl --json`, where UDisks2 has none to give (NVMe before
// UDisks2 2.10, USB bridges libatasmart does not speak). smartctl opens the device itself, so it
// only works for a user allowed to (root, the disk group); we never ask for more.
#include "drivehealth.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>

namespace dm {

namespace {

    std::optional<qint64> integer(const QJsonObject& o, const char* key)
    {
        const QJsonValue v = o.value(QLatin1String(key));
        return v.isDouble() ? std::optional<qint64>(qint64(v.toDouble())) : std::nullopt;
    }

    // The first error smartctl wrote ("Smartctl open device: /dev/sda failed: Permission denied").
    QString firstError(const QJsonObject& root)
    {
        const QJsonArray messages = root.value(QLatin1String("smartctl")).toObject().value(QLatin1String("messages")).toArray();
        for (const QJsonValue m : messages)
            if (m.toObject().value(QLatin1String("severity")).toString() == QLatin1String("error"))
                return m.toObject().value(QLatin1String("string")).toString();
        return {};
    }

    bool parseNvme(const QJsonObject& log, DriveHealth& health)
    {
        if (log.isEmpty())
            return false;
        NvmeHealth& n = health.nvme;
        if (auto v = integer(log, "critical_warning"))
            n.criticalWarning = unsigned(*v);
        if (auto v = integer(log, "available_spare"))
            n.availableSpare = int(*v);
        if (auto v = integer(log, "available_spare_threshold"))
            n.spareThreshold = int(*v);
        if (auto v = integer(log, "percentage_used"))
            n.percentageUsed = int(*v);
        // NVMe counts data units of 1000 512-byte blocks.
        if (auto v = integer(log, "data_units_written"))
            n.dataWrittenBytes = quint64(*v) * 512000u;
        if (auto v = integer(log, "media_errors"))
            n.mediaErrors = quint64(*v);
        if (auto v = integer(log, "power_on_hours"))
            health.powerOnHours = *v;
        health.interface = QStringLiteral("nvme");
        return true;
    }

    bool parseAta(const QJsonObject& root, DriveHealth& health)
    {
        const QJsonArray table
            = root.value(QLatin1String("ata_smart_attributes")).toObject().value(QLatin1String("table")).toArray();
        const QJsonObject status = root.value(QLatin1String("smart_status")).toObject();
        if (table.isEmpty() && status.isEmpty())
            return false;
        AtaHealth& a = health.ata;
        if (status.contains(QLatin1String("passed")))
            a.smartFailing = !status.value(QLatin1String("passed")).toBool();
        int failing = 0;
        for (const QJsonValue entry : table) {
            const QJsonObject attr = entry.toObject();
            // "now": at or below its threshold at this moment (smartctl's WHEN_FAILED column).
            if (attr.value(QLatin1String("when_failed")).toString() == QLatin1String("now"))
                ++failing;
            const auto raw = integer(attr.value(QLatin1String("raw")).toObject(), "value");
            switch (integer(attr, "id").value_or(0)) {
            case 5:
                a.reallocatedSectors = raw;
                break;
            case 197:
                a.pendingSectors = raw;
                break;
            case 198:
                a.uncorrectableSectors = raw;
                break;
            default:
                break;
            }
        }
        if (!table.isEmpty())
            a.attributesFailing = failing;
        if (health.interface.isEmpty())
            health.interface = QStringLiteral("ata");
        return true;
    }

} // namespace

bool parseSmartctlJson(const QByteArray& json, DriveHealth& health)
{
    const QJsonObject root = QJsonDocument::fromJson(json).object();
    if (root.isEmpty())
        return false;
    const bool nvme = parseNvme(root.value(QLatin1String("nvme_smart_health_information_log")).toObject(), health);
    const bool ata = !nvme && parseAta(root, health);
    if (!nvme && !ata)
        return false;
    if (health.model.isEmpty())
        health.model = root.value(QLatin1String("model_name")).toString();
    if (!health.powerOnHours)
        health.powerOnHours = integer(root.value(QLatin1String("power_on_time")).toObject(), "hours");
    if (!health.temperatureC)
        if (auto t = integer(root.value(QLatin1String("temperature")).toObject(), "current")) {
            health.temperatureC = double(*t);
            health.temperatureSource = QStringLiteral("smartctl");
        }
    health.sources << QStringLiteral("smartctl");
    return true;
}

void readSmartctlHealth(const QString& device, const QString& smartctl, DriveHealth& health)
{
    if (smartctl == QLatin1String("-"))
        return;
    QString program = smartctl;
    if (program.isEmpty()) {
        program = QStandardPaths::findExecutable(QStringLiteral("smartctl"));
        if (program.isEmpty())
            program = QStandardPaths::findExecutable(
                QStringLiteral("smartctl"), { QStringLiteral("/usr/sbin"), QStringLiteral("/sbin") });
    }
    if (program.isEmpty()) {
        health.unavailable << QStringLiteral("smartctl is not installed (Debian package smartmontools; it reads SMART "
                                             "when run as root)");
        return;
    }
    QProcess p;
    p.setStandardInputFile(QProcess::nullDevice()); // nothing may prompt
    // -n standby: a sleeping disk is left asleep, as a health glance must not spin it up.
    p.start(program, { QStringLiteral("--json=c"), QStringLiteral("-a"), QStringLiteral("-n"), QStringLiteral("standby"), device });
    if (!p.waitForStarted(5000)) {
        health.unavailable << QStringLiteral("smartctl could not be started: %1").arg(p.errorString());
        return;
    }
    if (!p.waitForFinished(20000)) {
        p.kill();
        p.waitForFinished(2000);
        health.unavailable << QStringLiteral("smartctl did not answer within 20 s");
        return;
    }
    const QByteArray out = p.readAllStandardOutput();
    if (parseSmartctlJson(out, health))
        return;
    const QString error = firstError(QJsonDocument::fromJson(out).object());
    if (error.contains(QLatin1String("Permission denied")) || error.contains(QLatin1String("Operation not permitted")))
        health.unavailable << QStringLiteral("smartctl may not open %1 as this user (run `sudo diskometer-cli health "
                                             "%1` to read it as root)")
                                  .arg(device);
    else
        health.unavailable << QStringLiteral("smartctl read no SMART data%1")
                                  .arg(error.isEmpty() ? QString() : QStringLiteral(": ") + error);
}

} // namespace dm
