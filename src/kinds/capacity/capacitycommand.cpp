// SPDX-License-Identifier: GPL-3.0-or-later
#include "capacityarguments.h"
#include "capacityreport.h"
#include "clicommands.h"
#include "kindrun.h"

#include <QFileInfo>

namespace dm {

namespace {

// The options of `capacity` and how they are read: the command's and parseCapacityArguments' alike.
void addCapacityOptions(QCommandLineParser& p)
{
    p.setApplicationDescription(QStringLiteral(
        "Capacity check: does the stick hold what it announces, and give it all back?\n"
        "TARGET a directory (the mounted filesystem of the stick): its free space (or --size) is filled\n"
        "with test files of 4 KiB blocks that each carry their position and a random stamp of this run,\n"
        "flushed, read back with O_DIRECT and every block classified: ok, corrupted, overwritten (by\n"
        "another block: the address wraps, as on fake flash) or missing. Only free space is touched; the\n"
        "test files are removed however the check ends.\n"
        "TARGET an unmounted block device, with --allow-destructive: a quick probe that writes a few\n"
        "blocks per thousand where a wrap or a fake capacity shows, finds the real size, and puts back\n"
        "every block it wrote (unless --no-restore).\n"
        "Exit status: 0 all verified, 1 data did not come back intact (fake or damaged) or an I/O error\n"
        "stopped the check, 2 bad usage or an unusable target, 130 interrupted."));
    p.addPositionalArgument(QStringLiteral("capacity"), QStringLiteral("The command."), QStringLiteral("capacity"));
    p.addPositionalArgument(QStringLiteral("TARGET"), QStringLiteral("Directory, or unmounted block device."));
    p.addOptions({
        { QStringLiteral("size"),
            QStringLiteral("Bytes to fill in a directory, at least 1MiB (default: all the free space but 16 MiB)."),
            QStringLiteral("SIZE") },
        { QStringLiteral("no-restore"),
            QStringLiteral("A device probe leaves its blocks instead of putting back what they held.") },
    });
    addCommonOptions(p,
        QStringLiteral("Allow the probe of an unmounted block device (it writes to it and puts the blocks back)."));
}

Result<CapacityRequest> readCapacityOptions(const QCommandLineParser& p)
{
    CapacityRequest req;
    req.target = p.positionalArguments().at(1).toStdString();
    if (p.isSet(QStringLiteral("size"))) {
        auto size = sizeOption(p, QStringLiteral("size"), MiB); // the message names the range
        if (!size)
            return size.error();
        req.size = *size;
    }
    req.restore = !p.isSet(QStringLiteral("no-restore"));
    return req;
}

// `capacity TARGET` (issue 15): 0 verified, 1 fake, damaged or an I/O error, 2 usage, 130 interrupted.
int runCapacityCommand(const QStringList& arguments)
{
    QCommandLineParser p;
    addCapacityOptions(p);
    if (auto done = parseSubcommand(p, arguments, QStringLiteral("capacity")))
        return *done;

    auto common = readCommonOptions(p);
    auto read = readCapacityOptions(p);
    for (const Error* e : { common ? nullptr : &common.error(), read ? nullptr : &read.error() })
        if (e) {
            printError(QString::fromStdString(e->message));
            return kExitUsage;
        }
    CapacityRequest req = *read;
    if (auto done = prepareKind(*common, req, true))
        return *done;

    ProgressLine progress(common->quiet);
    CapacityCallbacks cb;
    progress.attach(cb);
    const bool probe = QFileInfo(QString::fromStdString(req.target)).isDir() == false;
    return runKind(
        *common, req.target,
        [&] { return runCapacityCheck(req, cb, cliCancelFlag()); },
        KindOutput<CapacityReport> { formatCapacityJson, formatCapacityCsv, formatCapacityText,
            [probe](const CapacityReport&) {
                return probe
                    ? QStringLiteral("interrupted: what was probed so far is reported; the blocks written are put back")
                    : QStringLiteral("interrupted: what was read back so far is reported; the test files are removed");
            },
            QStringLiteral("the check stopped: %1"),
            // Fake or damaged: exit 1, and the verdict on stderr too, so a script that throws the
            // report away still says why.
            [](const CapacityReport& r) {
                if (capacityVerdict(r.result) == CapacityVerdict::Ok)
                    return false;
                printError(capacityVerdictSentence(r.result));
                return true;
            } });
}

} // namespace

Result<CapacityRequest> parseCapacityArguments(const QStringList& arguments)
{
    QCommandLineParser p;
    addCapacityOptions(p);
    if (!p.parse(arguments))
        return usageError(p.errorText().toStdString());
    if (p.positionalArguments().size() != 2)
        return usageError("give the command and one TARGET");
    return readCapacityOptions(p);
}

const CliCommand& capacityCommand()
{
    static const CliCommand command { "capacity", runCapacityCommand, "TARGET",
        "check that a stick holds what it announces (fake capacity, damaged blocks)" };
    return command;
}

} // namespace dm
