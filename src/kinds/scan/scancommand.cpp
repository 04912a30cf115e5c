// SPDX-License-Identifier: GPL-3.0-or-later
#include "clicommands.h"
#include "clicommon.h"
#include "historycommand.h"
#include "kindrun.h"
#include "scanarguments.h"
#include "scanreport.h"

#include <cstdio>

namespace dm {

namespace {

// The options of `scan` and how they are read: the command's and parseScanArguments' alike.
void addScanOptions(QCommandLineParser& p)
{
    p.setApplicationDescription(QStringLiteral(
        "Surface scan: the read rate at N positions spread evenly from the start to the end of a block\n"
        "device, and the access time of random 4 KiB reads across it (O_DIRECT). Reading only, unless\n"
        "--write-back --allow-destructive on an unmounted device: each sample is then written back with\n"
        "the data just read, to time writes too (a crash or power cut during it can lose that data)."));
    p.addPositionalArgument(QStringLiteral("scan"), QStringLiteral("The command."), QStringLiteral("scan"));
    p.addPositionalArgument(QStringLiteral("DEVICE"), QStringLiteral("A block device, e.g. /dev/sdb."));
    p.addOptions(withDefaultsShown({
        { QStringLiteral("samples"), QStringLiteral("Read-rate samples, 1-100000."), QStringLiteral("N"),
            QStringLiteral("100") },
        { QStringLiteral("sample-size"), QStringLiteral("Bytes per sample, 4KiB-256MiB."), QStringLiteral("SIZE"),
            QStringLiteral("10MiB") },
        { QStringLiteral("access-samples"), QStringLiteral("Random 4 KiB reads for the access time, 0-100000."),
            QStringLiteral("N"), QStringLiteral("1000") },
        { QStringLiteral("write-back"),
            QStringLiteral("Also write each sample back (needs --allow-destructive and an unmounted device).") },
    }));
    addCommonOptions(p, QStringLiteral("Agree to --write-back on this device."));
}

Result<ScanRequest> readScanOptions(const QCommandLineParser& p)
{
    ScanRequest req;
    req.target = p.positionalArguments().at(1).toStdString();
    auto samples = intOption(p, QStringLiteral("samples"), 1, kMaxScanSamples);
    auto access = intOption(p, QStringLiteral("access-samples"), 0, kMaxScanSamples);
    auto size = sizeOption(p, QStringLiteral("sample-size"), 4 * KiB, kMaxScanSampleSize);
    for (const Error* e : { samples ? nullptr : &samples.error(), access ? nullptr : &access.error(),
             size ? nullptr : &size.error() })
        if (e)
            return *e;
    req.samples = uint32_t(*samples);
    req.accessSamples = uint32_t(*access);
    req.sampleSize = *size;
    if (req.sampleSize < 4 * KiB || req.sampleSize % (4 * KiB) != 0 || req.sampleSize > kMaxScanSampleSize)
        return usageError(QStringLiteral("--sample-size must be a multiple of 4 KiB from 4KiB to 256MiB (got '%1')")
                              .arg(p.value(QStringLiteral("sample-size")))
                              .toStdString());
    req.writeBack = p.isSet(QStringLiteral("write-back"));
    return req;
}

int runScanCommand(const QStringList& arguments)
{
    QCommandLineParser p;
    addScanOptions(p);
    if (auto done = parseSubcommand(p, arguments, QStringLiteral("scan")))
        return *done;

    auto read = readScanOptions(p);
    auto common = readCommonOptions(p);
    for (const Error* e : { read ? nullptr : &read.error(), common ? nullptr : &common.error() })
        if (e) {
            printError(QString::fromStdString(e->message));
            return kExitUsage;
        }
    ScanRequest req = *read;
    if (auto done = prepareKind(*common, req, req.writeBack))
        return *done;

    ProgressLine progress(common->quiet);
    ScanCallbacks cb;
    progress.attach(cb);
    return runKind(
        *common, req.target,
        [&] { return runSurfaceScan(req, cb, cliCancelFlag()); },
        KindOutput<ScanReport> { formatScanJson, formatScanCsv, formatScanText,
            [](const ScanReport& r) {
                return r.result.samples.empty() && r.result.access.empty()
                    ? QStringLiteral("interrupted before any sample was read: the reports hold no samples")
                    : QStringLiteral("interrupted: the samples read so far are reported");
            },
            QStringLiteral("the scan stopped: %1") });
}

} // namespace

Result<ScanRequest> parseScanArguments(const QStringList& arguments)
{
    QCommandLineParser p;
    addScanOptions(p);
    if (!p.parse(arguments))
        return usageError(p.errorText().toStdString());
    if (p.positionalArguments().size() != 2)
        return usageError("give the command and one DEVICE");
    return readScanOptions(p);
}

const CliCommand& scanCommand()
{
    static const CliCommand command { "scan", runScanCommand, "DEVICE", "read a block device end to end (surface scan)" };
    return command;
}

} // namespace dm
