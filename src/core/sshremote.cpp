// SPDX-License-Identifier: GPL-3.0-or-later
#include "sshremote.h"

#include "sshcall.h"

#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QStandardPaths>

#include <csignal>

namespace dm {

namespace {

    Error bad(const QString& spec, const QString& why)
    {
        return usageError(QStringLiteral("'%1': %2 (write ssh://[USER@]HOST[:PORT]/PATH, e.g. ssh://pi4.lan/mnt/ssd, "
                                         "ssh://pi@192.168.1.20:2222/srv/dm or ssh://[fd00::2]/srv/dm)")
                              .arg(spec, why)
                              .toStdString());
    }

    QString sshHint(const SshHost& h)
    {
        return (h.port ? QStringLiteral("-p %1 ").arg(h.port) : QString())
            + (h.user.isEmpty() ? QString() : h.user + QLatin1Char('@')) + h.host;
    }

} // namespace

QString SshHost::name() const
{
    QString n = user.isEmpty() ? QString() : user + QLatin1Char('@');
    if (port == 0)
        return n + host;
    return n + (isIpv6() ? QLatin1Char('[') + host + QLatin1Char(']') : host) + QLatin1Char(':')
        + QString::number(port);
}

Result<SshHost> parseSshHost(const QString& spec)
{
    if (!isSshSpec(spec))
        return bad(spec, QStringLiteral("not an ssh:// address"));
    QString rest = spec.mid(6);
    const qsizetype slash = rest.startsWith(QLatin1Char('['))
        ? rest.indexOf(QLatin1Char('/'), std::max<qsizetype>(0, rest.indexOf(QLatin1Char(']'))))
        : rest.indexOf(QLatin1Char('/'));
    if (slash < 0)
        return bad(spec, QStringLiteral("no path on the host"));
    SshHost h;
    h.path = rest.mid(slash);
    QString authority = rest.left(slash);
    if (const qsizetype at = authority.lastIndexOf(QLatin1Char('@')); at >= 0) {
        h.user = authority.left(at);
        authority = authority.mid(at + 1);
        static const QRegularExpression userChars(QStringLiteral("^[A-Za-z0-9._][A-Za-z0-9._-]*$"));
        if (!userChars.match(h.user).hasMatch())
            return bad(spec, QStringLiteral("'%1' is not a user name").arg(h.user));
    }
    QString portText;
    if (authority.startsWith(QLatin1Char('['))) {
        const qsizetype close = authority.indexOf(QLatin1Char(']'));
        if (close < 0)
            return bad(spec, QStringLiteral("the IPv6 address has no closing ]"));
        h.host = authority.mid(1, close - 1);
        if (!h.host.contains(QLatin1Char(':')))
            return bad(spec, QStringLiteral("brackets hold an IPv6 address"));
        const QString after = authority.mid(close + 1);
        if (!after.isEmpty() && !after.startsWith(QLatin1Char(':')))
            return bad(spec, QStringLiteral("only a :PORT may follow the address"));
        portText = after.mid(1);
        if (after == QLatin1String(":"))
            return bad(spec, QStringLiteral("the port is missing after ':'"));
    } else {
        if (authority.count(QLatin1Char(':')) > 1)
            return bad(spec, QStringLiteral("an IPv6 address goes in brackets"));
        h.host = authority.section(QLatin1Char(':'), 0, 0);
        if (authority.contains(QLatin1Char(':'))) {
            portText = authority.section(QLatin1Char(':'), 1);
            if (portText.isEmpty())
                return bad(spec, QStringLiteral("the port is missing after ':'"));
        }
    }
    if (!portText.isEmpty()) {
        bool ok = false;
        h.port = portText.toInt(&ok);
        if (!ok || h.port < 1 || h.port > 65535)
            return bad(spec, QStringLiteral("'%1' is not a port (1-65535)").arg(portText));
    }
    static const QRegularExpression hostChars(QStringLiteral("^[A-Za-z0-9._:%-]+$"));
    if (h.host.isEmpty())
        return bad(spec, QStringLiteral("the host is missing"));
    // A host starting with '-' would be an option to ssh.
    if (!hostChars.match(h.host).hasMatch() || h.host.startsWith(QLatin1Char('-')))
        return bad(spec, QStringLiteral("'%1' is not a host name or address").arg(h.host));
    if (h.path.contains(QLatin1Char('\n')) || h.path.contains(QLatin1Char('\0')))
        return bad(spec, QStringLiteral("the path holds a line break"));
    return h;
}

QString shellQuote(const QString& word)
{
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z0-9_./:=@%+,-]+$"));
    if (plain.match(word).hasMatch())
        return word;
    QString quoted = word;
    quoted.replace(QLatin1Char('\''), QLatin1String("'\\''"));
    return QLatin1Char('\'') + quoted + QLatin1Char('\'');
}

QStringList sshCommand()
{
    const QString custom = QProcessEnvironment::systemEnvironment().value(QStringLiteral("DISKOMETER_SSH")).trimmed();
    if (!custom.isEmpty())
        return custom.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    return { QStringLiteral("ssh") };
}

