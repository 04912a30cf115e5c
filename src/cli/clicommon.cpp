// SPDX-License-Identifier: GPL-3.0-or-later
#include "clicommon.h"

#include "htmlreport.h"
#include "clicommands.h"
#include "historycommand.h"

#include "driveline.h"
#include "heldio.h"
#include "reportfile.h"
#include "stalltimeout.h"
#include "runner.h"
#include "systeminfo.h"
#include "targetinfo.h"
#include "udisksaccess.h"

#include <QFileInfo>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <cstdio>
#include <thread>
#include <unistd.h>

namespace dm {

namespace {
    std::atomic<bool> g_cancel { false };
    volatile std::sig_atomic_t g_signal = 0;

    extern "C" void onSignal(int sig)
    {
        g_signal = sig;
        g_cancel.store(true); // lock-free, so safe in a signal handler
    }
}

std::atomic<bool>& cliCancelFlag() { return g_cancel; }

bool& checkOptionsOnly()
{
    static bool only = false;
    return only;
}

void installSignalHandlers()
{
    struct sigaction sa { };
    sa.sa_handler = onSignal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0; // no SA_RESTART: a blocking call should notice
    sigaction(SIGINT, &sa, nullptr);
    sigaction(SIGTERM, &sa, nullptr);
    sigaction(SIGHUP, &sa, nullptr);
}

bool interruptedBySignal() { return g_signal != 0; }

void printError(const QString& message)
{
    std::fprintf(stderr, "diskometer-cli: %s\n", message.toLocal8Bit().constData());
}

bool writeOutput(const QString& path, const QByteArray& data)
{
    if (path.isEmpty())
        return true;
    if (path == QLatin1String("-")) {
        std::fwrite(data.constData(), 1, size_t(data.size()), stdout);
        if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
            printError(QStringLiteral("cannot write to standard output: %1").arg(QString::fromLocal8Bit(std::strerror(errno))));
            return false;
        }
        return true;
    }
    if (const QString error = writeReportFile(path, data); !error.isEmpty()) {
        printError(error);
        return false;
    }
    return true;
}

Status checkOutputPath(const QString& option, const QString& path)
{
    if (path.isEmpty() || path == QLatin1String("-"))
        return Ok {};
    if (const QString why = checkReportPath(path); !why.isEmpty())
        return usageError(QStringLiteral("--%1 %2").arg(option, why).toStdString());
    return Ok {};
}

int finishStandardOutput(int exitCode)
{
    // Output still in stdio's buffer (a listing printed with printf) fails only here, and a
    // full disk or a closed pipe behind a redirect may say so only at close.
    const bool failed = std::fflush(stdout) != 0 || std::ferror(stdout);
    const int error = errno;
    const bool closeFailed = std::fclose(stdout) != 0;
    if (failed || closeFailed) {
        printError(QStringLiteral("cannot write to standard output: %1")
                       .arg(QString::fromLocal8Bit(std::strerror(failed ? error : errno))));
        return exitCode == kExitOk ? kExitTestError : exitCode;
    }
    return exitCode;
}

Result<qint64> intOption(const QCommandLineParser& p, const QString& name, qint64 lo, qint64 hi)
{
    bool ok = false;
    const qint64 v = p.value(name).toLongLong(&ok);
    if (!ok || v < lo || v > hi)
        return usageError(QStringLiteral("--%1 must be a whole number from %2 to %3 (got '%4')")
                              .arg(name)
                              .arg(lo)
                              .arg(hi)
                              .arg(p.value(name))
                              .toStdString());
    return v;
}

QString sizeRange(uint64_t lo, uint64_t hi)
{
    if (hi == UINT64_MAX)
        return QStringLiteral("at least %1").arg(QString::fromStdString(sizeLabel(lo)));
    return QStringLiteral("from %1 to %2")
        .arg(QString::fromStdString(sizeLabel(lo)), QString::fromStdString(sizeLabel(hi)));
}

Result<uint64_t> sizeOption(const QCommandLineParser& p, const QString& name, uint64_t lo, uint64_t hi)
{
    const QString given = p.value(name);
    auto size = parseSize(given.toStdString());
    if (!size)
        return usageError(QStringLiteral("--%1: %2; it must be %3")
                              .arg(name, QString::fromStdString(size.error().message), sizeRange(lo, hi))
                              .toStdString());
    if (*size < lo || *size > hi)
        return usageError(
            QStringLiteral("--%1 must be %2 (got '%3')").arg(name, sizeRange(lo, hi), given).toStdString());
    return *size;
}

