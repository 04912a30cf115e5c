// SPDX-License-Identifier: GPL-3.0-or-later
#include "clicommands.h"
#include "clicommon.h"
#include "historycommand.h"
#include "kindrun.h"
#include "sustainedarguments.h"
#include "sustainedreport.h"

namespace dm {

namespace {

// The options of `sustained` and how they are read: the command's and parseSustainedArguments' alike.
void addSustainedOptions(QCommandLineParser& p)
{
    p.setApplicationDescription(QStringLiteral(
        "Sustained write: writes --total bytes sequentially in 1 MiB blocks (O_DIRECT, Q8) and records MB/s\n"
        "four times a second against the bytes written, then reports where the rate falls off (the\n"
        "cache size) and the sustained rate after it. TARGET is a directory (a test file is made there\n"
        "and removed, after checking the free space), or with --allow-destructive an unmounted device."));
    p.addPositionalArgument(QStringLiteral("sustained"), QStringLiteral("The command."), QStringLiteral("sustained"));
    p.addPositionalArgument(QStringLiteral("TARGET"), QStringLiteral("Directory, or block device."));
    p.addOptions(withDefaultsShown({
        { QStringLiteral("total"), QStringLiteral("Bytes to write, at least 16MiB (e.g. 8GiB, 512MiB)."),
            QStringLiteral("SIZE"), QStringLiteral("8GiB") },
        { QStringLiteral("queue-depth"), QStringLiteral("Writes in flight, 1-512."), QStringLiteral("Q"),
            QStringLiteral("8") },
    }));
    addCommonOptions(
        p, QStringLiteral("Allow writing to an unmounted block device or an existing file (destroys its data)."));
}

Result<SustainedRequest> readSustainedOptions(const QCommandLineParser& p)
{
    SustainedRequest req;
    req.target = p.positionalArguments().at(1).toStdString();
    auto total = sizeOption(p, QStringLiteral("total"), 16 * MiB);
    auto depth = intOption(p, QStringLiteral("queue-depth"), 1, kMaxQueueDepth);
    for (const Error* e : { total ? nullptr : &total.error(), depth ? nullptr : &depth.error() })
        if (e)
            return *e;
    req.totalBytes = *total;
    req.totalGiven = p.isSet(QStringLiteral("total"));
    req.queueDepth = uint32_t(*depth);
    return req;
}

int runSustainedCommand(const QStringList& arguments)
{
    QCommandLineParser p;
    addSustainedOptions(p);
    if (auto done = parseSubcommand(p, arguments, QStringLiteral("sustained")))
        return *done;

    auto read = readSustainedOptions(p);
    auto common = readCommonOptions(p);
    for (const Error* e : { read ? nullptr : &read.error(), common ? nullptr : &common.error() })
        if (e) {
            printError(QString::fromStdString(e->message));
            return kExitUsage;
        }
    SustainedRequest req = *read;
    if (auto done = prepareKind(*common, req, true))
        return *done;

    ProgressLine progress(common->quiet);
    SustainedCallbacks cb;
    progress.attach(cb);
    return runKind(
        *common, req.target,
        [&] { return runSustainedWrite(req, cb, cliCancelFlag()); },
        KindOutput<SustainedReport> { formatSustainedJson, formatSustainedCsv, formatSustainedText,
            [](const SustainedReport&) {
                return QStringLiteral("interrupted: what was written so far is reported; the test file is removed");
            },
            QStringLiteral("the write stopped: %1") });
}

} // namespace

Result<SustainedRequest> parseSustainedArguments(const QStringList& arguments)
{
    QCommandLineParser p;
    addSustainedOptions(p);
    if (!p.parse(arguments))
        return usageError(p.errorText().toStdString());
    if (p.positionalArguments().size() != 2)
        return usageError("give the command and one TARGET");
    return readSustainedOptions(p);
}

const CliCommand& sustainedCommand()
{
    static const CliCommand command { "sustained", runSustainedCommand, "TARGET", "write gigabytes to find where the drive's cache runs out" };
    return command;
}

} // namespace dm