QStringList sshArguments(const QStringList& leading, const SshHost& h, const QStringList& words)
{
    QStringList args = leading;
    // BatchMode: never a password or host-key prompt (it would block a run unseen); ssh fails
    // with exit code 255 instead and says why.
    args << QStringLiteral("-o") << QStringLiteral("BatchMode=yes");
    if (h.port)
        args << QStringLiteral("-p") << QString::number(h.port);
    if (!h.user.isEmpty())
        args << QStringLiteral("-l") << h.user;
    args << h.host << QStringLiteral("--");
    for (const QString& w : words)
        args << shellQuote(w);
    return args;
}

QString remoteVersionProblem(const SshHost& h, const QString& versionOutput, const QString& localVersion)
{
    static const QRegularExpression re(QStringLiteral("^diskometer-cli (\\d+)\\.(\\d+)\\.(\\d+)"));
    const QString first = versionOutput.section(QLatin1Char('\n'), 0, 0).trimmed();
    const auto there = re.match(first);
    const QStringList here = localVersion.split(QLatin1Char('.'));
    const QString install
        = QStringLiteral("install Diskometer %1 there (the same MAJOR.MINOR as this machine's)").arg(localVersion);
    if (!there.hasMatch())
        return QStringLiteral("%1: `diskometer-cli --version` there printed '%2', not a Diskometer version: %3")
            .arg(h.name(), first.left(80), install);
    if (there.captured(1) != here.value(0) || there.captured(2) != here.value(1))
        return QStringLiteral("%1 has Diskometer %2.%3.%4, whose reports this one (%5) may not read and which cannot "
                              "be stopped from here: %6")
            .arg(h.name(), there.captured(1), there.captured(2), there.captured(3), localVersion, install);
    return {};
}

QString sshProblem(const SshHost& h, int exitCode, const QString& err, const QString& localVersion)
{
    if (exitCode == -2)
        return QStringLiteral(
            "ssh did not start: install OpenSSH's client here (`sudo apt-get install openssh-client`)");
    if (exitCode == 255) {
        if (err.contains(QLatin1String("Host key verification failed"))
            || err.contains(QLatin1String("No ED25519 host key is known"))
            || err.contains(QLatin1String("host key is known")))
            return QStringLiteral("%1: its host key is not known here, and ssh asks nothing during a run (BatchMode): "
                                  "check the key and add it (`ssh-keyscan %2 >> ~/.ssh/known_hosts`, or connect once "
                                  "with `ssh %3`)")
                .arg(h.name(), (h.port ? QStringLiteral("-p %1 ").arg(h.port) : QString()) + h.host, sshHint(h));
        if (err.contains(QLatin1String("REMOTE HOST IDENTIFICATION HAS CHANGED")))
            return QStringLiteral("%1: its host key has changed since it was recorded: find out why before anything "
                                  "else (see `ssh %2`)")
                .arg(h.name(), sshHint(h));
        if (err.contains(QLatin1String("Permission denied")))
            return QStringLiteral("%1 refused this machine's keys (%2): install your public key there "
                                  "(`ssh-copy-id %3`) or load it into your agent (`ssh-add`); no password is ever "
                                  "asked during a run")
                .arg(h.name(), sshLastLine(err), sshHint(h));
        return QStringLiteral("%1 cannot be reached over ssh (%2): check `ssh %3` works without a password")
            .arg(h.name(), sshLastLine(err), sshHint(h));
    }
    if (exitCode == 127 || err.contains(QLatin1String("diskometer-cli: not found"))
        || err.contains(QLatin1String("diskometer-cli: command not found")))
        return QStringLiteral("%1 has no diskometer-cli on its PATH: install Diskometer %2 there (the same "
                              "MAJOR.MINOR as this machine's), on the PATH non-interactive ssh commands get "
                              "(/usr/bin, not only a login shell's)")
            .arg(h.name(), localVersion);
    return QStringLiteral("%1: `diskometer-cli --version` failed there (exit code %2: %3)")
        .arg(h.name())
        .arg(exitCode)
        .arg(sshLastLine(err));
}

const QStringList& sshKinds()
{
    static const QStringList kinds { QStringLiteral("grid"), QStringLiteral("scan"), QStringLiteral("sustained"),
        QStringLiteral("sweep"), QStringLiteral("capacity"), QStringLiteral("files"), QStringLiteral("copy"),
        QStringLiteral("health") };
    return kinds;
}

QStringList remoteCommandWords(const SshRunRequest& r, const SshHost& h)
{
    QStringList w { QStringLiteral("diskometer-cli") };
    if (r.kind == QLatin1String("health")) {
        // health reads drives, not folders: a /dev PATH is that drive, anything else every drive.
        w << QStringLiteral("health");
        if (h.path.startsWith(QLatin1String("/dev/")))
            w << h.path;
        w << r.kindArguments << QStringLiteral("--json");
    } else {
        if (r.kind != QLatin1String("grid"))
            w << r.kind;
        w << h.path << r.kindArguments << QStringLiteral("--json") << QStringLiteral("-");
    }
    w << QStringLiteral("--quiet") << QStringLiteral("--no-history") << QStringLiteral("--stop-on-stdin-eof");
    if (r.together)
        w << QStringLiteral("--together-barrier");
    return w;
}

