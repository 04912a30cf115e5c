// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fioremote.h"
#include "sshremote.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <atomic>
#include <functional>
#include <optional>
#include <vector>

namespace dm {

// The grid on a list of hosts of both kinds (issues 17 and 31), as given and in that order:
// ssh://[USER@]HOST[:PORT]/PATH runs Diskometer itself over SSH (sshremote.h: runOverSsh), and
// HOST[:PORT]:PATH runs fio's job on fio's server there (fioremote.h: runOnHosts). The one place
// the window's Run on Hosts and `diskometer-cli remote` with both kinds go through: one request,
// one progress, one outcome whose hosts are in the order given, each with its run for the history
// and its record for buildComparison.
//
// The fio servers run first (in turn, or at once with `together`), then the ssh hosts; a stop
// ends whichever is running and the rest does not start. `together` with both kinds is refused
// (checkHostsRequest): fio's client starts its servers itself, the ssh hosts start at a barrier
// over their connections, and the two cannot start at the same moment.

enum class HostTransport { FioServer, Ssh };

// A host as given: one of the two, with its name as the history keeps it.
struct HostSpec {
    HostTransport transport = HostTransport::FioServer;
    RemoteHost fio; // for FioServer
    SshHost ssh; // for Ssh
    QString name() const { return transport == HostTransport::Ssh ? ssh.name() : fio.name(); }
    QString path() const { return transport == HostTransport::Ssh ? ssh.path : fio.path; }
    // "name:path" for tables: where the test runs.
    QString where() const { return name() + QLatin1Char(':') + path(); }
};

// One spec: ssh:// for Diskometer over SSH, anything else fio's HOST[:PORT]:PATH. The usage
// error is the parser's, which names the spec and what to write.
Result<HostSpec> parseHostSpec(const QString& spec);
Result<std::vector<HostSpec>> parseHostSpecs(const QStringList& specs);

struct HostsRequest {
    std::vector<HostSpec> hosts; // in the order given
    // The grid: tests, settings, together, allowDeviceWrites, comment, fioProgram (hosts: none,
    // filled from `hosts` for the fio servers).
    RemoteRequest grid;
    // What the ssh hosts run: the grid (the default; fio's servers run nothing else), or another
    // kind of sshKinds() on the ssh:// hosts only (the window's Run on Hosts from that kind's tab).
    QString kind = QStringLiteral("grid");
    // The kind's options for the ssh hosts. For the grid, empty: gridCliArguments(grid) (the
    // window); the CLI passes the user's own grid options, checked by parseCliOptions first. For
    // another kind, that kind's (its page's settings, said by the kind's own KINDCliArguments).
    QStringList sshArguments;
    QString localVersion; // this build's, "0.1.0" (what an ssh host must run)
    QStringList ssh; // empty: sshCommand()
};

// Bad usage before anything runs: no host, a host twice, `together` with both kinds, a kind
// other than the grid with a fio server listed, the fio servers' own checks (checkRemoteRequest).
Status checkHostsRequest(const HostsRequest& request);

enum class HostState { Waiting, Checking, Running, CleaningUp, Done, Failed };
// Each transport's own states as the one list (fio's has CleaningUp, ssh's has not), and the
// English word the CLI's status line shows for each (the window has its translated words).
HostState hostStateOf(RemoteHostState state);
HostState hostStateOf(SshHostState state);
const char* hostStateWord(HostState state);

struct HostRun {
    HostSpec host;
    HostState state = HostState::Waiting;
    QString version; // what the host runs, where known: an ssh host's Diskometer, "0.1.0"
    QString error; // why the host has no complete result; empty when it has one
    QString leftover; // a fio server's test file that may remain (fioremote.h)
    std::optional<HistoryInput> run; // what the history stores: kind grid, this host
    std::optional<Report> fioReport; // a fio server's figures as our tests (text and Markdown)
    bool testFailed = false; // the run came back with a test that failed there
    bool complete() const { return run.has_value() && error.isEmpty(); }
};

struct HostsOutcome {
    std::vector<HostRun> hosts; // in the order given
    QString fioVersion; // this machine's fio, when a fio server was in the list
    std::vector<SshBarrier> barriers; // ssh:// hosts only, together: their barriers (sshremote.h)
    QString error; // nothing could run: no host could (each host's error says why)
    bool interrupted = false;
    // 0 every host ran every test, 1 a host or a test failed, 2 nothing could run, 130 stopped.
    int exitCode() const;
    // The hosts that finished, in order, as stored runs for buildComparison (ids 0 until stored).
    std::vector<HistoryRecord> records() const;
};

struct HostsProgress {
    size_t host = 0; // index into HostsRequest::hosts
    HostState state = HostState::Waiting;
    std::optional<double> fraction; // of this host's run; empty where unknown (an ssh host's)
    QString message; // the error, for Failed
};
using HostsProgressFn = std::function<void(const HostsProgress&)>;

// Blocking: call it off the GUI thread, as runOnHosts and runOverSsh.
HostsOutcome runHosts(const HostsRequest& request, const HostsProgressFn& progress, const std::atomic<bool>& cancel);

} // namespace dm
