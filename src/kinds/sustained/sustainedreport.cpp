// SPDX-License-Identifier: GPL-3.0-or-later
#include "sustainedreport.h"

#include "targetinfo.h"
#include "thermalcliff.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace dm {

namespace {

    uint64_t unsignedOf(const QJsonObject& o, const char* key)
    {
        const qint64 n = o.value(QLatin1String(key)).toInteger(0);
        return n > 0 ? uint64_t(n) : 0;
    }

    QString gb(uint64_t bytes) { return QString::number(double(bytes) / 1e9, 'f', 2) + QStringLiteral(" GB"); }

} // namespace

QByteArray formatSustainedJson(const SustainedReport& report)
{
    const SustainedResult& r = report.result;
    QJsonObject root = envelopeJson(kSustainedSchema, report.header, r, true);
    insertExplanations(root, r.warnings, explainSustained(report));
    const std::optional<ThermalCliff> thermal = thermalCliff(r, report.header.health);
    root.insert(QStringLiteral("settings"),
        QJsonObject {
            { QStringLiteral("total_bytes"), qint64(r.request.totalBytes) },
            { QStringLiteral("block_size"), qint64(r.request.blockSize) },
            { QStringLiteral("queue_depth"), qint64(r.request.queueDepth) },
            { QStringLiteral("sample_seconds"), r.request.sampleSeconds },
            { QStringLiteral("data"),
                r.request.data == DataFill::Zeros ? QStringLiteral("zeros") : QStringLiteral("random") },
            { QStringLiteral("direct"), r.region.direct },
            { QStringLiteral("seed"), QString::number(r.request.seed) },
        });
    root.insert(QStringLiteral("summary"),
        QJsonObject {
            { QStringLiteral("bytes_written"), qint64(r.bytesWritten) },
            { QStringLiteral("seconds"), r.seconds },
            { QStringLiteral("average_mb_per_s"), r.averageMbPerSec() },
            { QStringLiteral("cache_bytes"),
                r.cliff.cacheBytes ? QJsonValue(qint64(*r.cliff.cacheBytes)) : QJsonValue() },
            { QStringLiteral("before_mb_per_s"), r.cliff.beforeMbPerSec },
            { QStringLiteral("after_mb_per_s"), r.cliff.afterMbPerSec },
            { QStringLiteral("cliff_note"),
                r.cliff.reason.empty() ? QJsonValue() : QJsonValue(QString::fromStdString(r.cliff.reason)) },
            // What the cliff was: the cache running out, or the drive throttling (thermalcliff.h).
            { QStringLiteral("cliff_cause"),
                !r.cliff.cacheBytes ? QJsonValue() : QJsonValue(thermal ? QStringLiteral("thermal") : QStringLiteral("cache")) },
            { QStringLiteral("cliff_temperature_c"), thermal ? QJsonValue(thermal->celsius) : QJsonValue() },
        });
    QJsonArray timeline;
    const std::vector<TemperatureSample>& temperatures = report.header.health.temperatures;
    for (const auto& s : r.timeline) {
        QJsonObject sample {
            { QStringLiteral("t"), s.t },
            { QStringLiteral("bytes"), qint64(s.bytes) },
            { QStringLiteral("mb_per_s"), s.mbPerSec },
        };
        // The drive's temperature beside its rate, where it has a sensor (issue 15, part 3).
        if (const std::optional<double> c = temperatureAt(temperatures, s.t))
            sample.insert(QStringLiteral("temperature_c"), *c);
        timeline.append(sample);
    }
    root.insert(QStringLiteral("timeline"), timeline);
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

Result<SustainedReport> parseSustainedJson(const QByteArray& json)
{
    SustainedReport report;
    SustainedResult& r = report.result;
    auto opened = openEnvelopeJson(json, kSustainedSchema, "sustained write", report.header, r, r.request);
    if (!opened)
        return opened.error();
    const QJsonObject& root = *opened;
    const QJsonObject settings = root.value(QLatin1String("settings")).toObject();
    r.request.totalBytes = unsignedOf(settings, "total_bytes");
    r.request.totalGiven = true;
    r.request.blockSize = uint32_t(unsignedOf(settings, "block_size"));
    r.request.queueDepth = uint32_t(unsignedOf(settings, "queue_depth"));
    r.request.sampleSeconds = settings.value(QLatin1String("sample_seconds")).toDouble(r.request.sampleSeconds);
    r.request.data = settings.value(QLatin1String("data")).toString() == QLatin1String("zeros") ? DataFill::Zeros
                                                                                                : DataFill::Random;
    r.region.direct = settings.value(QLatin1String("direct")).toBool(true);
    r.request.seed = settings.value(QLatin1String("seed")).toString().toULongLong();
    r.seed = r.request.seed;
    const QJsonObject summary = root.value(QLatin1String("summary")).toObject();
    r.bytesWritten = unsignedOf(summary, "bytes_written");
    r.seconds = summary.value(QLatin1String("seconds")).toDouble();
    const QJsonValue timeline = root.value(QLatin1String("timeline"));
    if (!timeline.isArray())
        return usageError("not a valid Diskometer sustained write: it has no \"timeline\" list");
    for (const QJsonValue v : timeline.toArray()) {
        const QJsonObject o = v.toObject();
        r.timeline.push_back({ o.value(QLatin1String("t")).toDouble(), unsignedOf(o, "bytes"),
            o.value(QLatin1String("mb_per_s")).toDouble() });
    }
    r.cliff = findCacheCliff(ratePoints(r.timeline));
    dropExplainedWarnings(r.warnings, explainSustained(report));
    return report;
}

QByteArray formatSustainedCsv(const SustainedReport& report)
{
    QString out = QStringLiteral("t_seconds,bytes_written,gb_written,mb_per_s\n");
    for (const auto& s : report.result.timeline)
        out += QStringLiteral("%1,%2,%3,%4\n")
                   .arg(csvNumber(s.t, 3))
                   .arg(s.bytes)
                   .arg(csvNumber(double(s.bytes) / 1e9, 4), csvNumber(s.mbPerSec, 3));
    return out.toUtf8();
}

QString formatSustainedText(const SustainedReport& report)
{
    const SustainedResult& r = report.result;
    QString out
        = QStringLiteral("Sustained write of %1 to %2").arg(gb(r.request.totalBytes), report.header.target.path);
    if (const QString device = deviceSummary(report.header.target); !device.isEmpty())
        out += QStringLiteral(": %1").arg(device);
    out += QLatin1Char('\n');
    out += QStringLiteral("  Average:   %1 MB/s (%2 in %3 s, %4 KiB blocks, Q%5)\n")
               .arg(r.averageMbPerSec(), 0, 'f', 1)
               .arg(gb(r.bytesWritten))
               .arg(r.seconds, 0, 'f', 1)
               .arg(r.request.blockSize / 1024)
               .arg(r.request.queueDepth);
    if (const std::optional<ThermalCliff> thermal = thermalCliff(r, report.header.health))
        out += QStringLiteral("  Cache:     no cliff of the cache: the rate fell after about %1 (%2 MB/s before, %3 MB/s "
                              "after) as %4: thermal throttling\n")
                   .arg(gb(*r.cliff.cacheBytes))
                   .arg(r.cliff.beforeMbPerSec, 0, 'f', 1)
                   .arg(r.cliff.afterMbPerSec, 0, 'f', 1)
                   .arg(thermalCliffWhy(*thermal));
    else if (r.cliff.cacheBytes)
        out += QStringLiteral("  Cache:     runs out after about %1: %2 MB/s before, %3 MB/s after\n")
                   .arg(gb(*r.cliff.cacheBytes))
                   .arg(r.cliff.beforeMbPerSec, 0, 'f', 1)
                   .arg(r.cliff.afterMbPerSec, 0, 'f', 1);
    else
        out += QStringLiteral("  Cache:     no cliff found (%1)\n").arg(QString::fromStdString(r.cliff.reason));
    out += QStringLiteral("  Sustained: %1 MB/s (median%2)\n")
               .arg(r.cliff.afterMbPerSec, 0, 'f', 1)
               .arg(r.cliff.cacheBytes ? QStringLiteral(" after the cliff") : QStringLiteral(" of the whole write"));
    out += runConditionLines(report.header);
    out += deviceIoLines(deviceSeen(r.devicePhases));
    out += explanationLines(r.warnings, explainSustained(report));
    if (r.error)
        out += QStringLiteral("  Stopped by an error: %1\n").arg(QString::fromStdString(*r.error));
    if (r.cancelled)
        out += QStringLiteral("  Interrupted: the figures cover what was written before\n");
    return out;
}

std::vector<Explanation> explainSustained(const SustainedReport& report)
{
    const SustainedRequest& q = report.result.request;
    return explainConditions(report.header.target, report.header.system.power,
        { { { Pattern::Sequential, q.blockSize, q.queueDepth, 1 }, Direction::Write } },
        deviceSeen(report.result.devicePhases));
}

} // namespace dm
