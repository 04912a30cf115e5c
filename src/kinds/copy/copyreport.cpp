// SPDX-License-Identifier: GPL-3.0-or-later
#include "copyreport.h"

#include "deviceio.h"
#include "runhealth.h"
#include "targetinfo.h"
#include "units.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace dm {

namespace {

    uint64_t unsignedOf(const QJsonObject& o, const char* key)
    {
        const qint64 n = o.value(QLatin1String(key)).toInteger(0);
        return n > 0 ? uint64_t(n) : 0;
    }

    std::optional<CopySetKind> setNamed(const QString& id)
    {
        for (CopySetKind k : kCopySets)
            if (id == QLatin1String(copySetId(k)))
                return k;
        return std::nullopt;
    }

    QString title(CopySetKind k) { return QString::fromLatin1(copySetTitle(k)); }

    // The device's account of each phase, named as a person reads it; the filesystem's work for
    // the copied files (inodes, directories, the journal) is part of a copy (deviceio.h).
    std::vector<DeviceSeen> seenOf(const CopyResult& r)
    {
        std::vector<DeviceSeen> seen;
        for (const DevicePhase& p : r.devicePhases) {
            QString label = QString::fromStdString(p.name);
            for (CopySetKind k : kCopySets) {
                if (p.name == std::string("copy_") + copySetId(k))
                    label = QStringLiteral("the %1 copy").arg(title(k));
                else if (p.name == std::string("make_") + copySetId(k))
                    label = QStringLiteral("making the %1 set").arg(title(k));
            }
            seen.push_back(deviceSeen(p, label));
        }
        return withFilesystemWorkAsOwn(std::move(seen));
    }

    QString filesText(uint32_t n, const char* one, const char* many)
    {
        return QStringLiteral("%1 %2").arg(n).arg(QLatin1String(n == 1 ? one : many));
    }

} // namespace

QString copyCloneNote(const CopyResult& r)
{
    if (!r.cloneCapable)
        return {};
    return QStringLiteral("%1 can clone files (a reflink): a file manager or cp (--reflink=auto, its default since "
                          "coreutils 9) may clone instead of copying, which moves no data and takes milliseconds "
                          "whatever the drive; these figures are of a real copy, the data read and written again")
        .arg(QString::fromStdString(r.filesystem));
}

