// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fioremote.h"
#include "hostsrun.h"

#include <QByteArray>
#include <QStringList>

class QCommandLineParser;

namespace dm {

// `diskometer-cli remote HOST[:PORT]:PATH... [grid options] [--together] [reports]` (issue 17).
int runRemoteCommand(const QStringList& arguments);
// The same command with ssh:// hosts (issue 31, sshremote.h): Diskometer itself on each host.
// `remoteAt` is the index of the "remote" word in `arguments`.
int runSshRemoteCommand(const QStringList& arguments, qsizetype remoteAt);

// The same command with both kinds of host (hostsrun.h): the grid only, with the options of
// `remote`'s parser `p` (fio's, plus --kind), already parsed.
int runMixedRemoteCommand(const QCommandLineParser& p, const QString& program);
// The grid that `remote`'s options say (--profile, --tests, --count...: parseCliOptions), with
// --together, --allow-destructive and --comment; hosts empty. A --kind other than grid is refused.
Result<RemoteRequest> remoteGridRequest(const QCommandLineParser& p, const QString& program);
// The first word of `words` that is a fio server's HOST[:PORT]:PATH (not an option or its value),
// or empty: whether `remote` with ssh:// hosts has fio servers too.
QString fioHostAmong(const QStringList& words);

// Stores each host's run in the history (fio's and ssh's hosts alike), sets each record's id so
// the table names the runs by it, and says which ids on stderr unless `quiet`; a history that
// cannot be written is said, and the reports still go out.
void storeHostRuns(std::vector<HistoryRecord>& records, bool quiet);
// remote's report outputs, checked before anything connects: at most one goes to stdout ("-"),
// and each file can be written (checkOutputPath). The error says which and what to do.
Status checkRemoteOutputs(const QString& json, const QString& markdown, const QString& text, const QString& html);

// One host's part of the --markdown and --text reports, whatever its transport: its heading
// ("HOST:PATH"), its report (fio's figures as our tests, or its own kind's report of the run it
// sent) and why it failed.
QString hostReportSection(
    const QString& where, const Report* fioReport, const HistoryInput* run, const QString& error, bool markdown);

// The status line while hosts run, whatever their transport: "pi4.lan: running 40% · nas: waiting"
// (a fraction where the transport knows one: fio's).
struct HostStatus {
    HostState state = HostState::Waiting;
    std::optional<double> fraction;
};
QString hostsStatusLine(const QStringList& names, const std::vector<HostStatus>& hosts);

// What stderr says after a host's run, fio's or ssh's alike: its error, each test fio's report
// has failing, and a test file the host may still hold.
void printHostProblems(const QString& host, const QString& error, const Report* fioReport, const QString& leftover);

// The --json report of a remote run: diskometer.remote/1, each host with its figures (the
// comparison's cells) and fio's own JSON for it, so nothing fio said is lost.
inline constexpr char kRemoteSchema[] = "diskometer.remote/1";
QByteArray formatRemoteJson(const RemoteOutcome& outcome, const Comparison& comparison, bool together);

} // namespace dm
