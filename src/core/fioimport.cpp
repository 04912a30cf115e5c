// SPDX-License-Identifier: GPL-3.0-or-later
#include "fioimport.h"
#include "fiofields.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QRegularExpression>

#include <algorithm>
#include <map>

namespace dm {

namespace {

    const QString kAllClients = QStringLiteral("All clients");

    Error notFio(const QString& why) { return usageError(("not fio JSON output: " + why).toStdString()); }

    // fio sizes: "4k", "1m", "128KiB", "4096", "1g"; k/m/g are 1024-based (fio's kb_base=1024
    // default). A list ("4k,8k" = read,write) gives its first entry. Empty when unreadable.
    std::optional<uint64_t> fioSize(QString text)
    {
        text = text.section(QLatin1Char(','), 0, 0).section(QLatin1Char(':'), 0, 0).trimmed().toLower();
        static const QRegularExpression re(QStringLiteral("^(\\d+)\\s*(k|m|g|t)?(i?b)?$"));
        const auto m = re.match(text);
        if (!m.hasMatch())
            return std::nullopt;
        bool ok = false;
        const uint64_t value = m.captured(1).toULongLong(&ok);
        if (!ok)
            return std::nullopt;
        const QString unit = m.captured(2);
        const int shift = unit == QLatin1String("k") ? 10
            : unit == QLatin1String("m")             ? 20
            : unit == QLatin1String("g")             ? 30
            : unit == QLatin1String("t")             ? 40
                                                     : 0;
        if (shift && value > (UINT64_MAX >> shift))
            return std::nullopt; // "99999999999t" does not wrap around to a small size
        return value << shift;
    }

    // fio times: "5", "500ms", "2s", "1m" (bare numbers are seconds).
    double fioSeconds(QString text)
    {
        text = text.trimmed().toLower();
        static const QRegularExpression re(QStringLiteral("^([\\d.]+)\\s*(us|ms|s|m|h)?$"));
        const auto m = re.match(text);
        if (!m.hasMatch())
            return 0;
        const double v = m.captured(1).toDouble();
        const QString unit = m.captured(2);
        if (unit == QLatin1String("us"))
            return v / 1e6;
        if (unit == QLatin1String("ms"))
            return v / 1e3;
        if (unit == QLatin1String("m"))
            return v * 60;
        if (unit == QLatin1String("h"))
            return v * 3600;
        return v;
    }

    struct JobShape {
        TestSpec spec;
        bool ok = false;
        QString why; // when not ok
    };

    // Limits of what fio itself accepts (its options table): a value outside them was not
    // written by fio.
    constexpr qint64 kMaxIodepth = 65536, kMaxNumjobs = 65536;
    // Bytes and I/Os of one job part: far above any real run (an exabyte), far below where a
    // double stops holding whole numbers exactly or a conversion to uint64 is undefined.
    constexpr double kMaxCount = 1e18;
    constexpr double kMaxRuntimeMs = 1e12; // 30 years

    JobShape shapeOf(const QJsonObject& options, const QString& where, FioFields& f)
    {
        JobShape s;
        const QString rw = f.string(options, "rw", where, f.string(options, "readwrite", where, QStringLiteral("read")))
                               .section(QLatin1Char(':'), 0, 0);
        TestSpec& t = s.spec;
        if (rw == QLatin1String("read") || rw == QLatin1String("randread")) {
            t.direction = Direction::Read;
            t.readPercent = 100;
        } else if (rw == QLatin1String("write") || rw == QLatin1String("randwrite")) {
            t.direction = Direction::Write;
            t.readPercent = 0;
        } else if (rw == QLatin1String("rw") || rw == QLatin1String("readwrite") || rw == QLatin1String("randrw")) {
            t.direction = Direction::Mix;
            t.readPercent = 50;
            if (options.contains(QLatin1String("rwmixread")))
                t.readPercent = int(f.option(options, "rwmixread", where, 0, 100, 50));
            else if (options.contains(QLatin1String("rwmixwrite")))
                t.readPercent = 100 - int(f.option(options, "rwmixwrite", where, 0, 100, 50));
        } else {
            s.why = QStringLiteral("rw=%1 has no counterpart in our tests").arg(shortText(rw));
            return s;
        }
        t.row.pattern = rw.startsWith(QLatin1String("rand")) ? Pattern::Random : Pattern::Sequential;
        const QString bs = f.string(options, "bs", where, f.string(options, "blocksize", where));
        const auto blockSize = bs.isEmpty() ? std::optional<uint64_t>(4096) : fioSize(bs);
        if (!blockSize || *blockSize == 0 || *blockSize > UINT32_MAX) {
            f.fail(QStringLiteral("%1.bs=%2 is not a block size").arg(where, shortText(bs)));
            return s;
        }
        t.row.blockSize = uint32_t(*blockSize);
        // "-1" or "0" is not Q1: a Q32 job must never fill the Q1 column.
        t.row.queueDepth = uint32_t(f.option(options, "iodepth", where, 1, kMaxIodepth, 1));
        t.row.threads = uint32_t(f.option(options, "numjobs", where, 1, kMaxNumjobs, 1));
        s.ok = !f.failed();
        return s;
    }

