// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "historyentry.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <atomic>
#include <functional>
#include <optional>
#include <vector>

namespace dm {

// Diskometer itself on every host of a home lab, over SSH (issue 31): `remote ssh://HOST/PATH`
// runs `diskometer-cli KIND PATH ... --json -` on each host through the user's own OpenSSH
// (`ssh -o BatchMode=yes`: their keys, agent and ~/.ssh/config; a host that would ask for a
// password or a host key is an error naming it) and reads the host's JSON report back over the
// same connection. Nothing listens on a port and nothing is copied to a host.
//
// Before the run each host is asked `diskometer-cli --version` the same way: a host without it,
// or with a version that writes reports this build may not read, is named with what to install.
//
// Stop: the remote command gets --stop-on-stdin-eof (main.cpp), which stops its run as Ctrl-C
// does when its standard input closes. A stop here closes every ssh's stdin (ssh passes the EOF
// on), waits for the report of what was done, then kills ssh; a killed ssh closes the session,
// which closes the remote stdin too. So no remote process outlives the run.

// One host as `remote` takes it: ssh://[USER@]HOST[:PORT]/PATH, an IPv6 address in brackets
// (ssh://[fd00::2]:2222/srv/dm). PATH is absolute on that host.
struct SshHost {
    QString user; // empty: ssh's own choice (~/.ssh/config, then this user's name)
    QString host; // "pi4.lan", "192.168.1.20", "::1" (no brackets)
    int port = 0; // 0: ssh's own choice
    QString path;

    bool isIpv6() const { return host.contains(QLatin1Char(':')); }
    // What the user and the history call the host: "[USER@]HOST[:PORT]", IPv6 in brackets when a
    // port follows ("pi4.lan", "root@[::1]:2222").
    QString name() const;
    bool operator==(const SshHost&) const = default;
};

inline bool isSshSpec(const QString& spec) { return spec.startsWith(QLatin1String("ssh://")); }
// A usage error says what is wrong with the spec and what to write instead.
Result<SshHost> parseSshHost(const QString& spec);

// One word for a POSIX shell: ssh joins the words after the host into one line for the remote
// user's shell, so every word is quoted ('it'\''s').
QString shellQuote(const QString& word);

// The ssh command: DISKOMETER_SSH when set (the program and leading arguments, split on
// spaces, e.g. "ssh -F /path/config"), else `ssh` from PATH.
QStringList sshCommand();
// Everything after the ssh program for running `words` on `host`.
QStringList sshArguments(const QStringList& leading, const SshHost& host, const QStringList& words);

// Which remote versions this build drives: the same MAJOR.MINOR (a patch release changes no
// report schema; the version that introduced --stop-on-stdin-eof is the oldest that can be
// stopped). Empty when `versionOutput` (what `diskometer-cli --version` printed) is fine, else
// the sentence naming the host and what to install.
QString remoteVersionProblem(const SshHost& host, const QString& versionOutput, const QString& localVersion);
// The sentence for a connection or command that failed before the run (ssh's exit code and
// stderr): no diskometer-cli there, an unknown host key, a refused key, no answer.
QString sshProblem(const SshHost& host, int exitCode, const QString& stderrText, const QString& localVersion);

// --together (remotestdin.h on the host's side): before each timed item a host says on stderr
// kBarrierReady "SEQ ITEM", waits for the line kBarrierGo "SEQ" on its stdin, and says
// kBarrierStarted "SEQ" as it goes on. Every line of the barrier starts with kBarrierLine.
inline constexpr char kBarrierLine[] = "@diskometer-barrier ";
inline constexpr char kBarrierReady[] = "@diskometer-barrier ready ";
inline constexpr char kBarrierStarted[] = "@diskometer-barrier started ";
inline constexpr char kBarrierGo[] = "go ";

// The kinds a host can run: grid (the default), scan, sustained, sweep, capacity, files, copy,
// health.
const QStringList& sshKinds();

struct SshRunRequest {
    std::vector<SshHost> hosts;
    QString kind = QStringLiteral("grid");
    QStringList kindArguments; // the kind's own options, passed on as given (checked before)
    QString localVersion; // this build's, "0.1.0"
    QStringList ssh; // empty: sshCommand()
    // Every host at once, held at a barrier before each timed item (kBarrier*) and released
    // together: for shared storage, or to load a network and its hosts at the same moment.
    bool together = false;
    int checkTimeoutMs = 30000;
    int stopGraceMs = 10000; // after a stop, how long a host may take to send what it did
};

// The words run on a host (before quoting).
QStringList remoteCommandWords(const SshRunRequest& request, const SshHost& host);

enum class SshHostState { Waiting, Checking, Running, Done, Failed };

struct SshHostResult {
    SshHost host;
    SshHostState state = SshHostState::Waiting;
    QString version; // what the host's diskometer-cli --version said (first line)
    QByteArray json; // the host's report as it printed it
    std::optional<HistoryInput> run; // a run of its kind, with this host, for the history
    int remoteExit = -1; // the remote command's exit code (ssh passes it on); -1: none
    QString error; // why the host has no complete result; empty when it has one
    bool complete() const { return !json.isEmpty() && error.isEmpty(); }
};

// One barrier of a --together run, timed on this machine's clock. A host went on at some moment
// between our "go" to it and its "started" reaching us, so the bound is certain and the estimate
// (each host midway between the two) is what NTP assumes of a round trip.
struct SshBarrier {
    unsigned long seq = 0; // 1, 2, ... in the order the hosts came to them
    size_t item = 0; // the kind's item (the grid's test index)
    size_t hosts = 0; // how many were held and let go
    double waitedMs = 0; // from the first host's "ready" to the last's: how long the first waited
    double skewMs = 0; // the estimated start moments' spread
    double skewBoundMs = 0; // at most: the last "started" seen minus the first "go" written
};

struct SshOutcome {
    std::vector<SshHostResult> hosts; // in the order given
    std::vector<SshBarrier> barriers; // --together: one per timed item, in order
    QString error; // nothing could run (no ssh here, no host passed the check)
    bool interrupted = false;
    // 0 every host ran, 1 a host or a test failed, 2 nothing could run (no host passed the check,
    // or every host refused the run with exit code 2, as a local run refuses it), 130 stopped.
    int exitCode() const;
};

// How together a --together run's hosts were: the worst barrier's figures (none: no barrier).
// The CLI's sentence and the window's are made from these.
struct SshTogetherSkew {
    size_t barriers = 0;
    double skewMs = 0, skewBoundMs = 0, waitedMs = 0;
};
SshTogetherSkew worstSkew(const std::vector<SshBarrier>& barriers);

struct SshProgress {
    size_t host = 0;
    SshHostState state = SshHostState::Waiting;
    QString message; // the error, for Failed
};
using SshProgressFn = std::function<void(const SshProgress&)>;

// Hosts in turn (each its own storage, nothing competing), or all at once with `together`.
// Blocking: call it off the GUI thread; ssh runs as a QProcess polled without an event loop.
SshOutcome runOverSsh(const SshRunRequest& request, const SshProgressFn& progress, const std::atomic<bool>& cancel);

} // namespace dm
