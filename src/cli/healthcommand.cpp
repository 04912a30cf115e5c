// SPDX-License-Identifier: GPL-3.0-or-later
// `diskometer-cli health [DEVICE] [--json]` (issue 15): each drive's status, reason, temperature
// and SMART figures, read without root (docs/HEALTH.md).
#include "clicommands.h"
#include "clicommon.h"
#include "othercommands.h"

#include "drivehealth.h"

#include <QCommandLineParser>
#include <QFileInfo>

#include <sys/stat.h>

#include <cstdio>

namespace dm {

namespace {

    // A DEVICE that is not a block device gets one line that says what to give instead.
    QString deviceProblem(const QString& device)
    {
        struct stat st { };
        if (::stat(QFile::encodeName(device).constData(), &st) != 0)
            return QStringLiteral("%1 does not exist: give a drive such as /dev/sda or /dev/nvme0n1 "
                                  "(`diskometer-cli targets` lists them)")
                .arg(device);
        if (!S_ISBLK(st.st_mode))
            return QStringLiteral("%1 is not a block device: health reads drives such as /dev/sda or /dev/nvme0n1, "
                                  "not %2 (`diskometer-cli targets` shows which drive holds a folder)")
                .arg(device, S_ISDIR(st.st_mode) ? QStringLiteral("folders") : QStringLiteral("files"));
        return {};
    }

} // namespace

int runHealthCommand(const QStringList& arguments)
{
    QCommandLineParser p;
    p.setApplicationDescription(
        QStringLiteral("Shows each drive's health as CrystalDiskInfo does: Good, Caution, Bad or Unknown with the\n"
                       "reason, temperature, power-on hours, and the drive's SMART figures (NVMe: critical warning,\n"
                       "available spare, percentage used, data written, media errors; ATA: reallocated, pending and\n"
                       "uncorrectable sectors). Read without root through UDisks2 and sysfs; smartctl is used when\n"
                       "installed and allowed to open the drive. Never asks for a password.\n\n"
                       "Exit codes: 0 no drive is Bad, 1 a drive is Bad, 2 bad usage or DEVICE."));
    p.addPositionalArgument(QStringLiteral("health"), QStringLiteral("The command."), QStringLiteral("health"));
    p.addPositionalArgument(QStringLiteral("DEVICE"),
        QStringLiteral("A block device (a partition means its drive); default: every drive."), QStringLiteral("[DEVICE]"));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print JSON (schema diskometer.health/1)."));
    p.addOption(json);
    addRunOnlyOptionsAsNoOps(p);
    const auto helpOption = p.addHelpOption();

    const bool parsed = p.parse(arguments);
    if (p.positionalArguments().value(0) != QLatin1String("health"))
        return kNotThisCommand;
    if (!parsed) {
        printError(p.errorText() + QStringLiteral(" (see health --help)"));
        return kExitUsage;
    }
    if (p.isSet(helpOption)) {
        std::fputs(p.helpText().toLocal8Bit().constData(), stdout);
        return kExitOk;
    }
    const QStringList positional = p.positionalArguments().mid(1);
    if (positional.size() > 1) {
        printError(QStringLiteral("health takes one DEVICE at most, got: %1").arg(positional.join(QLatin1Char(' '))));
        return kExitUsage;
    }
    QStringList devices;
    if (positional.isEmpty()) {
        devices = healthDrives();
    } else {
        if (const QString problem = deviceProblem(positional.first()); !problem.isEmpty()) {
            printError(problem);
            return kExitUsage;
        }
        devices << positional.first();
    }
    QList<DriveHealth> drives;
    bool anyBad = false;
    for (const QString& d : devices) {
        drives << readDriveHealth(d);
        anyBad = anyBad || drives.last().status == HealthStatus::Bad;
    }
    const QByteArray out = p.isSet(json) ? formatHealthJson(drives) : formatHealthText(drives).toUtf8();
    if (!writeOutput(QStringLiteral("-"), out))
        return kExitTestError;
    return anyBad ? kExitTestError : kExitOk;
}

} // namespace dm
