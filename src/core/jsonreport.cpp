// SPDX-License-Identifier: GPL-3.0-or-later
#include "jsonreport.h"
#include "deviceio.h"
#include "explanations.h"
#include "reportheader.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QJsonValue>

#include <algorithm>
#include <cstdlib>
#include <optional>

namespace dm {

namespace {

    // The report keeps nanoseconds; the JSON speaks microseconds like the text report.
    double toUs(double ns) { return ns / 1000.0; }
    double toNs(double us) { return us * 1000.0; }

    QJsonObject latencyJson(const LatencySummary& l)
    {
        return QJsonObject {
            { QStringLiteral("mean"), toUs(l.meanNs) },
            { QStringLiteral("min"), toUs(l.minNs) },
            { QStringLiteral("p50"), toUs(l.p50Ns) },
            { QStringLiteral("p90"), toUs(l.p90Ns) },
            { QStringLiteral("p99"), toUs(l.p99Ns) },
            { QStringLiteral("p99_9"), toUs(l.p999Ns) },
            { QStringLiteral("max"), toUs(l.maxNs) },
        };
    }

    QJsonObject passJson(const PassResult& p)
    {
        return QJsonObject {
            { QStringLiteral("mb_per_s"), p.mbPerSec() },
            { QStringLiteral("iops"), p.iops() },
            { QStringLiteral("latency_us_mean"), toUs(p.latency.meanNs) },
            // The whole summary per pass too, so a stored run can be shown again pass by pass.
            { QStringLiteral("latency_us"), latencyJson(p.latency) },
            { QStringLiteral("seconds"), p.seconds },
            { QStringLiteral("bytes"), qint64(p.bytes) },
            { QStringLiteral("ios"), qint64(p.ios) },
            { QStringLiteral("read_bytes"), qint64(p.readBytes) },
            { QStringLiteral("write_bytes"), qint64(p.writeBytes) },
            { QStringLiteral("read_ios"), qint64(p.readIos) },
            { QStringLiteral("write_ios"), qint64(p.writeIos) },
            { QStringLiteral("cpu_user_s"), p.cpuUserSeconds },
            { QStringLiteral("cpu_system_s"), p.cpuSystemSeconds },
            // The machine's CPU time the hypervisor took over the pass (0 on bare metal).
            { QStringLiteral("steal_percent"), p.stealPercent },
            // What the device beneath the target counted meanwhile (deviceio.h); null without one.
            { QStringLiteral("device_io"), deviceIoJson(p.device) },
        };
    }

    // system.engine_ceiling: one entry per grid row whose ceiling was measured (engineceiling.h);
    // rows of the same depth and threads repeat the same figures, read back as one.
    QJsonArray ceilingsJson(const RunResult& run)
    {
        QJsonArray out;
        std::vector<TestRow> said;
        for (const TestResult& t : run.tests) {
            const EngineCeiling* c = ceilingFor(run.ceilings, t.spec.row);
            if (!c || std::find(said.begin(), said.end(), t.spec.row) != said.end())
                continue;
            said.push_back(t.spec.row);
            out.append(QJsonObject {
                { QStringLiteral("test"), QString::fromStdString(rowName(t.spec.row)) },
                { QStringLiteral("queue_depth"), qint64(c->queueDepth) },
                { QStringLiteral("threads"), qint64(c->threads) },
                { QStringLiteral("iops"), c->iops },
                { QStringLiteral("us_per_io"), c->usPerIo },
                { QStringLiteral("engine"), QString::fromStdString(c->engine) },
                { QStringLiteral("method"), QString::fromStdString(c->method) },
                { QStringLiteral("seconds"), c->seconds },
                { QStringLiteral("operations"), qint64(c->operations) },
                { QStringLiteral("steal_percent"), c->stealPercent },
            });
        }
        return out;
    }

