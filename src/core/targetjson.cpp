// SPDX-License-Identifier: GPL-3.0-or-later
#include "targetjson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonValue>

#include <algorithm>

namespace dm {

namespace {

    QJsonValue stringOrNull(const QString& s) { return s.isEmpty() ? QJsonValue() : QJsonValue(s); }
    QJsonValue positiveOrNull(qint64 n) { return n > 0 ? QJsonValue(n) : QJsonValue(); }

    QStringList stringList(const QJsonValue& v)
    {
        QStringList list;
        for (const QJsonValue item : v.toArray())
            list << item.toString();
        return list;
    }

    // Negative and fractional numbers from a hand-edited file are not sizes; they read as unknown.
    qint64 size(const QJsonObject& o, const char* key)
    {
        const qint64 n = o.value(QLatin1String(key)).toInteger(0);
        return n > 0 ? n : 0;
    }

} // namespace

QJsonObject targetDescriptionJson(const TargetDescription& t)
{
    return QJsonObject {
        { QStringLiteral("path"), t.path },
        { QStringLiteral("kind"), t.kind },
        { QStringLiteral("filesystem"), t.filesystem },
        { QStringLiteral("device"), t.device },
        { QStringLiteral("model"), t.model },
        { QStringLiteral("vendor"), t.vendor },
        { QStringLiteral("serial"), stringOrNull(t.serial) },
        { QStringLiteral("bus"), t.bus },
        { QStringLiteral("virtual_disk"), stringOrNull(t.virtualDisk) },
        { QStringLiteral("link"), stringOrNull(t.link) },
        { QStringLiteral("uas"), t.uas ? QJsonValue(*t.uas) : QJsonValue() },
        { QStringLiteral("link_mbps"), t.linkMbps > 0 ? QJsonValue(t.linkMbps) : QJsonValue() },
        { QStringLiteral("usb_version"), stringOrNull(t.usbVersion) },
        { QStringLiteral("queue"),
            QJsonObject {
                { QStringLiteral("device_queue_depth"), positiveOrNull(t.queue.deviceQueueDepth) },
                { QStringLiteral("nr_requests"), positiveOrNull(t.queue.requests) },
                { QStringLiteral("write_cache"), stringOrNull(t.queue.writeCache) },
                { QStringLiteral("scheduler"), stringOrNull(t.queue.scheduler) },
            } },
        { QStringLiteral("rotational"), t.rotational },
        { QStringLiteral("read_only"), t.readOnly },
        { QStringLiteral("removable"), t.removable },
        { QStringLiteral("logical_block_size"), positiveOrNull(t.logicalBlockSize) },
        { QStringLiteral("physical_block_size"), positiveOrNull(t.physicalBlockSize) },
        { QStringLiteral("capacity_bytes"), t.capacityBytes },
        { QStringLiteral("free_bytes"), t.freeBytes ? QJsonValue(*t.freeBytes) : QJsonValue() },
        { QStringLiteral("used_bytes"), t.usedBytes ? QJsonValue(*t.usedBytes) : QJsonValue() },
        { QStringLiteral("size_bytes"), positiveOrNull(t.sizeBytes) },
        { QStringLiteral("mount_point"), t.mountPoint },
        { QStringLiteral("mount_points"), QJsonArray::fromStringList(t.mountPoints) },
        { QStringLiteral("mount_options"), t.mountOptions },
        { QStringLiteral("partitions"), QJsonArray::fromStringList(t.partitions) },
        { QStringLiteral("whole_disk"), stringOrNull(t.wholeDisk) },
    };
}

TargetDescription targetDescriptionFromJson(const QJsonObject& o)
{
    const auto text = [&](const char* key) { return o.value(QLatin1String(key)).toString(); };
    const auto flag = [&](const char* key) { return o.value(QLatin1String(key)).toBool(); };
    TargetDescription t;
    t.path = text("path");
    t.kind = text("kind");
    t.filesystem = text("filesystem");
    t.device = text("device");
    t.model = text("model");
    t.vendor = text("vendor");
    t.serial = text("serial");
    t.bus = text("bus");
    t.virtualDisk = text("virtual_disk");
    t.link = text("link");
    if (const QJsonValue uas = o.value(QLatin1String("uas")); uas.isBool())
        t.uas = uas.toBool();
    t.linkMbps = std::max(0.0, o.value(QLatin1String("link_mbps")).toDouble());
    t.usbVersion = text("usb_version");
    const QJsonObject queue = o.value(QLatin1String("queue")).toObject();
    t.queue.deviceQueueDepth = int(size(queue, "device_queue_depth"));
    t.queue.requests = int(size(queue, "nr_requests"));
    t.queue.writeCache = queue.value(QLatin1String("write_cache")).toString();
    t.queue.scheduler = queue.value(QLatin1String("scheduler")).toString();
    t.rotational = flag("rotational");
    t.readOnly = flag("read_only");
    t.removable = flag("removable");
    t.logicalBlockSize = unsigned(size(o, "logical_block_size"));
    t.physicalBlockSize = unsigned(size(o, "physical_block_size"));
    t.capacityBytes = size(o, "capacity_bytes");
    if (const QJsonValue free = o.value(QLatin1String("free_bytes")); free.isDouble())
        t.freeBytes = size(o, "free_bytes");
    if (const QJsonValue used = o.value(QLatin1String("used_bytes")); used.isDouble())
        t.usedBytes = size(o, "used_bytes");
    t.sizeBytes = size(o, "size_bytes");
    t.mountPoint = text("mount_point");
    t.mountPoints = stringList(o.value(QLatin1String("mount_points")));
    t.mountOptions = text("mount_options");
    t.partitions = stringList(o.value(QLatin1String("partitions")));
    t.wholeDisk = text("whole_disk");
    return t;
}

QByteArray reportJsonForExport(const QByteArray& json, bool keepSerial)
{
    if (keepSerial)
        return json;
    QJsonDocument doc = QJsonDocument::fromJson(json);
    QJsonObject root = doc.object();
    QJsonObject target = root.value(QLatin1String("target")).toObject();
    if (target.value(QLatin1String("serial")).toString().isEmpty())
        return json;
    target.insert(QStringLiteral("serial"), QJsonValue());
    root.insert(QStringLiteral("target"), target);
    doc.setObject(root);
    return doc.toJson(QJsonDocument::Indented);
}

} // namespace dm
