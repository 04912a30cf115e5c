// SPDX-License-Identifier: GPL-3.0-or-later
#include "driveline.h"

#include "targetinfo.h"

#include <QStringList>

#include <algorithm>
#include <atomic>
#include <cmath>

namespace dm {

namespace {
    std::atomic<bool> g_serialShown { false };
}

void setSerialShown(bool on) { g_serialShown = on; }

bool serialShown() { return g_serialShown; }

QString targetUsage(const TargetDescription& target)
{
    const bool raw = target.kind == QLatin1String("block-device");
    QString where = raw ? target.device : target.mountPoint;
    if (where.isEmpty())
        where = target.path;
    const qint64 total = target.capacityBytes;
    // Small filesystems (a test rig, a tmpfs) would read "0/0GiB"; MiB keeps them legible.
    const bool gib = total >= qint64(GiB);
    const double unit = double(gib ? GiB : MiB);
    const QString unitName = gib ? QStringLiteral("GiB") : QStringLiteral("MiB");
    // `where` is a user's path and may hold a '%': concatenate it, never pass it through arg().
    if (total <= 0)
        return QLatin1Char('[') + where + QLatin1Char(']');
    const QString totalText = QString::number(std::llround(double(total) / unit)) + unitName;
    if (raw || !target.freeBytes)
        return QLatin1Char('[') + where + QStringLiteral(" (") + totalText + QStringLiteral(")]");
    const qint64 used = target.usedBytes.value_or(std::max<qint64>(0, total - *target.freeBytes));
    return QLatin1Char('[') + where
        + QStringLiteral(" %1% (%2/").arg(usedPercent(target).value_or(0)).arg(std::llround(double(used) / unit))
        + totalText + QStringLiteral(")]");
}

QString soldSize(qint64 bytes)
{
    if (bytes <= 0)
        return {};
    // Drives are sold in decimal units; two significant figures below 10 ("1.0 TB", "3.8 TB").
    const char* units[] = { "B", "kB", "MB", "GB", "TB", "PB" };
    double value = double(bytes);
    int unit = 0;
    while (value >= 1000 && unit + 1 < int(std::size(units))) {
        value /= 1000;
        ++unit;
    }
    return QStringLiteral("%1 %2").arg(value, 0, 'f', value < 10 && unit > 0 ? 1 : 0).arg(QLatin1String(units[unit]));
}

QString driveLine(const TargetDescription& target, bool withSerial)
{
    QStringList parts;
    if (const QString device = deviceSummary(target); !device.isEmpty())
        parts << device;
    // The drive's size, as it was sold; a partition's is not the drive's (its filesystem's size
    // is in the usage that follows).
    if (target.wholeDisk.isEmpty())
        if (const QString size = soldSize(target.sizeBytes); !size.isEmpty())
            parts << size;
    if (withSerial && !target.serial.isEmpty())
        parts << QStringLiteral("S/N ") + target.serial;
    if (!target.path.isEmpty() || !target.device.isEmpty())
        parts << targetUsage(target);
    return parts.join(QStringLiteral(" · "));
}

} // namespace dm