SshTogetherSkew worstSkew(const std::vector<SshBarrier>& barriers)
{
    SshTogetherSkew w;
    w.barriers = barriers.size();
    for (const SshBarrier& b : barriers) {
        w.skewMs = std::max(w.skewMs, b.skewMs);
        w.skewBoundMs = std::max(w.skewBoundMs, b.skewBoundMs);
        w.waitedMs = std::max(w.waitedMs, b.waitedMs);
    }
    return w;
}

int SshOutcome::exitCode() const
{
    if (interrupted)
        return 130;
    if (!error.isEmpty())
        return 2;
    // Every host refused the run as a local run refuses it, with exit code 2 (bad usage there, a
    // target it cannot use: a write to a device without --allow-destructive, a mounted device):
    // nothing ran anywhere, as when no host passed the check.
    if (!hosts.empty() && std::all_of(hosts.begin(), hosts.end(), [](const SshHostResult& h) {
            return h.remoteExit == 2 && !h.complete();
        }))
        return 2;
    for (const SshHostResult& h : hosts)
        if (!h.complete() || h.remoteExit != 0)
            return 1;
    return 0;
}

SshOutcome runOverSsh(const SshRunRequest& req, const SshProgressFn& progress, const std::atomic<bool>& cancel)
{
    SshOutcome o;
    for (const SshHost& h : req.hosts) {
        SshHostResult r;
        r.host = h;
        o.hosts.push_back(std::move(r));
    }
    const QStringList ssh = req.ssh.isEmpty() ? sshCommand() : req.ssh;
    if (QStandardPaths::findExecutable(ssh.first()).isEmpty() && !ssh.first().contains(QLatin1Char('/'))) {
        o.error = sshProblem({}, -2, {}, req.localVersion);
        return o;
    }
    const size_t n = req.hosts.size();

    // 1. The check, on every host at once: `diskometer-cli --version` over the same connection.
    std::vector<SshCall> checks(n);
    for (size_t i = 0; i < n; ++i) {
        emitSshState(progress, i, o.hosts[i], SshHostState::Checking);
        startSsh(checks[i], ssh, req.hosts[i], { QStringLiteral("diskometer-cli"), QStringLiteral("--version") });
        checks[i].process->closeWriteChannel();
    }
    std::vector<size_t> ready;
    for (size_t i = 0; i < n; ++i) {
        waitSsh(checks[i], &cancel, req.checkTimeoutMs, 0);
        SshHostResult& r = o.hosts[i];
        const int code = exitOf(*checks[i].process);
        if (cancel.load())
            continue;
        if (code == -2) {
            o.error = sshProblem(r.host, -2, {}, req.localVersion);
            return o;
        }
        r.version = QString::fromUtf8(checks[i].out).section(QLatin1Char('\n'), 0, 0).trimmed();
        if (checks[i].stopping)
            r.error = QStringLiteral("%1 did not answer within %2 s").arg(r.host.name()).arg(req.checkTimeoutMs / 1000);
        else if (code != 0)
            r.error = sshProblem(r.host, code, QString::fromUtf8(checks[i].err), req.localVersion);
        else
            r.error = remoteVersionProblem(r.host, QString::fromUtf8(checks[i].out), req.localVersion);
        if (r.error.isEmpty())
            ready.push_back(i);
        else
            emitSshState(progress, i, r, SshHostState::Failed);
    }
    if (cancel.load()) {
        o.interrupted = true;
        return o;
    }
    if (ready.empty()) {
        QStringList why;
        for (const SshHostResult& h : o.hosts)
            why << h.error;
        o.error = QStringLiteral("no host can run the tests:\n  ") + why.join(QStringLiteral("\n  "));
        return o;
    }

    // 2. The run: every host at once at its barriers, or host after host.
    if (req.together) {
        runSshTogether(req, ssh, o, progress, ready, cancel);
        o.interrupted = cancel.load();
        return o;
    }
    for (const size_t i : ready) {
        SshHostResult& r = o.hosts[i];
        if (cancel.load()) {
            r.error = QStringLiteral("%1: not run (stopped before its turn)").arg(r.host.name());
            emitSshState(progress, i, r, SshHostState::Failed);
            continue;
        }
        emitSshState(progress, i, r, SshHostState::Running);
        SshCall call;
        startSsh(call, ssh, r.host, remoteCommandWords(req, r.host));
        waitSsh(call, &cancel, -1, req.stopGraceMs);
        finishSshRun(req, r, call);
        emitSshState(progress, i, r, r.complete() ? SshHostState::Done : SshHostState::Failed);
    }
    o.interrupted = cancel.load();
    return o;
}

} // namespace dm
