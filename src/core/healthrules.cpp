// SPDX-License-Identifier: GPL-3.0-or-later
// The status rules of docs/HEALTH.md, in one place: CrystalDiskInfo's, plus where we decided.
#include "drivehealth.h"

namespace dm {

QString healthStatusId(HealthStatus status)
{
    switch (status) {
    case HealthStatus::Good:
        return QStringLiteral("good");
    case HealthStatus::Caution:
        return QStringLiteral("caution");
    case HealthStatus::Bad:
        return QStringLiteral("bad");
    case HealthStatus::Unknown:
        break;
    }
    return QStringLiteral("unknown");
}

QString healthStatusWord(HealthStatus status)
{
    QString id = healthStatusId(status);
    id[0] = id[0].toUpper();
    return id;
}

HealthStatus healthStatusFromId(const QString& id)
{
    for (const HealthStatus s : { HealthStatus::Good, HealthStatus::Caution, HealthStatus::Bad })
        if (id == healthStatusId(s))
            return s;
    return HealthStatus::Unknown;
}

namespace {

    // The bits of the NVMe critical warning (NVMe base specification, SMART / Health log byte 0).
    QStringList criticalWarningWords(unsigned bits)
    {
        static const char* const words[] = {
            "available spare below its threshold", // bit 0
            "temperature beyond a threshold", // 1
            "reliability degraded by media or internal errors", // 2
            "media placed in read-only mode", // 3
            "volatile memory backup failed", // 4
            "persistent memory region read-only", // 5
        };
        QStringList out;
        for (unsigned bit = 0; bit < 8; ++bit)
            if (bits & (1u << bit))
                out << (bit < 6 ? QString::fromLatin1(words[bit]) : QStringLiteral("bit %1").arg(bit));
        return out;
    }

    struct Findings {
        QStringList bad, caution;
    };

    void nvmeFindings(const NvmeHealth& n, Findings& f)
    {
        if (n.criticalWarning && *n.criticalWarning != 0)
            f.bad << QStringLiteral("NVMe critical warning 0x%1 (%2)")
                         .arg(*n.criticalWarning, 2, 16, QLatin1Char('0'))
                         .arg(criticalWarningWords(*n.criticalWarning).join(QStringLiteral(", ")));
        // A threshold of 0 means the drive sets none (NVMe leaves it to the vendor).
        if (n.availableSpare && n.spareThreshold && *n.spareThreshold > 0 && *n.availableSpare < *n.spareThreshold)
            f.bad << QStringLiteral("available spare %1 % is below the drive's threshold of %2 %")
                         .arg(*n.availableSpare)
                         .arg(*n.spareThreshold);
        if (n.percentageUsed && *n.percentageUsed >= 90)
            f.caution << QStringLiteral("%1 % of the rated endurance is used").arg(*n.percentageUsed);
        if (n.mediaErrors && *n.mediaErrors > 0)
            f.caution << QStringLiteral("%1 media and data integrity errors").arg(*n.mediaErrors);
    }

    void ataFindings(const AtaHealth& a, Findings& f)
    {
        if (a.smartFailing.value_or(false))
            f.bad << (a.attributesFailing && *a.attributesFailing > 0
                    ? QStringLiteral("SMART predicts failure (%1 attribute(s) at or below threshold)")
                          .arg(*a.attributesFailing)
                    : QStringLiteral("SMART predicts failure"));
        else if (a.attributesFailing && *a.attributesFailing > 0)
            f.bad << QStringLiteral("%1 SMART attribute(s) at or below threshold").arg(*a.attributesFailing);
        const auto sectors = [&](const std::optional<qint64>& count, const char* what) {
            if (count && *count > 0)
                f.caution << QStringLiteral("%1 %2 sector(s)").arg(*count).arg(QLatin1String(what));
        };
        sectors(a.reallocatedSectors, "reallocated");
        sectors(a.pendingSectors, "pending");
        sectors(a.uncorrectableSectors, "uncorrectable");
    }

} // namespace

void assessHealth(DriveHealth& health)
{
    Findings f;
    nvmeFindings(health.nvme, f);
    ataFindings(health.ata, f);
    if (!f.bad.isEmpty()) {
        health.status = HealthStatus::Bad;
        health.reason = (f.bad + f.caution).join(QStringLiteral("; "));
    } else if (!f.caution.isEmpty()) {
        health.status = HealthStatus::Caution;
        health.reason = f.caution.join(QStringLiteral("; "));
    } else if (health.nvme.any() || health.ata.any()) {
        health.status = HealthStatus::Good;
        health.reason = QStringLiteral("SMART reports no problem");
        if (!health.sources.isEmpty())
            health.reason += QStringLiteral(" (%1)").arg(health.sources.join(QStringLiteral(", ")));
    } else {
        health.status = HealthStatus::Unknown;
        health.reason = health.unavailable.isEmpty()
            ? QStringLiteral("no SMART data could be read")
            : QStringLiteral("no SMART data: ") + health.unavailable.join(QStringLiteral("; "));
    }
}

} // namespace dm
