// SPDX-License-Identifier: GPL-3.0-or-later
#include "capacityreport.h"
#include "kindrun.h"
#include "othercommands.h"

#include <QFileInfo>

namespace dm {

namespace {

    QString timeLeft(std::optional<double> seconds)
    {
        if (!seconds)
            return {};
        const qint64 s = qint64(*seconds + 0.5);
        if (s >= 3600)
            return QStringLiteral(", %1 h %2 min left").arg(s / 3600).arg(s % 3600 / 60);
        if (s >= 60)
            return QStringLiteral(", %1 min %2 s left").arg(s / 60).arg(s % 60);
        return QStringLiteral(", %1 s left").arg(s);
    }

    QString progressText(const CapacityProgress& p)
    {
        const auto percent = [&] { return p.total ? 100.0 * double(p.done) / double(p.total) : 0.0; };
        switch (p.stage) {
        case CapacityProgress::Stage::Write:
        case CapacityProgress::Stage::Read:
            return QStringLiteral("%1: %2 of %3 (%4 %)  %5 MB/s%6")
                .arg(p.stage == CapacityProgress::Stage::Write ? QStringLiteral("Writing") : QStringLiteral("Reading back"),
                    capacitySize(p.done), capacitySize(p.total))
                .arg(percent(), 0, 'f', 0)
                .arg(p.mbPerSec, 0, 'f', 1)
                .arg(timeLeft(p.secondsLeft));
        case CapacityProgress::Stage::Flush:
            return QStringLiteral("Flushing the test files to the stick...");
        case CapacityProgress::Stage::Probe:
            return QStringLiteral("Probing: %1 of %2 block reads and writes (%3 %)%4")
                .arg(p.done)
                .arg(p.total)
                .arg(percent(), 0, 'f', 0)
                .arg(timeLeft(p.secondsLeft));
        case CapacityProgress::Stage::Restore:
            return QStringLiteral("Putting back what the probe overwrote: %1 of %2").arg(p.done).arg(p.total);
        }
        return {};
    }

} // namespace

int runCapacityCommand(const QStringList& arguments)
{
    QCommandLineParser p;
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
    if (auto done = parseSubcommand(p, arguments, QStringLiteral("capacity")))
        return *done;

    CapacityRequest req;
    req.target = p.positionalArguments().at(1).toStdString();
    auto common = readCommonOptions(p);
    if (!common) {
        printError(QString::fromStdString(common.error().message));
        return kExitUsage;
    }
    if (p.isSet(QStringLiteral("size"))) {
        auto size = sizeOption(p, QStringLiteral("size"), MiB); // the message names the range
        if (!size) {
            printError(QString::fromStdString(size.error().message));
            return kExitUsage;
        }
        req.size = *size;
    }
    req.restore = !p.isSet(QStringLiteral("no-restore"));
    if (auto done = prepareKind(*common, req, true))
        return *done;

    StatusLine status(common->quiet);
    CapacityCallbacks cb;
    cb.progress = [&](const CapacityProgress& pr) { status.show(progressText(pr)); };
    const bool probe = QFileInfo(QString::fromStdString(req.target)).isDir() == false;
    return runKind(
        *common, req.target,
        [&] {
            auto result = runCapacityCheck(req, cb, cliCancelFlag());
            status.clear();
            return result;
        },
        KindOutput<CapacityReport> { formatCapacityJson, formatCapacityCsv, formatCapacityText,
            probe ? QStringLiteral("interrupted: what was probed so far is reported; the blocks written are put back")
                  : QStringLiteral("interrupted: what was read back so far is reported; the test files are removed"),
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

} // namespace dm