    QJsonObject resultJson(const TestResult& test, const std::vector<TemperatureSample>& temperatures)
    {
        const TestRow& row = test.spec.row;
        QJsonObject o {
            { QStringLiteral("test"), QString::fromStdString(rowName(row)) },
            { QStringLiteral("direction"), QLatin1String(directionName(test.spec.direction)) },
            { QStringLiteral("pattern"), QLatin1String(patternName(row.pattern)) },
            { QStringLiteral("block_size"), qint64(row.blockSize) },
            { QStringLiteral("queue_depth"), qint64(row.queueDepth) },
            { QStringLiteral("threads"), qint64(row.threads) },
            { QStringLiteral("read_percent"), test.spec.readPercent },
            { QStringLiteral("error"), test.error ? QJsonValue(QString::fromStdString(*test.error)) : QJsonValue() },
        };

        // A test without a finished pass has no headline: null says so, where 0 would be a result.
        const QJsonValue none;
        o.insert(QStringLiteral("mb_per_s"), none);
        o.insert(QStringLiteral("iops"), none);
        o.insert(QStringLiteral("latency_us"), none);
        o.insert(QStringLiteral("median_mb_per_s"), none);
        o.insert(QStringLiteral("cv_percent"), none);
        o.insert(QStringLiteral("min_mb_per_s"), none);
        o.insert(QStringLiteral("max_mb_per_s"), none);
        o.insert(QStringLiteral("headline_pass"), none);
        if (!test.passes.empty()) {
            const PassStatistics stats = passStatistics(test.passes);
            const PassResult& headline = test.passes[stats.bestIndex];
            o.insert(QStringLiteral("mb_per_s"), headline.mbPerSec());
            o.insert(QStringLiteral("iops"), headline.iops());
            o.insert(QStringLiteral("latency_us"), latencyJson(headline.latency));
            o.insert(QStringLiteral("median_mb_per_s"), stats.medianMbPerSec);
            o.insert(QStringLiteral("cv_percent"), stats.cvPercent);
            o.insert(QStringLiteral("min_mb_per_s"), stats.minMbPerSec);
            o.insert(QStringLiteral("max_mb_per_s"), stats.maxMbPerSec);
            o.insert(QStringLiteral("headline_pass"), qint64(stats.bestIndex));
        }

        QJsonArray passes;
        for (const auto& p : test.passes)
            passes.append(passJson(p));
        o.insert(QStringLiteral("passes"), passes);

        // Each sample's temperature_c is read off the run's temperatures (health.temperatures) at
        // start_seconds + t: for a reader of the JSON alone; parsing takes it from them again.
        o.insert(QStringLiteral("start_seconds"), test.startSeconds ? QJsonValue(*test.startSeconds) : QJsonValue());
        const std::vector<TemperatureSample> along = temperaturesAlong(test, temperatures);
        QJsonArray timeline;
        for (size_t i = 0; i < test.timeline.size(); ++i) {
            const LiveSample& s = test.timeline[i];
            QJsonObject sample {
                { QStringLiteral("t"), s.t },
                { QStringLiteral("mb_per_s"), s.mbPerSec },
                { QStringLiteral("iops"), s.iops },
                { QStringLiteral("pass"), s.pass },
            };
            if (i < along.size())
                sample.insert(QStringLiteral("temperature_c"), along[i].celsius);
            timeline.append(sample);
        }
        o.insert(QStringLiteral("timeline"), timeline);
        return o;
    }

