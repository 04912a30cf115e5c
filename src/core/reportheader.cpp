// SPDX-License-Identifier: GPL-3.0-or-later
#include "reportheader.h"

#include "deviceio.h"
#include "queueinfo.h"

#include "systeminfo.h"
#include "targetinfo.h"
#include "targetjson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>

#include <cstdlib>

namespace dm {

namespace {

    const char* kindName(RegionInfo::Kind kind)
    {
        switch (kind) {
        case RegionInfo::Kind::Directory:
            return "directory";
        case RegionInfo::Kind::File:
            return "file";
        case RegionInfo::Kind::BlockDevice:
            return "block-device";
        }
        return "";
    }

    QJsonValue orNull(const QString& s) { return s.isEmpty() ? QJsonValue() : QJsonValue(s); }
    QJsonValue orNull(std::optional<bool> b) { return b ? QJsonValue(*b) : QJsonValue(); }

    QJsonObject powerJson(const PowerDescription& p)
    {
        return QJsonObject {
            { QStringLiteral("profile"), orNull(p.profile) },
            { QStringLiteral("held"), p.held },
            { QStringLiteral("not_held"), orNull(p.notHeld) },
            { QStringLiteral("degraded"), orNull(p.degraded) },
            { QStringLiteral("on_battery"), orNull(p.onBattery) },
            { QStringLiteral("sleep_inhibited"), orNull(p.sleepInhibited) },
        };
    }

    std::optional<bool> optionalBool(const QJsonValue& v)
    {
        return v.isBool() ? std::optional(v.toBool()) : std::nullopt;
    }

