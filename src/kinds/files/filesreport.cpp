// SPDX-License-Identifier: GPL-3.0-or-later
#include "filesreport.h"

#include "deviceio.h"
#include "runhealth.h"
#include "targetinfo.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>

namespace dm {

namespace {

    uint64_t unsignedOf(const QJsonObject& o, const char* key)
    {
        const qint64 n = o.value(QLatin1String(key)).toInteger(0);
        return n > 0 ? uint64_t(n) : 0;
    }

    constexpr FilesPhaseId kPhaseIds[] = { FilesPhaseId::Create, FilesPhaseId::Stat, FilesPhaseId::Read,
        FilesPhaseId::Delete };

    std::optional<FilesPhaseId> phaseNamed(const QString& name)
    {
        for (FilesPhaseId id : kPhaseIds)
            if (name == QLatin1String(filesPhaseName(id)))
                return id;
        return std::nullopt;
    }

    QString syncText(const FilesRequest& r)
    {
        switch (r.sync) {
        case FilesSync::None:
            return QStringLiteral("none (what the page cache holds counts as created)");
        case FilesSync::File:
            return QStringLiteral("fsync after every file");
        case FilesSync::End:
            return QStringLiteral("one syncfs at the end of the create phase, in its time");
        }
        return {};
    }

    QString sizeText(uint64_t bytes)
    {
        if (bytes >= KiB && bytes % KiB == 0)
            return QStringLiteral("%1 KiB").arg(bytes / KiB);
        return QStringLiteral("%1 bytes").arg(bytes);
    }

    QString us(double v) { return QString::number(v, 'f', 1); }

