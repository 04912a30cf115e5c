// SPDX-License-Identifier: GPL-3.0-or-later
#include "clicommands.h"
#include "clicommon.h"
#include "historycommand.h"
#include "kindrun.h"
#include "sweeparguments.h"
#include "sweepreport.h"

namespace dm {

namespace {

// The options of `sweep` and how they are read: the command's and parseSweepArguments' alike.
void addSweepOptions(QCommandLineParser& p)
{
    p.setApplicationDescription(
        QStringLiteral("Block-size sweep: one pattern, queue depth and thread count, read and write, at every power\n"
                       "of two from --min to --max (one 3-second pass per point after a 1-second warm-up). TARGET as\n"
                       "for a run: a directory (a test file is made there and removed), a file, or a block device\n"
                       "(writes need --allow-destructive; --mode read measures reads only)."));
    p.addPositionalArgument(QStringLiteral("sweep"), QStringLiteral("The command."), QStringLiteral("sweep"));
    p.addPositionalArgument(QStringLiteral("TARGET"), QStringLiteral("Directory, file or block device."));
    p.addOptions(withDefaultsShown({
        { QStringLiteral("pattern"), QStringLiteral("seq or rnd."), QStringLiteral("PATTERN"), QStringLiteral("seq") },
        { QStringLiteral("queue-depth"), QStringLiteral("I/Os in flight per thread, 1-512."), QStringLiteral("Q"),
            QStringLiteral("8") },
        { QStringLiteral("threads"), QStringLiteral("Threads, 1-64."), QStringLiteral("T"), QStringLiteral("1") },
        { QStringLiteral("min"), QStringLiteral("Smallest block size, a power of two."), QStringLiteral("SIZE"),
            QStringLiteral("4KiB") },
        { QStringLiteral("max"), QStringLiteral("Largest block size, a power of two up to 16MiB."),
            QStringLiteral("SIZE"), QStringLiteral("16MiB") },
        { QStringLiteral("mode"), QStringLiteral("all, read or write."), QStringLiteral("MODE"),
            QStringLiteral("all") },
        { QStringLiteral("size"), QStringLiteral("Test size, 16MiB-64GiB."), QStringLiteral("SIZE"),
            QStringLiteral("1GiB") },
        { QStringLiteral("measure"), QStringLiteral("Seconds per point, 0.5-60."), QStringLiteral("SECONDS"),
            QStringLiteral("3") },
        { QStringLiteral("warmup"), QStringLiteral("Seconds of uncounted warm-up per point, 0-60."),
            QStringLiteral("SECONDS"), QStringLiteral("1") },
    }));
    addCommonOptions(p, QStringLiteral("Allow write tests on an existing file or an unmounted block device."));
}

Result<SweepRequest> readSweepOptions(const QCommandLineParser& p)
{
    SweepRequest req;
    req.target = p.positionalArguments().at(1).toStdString();
    const QString pattern = p.value(QStringLiteral("pattern")).toLower();
    const QString mode = p.value(QStringLiteral("mode")).toLower();
    auto depth = intOption(p, QStringLiteral("queue-depth"), 1, kMaxQueueDepth);
    auto threads = intOption(p, QStringLiteral("threads"), 1, kMaxThreads);
    auto minSize = sizeOption(p, QStringLiteral("min"));
    auto maxSize = sizeOption(p, QStringLiteral("max"));
    auto size = sizeOption(p, QStringLiteral("size"), kMinTestSize, kMaxTestSize);
    for (const Error* e :
        { depth ? nullptr : &depth.error(), threads ? nullptr : &threads.error(), minSize ? nullptr : &minSize.error(),
            maxSize ? nullptr : &maxSize.error(), size ? nullptr : &size.error() })
        if (e)
            return *e;
    if (pattern != QLatin1String("seq") && pattern != QLatin1String("rnd"))
        return usageError(QStringLiteral("unknown --pattern '%1': use seq or rnd").arg(pattern).toStdString());
    if (mode != QLatin1String("all") && mode != QLatin1String("read") && mode != QLatin1String("write"))
        return usageError(QStringLiteral("unknown --mode '%1': use all, read or write").arg(mode).toStdString());
    req.pattern = pattern == QLatin1String("rnd") ? Pattern::Random : Pattern::Sequential;
    req.reads = mode != QLatin1String("write");
    req.writes = mode != QLatin1String("read");
    req.queueDepth = uint32_t(*depth);
    req.threads = uint32_t(*threads);
    req.minBlockSize = uint32_t(std::min<uint64_t>(*minSize, UINT32_MAX));
    req.maxBlockSize = uint32_t(std::min<uint64_t>(*maxSize, UINT32_MAX));
    req.settings.testSize = *size;
    req.sizeGiven = p.isSet(QStringLiteral("size"));
    for (const auto& [name, field] : { std::pair { QStringLiteral("measure"), &req.settings.measureSeconds },
             std::pair { QStringLiteral("warmup"), &req.settings.warmupSeconds } }) {
        bool ok = false;
        const double v = p.value(name).toDouble(&ok);
        const double lo = name == QLatin1String("measure") ? kMinMeasureSeconds : 0;
        if (!ok || !(v >= lo && v <= kMaxMeasureSeconds))
            return usageError(QStringLiteral("--%1 must be a number of seconds from %2 to 60 (got '%3')")
                                  .arg(name)
                                  .arg(lo)
                                  .arg(p.value(name))
                                  .toStdString());
        *field = v;
    }
    return req;
}

int runSweepCommand(const QStringList& arguments)
{
    QCommandLineParser p;
    addSweepOptions(p);
    if (auto done = parseSubcommand(p, arguments, QStringLiteral("sweep")))
        return *done;

    auto read = readSweepOptions(p);
    auto common = readCommonOptions(p);
    for (const Error* e : { read ? nullptr : &read.error(), common ? nullptr : &common.error() })
        if (e) {
            printError(QString::fromStdString(e->message));
            return kExitUsage;
        }
    SweepRequest req = *read;
    if (auto done = prepareKind(*common, req, req.writes))
        return *done;

    ProgressLine progress(common->quiet);
    RunCallbacks cb;
    progress.attach(cb);
    return runKind(
        *common, req.target,
        [&] { return runBlockSizeSweep(req, cb, cliCancelFlag()); },
        KindOutput<SweepReport> { formatSweepJson, formatSweepCsv, formatSweepText,
            [](const SweepReport& r) {
                return r.result.points.empty()
                    ? QStringLiteral("interrupted before any block size was measured: the reports hold no results")
                    : QStringLiteral("interrupted: the points that finished are reported");
            },
            QStringLiteral("the sweep stopped: %1"), [](const SweepReport& report) {
                for (const auto& pt : report.result.points)
                    for (const auto* m : { &pt.read, &pt.write })
                        if (*m && (*m)->error)
                            return true;
                return false;
            } });
}

} // namespace

Result<SweepRequest> parseSweepArguments(const QStringList& arguments)
{
    QCommandLineParser p;
    addSweepOptions(p);
    if (!p.parse(arguments))
        return usageError(p.errorText().toStdString());
    if (p.positionalArguments().size() != 2)
        return usageError("give the command and one TARGET");
    return readSweepOptions(p);
}

const CliCommand& sweepCommand()
{
    static const CliCommand command { "sweep", runSweepCommand, "TARGET", "measure every block size from 4 KiB to 16 MiB" };
    return command;
}

} // namespace dm
