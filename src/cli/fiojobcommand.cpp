// SPDX-License-Identifier: GPL-3.0-or-later
#include "fiojobcommand.h"

#include "targetinfo.h"

#include <QFileInfo>

#include <algorithm>
#include <cstdio>

namespace dm {

namespace {

    // The engine's region alignment (testregion.cpp): sizes are cut down to whole 4 KiB.
    constexpr uint64_t kAlign = 4096;

    void printError(const QString& message)
    {
        std::fprintf(stderr, "diskometer-cli: %s\n", message.toLocal8Bit().constData());
    }

    QString sizeText(uint64_t bytes) { return QStringLiteral("%1 MiB").arg(bytes / MiB); }

    // The run options that make no sense for a job file; refused so nobody waits for a report.
    const QStringList kReportOptions { QStringLiteral("text"), QStringLiteral("json"), QStringLiteral("markdown"),
        QStringLiteral("crlf"), QStringLiteral("no-history"), QStringLiteral("engine") };

} // namespace

Result<FioJobRequest> fioJobRequest(const CliOptions& o)
{
    FioJobRequest r;
    r.target = QString::fromStdString(o.request.target);
    r.tests = o.request.tests;
    r.settings = o.request.settings;
    r.comment = o.comment;
    const QFileInfo info(r.target);
    const uint64_t asked = o.request.settings.testSize / kAlign * kAlign;
    const bool writes = std::any_of(r.tests.begin(), r.tests.end(), [](const TestSpec& t) { return t.writes(); });
    if (!info.exists())
        return usageError(QStringLiteral("%1 does not exist: give a directory, a file or a block device")
                              .arg(r.target)
                              .toStdString());
    if (info.isDir()) {
        r.kind = RegionInfo::Kind::Directory;
        r.regionBytes = asked;
        return r;
    }
    uint64_t size = 0;
    if (info.isFile()) {
        r.kind = RegionInfo::Kind::File;
        size = uint64_t(info.size()) / kAlign * kAlign;
    } else {
        const TargetDescription t = describeTarget(r.target);
        if (t.kind != QLatin1String("block-device"))
            return usageError(QStringLiteral("%1 is neither a directory, a regular file nor a block device")
                                  .arg(r.target)
                                  .toStdString());
        r.kind = RegionInfo::Kind::BlockDevice;
        size = uint64_t(t.sizeBytes) / kAlign * kAlign;
        if (writes && !o.request.allowDestructive)
            return usageError(QStringLiteral("the write sections would destroy the data on %1: pass "
                                             "--allow-destructive if you mean it, or use --mode read")
                                  .arg(r.target)
                                  .toStdString());
    }
    if (size == 0)
        return usageError(QStringLiteral("%1 is empty or its size is unknown").arg(r.target).toStdString());
    if (o.request.sizeGiven && asked > size)
        return usageError(QStringLiteral("%1 holds only %2: choose a --size of at most that")
                              .arg(r.target, sizeText(size))
                              .toStdString());
    // As the engine: a file is tested whole unless --size says less; a device over --size.
    r.regionBytes = r.kind == RegionInfo::Kind::File && !o.request.sizeGiven ? size : std::min(asked, size);
    return r;
}

int runFioJobCommand(const QStringList& arguments)
{
    QStringList args = arguments;
    args.removeAt(1); // "fio-job": the rest parses as `run` does
    if (args.contains(QStringLiteral("--help")) || args.contains(QStringLiteral("-h"))) {
        std::fputs("Usage: diskometer-cli fio-job [run options] TARGET\n\n"
                   "Prints an fio job file that runs the same tests as `diskometer-cli run` with these options:\n"
                   "libaio, O_DIRECT, the same block sizes, depths, threads and test region, one section per\n"
                   "measured pass. Run it with `fio --output-format=json FILE > out.json` (also with\n"
                   "--client=HOST for fio's client/server mode) and add the result to the history with\n"
                   "`diskometer-cli history import out.json`.\n\n"
                   "Run options: --profile, --preset, --mode, --mix, --tests, --count, --size, --measure,\n"
                   "--interval, --warmup, --data, --seed (ignored: fio seeds itself), --allow-destructive,\n"
                   "--comment (see diskometer-cli --help).\n",
            stdout);
        return 0;
    }
    for (const QString& a : args.mid(1))
        for (const QString& name : kReportOptions)
            if (a == QStringLiteral("--") + name || a.startsWith(QStringLiteral("--") + name + QLatin1Char('='))) {
                printError(QStringLiteral("--%1 is a `run` option: fio-job prints the job file on stdout").arg(name));
                return 2;
            }
    auto parsed = parseCliOptions(args);
    if (!parsed) {
        printError(QString::fromStdString(parsed.error().message));
        return 2;
    }
    auto request = fioJobRequest(*parsed);
    if (!request) {
        printError(QString::fromStdString(request.error().message));
        return 2;
    }
    const QByteArray job = formatFioJob(*request).toUtf8();
    std::fwrite(job.constData(), 1, size_t(job.size()), stdout);
    std::fflush(stdout);
    return 0;
}

} // namespace dm