    // What the device did in each phase, as the text and the explanations judge it: the
    // filesystem's work for the files (inodes, directories, the journal) is this test's subject.
    std::vector<DeviceSeen> filesDeviceSeen(const FilesResult& r) { return withFilesystemWorkAsOwn(deviceSeen(r.devicePhases)); }

} // namespace

QString filesRateText(double v)
{
    if (v < 100)
        return QString::number(v, 'f', 1);
    QLocale c = QLocale::c(); // "12,345" in every language: C's own omits the separators
    c.setNumberOptions({});
    return c.toString(qint64(v + 0.5));
}

QString filesCacheDropText(const FilesResult& r)
{
    return r.cacheDrop == FilesCacheDrop::Fadvise
        ? QStringLiteral("from the drive: its cached pages dropped before the phase (syncfs, then "
                         "POSIX_FADV_DONTNEED on every file)")
        : QStringLiteral("from memory: this filesystem keeps its files in RAM (tmpfs), so nothing could be dropped");
}

QByteArray formatFilesJson(const FilesReport& report)
{
    const FilesResult& r = report.result;
    QJsonObject root = envelopeJson(kFilesSchema, report.header, r, true);
    insertExplanations(root, r.warnings, explainFiles(report));
    root.insert(QStringLiteral("settings"),
        QJsonObject {
            { QStringLiteral("files"), qint64(r.request.files) },
            { QStringLiteral("file_size_bytes"), qint64(r.request.fileSize) },
            { QStringLiteral("dirs"), qint64(r.request.dirs) },
            { QStringLiteral("sync"), QString::fromLatin1(filesSyncName(r.request.sync)) },
            // A string: the seed uses all 64 bits, which JSON numbers lose past 2^53 in most readers.
            { QStringLiteral("seed"), QString::number(r.request.seed) },
        });
    root.insert(QStringLiteral("cache_drop"), QString::fromLatin1(filesCacheDropName(r.cacheDrop)));
    root.insert(QStringLiteral("sync_seconds"), r.syncSeconds);
    QJsonArray phases;
    for (const FilesPhaseResult& ph : r.phases) {
        if (!ph.ran)
            continue;
        const std::optional<double> c = temperatureAt(report.header.health.temperatures, ph.startSeconds);
        phases.append(QJsonObject {
            { QStringLiteral("phase"), QString::fromLatin1(filesPhaseName(ph.id)) },
            { QStringLiteral("files"), qint64(ph.files) },
            { QStringLiteral("complete"), ph.complete },
            { QStringLiteral("seconds"), ph.seconds },
            { QStringLiteral("files_per_second"), ph.filesPerSecond() },
            { QStringLiteral("bytes"), qint64(ph.bytes) },
            { QStringLiteral("mb_per_s"), ph.mbPerSecond() },
            { QStringLiteral("start_seconds"), ph.startSeconds },
            { QStringLiteral("temperature_c"), c ? QJsonValue(*c) : QJsonValue() },
            { QStringLiteral("latency_us"),
                QJsonObject {
                    { QStringLiteral("mean"), ph.latency.meanUs },
                    { QStringLiteral("p50"), ph.latency.p50Us },
                    { QStringLiteral("p99"), ph.latency.p99Us },
                    { QStringLiteral("p99_9"), ph.latency.p999Us },
                    { QStringLiteral("max"), ph.latency.maxUs },
                } },
        });
    }
    root.insert(QStringLiteral("phases"), phases);
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

Result<FilesReport> parseFilesJson(const QByteArray& json)
{
    FilesReport report;
    FilesResult& r = report.result;
    auto opened = openEnvelopeJson(json, kFilesSchema, "small-file test", report.header, r, r.request);
    if (!opened)
        return opened.error();
    const QJsonObject& root = *opened;
    const auto invalid = [](const QString& why) {
        return usageError("not a valid Diskometer small-file test: " + why.toStdString());
    };
    const QJsonObject settings = root.value(QLatin1String("settings")).toObject();
    r.request.files = uint32_t(std::min<uint64_t>(unsignedOf(settings, "files"), kMaxFiles));
    r.request.fileSize = unsignedOf(settings, "file_size_bytes");
    r.request.dirs = uint32_t(std::min<uint64_t>(unsignedOf(settings, "dirs"), kMaxDirs));
    const auto sync = filesSyncNamed(settings.value(QLatin1String("sync")).toString().toStdString());
    if (!sync)
        return invalid(QStringLiteral("its settings.sync is not \"none\", \"file\" or \"end\""));
    r.request.sync = *sync;
    r.request.seed = settings.value(QLatin1String("seed")).toString().toULongLong();
    r.seed = r.request.seed;
    if (r.request.files == 0 || r.request.dirs == 0 || r.request.fileSize > kMaxFileSize)
        return invalid(QStringLiteral("its settings hold no files, no folders or files over 1 MiB"));
    const QString drop = root.value(QLatin1String("cache_drop")).toString();
    if (drop != QLatin1String("fadvise") && drop != QLatin1String("none"))
        return invalid(QStringLiteral("its cache_drop is neither \"fadvise\" nor \"none\""));
    r.cacheDrop = drop == QLatin1String("none") ? FilesCacheDrop::None : FilesCacheDrop::Fadvise;
    r.syncSeconds = root.value(QLatin1String("sync_seconds")).toDouble();
    const QJsonValue phases = root.value(QLatin1String("phases"));
    if (!phases.isArray())
        return invalid(QStringLiteral("it has no \"phases\" list"));
    for (const QJsonValue v : phases.toArray()) {
        const QJsonObject o = v.toObject();
        const auto id = phaseNamed(o.value(QLatin1String("phase")).toString());
        if (!id)
            return invalid(QStringLiteral("a phase is not create, stat, read or delete"));
        FilesPhaseResult& ph = r.phase(*id);
        if (ph.ran)
            return invalid(QStringLiteral("the %1 phase is listed twice").arg(QLatin1String(filesPhaseName(*id))));
        ph.id = *id;
        ph.ran = true;
        ph.files = unsignedOf(o, "files");
        ph.complete = o.value(QLatin1String("complete")).toBool();
        ph.seconds = o.value(QLatin1String("seconds")).toDouble();
        ph.bytes = unsignedOf(o, "bytes");
        ph.startSeconds = o.value(QLatin1String("start_seconds")).toDouble();
        if (ph.files > r.request.files || ph.seconds < 0)
            return invalid(QStringLiteral("the %1 phase did more files than the run made, or took negative time")
                               .arg(QLatin1String(filesPhaseName(*id))));
        const QJsonObject l = o.value(QLatin1String("latency_us")).toObject();
        ph.latency = { l.value(QLatin1String("mean")).toDouble(), l.value(QLatin1String("p50")).toDouble(),
            l.value(QLatin1String("p99")).toDouble(), l.value(QLatin1String("p99_9")).toDouble(),
            l.value(QLatin1String("max")).toDouble() };
    }
    dropExplainedWarnings(r.warnings, explainFiles(report));
    return report;
}

QByteArray formatFilesCsv(const FilesReport& report)
{
    const FilesResult& r = report.result;
    QString out = QStringLiteral("phase,files,complete,seconds,files_per_second,bytes,mb_per_s,latency_mean_us,"
                                 "latency_p50_us,latency_p99_us,latency_p99_9_us,latency_max_us,file_size_bytes,"
                                 "dirs,sync,cache_drop\n");
    for (const FilesPhaseResult& ph : r.phases) {
        if (!ph.ran)
            continue;
        out += QStringLiteral("%1,%2,%3,%4,%5,%6,%7,%8,%9,%10,%11,%12,%13,%14,%15,%16\n")
                   .arg(QLatin1String(filesPhaseName(ph.id)))
                   .arg(ph.files)
                   .arg(ph.complete ? QStringLiteral("true") : QStringLiteral("false"))
                   .arg(csvNumber(ph.seconds, 6), csvNumber(ph.filesPerSecond(), 1))
                   .arg(ph.bytes)
                   .arg(csvNumber(ph.mbPerSecond(), 3), csvNumber(ph.latency.meanUs, 1), csvNumber(ph.latency.p50Us, 1),
                       csvNumber(ph.latency.p99Us, 1), csvNumber(ph.latency.p999Us, 1), csvNumber(ph.latency.maxUs, 1))
                   .arg(r.request.fileSize)
                   .arg(r.request.dirs)
                   .arg(QLatin1String(filesSyncName(r.request.sync)), QLatin1String(filesCacheDropName(r.cacheDrop)));
    }
    return out.toUtf8();
}

QString formatFilesText(const FilesReport& report)
{
    const FilesResult& r = report.result;
    QString out = QStringLiteral("Small files on %1").arg(report.header.target.path);
    if (const QString device = deviceSummary(report.header.target); !device.isEmpty())
        out += QStringLiteral(": %1").arg(device);
    out += QLatin1Char('\n');
    out += QStringLiteral("  Files:    %1 of %2 in %3 folder%4\n")
               .arg(r.request.files)
               .arg(sizeText(r.request.fileSize))
               .arg(r.request.dirs)
               .arg(r.request.dirs == 1 ? QString() : QStringLiteral("s"));
    out += QStringLiteral("  Sync:     %1\n").arg(syncText(r.request));
    out += QStringLiteral("  Reads:    %1\n").arg(filesCacheDropText(r));
    out += QStringLiteral("  Order:    stat and read in a random order, delete in the order made\n");
    out += QStringLiteral("  %1 %2 %3 %4 %5 %6 %7 %8\n")
               .arg(QStringLiteral("Phase"), -8)
               .arg(QStringLiteral("Files/s"), 11)
               .arg(QStringLiteral("Files"), 9)
               .arg(QStringLiteral("Seconds"), 9)
               .arg(QStringLiteral("MB/s"), 8)
               .arg(QStringLiteral("p50 us"), 9)
               .arg(QStringLiteral("p99 us"), 9)
               .arg(QStringLiteral("max us"), 10);
    for (const FilesPhaseResult& ph : r.phases) {
        if (!ph.ran)
            continue;
        out += QStringLiteral("  %1 %2 %3 %4 %5 %6 %7 %8%9\n")
                   .arg(QLatin1String(filesPhaseName(ph.id)), -8)
                   .arg(filesRateText(ph.filesPerSecond()), 11)
                   .arg(ph.files, 9)
                   .arg(QString::number(ph.seconds, 'f', 3), 9)
                   .arg(ph.bytes ? QString::number(ph.mbPerSecond(), 'f', 1) : QStringLiteral("-"), 8)
                   .arg(us(ph.latency.p50Us), 9)
                   .arg(us(ph.latency.p99Us), 9)
                   .arg(us(ph.latency.maxUs), 10)
                   .arg(ph.complete ? QString() : QStringLiteral("  (stopped)"));
    }
    if (r.request.sync == FilesSync::End && r.phase(FilesPhaseId::Create).ran)
        out += QStringLiteral("  Sync:     the create phase's syncfs took %1 s of its time\n")
                   .arg(QString::number(r.syncSeconds, 'f', 3));
    out += runConditionLines(report.header);
    if (!report.header.comment.isEmpty())
        out += QStringLiteral("  Comment: %1\n").arg(report.header.comment);
    out += deviceIoLines(filesDeviceSeen(r));
    out += explanationLines(r.warnings, explainFiles(report));
    if (r.error)
        out += QStringLiteral("  Stopped by an error: %1\n").arg(QString::fromStdString(*r.error));
    if (r.cancelled)
        out += QStringLiteral("  Interrupted: the figures cover the phases done before; the files are removed\n");
    return out;
}

std::vector<Explanation> explainFiles(const FilesReport& report)
{
    const FilesResult& r = report.result;
    const uint32_t block = uint32_t(std::max<uint64_t>(4 * KiB, (r.request.fileSize + 4 * KiB - 1) / (4 * KiB) * (4 * KiB)));
    const TestRow io { Pattern::Random, block, 1, 1 };
    return explainConditions(report.header.target, report.header.system.power,
        { { io, Direction::Write }, { io, Direction::Read } }, filesDeviceSeen(r));
}

} // namespace dm