    // Latency of one direction part ("read" or "write") of a job, fio's "lat" in ns.
    struct PartLatency {
        double n = 0;
        LatencySummary l;
    };

    PartLatency partLatency(const QJsonObject& part, const QString& where, FioFields& f)
    {
        PartLatency p;
        const QString at = where + QStringLiteral(".lat_ns");
        const QJsonObject lat = f.object(part, "lat_ns", where);
        constexpr double kMaxNs = 1e18;
        p.n = f.number(lat, "N", at, 0, kMaxCount, true, false).value_or(0);
        p.l.minNs = f.number(lat, "min", at, 0, kMaxNs, false, false).value_or(0);
        p.l.maxNs = f.number(lat, "max", at, 0, kMaxNs, false, false).value_or(0);
        p.l.meanNs = f.number(lat, "mean", at, 0, kMaxNs, false, false).value_or(0);
        QJsonObject pct = f.object(lat, "percentile", at);
        QString pctAt = at + QStringLiteral(".percentile");
        if (pct.isEmpty()) {
            pct = f.object(f.object(part, "clat_ns", where), "percentile", where + QStringLiteral(".clat_ns"));
            pctAt = where + QStringLiteral(".clat_ns.percentile");
        }
        p.l.p50Ns = f.number(pct, "50.000000", pctAt, 0, kMaxNs, false, false).value_or(0);
        p.l.p90Ns = f.number(pct, "90.000000", pctAt, 0, kMaxNs, false, false).value_or(0);
        p.l.p99Ns = f.number(pct, "99.000000", pctAt, 0, kMaxNs, false, false).value_or(0);
        p.l.p999Ns = f.number(pct, "99.900000", pctAt, 0, kMaxNs, false, false).value_or(0);
        return p;
    }

    // Merging never flatters: mean weighted by I/Os, extremes and percentiles the worse one.
    PartLatency merge(const PartLatency& a, const PartLatency& b)
    {
        if (a.n <= 0)
            return b;
        if (b.n <= 0)
            return a;
        PartLatency m;
        m.n = a.n + b.n;
        m.l.meanNs = (a.l.meanNs * a.n + b.l.meanNs * b.n) / m.n;
        m.l.minNs = std::min(a.l.minNs, b.l.minNs);
        m.l.maxNs = std::max(a.l.maxNs, b.l.maxNs);
        m.l.p50Ns = std::max(a.l.p50Ns, b.l.p50Ns);
        m.l.p90Ns = std::max(a.l.p90Ns, b.l.p90Ns);
        m.l.p99Ns = std::max(a.l.p99Ns, b.l.p99Ns);
        m.l.p999Ns = std::max(a.l.p999Ns, b.l.p999Ns);
        return m;
    }

    struct Pass {
        PassResult result;
        PartLatency latency;
    };