Result<EngineKind> engineOption(const QCommandLineParser& p)
{
    const QString engine = p.value(QStringLiteral("engine"));
    const auto kind = parseEngine(engine.toStdString());
    if (!kind)
        return usageError(QStringLiteral("unknown --engine '%1': use libaio or io_uring").arg(engine).toStdString());
    return *kind;
}

QCommandLineOption htmlOptionSpec()
{
    return { QStringLiteral("html"),
        QStringLiteral("Write the web page to FILE (- = stdout): one HTML file with the charts and tables, which "
                       "opens offline and imports back into the history."),
        QStringLiteral("FILE") };
}

QCommandLineOption stallTimeoutOptionSpec()
{
    return { QStringLiteral("stall-timeout"),
        QStringLiteral("Seconds without any completed I/O after which the device counts as stalled and the run "
                       "stops, 1-3600 (default: the device's own command timeout, 30 s where it has none)."),
        QStringLiteral("SECONDS"), QStringLiteral("0") };
}

Result<double> stallTimeoutOption(const QCommandLineParser& p)
{
    const QString text = p.value(QStringLiteral("stall-timeout"));
    bool ok = false;
    const double v = text.toDouble(&ok);
    if (!ok || !validStallTimeout(v))
        return usageError(QStringLiteral("--stall-timeout must be a number of seconds from 1 to 3600, or 0 for the "
                                         "device's own command timeout (got '%1')")
                              .arg(text.left(40))
                              .toStdString());
    return v;
}

void reportHeldIoAtExit()
{
    if (const std::string advice = releaseHeldIoAtExit(); !advice.empty())
        printError(QString::fromStdString(advice));
}

Result<int> openThroughUdisksIfNeeded(const std::string& target, bool writes, bool allowDestructive)
{
    RunRequest request;
    request.target = target;
    request.tests = { { {}, writes ? Direction::Write : Direction::Read, writes ? 0 : 100 } };
    request.allowDestructive = allowDestructive;
    auto opened = openTargetThroughUdisks(request);
    if (!opened)
        return opened.error();
    if (!opened->isEmpty())
        printError(*opened);
    return request.fd;
}

QList<QCommandLineOption> withDefaultsShown(QList<QCommandLineOption> options)
{
    for (QCommandLineOption& o : options)
        if (!o.defaultValues().isEmpty() && !o.description().contains(QLatin1String("default:")))
            o.setDescription(o.description() + QStringLiteral(" Default: %1.").arg(o.defaultValues().join(',')));
    return options;
}

void addCommonOptions(QCommandLineParser& p, const QString& allowDestructiveHelp)
{
    p.addOptions(withDefaultsShown({
        { QStringLiteral("json"), QStringLiteral("Write the JSON report to FILE (- = stdout)."),
            QStringLiteral("FILE") },
        { QStringLiteral("csv"), QStringLiteral("Write the samples as CSV to FILE (- = stdout)."),
            QStringLiteral("FILE") },
        htmlOptionSpec(),
        { QStringLiteral("engine"), QStringLiteral("I/O engine: libaio or io_uring."), QStringLiteral("NAME"),
            QString::fromLatin1(engineName(kDefaultEngine)) },
        stallTimeoutOptionSpec(),
        { QStringLiteral("allow-destructive"), allowDestructiveHelp },
        { QStringLiteral("comment"), QStringLiteral("A comment for the reports."), QStringLiteral("TEXT") },
        { QStringLiteral("quiet"), QStringLiteral("No progress on stderr.") },
        { QStringLiteral("no-power-hold"),
            QStringLiteral("Do not hold the performance power profile (power-profiles-daemon) while testing.") },
        { QStringLiteral("show-serial"),
            QStringLiteral("Put the drive's serial number in the reports (left out unless asked: it identifies the "
                           "drive, and reports get posted).") },
        { QStringLiteral("no-history"),
            QStringLiteral("Do not store the result in the history (see diskometer-cli history --help).") },
    }));
}

