// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Inside sshremote (not for other parts): one ssh call as the runs make it, what a host's run
// came to, and the --together run (sshtogether.cpp). sshremote.cpp keeps the parsing, the
// messages and the order of things (runOverSsh).
#include "sshremote.h"

#include <QProcess>

#include <memory>

namespace dm {

struct SshCall {
    std::unique_ptr<QProcess> process;
    QByteArray out, err;
    bool stopping = false;
};

void startSsh(SshCall& call, const QStringList& ssh, const SshHost& host, const QStringList& words);
// Polls until the call ends; a set cancel flag closes ssh's stdin (the remote run stops as on
// Ctrl-C and sends what it did), and ssh is killed after the grace.
void waitSsh(SshCall& call, const std::atomic<bool>* cancel, int timeoutMs, int graceMs);
// ssh's exit code; -2 when it did not start, -1 when it was killed.
int exitOf(const QProcess& process);
// The last line ssh or the host said: ssh's own messages (OpenSSH 8-9) name what went wrong.
QString sshLastLine(const QString& text);
void emitSshState(const SshProgressFn& progress, size_t host, SshHostResult& result, SshHostState state);
// What a host's run came to, from its ssh call: its report read through the kind registry, or
// why there is none.
void finishSshRun(const SshRunRequest& request, SshHostResult& result, const SshCall& call);

// --together: the `ready` hosts' runs at once, each held at every barrier (kBarrier*) until all
// still running have come; their results and the barriers go into `outcome`.
void runSshTogether(const SshRunRequest& request, const QStringList& ssh, SshOutcome& outcome,
    const SshProgressFn& progress, const std::vector<size_t>& ready, const std::atomic<bool>& cancel);

} // namespace dm
