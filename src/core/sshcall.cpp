// SPDX-License-Identifier: GPL-3.0-or-later
#include "sshcall.h"

#include "historyimport.h"

#include <QElapsedTimer>
#include <QRegularExpression>

namespace dm {

QString sshLastLine(const QString& text)
{
    const QStringList lines = text.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    return lines.isEmpty() ? QStringLiteral("no message") : lines.last().trimmed();
}

void startSsh(SshCall& c, const QStringList& ssh, const SshHost& h, const QStringList& words)
{
    c.process = std::make_unique<QProcess>();
    c.process->setProgram(ssh.first());
    c.process->setArguments(sshArguments(ssh.mid(1), h, words));
    c.process->start();
}

void waitSsh(SshCall& c, const std::atomic<bool>* cancel, int timeoutMs, int graceMs)
{
    QElapsedTimer clock;
    clock.start();
    qint64 stoppedAt = -1;
    QProcess& p = *c.process;
    while (p.state() != QProcess::NotRunning) {
        p.waitForFinished(100);
        c.out += p.readAllStandardOutput();
        c.err += p.readAllStandardError();
        if (p.state() == QProcess::NotRunning)
            break;
        if (stoppedAt < 0 && ((cancel && cancel->load()) || (timeoutMs >= 0 && clock.elapsed() > timeoutMs))) {
            stoppedAt = clock.elapsed();
            c.stopping = true;
            p.closeWriteChannel();
        }
        if (stoppedAt >= 0 && clock.elapsed() - stoppedAt > graceMs) {
            p.kill();
            p.waitForFinished(5000);
        }
    }
    c.out += p.readAllStandardOutput();
    c.err += p.readAllStandardError();
}

int exitOf(const QProcess& p)
{
    if (p.error() == QProcess::FailedToStart)
        return -2;
    return p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
}

void emitSshState(const SshProgressFn& progress, size_t i, SshHostResult& r, SshHostState s)
{
    r.state = s;
    if (progress)
        progress({ i, s, s == SshHostState::Failed ? r.error : QString() });
}

// What a host's run came to, from its ssh call: its report read through the kind registry,
// or why there is none.
void finishSshRun(const SshRunRequest& req, SshHostResult& r, const SshCall& call)
{
    r.remoteExit = exitOf(*call.process);
    const QString err = QString::fromUtf8(call.err).trimmed();
    if (call.stopping) {
        r.error = QStringLiteral("%1: stopped").arg(r.host.name());
    } else if (r.remoteExit == 255 || r.remoteExit == -1) {
        // ssh's own failure: the connection went (the host rebooted, the network dropped).
        r.error = QStringLiteral("%1: the connection was lost mid-run (%2): its results are lost; the run there "
                                 "stopped with its connection and removes its own test files")
                      .arg(r.host.name(), sshLastLine(err));
    } else if (call.out.trimmed().isEmpty()) {
        // Its own words, without the program's name each line starts with there.
        QString said = err.section(QLatin1Char('\n'), -3);
        said.replace(
            QRegularExpression(QStringLiteral("^diskometer-cli: "), QRegularExpression::MultilineOption), QString());
        if (said.isEmpty())
            said = QStringLiteral("no message");
        // Exit code 2 is a run refused as a local run refuses it (a mounted device, a
        // write without --allow-destructive, a folder that is not there).
        r.error = r.remoteExit == 2 ? QStringLiteral("%1 refused the run: %2").arg(r.host.name(), said)
                                    : QStringLiteral("%1: diskometer-cli there failed (exit code %2): %3")
                                          .arg(r.host.name())
                                          .arg(r.remoteExit)
                                          .arg(said);
    } else if (req.kind == QLatin1String("health")) {
        r.json = call.out; // not a run: health is shown, never stored (as locally)
    } else {
        auto inputs = historyInputsFromFile(call.out);
        if (!inputs || inputs->size() != 1) {
            r.error = QStringLiteral("%1: its report does not read here (%2): install the same Diskometer "
                                     "version on both (this one is %3, that one %4)")
                          .arg(r.host.name(),
                              inputs ? QStringLiteral("%1 reports").arg(inputs->size())
                                     : QString::fromStdString(inputs.error().message),
                              req.localVersion, r.version);
        } else {
            r.json = call.out;
            HistoryInput in = std::move(inputs->front());
            in.entry.host = r.host.name();
            r.run = std::move(in);
            // A test that failed there: the report came back, the host reported it (exit 1).
            if (r.remoteExit != 0 && !err.isEmpty())
                r.error = QStringLiteral("%1: %2").arg(r.host.name(), err.section(QLatin1Char('\n'), -1));
        }
    }
}

} // namespace dm