QByteArray formatCopyJson(const CopyReport& report)
{
    const CopyResult& r = report.result;
    QJsonObject root = envelopeJson(kCopySchema, report.header, r, true);
    insertExplanations(root, r.warnings, explainCopy(report));
    root.insert(QStringLiteral("settings"),
        QJsonObject {
            { QStringLiteral("size_bytes"), qint64(r.request.size) },
            // A string: the seed uses all 64 bits, which JSON numbers lose past 2^53 in most readers.
            { QStringLiteral("seed"), QString::number(r.request.seed) },
            { QStringLiteral("buffer_bytes"), qint64(kCopyBufferBytes) },
            { QStringLiteral("copy"), QStringLiteral("read/write") },
            { QStringLiteral("sync"), QStringLiteral("syncfs") },
        });
    root.insert(QStringLiteral("filesystem"),
        QJsonObject {
            { QStringLiteral("type"), QString::fromStdString(r.filesystem) },
            { QStringLiteral("clone_capable"), r.cloneCapable },
        });
    root.insert(QStringLiteral("needed_bytes"), qint64(r.neededBytes));
    const std::vector<TemperatureSample>& temperatures = report.header.health.temperatures;
    QJsonArray sets;
    uint64_t bytes = 0;
    double seconds = 0;
    for (const CopySetResult& s : r.sets) {
        QJsonObject o {
            { QStringLiteral("set"), QString::fromLatin1(copySetId(s.kind)) },
            { QStringLiteral("title"), title(s.kind) },
            { QStringLiteral("done"), s.done },
            { QStringLiteral("mb_per_s"), s.done ? QJsonValue(s.mbPerSec()) : QJsonValue() },
            { QStringLiteral("seconds"), s.seconds },
            { QStringLiteral("sync_seconds"), s.syncSeconds },
            { QStringLiteral("make_seconds"), s.makeSeconds },
            { QStringLiteral("at_seconds"), s.atSeconds },
            { QStringLiteral("files"), qint64(s.files) },
            { QStringLiteral("folders"), qint64(s.folders) },
            { QStringLiteral("bytes"), qint64(s.bytes) },
        };
        if (const std::optional<double> c = s.done ? temperatureAt(temperatures, s.atSeconds) : std::nullopt)
            o.insert(QStringLiteral("temperature_c"), *c);
        sets.append(o);
        if (s.done) {
            bytes += s.bytes;
            seconds += s.seconds;
        }
    }
    root.insert(QStringLiteral("sets"), sets);
    const double total = r.totalMbPerSec();
    root.insert(QStringLiteral("summary"),
        QJsonObject {
            { QStringLiteral("total_mb_per_s"), total > 0 ? QJsonValue(total) : QJsonValue() },
            { QStringLiteral("bytes"), qint64(bytes) },
            { QStringLiteral("seconds"), seconds },
        });
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

Result<CopyReport> parseCopyJson(const QByteArray& json)
{
    CopyReport report;
    CopyResult& r = report.result;
    auto opened = openEnvelopeJson(json, kCopySchema, "copy test", report.header, r, r.request);
    if (!opened)
        return opened.error();
    const QJsonObject& root = *opened;
    const auto invalid
        = [](const QString& why) { return usageError("not a valid Diskometer copy test: " + why.toStdString()); };
    const QJsonObject settings = root.value(QLatin1String("settings")).toObject();
    r.request.size = unsignedOf(settings, "size_bytes");
    r.request.seed = settings.value(QLatin1String("seed")).toString().toULongLong();
    r.seed = r.request.seed;
    const QJsonObject fs = root.value(QLatin1String("filesystem")).toObject();
    r.filesystem = fs.value(QLatin1String("type")).toString().toStdString();
    r.cloneCapable = fs.value(QLatin1String("clone_capable")).toBool();
    r.neededBytes = unsignedOf(root, "needed_bytes");
    const QJsonValue sets = root.value(QLatin1String("sets"));
    if (!sets.isArray())
        return invalid(QStringLiteral("it has no \"sets\" list"));
    for (const QJsonValue v : sets.toArray()) {
        const QJsonObject o = v.toObject();
        const auto kind = setNamed(o.value(QLatin1String("set")).toString());
        if (!kind)
            return invalid(QStringLiteral("a set is neither \"iso\", \"program\" nor \"game\""));
        CopySetResult s;
        s.kind = *kind;
        s.done = o.value(QLatin1String("done")).toBool();
        s.seconds = o.value(QLatin1String("seconds")).toDouble();
        s.syncSeconds = o.value(QLatin1String("sync_seconds")).toDouble();
        s.makeSeconds = o.value(QLatin1String("make_seconds")).toDouble();
        s.atSeconds = o.value(QLatin1String("at_seconds")).toDouble();
        s.files = uint32_t(unsignedOf(o, "files"));
        s.folders = uint32_t(unsignedOf(o, "folders"));
        s.bytes = unsignedOf(o, "bytes");
        if (s.done && s.seconds <= 0)
            return invalid(QStringLiteral("a set copied in no time"));
        r.sets.push_back(s);
    }
    dropExplainedWarnings(r.warnings, explainCopy(report));
    return report;
}

QByteArray formatCopyCsv(const CopyReport& report)
{
    QString out = QStringLiteral("set,files,folders,bytes,seconds,sync_seconds,mb_per_s\n");
    for (const CopySetResult& s : report.result.sets)
        out += QStringLiteral("%1,%2,%3,%4,%5,%6,%7\n")
                   .arg(QString::fromLatin1(copySetId(s.kind)))
                   .arg(s.files)
                   .arg(s.folders)
                   .arg(s.bytes)
                   .arg(s.done ? csvNumber(s.seconds, 3) : QString(), s.done ? csvNumber(s.syncSeconds, 3) : QString(),
                       s.done ? csvNumber(s.mbPerSec(), 1) : QString());
    return out.toUtf8();
}

QString formatCopyText(const CopyReport& report)
{
    const CopyResult& r = report.result;
    QString out = QStringLiteral("Copy test of %1").arg(report.header.target.path);
    if (const QString device = deviceSummary(report.header.target); !device.isEmpty())
        out += QStringLiteral(": %1").arg(device);
    out += QLatin1Char('\n');
    out += QStringLiteral("  Sets:     %1 of random data on %2, each copied to a new folder with read()/write() "
                          "(1 MiB buffer) and timed until one syncfs() returns\n")
               .arg(decimalSizeText(r.request.size), QString::fromStdString(r.filesystem));
    for (const CopySetResult& s : r.sets) {
        QString line = QStringLiteral("  %1 %2 in %3, %4: ")
                           .arg(QString(title(s.kind) + QLatin1Char(':')).leftJustified(9))
                           .arg(filesText(s.files, "file", "files"), filesText(s.folders, "folder", "folders"),
                               decimalSizeText(s.bytes));
        if (s.done)
            line += QStringLiteral("%1 MB/s (%2 s, of which %3 s syncing)")
                        .arg(s.mbPerSec(), 0, 'f', 1)
                        .arg(s.seconds, 0, 'f', 2)
                        .arg(s.syncSeconds, 0, 'f', 2);
        else
            line += QStringLiteral("not copied");
        out += line + QLatin1Char('\n');
    }
    if (const double total = r.totalMbPerSec(); total > 0)
        out += QStringLiteral("  All:      %1 MB/s\n").arg(total, 0, 'f', 1);
    if (const QString clone = copyCloneNote(r); !clone.isEmpty())
        out += QStringLiteral("  Clones:   %1\n").arg(clone);
    out += runConditionLines(report.header);
    if (!report.header.comment.isEmpty())
        out += QStringLiteral("  Comment: %1\n").arg(report.header.comment);
    out += deviceIoLines(seenOf(r));
    out += explanationLines(r.warnings, explainCopy(report));
    if (r.error)
        out += QStringLiteral("  Stopped by an error: %1\n").arg(QString::fromStdString(*r.error));
    if (r.cancelled)
        out += QStringLiteral("  Interrupted: only the sets copied before are measured\n");
    return out;
}

std::vector<Explanation> explainCopy(const CopyReport& report)
{
    const TestRow io { Pattern::Sequential, kCopyBufferBytes, 1, 1 };
    return explainConditions(report.header.target, report.header.system.power,
        { { io, Direction::Read }, { io, Direction::Write } }, seenOf(report.result));
}

} // namespace dm
