// SPDX-License-Identifier: GPL-3.0-or-later
#include "sweepreport.h"

#include "targetinfo.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace dm {

namespace {

    uint64_t unsignedOf(const QJsonObject& o, const char* key)
    {
        const qint64 n = o.value(QLatin1String(key)).toInteger(0);
        return n > 0 ? uint64_t(n) : 0;
    }

    // temperature_c is for a reader of the JSON alone; parsing takes it from health.temperatures.
    QJsonValue measurementJson(
        const std::optional<SweepMeasurement>& m, const std::vector<TemperatureSample>& temperatures)
    {
        if (!m)
            return QJsonValue();
        QJsonObject o {
            { QStringLiteral("mb_per_s"), m->mbPerSec },
            { QStringLiteral("iops"), m->iops },
            { QStringLiteral("latency_us_mean"), m->latencyMeanNs / 1000 },
            { QStringLiteral("latency_us_p99"), m->latencyP99Ns / 1000 },
            { QStringLiteral("error"), m->error ? QJsonValue(QString::fromStdString(*m->error)) : QJsonValue() },
            { QStringLiteral("at_seconds"), m->atSeconds ? QJsonValue(*m->atSeconds) : QJsonValue() },
        };
        if (const std::optional<double> c = sweepTemperature(*m, temperatures))
            o.insert(QStringLiteral("temperature_c"), *c);
        o.insert(QStringLiteral("device_io"), m->device ? QJsonValue(devicePhaseJson(*m->device)) : QJsonValue());
        return o;
    }

    std::optional<SweepMeasurement> measurementFrom(const QJsonValue& v)
    {
        if (!v.isObject())
            return std::nullopt;
        const QJsonObject o = v.toObject();
        SweepMeasurement m;
        m.mbPerSec = o.value(QLatin1String("mb_per_s")).toDouble();
        m.iops = o.value(QLatin1String("iops")).toDouble();
        m.latencyMeanNs = o.value(QLatin1String("latency_us_mean")).toDouble() * 1000;
        m.latencyP99Ns = o.value(QLatin1String("latency_us_p99")).toDouble() * 1000;
        if (const QJsonValue e = o.value(QLatin1String("error")); e.isString())
            m.error = e.toString().toStdString();
        if (const QJsonValue at = o.value(QLatin1String("at_seconds")); at.isDouble())
            m.atSeconds = at.toDouble(); // not in a sweep older than it: no temperature
        m.device = readDevicePhase(o.value(QLatin1String("device_io")));
        return m;
    }

    QString cell(const std::optional<SweepMeasurement>& m, bool iops, int width)
    {
        if (!m)
            return QString(width, QLatin1Char(' '));
        if (m->error)
            return QStringLiteral("error").rightJustified(width);
        return QString::number(iops ? m->iops : m->mbPerSec, 'f', iops ? 0 : 1).rightJustified(width);
    }

} // namespace

std::optional<double> sweepTemperature(const SweepMeasurement& m, const std::vector<TemperatureSample>& temperatures)
{
    if (!m.atSeconds || m.error)
        return std::nullopt;
    return temperatureAt(temperatures, *m.atSeconds);
}

