// SPDX-License-Identifier: GPL-3.0-or-later
// diskometer-cli: runs a profile on a target with the engine and writes the reports.
#include "clicommands.h"
#include "clicommon.h"
#include "clioptions.h"
#include "driveline.h"
#include "historycommand.h"
#include "jsonreport.h"
#include "markdownreport.h"
#include "progressline.h"
#include "remotestdin.h"
#include "reportfile.h"
#include "runheader.h"
#include "signatures.h"
#include "stalltimeout.h"

#include "targetinfo.h"
#include "targetinuse.h"
#include "textreport.h"
#include "udisksaccess.h"

#include <QCoreApplication>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <sys/stat.h>
#include <unistd.h>

namespace {

using dm::printError;
using dm::writeOutput;

int runCommand(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("diskometer-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(DM_VERSION));

    // `targets` has options of its own (--json there means "print JSON", not "write to FILE").
    // So do the other tests (issue 6), `history` and `fio-job` (which takes the run options but
    // prints a job file): each command parses its own options. Options may stand before the
    // command as well as after it (`--quiet scan DEV`), as the usage lines say.
    if (const int code = dm::runNamedCommand(QCoreApplication::arguments()); code != dm::kNotThisCommand)
        return code;

    auto parsed = dm::parseCliOptions(QCoreApplication::arguments());
    if (!parsed) {
        printError(QString::fromStdString(parsed.error().message));
        return 2;
    }
    dm::CliOptions& opt = *parsed;
    if (opt.showHelp) {
        std::fputs(opt.helpText.toLocal8Bit().constData(), stdout);
        return 0;
    }
    if (opt.showVersion) {
        // The engines that work on this machine, not merely the ones built in.
        std::string engines;
        for (const dm::EngineKind e : dm::availableEngines())
            engines += (engines.empty() ? "" : ", ") + std::string(dm::engineName(e));
        std::printf("diskometer-cli %s (%s)\n", DM_VERSION, engines.c_str());
        std::printf("default engine: %s\n", dm::engineName(dm::kDefaultEngine));
        if (std::string why; !dm::ioUringAvailable(&why))
            std::printf("io_uring: not available (%s)\n", why.c_str());
        return 0;
    }

    dm::installSignalHandlers();
    dm::Report report;
    report.profile = opt.profile;
    report.preset = opt.preset;
    report.mode = opt.mode;
    report.mixReadPercent = opt.mixReadPercent;

    dm::ProgressLine progress(opt.quiet);
    dm::RunCallbacks callbacks;
    progress.attach(callbacks);
    // A raw device this user may not open: UDisks2 opens it once polkit agrees.
    if (auto udisks = dm::openTargetThroughUdisks(opt.request); !udisks) {
        printError(QString::fromStdString(udisks.error().message));
        return 2;
    } else if (!udisks->isEmpty())
        printError(*udisks);
    // Said loudly before anything is written, whatever --quiet says: the write cannot be undone.
    const auto& tests = opt.request.tests;
    const bool writes = std::any_of(tests.begin(), tests.end(), [](const auto& t) { return t.writes(); });
    // Not for a target something else uses: the run refuses it, and "will destroy" would be false.
    if (opt.request.allowDestructive && writes && !dm::writeTargetInUse(opt.request.target)) {
        // Bounded: a device that does not answer must not hold the program before its run starts.
        struct stat st { };
        const uint64_t device = ::stat(opt.request.target.c_str(), &st) == 0 ? uint64_t(st.st_rdev) : 0;
        const auto timeout = dm::stallTimeoutFor(opt.request.stallTimeoutSeconds, device);
        const auto found = opt.request.fd >= 0
            ? dm::findSignaturesWithin(opt.request.fd, timeout, dm::cliCancelFlag())
            : dm::findSignaturesOfUnusedDeviceWithin(opt.request.target, timeout, dm::cliCancelFlag());
        if (!found) {
            if (dm::interruptedBySignal()) {
                printError(QStringLiteral("interrupted"));
                return 130;
            }
            printError(QStringLiteral("%1 did not answer the read of its first sectors within %2 s (the stall "
                                      "timeout; --stall-timeout changes it). It may have hung or been removed")
                           .arg(QString::fromStdString(opt.request.target))
                           .arg(std::chrono::duration<double>(timeout).count()));
            return 1;
        }
        const auto& names = *found;
        if (!names.empty())
            std::fprintf(stderr, "WARNING: %s holds %s; --allow-destructive will destroy %s\n",
                opt.request.target.c_str(), dm::signatureList(names).c_str(), names.size() == 1 ? "it" : "them");
    }
    dm::setPowerHoldEnabled(opt.powerHold);
    dm::setSerialShown(opt.showSerial);
    // Sampled before the run: afterwards the run's own I/O would look like someone else's.
    const dm::RunHeaderProbe probe(QString::fromStdString(opt.request.target));
    auto run = dm::runTests(opt.request, callbacks, dm::cliCancelFlag());
    if (!run) {
        if (run.error().kind == dm::Error::Kind::Cancelled || dm::interruptedBySignal()) {
            printError(QStringLiteral("interrupted"));
            return 130;
        }
        printError(QString::fromStdString(run.error().message));
        return 2;
    }
    report.run = std::move(*run);
    // Described after the run: free space and the like as they were while it ran.
    report.header() = probe.finish(report.run, opt.comment, report.run.fastest);

    bool written = true;
    written &= writeOutput(opt.textOut, dm::formatText(report, opt.crlf).toUtf8());
    const QByteArray json = dm::formatJson(report);
    written &= writeOutput(opt.jsonOut, json);
    written &= writeOutput(opt.markdownOut, dm::formatMarkdown(report).toUtf8());
    written &= dm::writeHtmlOutput(opt.htmlOut, json);

    if (report.run.cancelled) {
        // The reports went where they were asked to (a file, stdout): say how much they hold.
        if (report.run.tests.empty())
            printError(QStringLiteral("interrupted before any test finished: the reports hold no results"));
        else
            printError(QStringLiteral("interrupted: the reports hold the %1 of %2 tests that finished")
                           .arg(report.run.tests.size())
                           .arg(opt.request.tests.size()));
        return 130;
    }
    // A finished run goes into the history (an interrupted one is not finished). Failing to
    // store it does not change the exit code: the run and its reports are complete, and stderr
    // says where its JSON was kept instead.
    if (opt.storeHistory)
        dm::storeRunInHistory(report, opt.quiet);
    for (const auto& t : report.run.tests)
        if (t.error) {
            printError(
                QStringLiteral("%1 %2 failed: %3")
                    .arg(QString::fromStdString(dm::rowName(t.spec.row)),
                        QString::fromLatin1(dm::directionName(t.spec.direction)), QString::fromStdString(*t.error)));
        }
    for (const auto& t : report.run.tests)
        if (t.error)
            return 1;
    return written ? 0 : 1;
}

} // namespace

// Every command's output on stdout is checked once more as the program ends (clicommon.h). A
// device that stopped answering may still hold I/O: say so, and do not let the exit wait for it.
int main(int argc, char** argv)
{
    // `remote ssh://` (sshremote.h) runs every command with these hidden options (remotestdin.h):
    // a run stops as on Ctrl-C when its standard input closes (the connection went, or the
    // driving machine stopped), so no run outlives its connection; and with --together it waits
    // for the other hosts before each timed item. Taken out here, so every command has them.
    // --check-options (clicommon.h) is the same kind of option, for `remote ssh://` here.
    bool stopOnEof = false, barrier = false;
    for (int i = 1; i < argc;) {
        bool* flag = std::strcmp(argv[i], "--stop-on-stdin-eof") == 0 ? &stopOnEof
            : std::strcmp(argv[i], "--together-barrier") == 0         ? &barrier
            : std::strcmp(argv[i], "--check-options") == 0            ? &dm::checkOptionsOnly()
                                                                      : nullptr;
        if (!flag) {
            ++i;
            continue;
        }
        *flag = true;
        std::memmove(argv + i, argv + i + 1, sizeof(char*) * size_t(argc - i)); // with argv[argc]
        --argc;
    }
    dm::watchRemoteStdin(stopOnEof, barrier);
    const int code = dm::finishStandardOutput(runCommand(argc, argv));
    dm::reportHeldIoAtExit();
    return code;
}