    PowerDescription powerFromJson(const QJsonObject& system)
    {
        const QJsonObject o = system.value(QLatin1String("power")).toObject();
        PowerDescription p;
        p.profile = o.value(QLatin1String("profile")).toString();
        p.held = o.value(QLatin1String("held")).toBool();
        p.notHeld = o.value(QLatin1String("not_held")).toString();
        p.degraded = o.value(QLatin1String("degraded")).toString();
        p.onBattery = optionalBool(o.value(QLatin1String("on_battery")));
        p.sleepInhibited = optionalBool(o.value(QLatin1String("sleep_inhibited")));
        p.cpuGovernor = system.value(QLatin1String("cpu_governor")).toString();
        return p;
    }

} // namespace

ReportHeader describeRunHeader(const QString& target, const std::string& engine, const QString& comment)
{
    ReportHeader h;
    h.toolVersion = QStringLiteral(DM_VERSION);
    h.engine = QString::fromStdString(engine);
    h.date = QDateTime::currentDateTime();
    h.system = describeSystem();
    h.target = describeTarget(target);
    h.comment = comment;
    return h;
}

QString runConditionLines(const ReportHeader& header)
{
    QString out = QStringLiteral("  Engine: %1, Date: %2\n")
                      .arg(header.engine, header.date.toString(QStringLiteral("yyyy/MM/dd HH:mm:ss")));
    // The grid's text has the same line (textreport.cpp): a queue that limits a row limits a sweep's point too.
    if (const QString queue = queueSummary(header.target.queue, header.target.rotational); !queue.isEmpty())
        out += QStringLiteral("  Queue: %1\n").arg(queue);
    if (const QString power = powerSummary(header.system.power); !power.isEmpty())
        out += QStringLiteral("  Power: %1\n").arg(power);
    if (const QString health = healthSummary(header.health); !health.isEmpty())
        out += QStringLiteral("  Health: %1\n").arg(health);
    return out;
}

QString isoDateWithOffset(const QDateTime& date)
{
    // Qt::ISODate drops the offset of a local time; spell it out so a reader in another zone
    // knows when the run happened, and "+00:00" rather than "Z" so every date has one shape.
    if (!date.isValid())
        return {};
    const int offset = date.offsetFromUtc();
    const QDateTime fixed = date.toOffsetFromUtc(offset);
    const int minutes = std::abs(offset) / 60;
    return fixed.toString(QStringLiteral("yyyy-MM-dd'T'HH:mm:ss"))
        + QString::asprintf("%c%02d:%02d", offset < 0 ? '-' : '+', minutes / 60, minutes % 60);
}

QJsonObject reportHeaderJson(const char* schema, const ReportHeader& h, const RegionInfo& region,
    const std::vector<std::string>& warnings, bool cancelled)
{
    // The shared description plus what the run itself knows: the region it tested and the
    // logical block size it aligned to, which wins over sysfs's when known.
    QJsonObject target = targetDescriptionJson(h.target);
    if (h.target.kind.isEmpty())
        target.insert(QStringLiteral("kind"), QString::fromLatin1(kindName(region.kind)));
    const qint64 logical
        = region.logicalBlockSize ? qint64(region.logicalBlockSize) : qint64(h.target.logicalBlockSize);
    target.insert(QStringLiteral("logical_block_size"), logical);
    target.insert(QStringLiteral("region_bytes"), qint64(region.length));

    QJsonArray warningList;
    for (const auto& w : warnings)
        warningList.append(QString::fromStdString(w));
    return QJsonObject {
        { QStringLiteral("schema"), QLatin1String(schema) },
        { QStringLiteral("tool"),
            QJsonObject {
                { QStringLiteral("name"), QStringLiteral("Diskometer") },
                { QStringLiteral("version"), h.toolVersion },
                { QStringLiteral("engine"), h.engine },
            } },
        { QStringLiteral("date"), isoDateWithOffset(h.date) },
        { QStringLiteral("system"),
            QJsonObject {
                { QStringLiteral("os"), h.system.os },
                { QStringLiteral("kernel"), h.system.kernel },
                { QStringLiteral("cpu"), h.system.cpu },
                { QStringLiteral("power"), powerJson(h.system.power) },
                { QStringLiteral("cpu_governor"), orNull(h.system.power.cpuGovernor) },
            } },
        { QStringLiteral("target"), target },
        { QStringLiteral("health"), runHealthJson(h.health) },
        { QStringLiteral("warnings"), warningList },
        { QStringLiteral("cancelled"), cancelled },
        { QStringLiteral("comment"), h.comment },
    };
}

Result<QJsonObject> openReportJson(const QByteArray& json, const char* schema)
{
    QJsonParseError parseError {};
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return usageError(QStringLiteral("not a Diskometer result: %1 at byte %2")
                              .arg(parseError.errorString())
                              .arg(parseError.offset)
                              .toStdString());
    if (!doc.isObject())
        return usageError("not a Diskometer result: the document is not a JSON object");
    const QJsonObject root = doc.object();
    const QString found = root.value(QLatin1String("schema")).toString();
    if (found.isEmpty())
        return usageError("not a Diskometer result: it has no \"schema\" field");
    if (found != QLatin1String(schema))
        return usageError(
            "unsupported result schema '" + found.toStdString() + "': this version reads " + std::string(schema));
    return root;
}

QString readReportHeader(
    const QJsonObject& root, ReportHeader& h, RegionInfo& region, std::vector<std::string>& warnings, bool& cancelled)
{
    QString error;
    const QJsonObject tool = root.value(QLatin1String("tool")).toObject();
    h.toolVersion = tool.value(QLatin1String("version")).toString();
    h.engine = tool.value(QLatin1String("engine")).toString(h.engine);
    const QString date = root.value(QLatin1String("date")).toString();
    h.date = QDateTime::fromString(date, Qt::ISODate);
    if (!date.isEmpty() && !h.date.isValid())
        error = QStringLiteral("date '%1' is not an ISO-8601 date").arg(date);

    const QJsonObject system = root.value(QLatin1String("system")).toObject();
    h.system.os = system.value(QLatin1String("os")).toString();
    h.system.kernel = system.value(QLatin1String("kernel")).toString();
    h.system.cpu = system.value(QLatin1String("cpu")).toString();
    h.system.power = powerFromJson(system);

    const QJsonObject target = root.value(QLatin1String("target")).toObject();
    h.target = targetDescriptionFromJson(target);
    h.health = runHealthFromJson(root.value(QLatin1String("health")));
    region.path = h.target.path.toStdString();
    region.kind = h.target.kind == QLatin1String("file") ? RegionInfo::Kind::File
        : h.target.kind == QLatin1String("block-device") ? RegionInfo::Kind::BlockDevice
                                                         : RegionInfo::Kind::Directory;
    const qint64 logical = target.value(QLatin1String("logical_block_size")).toInteger(512);
    region.logicalBlockSize = logical > 0 ? uint32_t(logical) : 512;
    const qint64 length = target.value(QLatin1String("region_bytes")).toInteger(0);
    region.length = length > 0 ? uint64_t(length) : 0;

    warnings.clear();
    for (const QJsonValue w : root.value(QLatin1String("warnings")).toArray())
        warnings.push_back(w.toString().toStdString());
    cancelled = root.value(QLatin1String("cancelled")).toBool();
    h.comment = root.value(QLatin1String("comment")).toString();
    return error;
}

QString csvNumber(double value, int decimals) { return QString::number(value, 'f', decimals); }

QJsonObject envelopeJson(const char* schema, const ReportHeader& header, const RunEnvelope& run, bool withError)
{
    QJsonObject root = reportHeaderJson(schema, header, run.region, run.warnings, run.cancelled);
    if (withError)
        root.insert(QStringLiteral("error"), run.error ? QJsonValue(QString::fromStdString(*run.error)) : QJsonValue());
    // What the device counted in each phase (deviceio.h); the grid and the sweep keep theirs per pass.
    if (!run.devicePhases.empty())
        root.insert(QStringLiteral("device_io"), devicePhasesJson(run.devicePhases));
    return root;
}

Result<QJsonObject> openEnvelopeJson(const QByteArray& json, const char* schema, const char* what, ReportHeader& header,
    RunEnvelope& run, RunTarget& request)
{
    auto root = openReportJson(json, schema);
    if (!root)
        return root.error();
    if (const QString e = readReportHeader(*root, header, run.region, run.warnings, run.cancelled); !e.isEmpty())
        return usageError(std::string("not a valid Diskometer ") + what + ": " + e.toStdString());
    run.engine = header.engine.toStdString();
    request.target = header.target.path.toStdString();
    if (const QJsonValue e = root->value(QLatin1String("error")); e.isString())
        run.error = e.toString().toStdString();
    run.devicePhases = readDevicePhases(root->value(QLatin1String("device_io")));
    return root;
}

} // namespace dm
