// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "comparison.h"
#include "fioremotehost.h"
#include "historyentry.h"
#include "jobspec.h"
#include "presets.h"
#include "report.h"

#include <QString>

#include <atomic>
#include <functional>
#include <optional>
#include <vector>

namespace dm {

// The grid on every machine of a home lab (issue 17), through fio's client/server mode: each
// host runs `fio --server`, and we run `fio --client=HOST job.fio` here with the job file
// `fio-job` prints (formatFioJob), so a host's figures mean what a local fio-job run's mean. No
// protocol of our own, no agent: fio sends the job and brings back client_stats per host.
//
// For each host, in order: a check (a 4 KiB file written and removed in PATH by a tiny fio job:
// the server answers, its fio speaks our fio's protocol, PATH exists and is writable; fio itself
// would silently create a missing directory), the grid (unlink=1 in its last section), and a
// clean-up job (the null engine unlinking the test file), which also runs when a section failed
// or the run was stopped, so no test file stays behind on a host that still answers. A host that
// went down mid-run cannot be cleaned: its result names the file that may remain.
//
// Hosts run in turn by default (each its own storage, no interference); `together` runs one fio
// client for all of them at once (shared storage: each host's share as fio reports it).
//
// Blocking: call it off the GUI thread (the window's worker, the CLI's main thread). fio runs
// as a QProcess polled without an event loop, so any thread will do.
struct RemoteRequest {
    std::vector<RemoteHost> hosts;
    std::vector<TestSpec> tests; // in run order (expandTests)
    RunSettings settings;
    Profile profile = Profile::Default;
    Preset preset = Preset::Default;
    Mode mode = Mode::All;
    std::optional<int> mixReadPercent;
    bool together = false;
    bool allowDeviceWrites = false; // write tests on a /dev PATH destroy its data
    QString comment;
    QString fioProgram; // empty: `fio` from PATH
    int answerTimeoutMs = 15000; // the check's limit: a host behind a firewall that drops packets
};

enum class RemoteHostState { Waiting, Checking, Running, CleaningUp, Done, Failed };

struct RemoteHostResult {
    RemoteHost host;
    RemoteHostState state = RemoteHostState::Waiting;
    std::optional<Report> report; // fio's figures as our tests
    std::optional<HistoryInput> run; // what the history stores: kind grid, source fio, this host
    QString error; // why the host has no complete result; empty when it has one
    QString leftover; // a test file that may remain on the host (it went away before clean-up)

    bool complete() const { return run.has_value() && error.isEmpty(); }
};

struct RemoteOutcome {
    QString fioVersion; // this machine's, "fio-3.33"
    std::vector<RemoteHostResult> hosts; // in the order given
    QString error; // the run could not start at all (no fio here, no host answered)
    bool interrupted = false;
    // 0 every host ran every test, 1 a host or a test failed, 2 nothing could start (no fio,
    // no host reachable), 130 stopped.
    int exitCode() const;
};

struct RemoteProgress {
    size_t host = 0; // index into RemoteRequest::hosts
    RemoteHostState state = RemoteHostState::Waiting;
    double fraction = 0; // of this host's run, from the time it should take
    QString message; // the error, for Failed
};
using RemoteProgressFn = std::function<void(const RemoteProgress&)>;

// Bad usage before anything runs: no host, the same server twice, device writes not allowed.
Status checkRemoteRequest(const RemoteRequest& request);

// The path of fio here, or empty; and the sentence saying how to install it.
QString findFio(const QString& program = {});
QString noFioMessage();

// Seconds one host's grid should take (passes, warm-ups, pauses; not fio's file layout).
double remoteHostSeconds(const RemoteRequest& request);

RemoteOutcome runOnHosts(const RemoteRequest& request, const RemoteProgressFn& progress, const std::atomic<bool>& cancel);

// The hosts that finished, as stored runs for buildComparison (ids 0: not stored, or not yet).
std::vector<HistoryRecord> remoteRecords(const RemoteOutcome& outcome);

} // namespace dm
