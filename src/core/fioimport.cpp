// SPDX-License-Identifier: GPL-3.0-or-later
#include "fioimport.h"

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
        uint64_t value = m.captured(1).toULongLong();
        const QString unit = m.captured(2);
        const int shift = unit == QLatin1String("k") ? 10
            : unit == QLatin1String("m")             ? 20
            : unit == QLatin1String("g")             ? 30
            : unit == QLatin1String("t")             ? 40
                                                     : 0;
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

    JobShape shapeOf(const QJsonObject& options)
    {
        JobShape s;
        const QString rw = options.value(QLatin1String("rw"))
                               .toString(options.value(QLatin1String("readwrite")).toString(QStringLiteral("read")))
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
                t.readPercent = options.value(QLatin1String("rwmixread")).toString().toInt();
            else if (options.contains(QLatin1String("rwmixwrite")))
                t.readPercent = 100 - options.value(QLatin1String("rwmixwrite")).toString().toInt();
        } else {
            s.why = QStringLiteral("rw=%1 has no counterpart in our tests").arg(rw);
            return s;
        }
        t.row.pattern = rw.startsWith(QLatin1String("rand")) ? Pattern::Random : Pattern::Sequential;
        const QString bs
            = options.value(QLatin1String("bs")).toString(options.value(QLatin1String("blocksize")).toString());
        const auto blockSize = bs.isEmpty() ? std::optional<uint64_t>(4096) : fioSize(bs);
        if (!blockSize || *blockSize == 0 || *blockSize > UINT32_MAX) {
            s.why = QStringLiteral("bs=%1 is not a block size we can read").arg(bs);
            return s;
        }
        t.row.blockSize = uint32_t(*blockSize);
        t.row.queueDepth = std::max(1u, options.value(QLatin1String("iodepth")).toString(QStringLiteral("1")).toUInt());
        t.row.threads = std::max(1u, options.value(QLatin1String("numjobs")).toString(QStringLiteral("1")).toUInt());
        s.ok = true;
        return s;
    }

    // Latency of one direction part ("read" or "write") of a job, fio's "lat" in ns.
    struct PartLatency {
        double n = 0;
        LatencySummary l;
    };

    PartLatency partLatency(const QJsonObject& part)
    {
        PartLatency p;
        const QJsonObject lat = part.value(QLatin1String("lat_ns")).toObject();
        p.n = lat.value(QLatin1String("N")).toDouble();
        p.l.minNs = lat.value(QLatin1String("min")).toDouble();
        p.l.maxNs = lat.value(QLatin1String("max")).toDouble();
        p.l.meanNs = lat.value(QLatin1String("mean")).toDouble();
        QJsonObject pct = lat.value(QLatin1String("percentile")).toObject();
        if (pct.isEmpty())
            pct = part.value(QLatin1String("clat_ns")).toObject().value(QLatin1String("percentile")).toObject();
        p.l.p50Ns = pct.value(QLatin1String("50.000000")).toDouble();
        p.l.p90Ns = pct.value(QLatin1String("90.000000")).toDouble();
        p.l.p99Ns = pct.value(QLatin1String("99.000000")).toDouble();
        p.l.p999Ns = pct.value(QLatin1String("99.900000")).toDouble();
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
    Pass passOf(const QJsonObject& job, Direction direction)
    {
        Pass p;
        const QJsonObject read = job.value(QLatin1String("read")).toObject();
        const QJsonObject write = job.value(QLatin1String("write")).toObject();
        const bool useRead = direction != Direction::Write;
        const bool useWrite = direction != Direction::Read;
        PassResult& r = p.result;
        double runtimeMs = 0;
        if (useRead) {
            r.readBytes = uint64_t(read.value(QLatin1String("io_bytes")).toDouble());
            r.readIos = uint64_t(read.value(QLatin1String("total_ios")).toDouble());
            runtimeMs = std::max(runtimeMs, read.value(QLatin1String("runtime")).toDouble());
            p.latency = partLatency(read);
        }
        if (useWrite) {
            r.writeBytes = uint64_t(write.value(QLatin1String("io_bytes")).toDouble());
            r.writeIos = uint64_t(write.value(QLatin1String("total_ios")).toDouble());
            runtimeMs = std::max(runtimeMs, write.value(QLatin1String("runtime")).toDouble());
            p.latency = merge(p.latency, partLatency(write));
        }
        r.bytes = r.readBytes + r.writeBytes;
        r.ios = r.readIos + r.writeIos;
        r.seconds = runtimeMs / 1000.0;
        // usr_cpu/sys_cpu: percent of job_runtime (ms, summed over the clones): CPU seconds.
        const double jobSeconds = job.value(QLatin1String("job_runtime")).toDouble() / 1000.0;
        r.cpuUserSeconds = job.value(QLatin1String("usr_cpu")).toDouble() / 100.0 * jobSeconds;
        r.cpuSystemSeconds = job.value(QLatin1String("sys_cpu")).toDouble() / 100.0 * jobSeconds;
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
    const QJsonObject global = root.value(QLatin1String("global options")).toObject();
    Report report;
    report.toolName = QStringLiteral("fio");
    report.toolVersion = root.value(QLatin1String("fio version")).toString().remove(QStringLiteral("fio-"));
    report.engine = global.value(QLatin1String("ioengine")).toString(QStringLiteral("psync"));
    const qint64 stamp = root.value(QLatin1String("timestamp")).toInteger();
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
    for (const QJsonValue v : entriesOf(root)) {
        const QJsonObject job = v.toObject();
        const QString name = job.value(QLatin1String("jobname")).toString();
        if (name == kAllClients)
            continue;
        host = job.value(QLatin1String("hostname")).toString(host);
        QJsonObject options = global;
        const QJsonObject own = job.value(QLatin1String("job options")).toObject();
        for (auto it = own.begin(); it != own.end(); ++it)
            options.insert(it.key(), it.value());
        const JobShape shape = shapeOf(options);
        if (!shape.ok) {
            skipped << QStringLiteral("%1 (%2)").arg(name, shape.why);
            continue;
        }
        report.engine = options.value(QLatin1String("ioengine")).toString(report.engine);
        buffered
            = buffered || options.value(QLatin1String("direct")).toString(QStringLiteral("0")) != QLatin1String("1");
        if (report.target.path.isEmpty())
            report.target.path = options.value(QLatin1String("filename"))
                                     .toString(options.value(QLatin1String("directory")).toString());
        size = std::max(size, fioSize(options.value(QLatin1String("size")).toString()).value_or(0));
        ramp = std::max(ramp, fioSeconds(options.value(QLatin1String("ramp_time")).toString()));
        const QString key = QStringLiteral("%1/%2").arg(job.value(QLatin1String("groupid")).toInt()).arg(name);
        const Pass pass = passOf(job, shape.spec.direction);
        const int err = job.value(QLatin1String("error")).toInt();
        if (!jobs.empty() && jobs.back().key == key && jobs.back().spec == shape.spec) {
            addClone(jobs.back().pass, pass);
            continue;
        }
        jobs.push_back({ key, shape.spec, pass, err ? QStringLiteral("fio error %1").arg(err) : QString() });
    }
    if (jobs.empty())
        return usageError(skipped.isEmpty()
                ? std::string("the fio output holds no jobs")
                : ("no fio job maps to our tests: " + skipped.join(QStringLiteral("; "))).toStdString());

    for (const Job& job : jobs) {
        auto test = std::find_if(
            report.run.tests.begin(), report.run.tests.end(), [&](const TestResult& t) { return t.spec == job.spec; });
        if (test == report.run.tests.end()) {
            report.run.tests.push_back(TestResult { job.spec, {}, {}, std::nullopt });
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