    // One job entry (one clone, or all of them with group_reporting) as a pass of `direction`.
    // Every figure is checked before it is converted: a negative or huge io_bytes would make an
    // absurd rate, and a double beyond uint64's range converts with undefined behaviour.
    Pass passOf(const QJsonObject& job, Direction direction, const QString& where, bool failedJob, FioFields& f)
    {
        Pass p;
        PassResult& r = p.result;
        double runtimeMs = 0;
        auto readPart = [&](const char* name, uint64_t& bytes, uint64_t& ios) {
            const QString at = where + QLatin1Char('.') + QLatin1String(name);
            if (!job.value(QLatin1String(name)).isObject()) {
                f.fail(QStringLiteral("%1 is missing (fio writes it for every job)").arg(at));
                return;
            }
            const QJsonObject part = job.value(QLatin1String(name)).toObject();
            bytes = uint64_t(f.number(part, "io_bytes", at, 0, kMaxCount, true, true).value_or(0));
            ios = uint64_t(f.number(part, "total_ios", at, 0, kMaxCount, true, true).value_or(0));
            const double ms = f.number(part, "runtime", at, 0, kMaxRuntimeMs, false, true).value_or(0);
            if (!failedJob && bytes > 0 && ms <= 0)
                f.fail(QStringLiteral("%1.runtime is 0 for %2 bytes: no rate can be made of it").arg(at).arg(bytes));
            runtimeMs = std::max(runtimeMs, ms);
            p.latency = merge(p.latency, partLatency(part, at, f));
        };
        if (direction != Direction::Write)
            readPart("read", r.readBytes, r.readIos);
        if (direction != Direction::Read)
            readPart("write", r.writeBytes, r.writeIos);
        r.bytes = r.readBytes + r.writeBytes;
        r.ios = r.readIos + r.writeIos;
        r.seconds = runtimeMs / 1000.0;
        if (!failedJob && !f.failed() && (r.seconds <= 0 || r.bytes == 0))
            f.fail(
                QStringLiteral("%1 measured nothing (runtime %2 ms, %3 bytes)").arg(where).arg(runtimeMs).arg(r.bytes));
        // usr_cpu/sys_cpu: percent of job_runtime (ms, summed over the clones): CPU seconds.
        const double jobSeconds
            = f.number(job, "job_runtime", where, 0, kMaxRuntimeMs, false, false).value_or(0) / 1000.0;
        r.cpuUserSeconds = f.number(job, "usr_cpu", where, 0, 1e6, false, false).value_or(0) / 100.0 * jobSeconds;
        r.cpuSystemSeconds = f.number(job, "sys_cpu", where, 0, 1e6, false, false).value_or(0) / 100.0 * jobSeconds;
        r.latency = p.latency.l;
        return p;
    }

    // Clones of one job reported one by one run side by side: their bytes add up over the
    // longest runtime.
    void addClone(Pass& into, const Pass& clone)
    {
        PassResult& a = into.result;
        const PassResult& b = clone.result;
        a.readBytes += b.readBytes;
        a.writeBytes += b.writeBytes;
        a.readIos += b.readIos;
        a.writeIos += b.writeIos;
        a.bytes += b.bytes;
        a.ios += b.ios;
        a.seconds = std::max(a.seconds, b.seconds);
        a.cpuUserSeconds += b.cpuUserSeconds;
        a.cpuSystemSeconds += b.cpuSystemSeconds;
        into.latency = merge(into.latency, clone.latency);
        a.latency = into.latency.l;
    }

