// SPDX-License-Identifier: GPL-3.0-or-later
#include "hostsrun.h"

#include "gridarguments.h"

#include <QRegularExpression>

#include <set>

namespace dm {

namespace {

    QString stoppedBeforeTurn(const HostSpec& h)
    {
        return QStringLiteral("%1: not run (stopped before its turn)").arg(h.name());
    }

} // namespace

HostState hostStateOf(RemoteHostState s)
{
    switch (s) {
    case RemoteHostState::Waiting:
        return HostState::Waiting;
    case RemoteHostState::Checking:
        return HostState::Checking;
    case RemoteHostState::Running:
        return HostState::Running;
    case RemoteHostState::CleaningUp:
        return HostState::CleaningUp;
    case RemoteHostState::Done:
        return HostState::Done;
    case RemoteHostState::Failed:
        return HostState::Failed;
    }
    return HostState::Failed;
}

HostState hostStateOf(SshHostState s)
{
    switch (s) {
    case SshHostState::Waiting:
        return HostState::Waiting;
    case SshHostState::Checking:
        return HostState::Checking;
    case SshHostState::Running:
        return HostState::Running;
    case SshHostState::Done:
        return HostState::Done;
    case SshHostState::Failed:
        return HostState::Failed;
    }
    return HostState::Failed;
}

const char* hostStateWord(HostState s)
{
    switch (s) {
    case HostState::Waiting:
        return "waiting";
    case HostState::Checking:
        return "checking";
    case HostState::Running:
        return "running";
    case HostState::CleaningUp:
        return "cleaning up";
    case HostState::Done:
        return "done";
    case HostState::Failed:
        return "failed";
    }
    return "failed";
}

Result<HostSpec> parseHostSpec(const QString& spec)
{
    HostSpec h;
    if (isSshSpec(spec)) {
        auto ssh = parseSshHost(spec);
        if (!ssh)
            return ssh.error();
        h.transport = HostTransport::Ssh;
        h.ssh = *ssh;
        return h;
    }
    auto fio = parseRemoteHost(spec);
    if (!fio)
        return fio.error();
    h.fio = *fio;
    return h;
}

Result<std::vector<HostSpec>> parseHostSpecs(const QStringList& specs)
{
    std::vector<HostSpec> hosts;
    for (const QString& spec : specs) {
        auto h = parseHostSpec(spec);
        if (!h)
            return h.error();
        hosts.push_back(*h);
    }
    return hosts;
}

Status checkHostsRequest(const HostsRequest& r)
{
    if (r.hosts.empty())
        return usageError("give at least one host: ssh://[USER@]HOST[:PORT]/PATH (Diskometer over SSH) or "
                          "HOST[:PORT]:PATH (fio's server), e.g. ssh://pi4.lan/mnt/ssd or nas.lan:/srv/dm");
    RemoteRequest fio = r.grid;
    fio.hosts.clear();
    std::set<QString> sshNames;
    for (const HostSpec& h : r.hosts) {
        if (h.transport == HostTransport::FioServer)
            fio.hosts.push_back(h.fio);
        else if (!sshNames.insert(h.ssh.name()).second)
            return usageError(
                QStringLiteral("%1 is given twice: one path per host and run").arg(h.ssh.name()).toStdString());
    }
    const bool grid = r.kind == QLatin1String("grid");
    if (!grid && !fio.hosts.empty())
        return usageError(QStringLiteral("%1 is a fio server: fio's servers run only the grid; %2 runs on ssh:// "
                                         "hosts only (Diskometer itself over SSH: see docs/REMOTE.md)")
                              .arg(fio.hosts.front().name(), r.kind)
                              .toStdString());
    if (!sshKinds().contains(r.kind))
        return usageError(QStringLiteral("no kind '%1' to run on hosts").arg(r.kind).toStdString());
    if (r.grid.together && !fio.hosts.empty() && !sshNames.empty())
        return usageError("--together cannot start fio's servers and ssh:// hosts at the same moment (fio's client "
                          "starts its servers itself, the ssh:// hosts start at a barrier over their connections): "
                          "give hosts of one kind, or run them in turn");
    if (!fio.hosts.empty())
        return checkRemoteRequest(fio);
    if (grid && r.grid.tests.empty())
        return usageError("no tests to run");
    return Ok {};
}

int HostsOutcome::exitCode() const
{
    if (interrupted)
        return 130;
    if (!error.isEmpty())
        return 2;
    for (const HostRun& h : hosts)
        if (!h.complete() || h.testFailed)
            return 1;
    return 0;
}

std::vector<HistoryRecord> HostsOutcome::records() const
{
    std::vector<HistoryRecord> records;
    for (const HostRun& h : hosts)
        if (h.run)
            records.push_back({ h.run->entry, h.run->json });
    return records;
}

HostsOutcome runHosts(const HostsRequest& req, const HostsProgressFn& progress, const std::atomic<bool>& cancel)
{
    HostsOutcome o;
    for (const HostSpec& h : req.hosts) {
        HostRun run;
        run.host = h;
        o.hosts.push_back(std::move(run));
    }
    if (auto st = checkHostsRequest(req); !st) {
        o.error = QString::fromStdString(st.error().message);
        return o;
    }
    std::vector<size_t> fioAt, sshAt; // where each transport's hosts are in the list given
    for (size_t i = 0; i < req.hosts.size(); ++i)
        (req.hosts[i].transport == HostTransport::Ssh ? sshAt : fioAt).push_back(i);
    const auto report = [&](size_t i, HostState s, std::optional<double> fraction, const QString& message) {
        o.hosts[i].state = s;
        if (progress)
            progress({ i, s, fraction, message });
    };
    const auto notRun = [&](const std::vector<size_t>& at) {
        for (const size_t i : at) {
            o.hosts[i].error = stoppedBeforeTurn(o.hosts[i].host);
            report(i, HostState::Failed, std::nullopt, o.hosts[i].error);
        }
    };

    if (!fioAt.empty()) {
        RemoteRequest fio = req.grid;
        fio.hosts.clear();
        for (const size_t i : fioAt)
            fio.hosts.push_back(req.hosts[i].fio);
        const RemoteOutcome ro = runOnHosts(
            fio, [&](const RemoteProgress& p) { report(fioAt[p.host], hostStateOf(p.state), p.fraction, p.message); },
            cancel);
        o.fioVersion = ro.fioVersion;
        o.interrupted |= ro.interrupted;
        for (size_t k = 0; k < fioAt.size(); ++k) {
            HostRun& h = o.hosts[fioAt[k]];
            const RemoteHostResult& r = ro.hosts[k];
            h.run = r.run;
            h.fioReport = r.report;
            h.leftover = r.leftover;
            h.error = r.error;
            if (h.error.isEmpty() && !r.complete())
                // Nothing ran on any fio server: no fio here, the request refused. "No host can
                // run" lists every host's own error, which each host already has.
                h.error = ro.error.isEmpty() ? stoppedBeforeTurn(h.host) : ro.error;
            if (r.report)
                for (const TestResult& t : r.report->run.tests)
                    h.testFailed |= !t.ok();
            if (h.state != HostState::Done && h.state != HostState::Failed)
                h.state = h.complete() ? HostState::Done : HostState::Failed;
        }
    }

    if (!sshAt.empty() && cancel.load()) {
        notRun(sshAt);
        o.interrupted = true;
    } else if (!sshAt.empty()) {
        SshRunRequest ssh;
        for (const size_t i : sshAt)
            ssh.hosts.push_back(req.hosts[i].ssh);
        const bool grid = req.kind == QLatin1String("grid");
        ssh.kind = req.kind;
        ssh.kindArguments = grid && req.sshArguments.isEmpty() ? gridCliArguments(req.grid) : req.sshArguments;
        if (grid && req.sshArguments.isEmpty() && req.grid.allowDeviceWrites)
            ssh.kindArguments << QStringLiteral("--allow-destructive");
        ssh.localVersion = req.localVersion;
        ssh.ssh = req.ssh;
        ssh.together = req.grid.together;
        const SshOutcome so = runOverSsh(
            ssh, [&](const SshProgress& p) { report(sshAt[p.host], hostStateOf(p.state), std::nullopt, p.message); },
            cancel);
        o.interrupted |= so.interrupted;
        o.barriers = so.barriers;
        for (size_t k = 0; k < sshAt.size(); ++k) {
            HostRun& h = o.hosts[sshAt[k]];
            const SshHostResult& r = so.hosts[k];
            // "diskometer-cli 0.1.0 (engines: ...)": the number is what a table has room for.
            static const QRegularExpression number(QStringLiteral("\\d+\\.\\d+\\.\\d+\\S*"));
            const auto m = number.match(r.version);
            h.version = m.hasMatch() ? m.captured() : r.version;
            h.run = r.run;
            h.error = r.error;
            if (h.error.isEmpty() && !r.complete())
                h.error = so.error.isEmpty() ? stoppedBeforeTurn(h.host) : so.error;
            h.testFailed = r.run && r.remoteExit != 0;
            if (h.state != HostState::Done && h.state != HostState::Failed)
                h.state = h.complete() ? HostState::Done : HostState::Failed;
        }
    }

    if (!o.interrupted
        && std::none_of(o.hosts.begin(), o.hosts.end(), [](const HostRun& h) { return h.run.has_value(); })) {
        QStringList why;
        for (const HostRun& h : o.hosts)
            if (!why.contains(h.error))
                why << h.error;
        o.error = why.size() == 1 ? why.front()
                                  : QStringLiteral("no host can run the tests:\n  ") + why.join(QStringLiteral("\n  "));
    }
    return o;
}

} // namespace dm
