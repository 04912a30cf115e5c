// SPDX-License-Identifier: GPL-3.0-or-later
#include "clicommands.h"
#include "filesarguments.h"
#include "filesreport.h"
#include "kindrun.h"

#include <algorithm>

namespace dm {

namespace {

    // The options of `files` and how they are read: the command's and parseFilesArguments' alike.
    void addFilesOptions(QCommandLineParser& p)
    {
        p.setApplicationDescription(QStringLiteral(
            "Small files: how many files a second the filesystem on the drive creates, stats, reads and deletes,\n"
            "as bonnie++ -n and fs_mark measure it. TARGET_DIR a folder on the drive: the files are made in one\n"
            "folder of the test's own there (.diskometer-PID-XXXXXXXX.dir), in --dirs subfolders, and removed\n"
            "however the test ends. Phases, each timed on its own: create (write and close), stat in a random\n"
            "order, read in a random order (their cached pages dropped first, so the reads reach the drive;\n"
            "on tmpfs nothing can be dropped and the report says so), delete.\n"
            "Exit status: 0 every phase ran, 1 a phase stopped by an error (a full filesystem: the phase and\n"
            "the files done are named), 2 bad usage or an unusable target, 130 interrupted."));
        p.addPositionalArgument(QStringLiteral("files"), QStringLiteral("The command."), QStringLiteral("files"));
        p.addPositionalArgument(QStringLiteral("TARGET_DIR"), QStringLiteral("A folder on the drive to test."));
        p.addOptions(withDefaultsShown({
            { QStringLiteral("files"), QStringLiteral("How many files, 1-%1.").arg(kMaxFiles), QStringLiteral("N"),
                QString::number(kDefaultFiles) },
            { QStringLiteral("file-size"), QStringLiteral("Each file's size, from 0 to 1MiB."), QStringLiteral("SIZE"),
                QStringLiteral("4KiB") },
            { QStringLiteral("dirs"), QStringLiteral("Subfolders the files are spread over, 1 to --files."),
                QStringLiteral("N"), QString::number(kDefaultDirs) },
            { QStringLiteral("sync"),
                QStringLiteral("none (the page cache's creates count), file (fsync after every file, as fs_mark "
                               "does) or end (one syncfs at the end of the create phase, in its time)."),
                QStringLiteral("WHEN"), QStringLiteral("end") },
        }));
        addCommonOptions(p, QStringLiteral("Not used: the small-file test only makes and removes its own files."));
    }

    Result<FilesRequest> readFilesOptions(const QCommandLineParser& p)
    {
        FilesRequest req;
        req.target = p.positionalArguments().at(1).toStdString();
        auto files = intOption(p, QStringLiteral("files"), 1, kMaxFiles);
        if (!files)
            return files.error();
        req.files = uint32_t(*files);
        auto size = sizeOption(p, QStringLiteral("file-size"), 0, kMaxFileSize);
        if (!size)
            return size.error();
        req.fileSize = *size;
        auto dirs = intOption(p, QStringLiteral("dirs"), 1, kMaxDirs);
        if (!dirs)
            return dirs.error();
        // Left out, it is the default or one folder per file, whichever is fewer: --files 4 alone runs.
        req.dirs = p.isSet(QStringLiteral("dirs")) ? uint32_t(*dirs) : std::min(kDefaultDirs, req.files);
        const QString syncName = p.value(QStringLiteral("sync"));
        const auto sync = filesSyncNamed(syncName.toStdString());
        if (!sync)
            return usageError(
                "unknown --sync '" + syncName.toStdString() + "': use none, file (fsync every file) or end (one syncfs)");
        req.sync = *sync;
        return req;
    }

    // `files TARGET_DIR`: 0 every phase done, 1 a phase stopped by an error (a full filesystem),
    // 2 usage or an unusable target, 130 interrupted. The files are removed in every case.
    int runFilesCommand(const QStringList& arguments)
    {
        QCommandLineParser p;
        addFilesOptions(p);
        if (auto done = parseSubcommand(p, arguments, QStringLiteral("files")))
            return *done;

        auto common = readCommonOptions(p);
        auto read = readFilesOptions(p);
        for (const Error* e : { common ? nullptr : &common.error(), read ? nullptr : &read.error() })
            if (e) {
                printError(QString::fromStdString(e->message));
                return kExitUsage;
            }
        FilesRequest req = *read;
        if (auto done = prepareKind(*common, req, true))
            return *done;

        ProgressLine progress(common->quiet);
        RunEvents events;
        progress.attach(events);
        return runKind(
            *common, req.target, [&] { return runSmallFiles(req, events, cliCancelFlag()); },
            KindOutput<FilesReport> { formatFilesJson, formatFilesCsv, formatFilesText,
                [](const FilesReport& r) {
                    return r.result.phase(FilesPhaseId::Create).files == 0
                        ? QStringLiteral("interrupted before any file was made; nothing is left behind")
                        : QStringLiteral("interrupted: the phases done so far are reported; the files are removed");
                },
                QStringLiteral("the small-file test stopped: %1; the files made are removed") });
    }

} // namespace

Result<FilesRequest> parseFilesArguments(const QStringList& arguments)
{
    QCommandLineParser p;
    addFilesOptions(p);
    if (!p.parse(arguments))
        return usageError(p.errorText().toStdString());
    if (p.positionalArguments().size() != 2)
        return usageError("give the command and one TARGET_DIR");
    return readFilesOptions(p);
}

const CliCommand& filesCommand()
{
    static const CliCommand command { "files", runFilesCommand, "TARGET_DIR",
        "small-file rates: files created, stat'd, read and deleted a second (as bonnie++ -n)" };
    return command;
}

} // namespace dm