    QJsonObject settingsJson(const Report& report)
    {
        const RunSettings& s = report.run.settings;
        return QJsonObject {
            { QStringLiteral("profile"), QLatin1String(profileName(report.profile)) },
            { QStringLiteral("preset"), QLatin1String(presetName(report.preset)) },
            { QStringLiteral("mode"), QLatin1String(modeName(report.mode)) },
            { QStringLiteral("test_size_bytes"), qint64(s.testSize) },
            { QStringLiteral("count"), s.count },
            { QStringLiteral("measure_seconds"), s.measureSeconds },
            { QStringLiteral("interval_seconds"), s.intervalSeconds },
            { QStringLiteral("warmup_seconds"), s.warmupSeconds },
            { QStringLiteral("data"), s.data == DataFill::Zeros ? QStringLiteral("zeros") : QStringLiteral("random") },
            { QStringLiteral("mix_read_percent"),
                report.mixReadPercent ? QJsonValue(*report.mixReadPercent) : QJsonValue() },
            { QStringLiteral("direct"), report.run.region.direct },
            // The seed the run used, as a string: seeds use all 64 bits and JSON numbers lose
            // everything past 2^53 in most readers (JavaScript, jq), which would make it useless.
            { QStringLiteral("seed"), QString::number(report.run.seed) },
        };
    }

    // Reading back. Missing optional fields keep their defaults (older or hand-edited files);
    // a field that is present with a value we cannot understand is an error naming the field.
    class Reader {
    public:
        std::optional<Error> error;

        void fail(const QString& message)
        {
            if (!error)
                error = usageError(("not a valid Diskometer result: " + message).toStdString());
        }

        template <typename T, typename Parse>
        T parseEnum(const QJsonValue& v, const QString& field, Parse parse, T fallback)
        {
            if (v.isUndefined())
                return fallback;
            const auto parsed = parse(v.toString().toStdString());
            if (!parsed) {
                fail(QStringLiteral("unknown value '%1' in %2").arg(v.toString(), field));
                return fallback;
            }
            return *parsed;
        }

        qint64 integer(const QJsonObject& o, const char* key, const QString& where, qint64 fallback = 0)
        {
            const QJsonValue v = o.value(QLatin1String(key));
            if (v.isUndefined() || v.isNull())
                return fallback;
            if (!v.isDouble() || v.toInteger(-1) < 0) {
                fail(QStringLiteral("%1.%2 must be a whole number of 0 or more").arg(where, QLatin1String(key)));
                return fallback;
            }
            return v.toInteger();
        }

        double number(const QJsonObject& o, const char* key, const QString& where, double fallback = 0)
        {
            const QJsonValue v = o.value(QLatin1String(key));
            if (v.isUndefined() || v.isNull())
                return fallback;
            if (!v.isDouble()) {
                fail(QStringLiteral("%1.%2 must be a number").arg(where, QLatin1String(key)));
                return fallback;
            }
            return v.toDouble();
        }

        LatencySummary latency(const QJsonObject& o, const QString& where)
        {
            LatencySummary l;
            l.meanNs = toNs(number(o, "mean", where));
            l.minNs = toNs(number(o, "min", where));
            l.p50Ns = toNs(number(o, "p50", where));
            l.p90Ns = toNs(number(o, "p90", where));
            l.p99Ns = toNs(number(o, "p99", where));
            l.p999Ns = toNs(number(o, "p99_9", where));
            l.maxNs = toNs(number(o, "max", where));
            return l;
        }

        PassResult pass(const QJsonObject& o, const QString& where)
        {
            PassResult p;
            p.seconds = number(o, "seconds", where);
            p.bytes = uint64_t(integer(o, "bytes", where));
            p.ios = uint64_t(integer(o, "ios", where));
            p.readBytes = uint64_t(integer(o, "read_bytes", where));
            p.writeBytes = uint64_t(integer(o, "write_bytes", where));
            p.readIos = uint64_t(integer(o, "read_ios", where));
            p.writeIos = uint64_t(integer(o, "write_ios", where));
            p.cpuUserSeconds = number(o, "cpu_user_s", where);
            p.cpuSystemSeconds = number(o, "cpu_system_s", where);
            // Reports before steal was recorded have none: 0, as on bare metal.
            p.stealPercent = number(o, "steal_percent", where);
            if (p.stealPercent < 0 || p.stealPercent > 100) {
                fail(QStringLiteral("%1.steal_percent must be between 0 and 100").arg(where));
                p.stealPercent = 0;
            }
            // Reports before the device's counters were read have none, as a target on tmpfs.
            QString problem;
            p.device = readDeviceIo(o.value(QLatin1String("device_io")), &problem);
            if (!problem.isEmpty())
                fail(where + QLatin1Char('.') + problem);
            if (o.value(QLatin1String("latency_us")).isObject())
                p.latency = latency(o.value(QLatin1String("latency_us")).toObject(), where + ".latency_us");
            else
                p.latency.meanNs = toNs(number(o, "latency_us_mean", where));
            return p;
        }

