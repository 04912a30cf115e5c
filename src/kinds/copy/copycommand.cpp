// SPDX-License-Identifier: GPL-3.0-or-later
#include "clicommands.h"
#include "copyarguments.h"
#include "copyreport.h"
#include "kindrun.h"

namespace dm {

namespace {

// The options of `copy` and how they are read: the command's and parseCopyArguments' alike.
void addCopyOptions(QCommandLineParser& p)
{
    p.setApplicationDescription(QStringLiteral(
        "Copy test, after AS SSD's: three sets of files of random data are made in TARGET (a folder on the\n"
        "drive), one at a time: ISO (2 large files), Program (many small files in many folders) and Game\n"
        "(a mix), in AS SSD's proportions and scaled to --size. Each set is synced and its cached pages\n"
        "dropped, then copied to a new folder on the same filesystem with read() and write() through a\n"
        "1 MiB buffer (never a clone or copy_file_range), timed until one syncfs() has put the copy on the\n"
        "drive; then both are removed. The MB/s of each set is its bytes over that time.\n"
        "Everything is made under one folder .diskometer-PID-XXXXXXXX.dir in TARGET and removed however\n"
        "the test ends; what a killed run left is removed by the next run.\n"
        "Exit status: 0 all three sets copied, 1 an I/O error or a full filesystem stopped the test,\n"
        "2 bad usage or not enough free space (twice the largest set, checked before anything is written),\n"
        "130 interrupted."));
    p.addPositionalArgument(QStringLiteral("copy"), QStringLiteral("The command."), QStringLiteral("copy"));
    p.addPositionalArgument(QStringLiteral("TARGET"), QStringLiteral("A folder on the drive to test."));
    p.addOptions({
        { QStringLiteral("size"),
            QStringLiteral("Bytes of the three sets together, 16MiB to 64GiB (default: 1GiB)."), QStringLiteral("SIZE") },
        { QStringLiteral("seed"),
            QStringLiteral("The sets' file sizes, folders and data (default: a fresh one, recorded in the JSON)."),
            QStringLiteral("N") },
    });
    addCommonOptions(p, QStringLiteral("Not used: the copy test only makes and removes its own files."));
}

Result<CopyRequest> readCopyOptions(const QCommandLineParser& p)
{
    CopyRequest req;
    req.target = p.positionalArguments().at(1).toStdString();
    if (p.isSet(QStringLiteral("size"))) {
        auto size = sizeOption(p, QStringLiteral("size"), kMinCopySize); // the message names the range
        if (!size)
            return size.error();
        req.size = *size;
    }
    if (p.isSet(QStringLiteral("seed"))) {
        bool ok = false;
        req.seed = p.value(QStringLiteral("seed")).toULongLong(&ok);
        if (!ok || req.seed == 0)
            return usageError(QStringLiteral("--seed must be a whole number from 1 to 18446744073709551615 (got '%1')")
                                  .arg(p.value(QStringLiteral("seed")))
                                  .toStdString());
    }
    return req;
}

// `copy TARGET`: 0 all three sets copied, 1 an I/O error or a full filesystem stopped it, 2 usage
// or not enough free space (nothing written), 130 interrupted.
int runCopyCommand(const QStringList& arguments)
{
    QCommandLineParser p;
    addCopyOptions(p);
    if (auto done = parseSubcommand(p, arguments, QStringLiteral("copy")))
        return *done;

    auto common = readCommonOptions(p);
    auto read = readCopyOptions(p);
    for (const Error* e : { common ? nullptr : &common.error(), read ? nullptr : &read.error() })
        if (e) {
            printError(QString::fromStdString(e->message));
            return kExitUsage;
        }
    CopyRequest req = *read;
    if (auto done = prepareKind(*common, req, true))
        return *done;

    ProgressLine progress(common->quiet);
    RunEvents events;
    progress.attach(events);
    return runKind(
        *common, req.target, [&] { return runCopyBench(req, events, cliCancelFlag()); },
        KindOutput<CopyReport> { formatCopyJson, formatCopyCsv, formatCopyText,
            [](const CopyReport& r) {
                for (const CopySetResult& s : r.result.sets)
                    if (s.done)
                        return QStringLiteral("interrupted: the sets copied so far are reported; the test's files are "
                                              "removed");
                return QStringLiteral("interrupted before any set was copied; the test's files are removed");
            },
            QStringLiteral("the copy test stopped: %1") });
}

} // namespace

Result<CopyRequest> parseCopyArguments(const QStringList& arguments)
{
    QCommandLineParser p;
    addCopyOptions(p);
    if (!p.parse(arguments))
        return usageError(p.errorText().toStdString());
    if (p.positionalArguments().size() != 2)
        return usageError("give the command and one TARGET");
    return readCopyOptions(p);
}

const CliCommand& copyCommand()
{
    static const CliCommand command { "copy", runCopyCommand, "TARGET",
        "copy sets of files on the drive, as AS SSD's copy benchmark (ISO, Program, Game)" };
    return command;
}

} // namespace dm