    QJsonArray entriesOf(const QJsonObject& root)
    {
        return root.contains(QLatin1String("client_stats")) ? root.value(QLatin1String("client_stats")).toArray()
                                                            : root.value(QLatin1String("jobs")).toArray();
    }

} // namespace

bool isFioJson(const QJsonObject& root) { return root.contains(QLatin1String("fio version")); }

Result<QJsonObject> readFioDocument(const QByteArray& output)
{
    qsizetype start = output.startsWith('{') ? 0 : output.indexOf("\n{");
    if (start < 0)
        return notFio(QStringLiteral("no JSON object in it (run fio with --output-format=json)"));
    if (start > 0)
        ++start;
    QJsonParseError error {};
    const QJsonDocument doc = QJsonDocument::fromJson(output.mid(start), &error);
    if (error.error != QJsonParseError::NoError)
        return notFio(QStringLiteral("%1 at byte %2").arg(error.errorString()).arg(start + error.offset));
    if (!doc.isObject() || !isFioJson(doc.object()))
        return notFio(QStringLiteral("it has no \"fio version\" field"));
    return doc.object();
}

Result<Report> fioReport(const QJsonObject& root)
{
    FioFields f;
    const QJsonObject global = f.object(root, "global options", QString());
    Report report;
    report.toolName = QStringLiteral("fio");
    const QString version = f.string(root, "fio version", QString());
    if (!version.startsWith(QLatin1String("fio-")) || version.size() > 40)
        f.fail(QStringLiteral("\"fio version\" must be fio's own (\"fio-3.33\"), got %1")
                   .arg(shortValue(root.value(QLatin1String("fio version")))));
    report.toolVersion = version.mid(4);
    report.engine = f.string(global, "ioengine", QStringLiteral("global options"), QStringLiteral("psync"));
    // The run's date: fio always writes it; a missing or absurd one would list the run in 1970.
    const double now = double(QDateTime::currentSecsSinceEpoch());
    const qint64 stamp
        = qint64(f.number(root, "timestamp", QString(), 946684800.0, now + 86400.0, true, true).value_or(0));
    if (f.failed())
        return f.error();
    report.date = QDateTime::fromSecsSinceEpoch(stamp);
    report.date = report.date.toOffsetFromUtc(report.date.offsetFromUtc());

    // Merge clones (same group and name, one entry each without group_reporting) first, then
    // gather jobs of the same test as its passes, in the order the tests first appear.
    struct Job {
        QString key;
        TestSpec spec;
        Pass pass;
        QString error;
    };
    std::vector<Job> jobs;
    QStringList skipped;
    QString host;
    bool buffered = false;
    uint64_t size = 0;
    double ramp = 0;
    int index = 0;
    for (const QJsonValue v : entriesOf(root)) {
        const QString where = QStringLiteral("jobs[%1]").arg(index++);
        if (!v.isObject())
            return usageError(QStringLiteral("not usable fio output: %1 is not an object (got %2)")
                                  .arg(where, shortValue(v))
                                  .toStdString());
        const QJsonObject job = v.toObject();
        if (!job.value(QLatin1String("jobname")).isString())
            return usageError(QStringLiteral("not usable fio output: %1.jobname is missing (got %2)")
                                  .arg(where, shortValue(job.value(QLatin1String("jobname"))))
                                  .toStdString());
        const QString name = job.value(QLatin1String("jobname")).toString();
        if (name == kAllClients)
            continue;
        host = f.string(job, "hostname", where, host);
        QJsonObject options = global;
        const QJsonObject own = f.object(job, "job options", where);
        for (auto it = own.begin(); it != own.end(); ++it)
            options.insert(it.key(), it.value());
        const JobShape shape = shapeOf(options, where, f);
        if (f.failed())
            return f.error();
        if (!shape.ok) {
            skipped << QStringLiteral("%1 (%2)").arg(shortText(name), shape.why);
            continue;
        }
        report.engine = f.string(options, "ioengine", where, report.engine);
        buffered = buffered || f.string(options, "direct", where, QStringLiteral("0")) != QLatin1String("1");
        if (report.target.path.isEmpty())
            report.target.path = f.string(options, "filename", where, f.string(options, "directory", where));
        size = std::max(size, fioSize(f.string(options, "size", where)).value_or(0));
        ramp = std::max(ramp, fioSeconds(f.string(options, "ramp_time", where)));
        const int group = int(f.number(job, "groupid", where, 0, 1e9, true, false).value_or(0));
        const QString key = QStringLiteral("%1/%2").arg(group).arg(name);
        const int err = int(f.number(job, "error", where, -1e9, 1e9, true, false).value_or(0));
        const Pass pass = passOf(job, shape.spec.direction, where, err != 0, f);
        if (f.failed())
            return f.error();
        if (!jobs.empty() && jobs.back().key == key && jobs.back().spec == shape.spec) {
            addClone(jobs.back().pass, pass);
            continue;
        }
        jobs.push_back({ key, shape.spec, pass, err ? QStringLiteral("fio error %1").arg(err) : QString() });
    }
    if (jobs.empty())
        return usageError(skipped.isEmpty()
                ? std::string("the fio output holds no jobs: nothing to import")
                : ("no fio job maps to our tests: " + skipped.join(QStringLiteral("; "))).toStdString());

    for (const Job& job : jobs) {
        auto test = std::find_if(
            report.run.tests.begin(), report.run.tests.end(), [&](const TestResult& t) { return t.spec == job.spec; });
        if (test == report.run.tests.end()) {
            report.run.tests.emplace_back().spec = job.spec;
            test = report.run.tests.end() - 1;
        }
        if (!job.error.isEmpty())
            test->error = job.error.toStdString();
        else if (job.pass.result.seconds > 0)
            test->passes.push_back(job.pass.result);
    }

    RunSettings& s = report.run.settings;
    s.count = 0;
    for (const TestResult& t : report.run.tests)
        s.count = std::max(s.count, int(t.passes.size()));
    s.measureSeconds = jobs.front().pass.result.seconds;
    s.warmupSeconds = ramp;
    s.intervalSeconds = 0;
    s.testSize = size;
    report.run.region.length = size;
    report.run.region.direct = !buffered;
    report.run.engine = report.engine.toStdString();
    report.target.kind = report.target.path.startsWith(QLatin1String("/dev/")) ? QStringLiteral("block-device")
                                                                               : QStringLiteral("file");
    if (!host.isEmpty())
        report.target.path = host + QLatin1Char(':') + report.target.path;
    if (buffered)
        report.run.warnings.push_back("fio ran with buffered I/O (direct=0): the page cache is in these figures");
    for (const QString& job : skipped)
        report.run.warnings.push_back(("fio job not imported: " + job).toStdString());
    return report;
}

Result<std::vector<FioHostRun>> parseFioOutput(const QByteArray& output)
{
    auto root = readFioDocument(output);
    if (!root)
        return root.error();
    const bool clientServer = root->contains(QLatin1String("client_stats"));
    if (!clientServer && !root->value(QLatin1String("jobs")).isArray())
        return notFio(QStringLiteral("it has neither \"jobs\" nor \"client_stats\""));
    if (clientServer && !root->value(QLatin1String("client_stats")).isArray())
        return notFio(QStringLiteral("\"client_stats\" is not a list"));
    if (entriesOf(*root).isEmpty())
        return usageError("the fio output holds no jobs: nothing to import");

    // One run per host; "hostname:port" tells two servers on one host apart.
    // disk_util has one entry per host's disk, tagged the same way: it goes with its host.
    struct Host {
        QString name;
        QJsonArray entries;
        QJsonArray diskUtil;
    };
    std::vector<Host> hosts;
    auto keyOf = [](const QJsonObject& entry) {
        return entry.value(QLatin1String("hostname")).toString() + QLatin1Char(':')
            + QString::number(entry.value(QLatin1String("port")).toInt());
    };
    if (clientServer) {
        std::map<QString, size_t> index;
        for (const QJsonValue v : root->value(QLatin1String("client_stats")).toArray()) {
            const QJsonObject entry = v.toObject();
            if (entry.value(QLatin1String("jobname")).toString() == kAllClients)
                continue;
            const QString key = keyOf(entry);
            if (!index.count(key)) {
                index[key] = hosts.size();
                hosts.push_back({ entry.value(QLatin1String("hostname")).toString(), {}, {} });
            }
            hosts[index[key]].entries.append(entry);
        }
        for (const QJsonValue v : root->value(QLatin1String("disk_util")).toArray())
            if (const auto at = index.find(keyOf(v.toObject())); at != index.end())
                hosts[at->second].diskUtil.append(v);
    } else {
        hosts.push_back({ QString(), root->value(QLatin1String("jobs")).toArray(), {} });
    }

    std::vector<FioHostRun> runs;
    for (const Host& h : hosts) {
        const QString& host = h.name;
        const QJsonArray& entries = h.entries;
        QJsonObject narrowed = *root;
        if (clientServer) {
            narrowed.insert(QStringLiteral("client_stats"), entries);
            narrowed.insert(QStringLiteral("disk_util"), h.diskUtil);
        }
        auto report = fioReport(narrowed);
        if (!report)
            return report.error();
        const QString label
            = std::count_if(hosts.begin(), hosts.end(), [&](const Host& other) { return other.name == host; }) > 1
            ? host + QLatin1Char(':') + QString::number(entries.first().toObject().value(QLatin1String("port")).toInt())
            : host;
        runs.push_back({ label, QJsonDocument(narrowed).toJson(QJsonDocument::Indented), std::move(*report) });
    }
    return runs;
}

} // namespace dm