QByteArray formatSweepJson(const SweepReport& report)
{
    const SweepResult& r = report.result;
    const RunSettings& s = r.request.settings;
    QJsonObject root = envelopeJson(kSweepSchema, report.header, r, false);
    insertExplanations(root, r.warnings, explainSweep(report));
    root.insert(QStringLiteral("settings"),
        QJsonObject {
            { QStringLiteral("pattern"), QLatin1String(patternName(r.request.pattern)) },
            { QStringLiteral("queue_depth"), qint64(r.request.queueDepth) },
            { QStringLiteral("threads"), qint64(r.request.threads) },
            { QStringLiteral("min_block_size"), qint64(r.request.minBlockSize) },
            { QStringLiteral("max_block_size"), qint64(r.request.maxBlockSize) },
            { QStringLiteral("test_size_bytes"), qint64(s.testSize) },
            { QStringLiteral("count"), s.count },
            { QStringLiteral("measure_seconds"), s.measureSeconds },
            { QStringLiteral("warmup_seconds"), s.warmupSeconds },
            { QStringLiteral("interval_seconds"), s.intervalSeconds },
            { QStringLiteral("data"), s.data == DataFill::Zeros ? QStringLiteral("zeros") : QStringLiteral("random") },
            { QStringLiteral("direct"), r.region.direct },
            { QStringLiteral("seed"), QString::number(s.seed) },
        });
    QJsonArray points;
    for (const auto& p : r.points)
        points.append(QJsonObject {
            { QStringLiteral("block_size"), qint64(p.blockSize) },
            { QStringLiteral("read"), measurementJson(p.read, report.header.health.temperatures) },
            { QStringLiteral("write"), measurementJson(p.write, report.header.health.temperatures) },
        });
    root.insert(QStringLiteral("points"), points);
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

Result<SweepReport> parseSweepJson(const QByteArray& json)
{
    SweepReport report;
    SweepResult& r = report.result;
    auto opened = openEnvelopeJson(json, kSweepSchema, "sweep", report.header, r, r.request);
    if (!opened)
        return opened.error();
    const QJsonObject& root = *opened;
    const QJsonObject settings = root.value(QLatin1String("settings")).toObject();
    r.request.pattern = settings.value(QLatin1String("pattern")).toString() == QLatin1String("rnd")
        ? Pattern::Random
        : Pattern::Sequential;
    r.request.queueDepth = uint32_t(unsignedOf(settings, "queue_depth"));
    r.request.threads = uint32_t(unsignedOf(settings, "threads"));
    r.request.minBlockSize = uint32_t(unsignedOf(settings, "min_block_size"));
    r.request.maxBlockSize = uint32_t(unsignedOf(settings, "max_block_size"));
    RunSettings& s = r.request.settings;
    s.testSize = unsignedOf(settings, "test_size_bytes");
    s.count = int(unsignedOf(settings, "count"));
    s.measureSeconds = settings.value(QLatin1String("measure_seconds")).toDouble();
    s.warmupSeconds = settings.value(QLatin1String("warmup_seconds")).toDouble();
    s.intervalSeconds = settings.value(QLatin1String("interval_seconds")).toDouble();
    s.data = settings.value(QLatin1String("data")).toString() == QLatin1String("zeros") ? DataFill::Zeros
                                                                                        : DataFill::Random;
    s.seed = settings.value(QLatin1String("seed")).toString().toULongLong();
    r.seed = s.seed;
    r.region.direct = settings.value(QLatin1String("direct")).toBool(true);
    const QJsonValue points = root.value(QLatin1String("points"));
    if (!points.isArray())
        return usageError("not a valid Diskometer sweep: it has no \"points\" list");
    for (const QJsonValue v : points.toArray()) {
        const QJsonObject o = v.toObject();
        SweepPoint p;
        p.blockSize = uint32_t(unsignedOf(o, "block_size"));
        p.read = measurementFrom(o.value(QLatin1String("read")));
        p.write = measurementFrom(o.value(QLatin1String("write")));
        r.points.push_back(p);
    }
    dropExplainedWarnings(r.warnings, explainSweep(report));
    return report;
}

QByteArray formatSweepCsv(const SweepReport& report)
{
    QString out = QStringLiteral("block_size_bytes,read_mb_per_s,read_iops,write_mb_per_s,write_iops\n");
    const auto num = [](const std::optional<SweepMeasurement>& m, bool iops) {
        return m && !m->error ? csvNumber(iops ? m->iops : m->mbPerSec, iops ? 1 : 3) : QString();
    };
    for (const auto& p : report.result.points)
        out += QStringLiteral("%1,%2,%3,%4,%5\n")
                   .arg(p.blockSize)
                   .arg(num(p.read, false), num(p.read, true), num(p.write, false), num(p.write, true));
    return out.toUtf8();
}

QString formatSweepText(const SweepReport& report)
{
    const SweepResult& r = report.result;
    QString out = QStringLiteral("Block-size sweep of %1: %2 Q%3T%4")
                      .arg(report.header.target.path,
                          r.request.pattern == Pattern::Random ? QStringLiteral("RND") : QStringLiteral("SEQ"))
                      .arg(r.request.queueDepth)
                      .arg(r.request.threads);
    if (const QString device = deviceSummary(report.header.target); !device.isEmpty())
        out += QStringLiteral(", %1").arg(device);
    out += QStringLiteral("\n  %1 %2 %3 %4 %5\n")
               .arg(QStringLiteral("Block").rightJustified(7), QStringLiteral("Read MB/s").rightJustified(11),
                   QStringLiteral("Read IOPS").rightJustified(11), QStringLiteral("Write MB/s").rightJustified(11),
                   QStringLiteral("Write IOPS").rightJustified(11));
    for (const auto& p : r.points) {
        QString line = QStringLiteral("  %1 %2 %3 %4 %5")
                           .arg(QString::fromStdString(blockSizeIecLabel(p.blockSize)).rightJustified(7),
                               cell(p.read, false, 11), cell(p.read, true, 11), cell(p.write, false, 11),
                               cell(p.write, true, 11));
        // A direction that did not run leaves blanks that would trail in pasted text.
        while (line.endsWith(QLatin1Char(' ')))
            line.chop(1);
        out += line + QLatin1Char('\n');
    }
    out += runConditionLines(report.header);
    out += deviceIoLines(sweepDeviceSeen(r));
    out += explanationLines(r.warnings, explainSweep(report));
    for (const auto& p : r.points)
        for (const auto* m : { &p.read, &p.write })
            if (*m && (*m)->error)
                out += QStringLiteral("  %1 %2 failed: %3\n")
                           .arg(QString::fromStdString(blockSizeIecLabel(p.blockSize)),
                               m == &p.read ? QStringLiteral("read") : QStringLiteral("write"),
                               QString::fromStdString(*(*m)->error));
    if (r.cancelled)
        out += QStringLiteral("  Interrupted: the points above are all that finished\n");
    return out;
}

std::vector<DeviceSeen> sweepDeviceSeen(const SweepResult& result)
{
    std::vector<DeviceSeen> seen;
    for (const SweepPoint& p : result.points)
        for (const auto* m : { &p.read, &p.write })
            if (*m && (*m)->device)
                seen.push_back(deviceSeen(*(*m)->device,
                    QStringLiteral("the %1 %2").arg(QString::fromStdString(blockSizeIecLabel(p.blockSize)),
                        m == &p.read ? QStringLiteral("reads") : QStringLiteral("writes"))));
    return seen;
}

std::vector<Explanation> explainSweep(const SweepReport& report)
{
    const SweepRequest& q = report.result.request;
    std::vector<TestSpec> io;
    for (const SweepPoint& p : report.result.points) {
        const TestRow row { q.pattern, p.blockSize, q.queueDepth, q.threads };
        if (p.read)
            io.push_back({ row, Direction::Read });
        if (p.write)
            io.push_back({ row, Direction::Write });
    }
    return explainConditions(report.header.target, report.header.system.power, io, sweepDeviceSeen(report.result));
}

} // namespace dm
