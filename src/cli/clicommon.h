// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engineselect.h"
#include "error.h"
#include "reportheader.h"

#include <QByteArray>
#include <QCommandLineParser>
#include <QString>

#include <atomic>
#include <optional>

namespace dm {

// What every diskometer-cli command shares: the cancel flag Ctrl-C, SIGTERM and SIGHUP set, the
// one-line error, writing a report to a file or stdout, and the exit codes (see --help).
inline constexpr int kExitOk = 0, kExitTestError = 1, kExitUsage = 2, kExitInterrupted = 130;

std::atomic<bool>& cliCancelFlag();
void installSignalHandlers();
bool interruptedBySignal();
// --check-options (hidden, taken out in main.cpp): a kind's command ends with exit 0 once its
// options are read and their values checked (prepareKind), before its target is looked at.
// `remote ssh://` checks what it passes on to the hosts this way, before any connection.
bool& checkOptionsOnly();

void printError(const QString& message);
// "" = not asked; "-" = stdout; else a file, as writeReportFile writes it (never replacing a
// device). Every write is checked: prints the error naming the file and returns false.
bool writeOutput(const QString& path, const QByteArray& data);
// An output path must be writable before a run of minutes starts, not after: checked by
// checkReportPath, which opens it as it will be opened.
Status checkOutputPath(const QString& option, const QString& path);
// The last thing main() does: flushes and closes stdout, and turns exit 0 into 1 (with a
// message) when that fails, so `history list > /dev/full` does not pass as done.
int finishStandardOutput(int exitCode);

// A whole number option in [lo, hi], or an error naming it.
Result<qint64> intOption(const QCommandLineParser& p, const QString& name, qint64 lo, qint64 hi);
// A size option ("10MiB", "4KiB", "8GiB", "500MB") in [lo, hi], or an error naming it and the range.
Result<uint64_t> sizeOption(
    const QCommandLineParser& p, const QString& name, uint64_t lo = 1, uint64_t hi = UINT64_MAX);
// "from 16MiB to 64GiB", "at least 16MiB": a size option's range as its messages name it.
QString sizeRange(uint64_t lo, uint64_t hi);
Result<EngineKind> engineOption(const QCommandLineParser& p);
// --html FILE: every command that writes reports has it, worded once.
QCommandLineOption htmlOptionSpec();
// --stall-timeout SECONDS: 1-3600, or 0 (the default) for the device's own command timeout.
QCommandLineOption stallTimeoutOptionSpec();
Result<double> stallTimeoutOption(const QCommandLineParser& p);
// Before the program ends: when a stalled device still holds I/O, says so on stderr (what the
// kernel keeps, what the user can do) and makes sure the exit does not wait for it (heldio.h).
void reportHeldIoAtExit();

// The options every other-test command takes: --json, --csv, --quiet, --engine,
// --allow-destructive, --comment. The text summary goes to stdout unless a report does.
struct CommonOptions {
    QString jsonOut, csvOut, htmlOut;
    bool textToStdout = true;
    bool quiet = false;
    bool allowDestructive = false;
    EngineKind engine = kDefaultEngine;
    double stallTimeoutSeconds = 0; // --stall-timeout; 0 = the device's own command timeout
    QString comment;
    bool storeHistory = true; // --no-history turns it off
};
void addCommonOptions(QCommandLineParser& p, const QString& allowDestructiveHelp);
// The options with " Default: X." after their description where they have a default value
// (QCommandLineParser's help leaves defaults out), for every command's --help.
QList<QCommandLineOption> withDefaultsShown(QList<QCommandLineOption> options);
Result<CommonOptions> readCommonOptions(const QCommandLineParser& p);

// Parses a subcommand's arguments: the exit code when it is done already (--help, bad usage,
// printed; kNotThisCommand when the command's word was an option's value), nothing when the
// command should go on. Exactly one positional TARGET is required.
std::optional<int> parseSubcommand(QCommandLineParser& p, const QStringList& arguments, const QString& command);

// A block device this user may not open is opened through UDisks2 (as for a run); -1 when not
// needed. The message, if any, is printed.
Result<int> openThroughUdisksIfNeeded(const std::string& target, bool writes, bool allowDestructive);

// Tool, date, system and target for a report made now of `target`.
// The reports of a finished scan, sustained write or sweep, made by its own formatters.
struct OtherReports {
    QByteArray json, csv;
    QString text;
};
// Writes what the options ask for (JSON, CSV, the text summary on stdout) and stores the run in
// the history unless --no-history or it was stopped (a stopped test is not finished). False when
// a report could not be written (the error is printed).
// The web page of a report document (htmlreport.h) to `path` (- = stdout; nothing when empty).
// False, with the reason printed, when it cannot be made or written.
bool writeHtmlOutput(const QString& path, const QByteArray& json, const QString& comment = {}, const QString& schema = {});

bool writeOtherReports(const CommonOptions& common, const OtherReports& reports, const QDateTime& date, bool cancelled);

// Progress on a terminal: one line redrawn in place; nothing when stderr is not a terminal.
class StatusLine {
public:
    explicit StatusLine(bool quiet);
    void show(const QString& text);
    void clear();
    bool active() const { return m_active; }

private:
    bool m_active;
    bool m_drawn = false;
};

} // namespace dm