Result<CommonOptions> readCommonOptions(const QCommandLineParser& p)
{
    CommonOptions o;
    o.jsonOut = p.value(QStringLiteral("json"));
    o.csvOut = p.value(QStringLiteral("csv"));
    o.htmlOut = p.value(QStringLiteral("html"));
    if (int(o.jsonOut == QLatin1String("-")) + int(o.csvOut == QLatin1String("-")) + int(o.htmlOut == QLatin1String("-")) > 1)
        return usageError("only one report can go to stdout (-): write the others to files");
    for (const auto& [name, path] : { std::pair { QStringLiteral("json"), o.jsonOut },
             std::pair { QStringLiteral("csv"), o.csvOut }, std::pair { QStringLiteral("html"), o.htmlOut } })
        if (auto st = checkOutputPath(name, path); !st)
            return st.error();
    o.textToStdout = o.jsonOut != QLatin1String("-") && o.csvOut != QLatin1String("-") && o.htmlOut != QLatin1String("-");
    o.quiet = p.isSet(QStringLiteral("quiet"));
    o.allowDestructive = p.isSet(QStringLiteral("allow-destructive"));
    o.comment = p.value(QStringLiteral("comment"));
    o.storeHistory = !p.isSet(QStringLiteral("no-history"));
    setPowerHoldEnabled(!p.isSet(QStringLiteral("no-power-hold")));
    setSerialShown(p.isSet(QStringLiteral("show-serial")));
    auto engine = engineOption(p);
    if (!engine)
        return engine.error();
    o.engine = *engine;
    auto stall = stallTimeoutOption(p);
    if (!stall)
        return stall.error();
    o.stallTimeoutSeconds = *stall;
    return o;
}

std::optional<int> parseSubcommand(QCommandLineParser& p, const QStringList& arguments, const QString& command)
{
    const auto help = p.addHelpOption();
    // Positional arguments are collected also when an option is unknown: if the first is not the
    // command, the word was an option's value (`--comment scan`, `--tests X --comment scan`).
    const bool parsed = p.parse(arguments);
    const QStringList positional = p.positionalArguments();
    if (positional.isEmpty() || positional.first() != command)
        return kNotThisCommand;
    if (!parsed) {
        printError(p.errorText() + QStringLiteral(" (see %1 --help)").arg(command));
        return kExitUsage;
    }
    if (p.isSet(help)) {
        std::fputs(p.helpText().toLocal8Bit().constData(), stdout);
        return kExitOk;
    }
    if (positional.size() != 2) {
        printError(positional.size() < 2 ? QStringLiteral("%1 needs a TARGET (see %1 --help)").arg(command)
                                         : QStringLiteral("%1 takes one TARGET, got: %2")
                                               .arg(command, positional.mid(1).join(QLatin1Char(' '))));
        return kExitUsage;
    }
    return std::nullopt;
}

bool writeHtmlOutput(const QString& path, const QByteArray& json, const QString& comment, const QString& schema)
{
    if (path.isEmpty())
        return true;
    auto page = formatHtmlReport(json, comment, schema);
    if (!page) {
        printError(QStringLiteral("the web page was not written: %1").arg(QString::fromStdString(page.error().message)));
        return false;
    }
    return writeOutput(path, *page);
}

bool writeOtherReports(const CommonOptions& common, const OtherReports& reports, const QDateTime& date, bool cancelled)
{
    bool written = writeOutput(common.jsonOut, reports.json);
    if (common.storeHistory && !cancelled)
        storeDocumentInHistory(reports.json, date, common.quiet);
    written &= writeOutput(common.csvOut, reports.csv);
    written &= writeHtmlOutput(common.htmlOut, reports.json);
    if (common.textToStdout)
        written &= writeOutput(QStringLiteral("-"), reports.text.toUtf8());
    return written;
}
StatusLine::StatusLine(bool quiet)
    : m_active(!quiet && ::isatty(STDERR_FILENO))
{
}

void StatusLine::show(const QString& text)
{
    if (!m_active)
        return;
    std::fprintf(stderr, "\r\033[K%s", text.toLocal8Bit().constData());
    std::fflush(stderr);
    m_drawn = true;
}

void StatusLine::clear()
{
    if (m_drawn)
        std::fprintf(stderr, "\r\033[K");
    std::fflush(stderr);
    m_drawn = false;
}

} // namespace dm
