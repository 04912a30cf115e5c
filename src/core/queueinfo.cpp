// SPDX-License-Identifier: GPL-3.0-or-later
#include "queueinfo.h"
#include "sysfsvalue.h"

#include <QFile>
#include <QRegularExpression>
#include <QStringList>

namespace dm {

namespace {

    int readPositive(const QString& path)
    {
        bool ok = false;
        const int n = readSysfsValue(path).toInt(&ok);
        return ok && n > 0 ? n : 0;
    }

} // namespace

QString activeScheduler(const QString& schedulerFile)
{
    static const QRegularExpression bracketed(QStringLiteral("\\[([^\\]]+)\\]"));
    if (const auto match = bracketed.match(schedulerFile); match.hasMatch())
        return match.captured(1);
    const QString only = schedulerFile.trimmed();
    return only.contains(QLatin1Char(' ')) ? QString() : only;
}

QueueFacts readQueueFacts(const QString& diskDir)
{
    QueueFacts q;
    q.deviceQueueDepth = readPositive(diskDir + QStringLiteral("/device/queue_depth"));
    q.requests = readPositive(diskDir + QStringLiteral("/queue/nr_requests"));
    q.writeCache = readSysfsValue(diskDir + QStringLiteral("/queue/write_cache"));
    q.scheduler = activeScheduler(readSysfsValue(diskDir + QStringLiteral("/queue/scheduler")));
    return q;
}

QString queueSummary(const QueueFacts& queue, bool rotational)
{
    QStringList parts;
    if (queue.deviceQueueDepth > 0)
        parts << QStringLiteral("depth %1").arg(queue.deviceQueueDepth);
    if (queue.requests > 0)
        parts << QStringLiteral("%1 requests").arg(queue.requests);
    if (!queue.writeCache.isEmpty())
        parts << QStringLiteral("write cache: %1").arg(queue.writeCache);
    if (!queue.scheduler.isEmpty())
        parts << QStringLiteral("scheduler %1").arg(queue.scheduler);
    // Said only with something else known: a device with no queue facts at all is one we know nothing about.
    if (!parts.isEmpty())
        parts << (rotational ? QStringLiteral("rotational") : QStringLiteral("non-rotational"));
    return parts.join(QStringLiteral(", "));
}

} // namespace dm