        TestResult result(const QJsonObject& o, const QString& where)
        {
            TestResult t;
            t.spec.row.pattern = parseEnum<Pattern>(
                o.value(QLatin1String("pattern")), where + ".pattern",
                [](const std::string& s) -> std::optional<Pattern> {
                    if (s == "seq")
                        return Pattern::Sequential;
                    if (s == "rnd")
                        return Pattern::Random;
                    return std::nullopt;
                },
                Pattern::Sequential);
            t.spec.direction = parseEnum<Direction>(
                o.value(QLatin1String("direction")), where + ".direction",
                [](const std::string& s) -> std::optional<Direction> {
                    if (s == "read")
                        return Direction::Read;
                    if (s == "write")
                        return Direction::Write;
                    if (s == "mix")
                        return Direction::Mix;
                    return std::nullopt;
                },
                Direction::Read);
            t.spec.row.blockSize = uint32_t(integer(o, "block_size", where));
            t.spec.row.queueDepth = uint32_t(integer(o, "queue_depth", where));
            t.spec.row.threads = uint32_t(integer(o, "threads", where));
            if (auto valid = validate(t.spec.row); !valid)
                fail(where + QStringLiteral(": ") + QString::fromStdString(valid.error().message));
            // Older files may lack read_percent; the direction implies it except for a mix.
            const int impliedPercent = t.spec.direction == Direction::Write ? 0
                : t.spec.direction == Direction::Read                       ? 100
                                                                            : 70;
            t.spec.readPercent = int(integer(o, "read_percent", where, impliedPercent));

            const QJsonValue message = o.value(QLatin1String("error"));
            if (message.isString())
                t.error = message.toString().toStdString();
            else if (!message.isNull() && !message.isUndefined())
                fail(where + QStringLiteral(".error must be null or text"));

            const QJsonArray passes = o.value(QLatin1String("passes")).toArray();
            for (qsizetype i = 0; i < passes.size(); ++i)
                t.passes.push_back(pass(passes[i].toObject(), QStringLiteral("%1.passes[%2]").arg(where).arg(i)));
            if (const QJsonValue start = o.value(QLatin1String("start_seconds")); start.isDouble())
                t.startSeconds = start.toDouble(); // not in a report older than it: no temperatures along
            const QJsonArray timeline = o.value(QLatin1String("timeline")).toArray();
            for (qsizetype i = 0; i < timeline.size(); ++i) {
                const QJsonObject s = timeline[i].toObject();
                const QString at = QStringLiteral("%1.timeline[%2]").arg(where).arg(i);
                t.timeline.push_back({ number(s, "t", at), number(s, "mb_per_s", at), number(s, "iops", at),
                    int(integer(s, "pass", at)) });
            }
            return t;
        }
    };

} // namespace

QByteArray formatJson(const Report& report)
{
    // "warnings" holds the run's own and the explanations' warnings; "notes" the explanations'
    // notes; each result lists those about it in "flags" (indices into "explanations").
    const std::vector<Explanation> explanations = explainRun(report.target, report.run, report.system.power);
    QJsonArray results;
    for (size_t i = 0; i < report.run.tests.size(); ++i) {
        QJsonObject result = resultJson(report.run.tests[i], report.health.temperatures);
        QJsonArray flags;
        for (int mark : explanationMarks(explanations, i))
            flags.append(mark - 1);
        result.insert(QStringLiteral("flags"), flags);
        results.append(result);
    }
    std::vector<std::string> warnings;
    for (const QString& w : reportWarnings(report.run, explanations))
        warnings.push_back(w.toStdString());
    QJsonObject root
        = reportHeaderJson(kResultSchema, report.header(), report.run.region, warnings, report.run.cancelled);
    root.insert(
        QStringLiteral("notes"), QJsonArray::fromStringList(explanationTexts(explanations, Explanation::Kind::Note)));
    QJsonArray explanationList;
    for (const Explanation& e : explanations) {
        QJsonArray tests;
        for (size_t t : e.tests)
            tests.append(qint64(t));
        explanationList.append(QJsonObject {
            { QStringLiteral("kind"),
                e.kind == Explanation::Kind::Warning ? QStringLiteral("warning") : QStringLiteral("note") },
            { QStringLiteral("text"), e.text },
            { QStringLiteral("results"), tests },
        });
    }
    root.insert(QStringLiteral("explanations"), explanationList);
    root.insert(QStringLiteral("settings"), settingsJson(report));
    root.insert(QStringLiteral("results"), results);
    QJsonObject system = root.value(QLatin1String("system")).toObject();
    system.insert(QStringLiteral("engine_ceiling"), ceilingsJson(report.run));
    root.insert(QStringLiteral("system"), system);
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

Result<Report> parseJson(const QByteArray& json)
{
    auto opened = openReportJson(json, kResultSchema);
    if (!opened)
        return opened.error();
    const QJsonObject& root = *opened;

    Reader read;
    Report report;
    RegionInfo& region = report.run.region;
    const QString headerError
        = readReportHeader(root, report.header(), region, report.run.warnings, report.run.cancelled);
    if (!headerError.isEmpty())
        read.fail(headerError);
    report.run.engine = report.engine.toStdString();

    const QJsonObject target = root.value(QLatin1String("target")).toObject();
    TargetDescription& t = report.target;
    // Read again, strictly: a report with a negative or fractional size is refused, not mended.
    t.capacityBytes = read.integer(target, "capacity_bytes", QStringLiteral("target"));
    if (const QJsonValue free = target.value(QLatin1String("free_bytes")); !free.isNull() && !free.isUndefined())
        t.freeBytes = read.integer(target, "free_bytes", QStringLiteral("target"));
    if (const QJsonValue used = target.value(QLatin1String("used_bytes")); !used.isNull() && !used.isUndefined())
        t.usedBytes = read.integer(target, "used_bytes", QStringLiteral("target"));
    region.logicalBlockSize = uint32_t(read.integer(target, "logical_block_size", QStringLiteral("target"), 512));
    region.length = uint64_t(read.integer(target, "region_bytes", QStringLiteral("target")));

    const QJsonObject settings = root.value(QLatin1String("settings")).toObject();
    const QString where = QStringLiteral("settings");
    report.profile = read.parseEnum(
        settings.value(QLatin1String("profile")), where + ".profile",
        [](const std::string& s) { return s == "custom" ? Profile::Custom : parseProfile(s); }, Profile::Default);
    report.preset = read.parseEnum(
        settings.value(QLatin1String("preset")), where + ".preset", [](const std::string& s) { return parsePreset(s); },
        Preset::Default);
    report.mode = read.parseEnum(
        settings.value(QLatin1String("mode")), where + ".mode", [](const std::string& s) { return parseMode(s); },
        Mode::All);
    RunSettings& s = report.run.settings;
    s.testSize = uint64_t(read.integer(settings, "test_size_bytes", where, qint64(s.testSize)));
    s.count = int(read.integer(settings, "count", where, s.count));
    s.measureSeconds = read.number(settings, "measure_seconds", where, s.measureSeconds);
    s.intervalSeconds = read.number(settings, "interval_seconds", where, s.intervalSeconds);
    s.warmupSeconds = read.number(settings, "warmup_seconds", where, s.warmupSeconds);
    s.data = read.parseEnum(
        settings.value(QLatin1String("data")), where + ".data",
        [](const std::string& d) -> std::optional<DataFill> {
            if (d == "random")
                return DataFill::Random;
            if (d == "zeros")
                return DataFill::Zeros;
            return std::nullopt;
        },
        DataFill::Random);
    if (const QJsonValue mix = settings.value(QLatin1String("mix_read_percent")); !mix.isNull() && !mix.isUndefined())
        report.mixReadPercent = int(read.integer(settings, "mix_read_percent", where));
    region.direct = settings.value(QLatin1String("direct")).toBool(true);
    // Written as a string (see formatJson); a number from a hand-written file is accepted too.
    const QJsonValue seed = settings.value(QLatin1String("seed"));
    bool seedOk = true;
    if (seed.isString())
        report.run.seed = seed.toString().toULongLong(&seedOk);
    else if (seed.isDouble())
        report.run.seed = uint64_t(read.integer(settings, "seed", where));
    if (!seedOk)
        read.fail(QStringLiteral("settings.seed '%1' is not a number").arg(seed.toString()));

    const QJsonValue results = root.value(QLatin1String("results"));
    if (!results.isArray())
        read.fail(QStringLiteral("it has no \"results\" list"));
    const QJsonArray resultList = results.toArray();
    for (qsizetype i = 0; i < resultList.size(); ++i) {
        if (!resultList[i].isObject()) {
            read.fail(QStringLiteral("results[%1] is not an object").arg(i));
            continue;
        }
        report.run.tests.push_back(read.result(resultList[i].toObject(), QStringLiteral("results[%1]").arg(i)));
    }
    // The engine's ceilings, one per depth and threads; absent in reports from before them.
    const QJsonValue ceilings = root.value(QLatin1String("system")).toObject().value(QLatin1String("engine_ceiling"));
    for (qsizetype i = 0; i < ceilings.toArray().size(); ++i) {
        const QJsonObject c = ceilings.toArray().at(i).toObject();
        const QString at = QStringLiteral("system.engine_ceiling[%1]").arg(i);
        EngineCeiling ceiling;
        ceiling.queueDepth = uint32_t(read.integer(c, "queue_depth", at));
        ceiling.threads = uint32_t(read.integer(c, "threads", at));
        ceiling.iops = read.number(c, "iops", at);
        ceiling.usPerIo = read.number(c, "us_per_io", at);
        ceiling.seconds = read.number(c, "seconds", at);
        ceiling.operations = uint64_t(read.integer(c, "operations", at));
        ceiling.stealPercent = read.number(c, "steal_percent", at);
        ceiling.engine = c.value(QLatin1String("engine")).toString().toStdString();
        ceiling.method = c.value(QLatin1String("method")).toString().toStdString();
        if (ceiling.iops <= 0 || ceiling.queueDepth == 0 || ceiling.threads == 0)
            read.fail(at + QStringLiteral(": iops, queue_depth and threads must be above 0"));
        else if (!ceilingFor(report.run.ceilings, { Pattern::Sequential, 0, ceiling.queueDepth, ceiling.threads }))
            report.run.ceilings.push_back(ceiling);
    }
    if (read.error)
        return *read.error;
    // The explanations are made again from what was read (explanations.h); the warnings they
    // added are theirs, not the run's, and would otherwise be said twice.
    QStringList explained;
    for (const QJsonValue e : root.value(QLatin1String("explanations")).toArray())
        if (e.toObject().value(QLatin1String("kind")).toString() == QLatin1String("warning"))
            explained << e.toObject().value(QLatin1String("text")).toString();
    std::erase_if(
        report.run.warnings, [&](const std::string& w) { return explained.contains(QString::fromStdString(w)); });
    return report;
}

} // namespace dm
