// SPDX-License-Identifier: GPL-3.0-or-later
#include "scanreport.h"

#include "targetinfo.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace dm {

namespace {

    QJsonValue numberOrNull(const std::optional<double>& v) { return v ? QJsonValue(*v) : QJsonValue(); }

    std::optional<double> optionalNumber(const QJsonValue& v)
    {
        return v.isDouble() ? std::optional<double>(v.toDouble()) : std::nullopt;
    }

    uint64_t unsignedOf(const QJsonObject& o, const char* key)
    {
        const qint64 n = o.value(QLatin1String(key)).toInteger(0);
        return n > 0 ? uint64_t(n) : 0;
    }

} // namespace

QByteArray formatScanJson(const ScanReport& report)
{
    const ScanResult& r = report.result;
    QJsonObject root = envelopeJson(kScanSchema, report.header, r, true);
    insertExplanations(root, r.warnings, explainScan(report));
    root.insert(QStringLiteral("settings"),
        QJsonObject {
            { QStringLiteral("samples"), qint64(r.request.samples) },
            { QStringLiteral("sample_size_bytes"), qint64(r.request.sampleSize) },
            { QStringLiteral("access_samples"), qint64(r.request.accessSamples) },
            { QStringLiteral("access_size_bytes"), qint64(kScanAccessSize) },
            { QStringLiteral("queue_depth"), qint64(r.request.queueDepth) },
            { QStringLiteral("io_size_bytes"), qint64(r.ioSize) },
            { QStringLiteral("write_back"), r.request.writeBack },
            { QStringLiteral("direct"), r.region.direct },
            // A string: seeds use all 64 bits, which JSON numbers lose past 2^53 in most readers.
            { QStringLiteral("seed"), QString::number(r.request.seed) },
        });
    const ScanSummary s = summarize(r);
    root.insert(QStringLiteral("summary"),
        QJsonObject {
            { QStringLiteral("min_mb_per_s"), s.minMbPerSec },
            { QStringLiteral("average_mb_per_s"), s.averageMbPerSec },
            { QStringLiteral("max_mb_per_s"), s.maxMbPerSec },
            { QStringLiteral("average_write_mb_per_s"), numberOrNull(s.averageWriteMbPerSec) },
            { QStringLiteral("average_access_ms"), r.access.empty() ? QJsonValue() : QJsonValue(s.averageAccessMs) },
            { QStringLiteral("capacity_bytes"), qint64(r.region.length) },
        });
    QJsonArray samples;
    for (const auto& x : r.samples) {
        QJsonObject sample {
            { QStringLiteral("offset_bytes"), qint64(x.offset) },
            { QStringLiteral("percent"), x.percent },
            { QStringLiteral("read_mb_per_s"), x.readMbPerSec },
            { QStringLiteral("write_mb_per_s"), numberOrNull(x.writeMbPerSec) },
            { QStringLiteral("read_seconds"), x.readSeconds },
            { QStringLiteral("t"), x.t },
        };
        // The drive's temperature beside its rate, as along a sustained write (issue 15, part 3):
        // a scan's slow end may be a hot drive rather than the inner tracks.
        if (const std::optional<double> c = temperatureAt(report.header.health.temperatures, x.t))
            sample.insert(QStringLiteral("temperature_c"), *c);
        samples.append(sample);
    }
    root.insert(QStringLiteral("samples"), samples);
    QJsonArray access;
    for (const auto& a : r.access)
        access.append(QJsonObject {
            { QStringLiteral("offset_bytes"), qint64(a.offset) },
            { QStringLiteral("percent"), a.percent },
            { QStringLiteral("latency_ms"), a.latencyNs / 1e6 },
        });
    root.insert(QStringLiteral("access"), access);
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

Result<ScanReport> parseScanJson(const QByteArray& json)
{
    ScanReport report;
    ScanResult& r = report.result;
    auto opened = openEnvelopeJson(json, kScanSchema, "scan", report.header, r, r.request);
    if (!opened)
        return opened.error();
    const QJsonObject& root = *opened;

    const QJsonObject settings = root.value(QLatin1String("settings")).toObject();
    r.request.samples = uint32_t(unsignedOf(settings, "samples"));
    r.request.sampleSize = unsignedOf(settings, "sample_size_bytes");
    r.request.accessSamples = uint32_t(unsignedOf(settings, "access_samples"));
    r.request.queueDepth = uint32_t(unsignedOf(settings, "queue_depth"));
    r.ioSize = uint32_t(unsignedOf(settings, "io_size_bytes"));
    r.request.writeBack = settings.value(QLatin1String("write_back")).toBool();
    r.region.direct = settings.value(QLatin1String("direct")).toBool(true);
    r.request.seed = settings.value(QLatin1String("seed")).toString().toULongLong();
    r.seed = r.request.seed;

    const QJsonValue samples = root.value(QLatin1String("samples"));
    if (!samples.isArray())
        return usageError("not a valid Diskometer scan: it has no \"samples\" list");
    for (const QJsonValue v : samples.toArray()) {
        const QJsonObject o = v.toObject();
        ScanSample s;
        s.offset = unsignedOf(o, "offset_bytes");
        s.percent = o.value(QLatin1String("percent")).toDouble();
        s.readMbPerSec = o.value(QLatin1String("read_mb_per_s")).toDouble();
        s.writeMbPerSec = optionalNumber(o.value(QLatin1String("write_mb_per_s")));
        s.readSeconds = o.value(QLatin1String("read_seconds")).toDouble();
        s.t = o.value(QLatin1String("t")).toDouble();
        r.samples.push_back(s);
    }
    for (const QJsonValue v : root.value(QLatin1String("access")).toArray()) {
        const QJsonObject o = v.toObject();
        r.access.push_back({ unsignedOf(o, "offset_bytes"), o.value(QLatin1String("percent")).toDouble(),
            o.value(QLatin1String("latency_ms")).toDouble() * 1e6 });
    }
    dropExplainedWarnings(r.warnings, explainScan(report));
    return report;
}

QByteArray formatScanCsv(const ScanReport& report)
{
    QString out = QStringLiteral("kind,position_bytes,position_percent,read_mb_per_s,write_mb_per_s,access_ms\n");
    for (const auto& s : report.result.samples)
        out += QStringLiteral("rate,%1,%2,%3,%4,\n")
                   .arg(s.offset)
                   .arg(csvNumber(s.percent, 3), csvNumber(s.readMbPerSec, 3),
                       s.writeMbPerSec ? csvNumber(*s.writeMbPerSec, 3) : QString());
    for (const auto& a : report.result.access)
        out += QStringLiteral("access,%1,%2,,,%3\n")
                   .arg(a.offset)
                   .arg(csvNumber(a.percent, 3), csvNumber(a.latencyNs / 1e6, 4));
    return out.toUtf8();
}

QString formatScanText(const ScanReport& report)
{
    const ScanResult& r = report.result;
    const ScanSummary s = summarize(r);
    QString out = QStringLiteral("Surface scan of %1 (%2 GB)")
                      .arg(QString::fromStdString(r.request.target))
                      .arg(double(r.region.length) / 1e9, 0, 'f', 2);
    if (const QString device = deviceSummary(report.header.target); !device.isEmpty())
        out += QStringLiteral(": %1").arg(device);
    out += QLatin1Char('\n');
    out += QStringLiteral("  Read rate:   min %1 / average %2 / max %3 MB/s over %4 samples of %5 MiB\n")
               .arg(s.minMbPerSec, 0, 'f', 1)
               .arg(s.averageMbPerSec, 0, 'f', 1)
               .arg(s.maxMbPerSec, 0, 'f', 1)
               .arg(r.samples.size())
               .arg(double(r.request.sampleSize) / double(MiB), 0, 'g', 4);
    if (s.averageWriteMbPerSec)
        out += QStringLiteral("  Write-back:  average %1 MB/s (the same data written back)\n")
                   .arg(*s.averageWriteMbPerSec, 0, 'f', 1);
    if (!r.access.empty())
        out += QStringLiteral("  Access time: average %1 ms over %2 random 4 KiB reads\n")
                   .arg(s.averageAccessMs, 0, 'f', 3)
                   .arg(r.access.size());
    out += runConditionLines(report.header);
    out += deviceIoLines(deviceSeen(r.devicePhases));
    out += explanationLines(r.warnings, explainScan(report));
    if (r.error)
        out += QStringLiteral("  Stopped by an error: %1\n").arg(QString::fromStdString(*r.error));
    if (r.cancelled)
        out += QStringLiteral("  Interrupted: the samples above are all that ran\n");
    return out;
}

std::vector<Explanation> explainScan(const ScanReport& report)
{
    const ScanResult& r = report.result;
    const TestRow samples { Pattern::Sequential, r.ioSize, r.request.queueDepth, 1 };
    std::vector<TestSpec> io { { samples, Direction::Read } };
    if (r.request.writeBack)
        io.push_back({ samples, Direction::Write });
    if (r.request.accessSamples > 0)
        io.push_back({ { Pattern::Random, kScanAccessSize, 1, 1 }, Direction::Read });
    return explainConditions(report.header.target, report.header.system.power, io, deviceSeen(r.devicePhases));
}

} // namespace dm
