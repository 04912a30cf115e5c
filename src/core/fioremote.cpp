// SPDX-License-Identifier: GPL-3.0-or-later
#include "fioremote.h"

#include "fioimport.h"
#include "fiojob.h"
#include "historyimport.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <csignal>
#include <cstring>
#include <memory>
#include <set>

namespace dm {

namespace {

    constexpr char kProbeJob[] = "diskometer-probe";
    // After SIGINT fio tells every server to stop and prints what it has; a server that no
    // longer answers must not keep us waiting for ever.
    constexpr int kStopGraceMs = 20000;
    constexpr int kCleanupTimeoutMs = 20000;

    struct FioCall {
        QStringList args;
        int timeoutMs = -1; // -1: none
        QByteArray out, err;
        int exitCode = -1;
        bool timedOut = false;
        bool interrupted = false;
        bool failedToStart = false;
        QString text() const { return QString::fromUtf8(out) + QLatin1Char('\n') + QString::fromUtf8(err); }
    };

    // Runs the calls at once and waits for all. A set cancel flag sends SIGINT to each fio client,
    // which then tells its servers to stop (fio's own Ctrl-C handling); kill only after a grace.
    void runFio(const QString& program, std::vector<FioCall>& calls, const std::atomic<bool>* cancel,
        const std::function<void(double)>& tick = {})
    {
        std::vector<std::unique_ptr<QProcess>> procs;
        for (FioCall& c : calls) {
            auto p = std::make_unique<QProcess>();
            p->setProgram(program);
            p->setArguments(c.args);
            p->start();
            if (!p->waitForStarted(10000))
                c.failedToStart = true;
            procs.push_back(std::move(p));
        }
        QElapsedTimer clock;
        clock.start();
        qint64 stoppedAt = -1;
        for (;;) {
            bool running = false;
            for (size_t i = 0; i < calls.size(); ++i) {
                QProcess& p = *procs[i];
                if (calls[i].failedToStart || p.state() == QProcess::NotRunning)
                    continue;
                p.waitForFinished(calls.size() == 1 ? 100 : 20);
                calls[i].out += p.readAllStandardOutput();
                calls[i].err += p.readAllStandardError();
                if (p.state() == QProcess::NotRunning)
                    continue;
                running = true;
                if (calls[i].timeoutMs >= 0 && clock.elapsed() > calls[i].timeoutMs && !calls[i].timedOut) {
                    calls[i].timedOut = true;
                    p.kill();
                }
            }
            if (!running)
                break;
            if (tick)
                tick(clock.elapsed() / 1000.0);
            if (cancel && cancel->load() && stoppedAt < 0) {
                stoppedAt = clock.elapsed();
                for (size_t i = 0; i < calls.size(); ++i)
                    if (procs[i]->state() != QProcess::NotRunning) {
                        calls[i].interrupted = true;
                        ::kill(pid_t(procs[i]->processId()), SIGINT);
                    }
            }
            if (stoppedAt >= 0 && clock.elapsed() - stoppedAt > kStopGraceMs)
                for (auto& p : procs)
                    p->kill();
        }
        for (size_t i = 0; i < calls.size(); ++i) {
            QProcess& p = *procs[i];
            calls[i].out += p.readAllStandardOutput();
            calls[i].err += p.readAllStandardError();
            if (!calls[i].failedToStart)
                calls[i].exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        }
    }

    QStringList clientArgs(const std::vector<std::pair<const RemoteHost*, QString>>& jobs)
    {
        QStringList args { QStringLiteral("--output-format=json") };
        for (const auto& [host, file] : jobs)
            args << QStringLiteral("--client=") + host->clientArgument() << file;
        return args;
    }

    bool writeFile(const QString& path, const QString& text)
    {
        QFile f(path);
        return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(text.toUtf8()) >= 0;
    }

    // A 4 KiB file written and removed in PATH (directory=, unlike filename=, refuses a missing
    // directory instead of making it), or 4 KiB read from a device.
    QString probeJob(const RemoteHost& h)
    {
        QStringList j { QStringLiteral("[%1]").arg(QLatin1String(kProbeJob)), QStringLiteral("ioengine=psync"),
            QStringLiteral("size=4k"), QStringLiteral("bs=4k") };
        if (h.isDevice())
            j << QStringLiteral("filename=") + h.path << QStringLiteral("rw=read")
              << QStringLiteral("allow_file_create=0");
        else
            j << QStringLiteral("directory=") + h.path << QStringLiteral("filename=diskometer-probe.tmp")
              << QStringLiteral("rw=write") << QStringLiteral("unlink=1");
        return j.join(QLatin1Char('\n')) + QLatin1Char('\n');
    }

    // The null engine opens nothing and writes nothing; with unlink=1 fio removes the file at the
    // end, and a file already gone is no error.
    QString cleanupJob(const RemoteHost& h)
    {
        return QStringLiteral("[diskometer-cleanup]\nioengine=null\nfilename=%1\nsize=4k\nunlink=1\n").arg(h.testFile());
    }

    QString lastLine(const QString& text)
    {
        const QStringList lines = text.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        for (auto it = lines.rbegin(); it != lines.rend(); ++it)
            if (it->contains(QLatin1String("fio")) || it->contains(QLatin1String("error")))
                return it->trimmed();
        return lines.isEmpty() ? QStringLiteral("no output") : lines.last().trimmed();
    }

    // What the check says about a host: empty when it may run.
    QString probeVerdict(const FioCall& c, const RemoteHost& h, const QString& localVersion, int timeoutMs)
    {
        if (c.timedOut)
            return noAnswerMessage(h, QStringLiteral("no reply within %1 s").arg(timeoutMs / 1000));
        const FioClientDiagnosis d = diagnoseFioClient(c.text(), h);
        switch (d.problem) {
        case FioClientProblem::NoConnection:
            return noAnswerMessage(h, d.detail);
        case FioClientProblem::VersionMismatch:
            return versionMismatchMessage(h, localVersion, d.detail);
        case FioClientProblem::NotADirectory:
            return QStringLiteral("%1 does not exist on %2 or is not a directory: create it there (owned by the user "
                                  "fio's server runs as) or give another path")
                .arg(h.path, h.name());
        case FioClientProblem::NoSuchDevice:
            return QStringLiteral("%1 does not exist on %2: give a block device there (`lsblk` on that host)")
                .arg(h.path, h.name());
        case FioClientProblem::Disconnected:
            return QStringLiteral("%1 closed the connection during the check: see fio's server log there")
                .arg(h.name());
        case FioClientProblem::None:
            break;
        }
        auto root = readFioDocument(c.out);
        if (root) {
            for (const QJsonValue v : root->value(QLatin1String("client_stats")).toArray()) {
                const QJsonObject e = v.toObject();
                if (e.value(QLatin1String("jobname")).toString() != QLatin1String(kProbeJob))
                    continue;
                const int err = e.value(QLatin1String("error")).toInt();
                if (err == 0)
                    return {};
                const QString why = QString::fromLocal8Bit(std::strerror(err));
                return h.isDevice()
                    ? QStringLiteral("cannot read %1 on %2 (%3): give a block device the user of fio's server "
                                     "may open")
                          .arg(h.path, h.name(), why)
                    : QStringLiteral("cannot write a test file in %1 on %2 (%3): give a directory the user of "
                                     "fio's server may write (fio's server runs as its own user)")
                          .arg(h.path, h.name(), why);
            }
        }
        return QStringLiteral("%1: fio's server did not run the check (%2)").arg(h.name(), lastLine(c.text()));
    }

    // Hosts in a fio client's JSON are "hostname" as given to --client, with ":port" when two
    // servers share a host name (parseFioOutput).
    const FioHostRun* runOf(const std::vector<FioHostRun>& runs, const RemoteHost& h)
    {
        for (const FioHostRun& r : runs)
            if (r.host == h.host || r.host == h.host + QLatin1Char(':') + QString::number(h.port))
                return &r;
        return nullptr;
    }

    void takeRun(RemoteHostResult& r, const FioHostRun& fio, const RemoteRequest& req)
    {
        Report report = fio.report;
        report.profile = req.profile;
        report.preset = req.preset;
        report.mode = req.mode;
        report.mixReadPercent = req.mixReadPercent;
        report.comment = req.comment;
        report.target.path = r.host.name() + QLatin1Char(':') + r.host.path;
        report.target.kind = r.host.isDevice() ? QStringLiteral("block-device") : QStringLiteral("directory");
        auto inputs = historyInputsFromFile(fio.json);
        if (!inputs || inputs->size() != 1) {
            r.error = QStringLiteral("%1: fio's results do not read back (%2)")
                          .arg(r.host.name(),
                              inputs ? QStringLiteral("%1 hosts").arg(inputs->size())
                                     : QString::fromStdString(inputs.error().message));
            return;
        }
        HistoryInput in = std::move(inputs->front());
        // Our grid, measured by fio on that host: a grid run whose JSON is fio's own.
        in.entry.kind = QString::fromLatin1(kKindGrid);
        in.entry.source = QString::fromLatin1(kSourceFio);
        in.entry.host = r.host.name();
        in.entry.targetPath = r.host.path;
        in.entry.comment = req.comment;
        in.entry.profile = QString::fromLatin1(profileName(req.profile));
        r.report = std::move(report);
        r.run = std::move(in);
    }

    QString lostMessage(const RemoteHost& h)
    {
        QString m = QStringLiteral("%1: the connection to fio's server was lost mid-run (it stopped, or the host went "
                                   "down): its results are lost")
                        .arg(h.name());
        if (!h.isDevice())
            m += QStringLiteral("; remove %1 there by hand if it remains").arg(h.testFile());
        return m;
    }

    void emitState(const RemoteProgressFn& progress, size_t i, RemoteHostResult& r, RemoteHostState s, double f = 0)
    {
        r.state = s;
        if (progress)
            progress({ i, s, f, s == RemoteHostState::Failed ? r.error : QString() });
    }

} // namespace

int RemoteOutcome::exitCode() const
{
    if (interrupted)
        return 130;
    if (!error.isEmpty())
        return 2;
    for (const RemoteHostResult& h : hosts) {
        if (!h.complete())
            return 1;
        for (const TestResult& t : h.report->run.tests)
            if (!t.ok())
                return 1;
    }
    return 0;
}

Status checkRemoteRequest(const RemoteRequest& r)
{
    if (r.hosts.empty())
        return usageError("give at least one HOST[:PORT]:PATH (e.g. pi4.lan:/mnt/ssd)");
    std::set<QString> servers;
    for (const RemoteHost& h : r.hosts)
        if (!servers.insert(h.name()).second)
            return usageError(QStringLiteral("%1 is given twice: one path per fio server (start a second server on "
                                             "another port for a second path)")
                                  .arg(h.name())
                                  .toStdString());
    if (r.tests.empty())
        return usageError("no tests to run");
    const bool writes = std::any_of(r.tests.begin(), r.tests.end(), [](const TestSpec& t) { return t.writes(); });
    for (const RemoteHost& h : r.hosts)
        if (h.isDevice() && writes && !r.allowDeviceWrites)
            return usageError(QStringLiteral("the write tests would destroy the data on %1 on %2: pass "
                                             "--allow-destructive if you mean it, or use --mode read")
                                  .arg(h.path, h.name())
                                  .toStdString());
    return Ok {};
}

QString findFio(const QString& program)
{
    if (!program.isEmpty() && program.contains(QLatin1Char('/')))
        return QFileInfo(program).isExecutable() ? program : QString();
    return QStandardPaths::findExecutable(program.isEmpty() ? QStringLiteral("fio") : program);
}

QString noFioMessage()
{
    return QStringLiteral("fio is not installed on this machine: install it (`sudo apt-get install fio` on Debian, "
                          "Ubuntu and Raspberry Pi OS, `sudo dnf install fio` on Fedora), the same version as on "
                          "the hosts");
}

double remoteHostSeconds(const RemoteRequest& r)
{
    const RunSettings& s = r.settings;
    const double perTest = s.warmupSeconds + s.count * s.measureSeconds;
    return r.tests.size() * perTest + (r.tests.empty() ? 0 : (r.tests.size() - 1) * s.intervalSeconds);
}

RemoteOutcome runOnHosts(const RemoteRequest& req, const RemoteProgressFn& progress, const std::atomic<bool>& cancel)
{
    RemoteOutcome o;
    for (const RemoteHost& h : req.hosts)
        o.hosts.push_back({ h, RemoteHostState::Waiting, {}, {}, {}, {} });
    if (auto st = checkRemoteRequest(req); !st) {
        o.error = QString::fromStdString(st.error().message);
        return o;
    }
    const QString fio = findFio(req.fioProgram);
    if (fio.isEmpty()) {
        o.error = noFioMessage();
        return o;
    }
    {
        QProcess v;
        v.start(fio, { QStringLiteral("--version") });
        if (v.waitForFinished(10000))
            o.fioVersion = QString::fromUtf8(v.readAllStandardOutput()).trimmed();
    }
    QTemporaryDir jobs;
    if (!jobs.isValid()) {
        o.error = QStringLiteral("cannot make a temporary directory for the job files: %1").arg(jobs.errorString());
        return o;
    }
    const size_t n = req.hosts.size();

    // 1. The check, on every host at once (a host that does not answer costs its timeout once).
    std::vector<FioCall> probes(n);
    for (size_t i = 0; i < n; ++i) {
        const QString file = jobs.filePath(QStringLiteral("probe-%1.fio").arg(i));
        writeFile(file, probeJob(req.hosts[i]));
        probes[i].args = clientArgs({ { &req.hosts[i], file } });
        probes[i].timeoutMs = req.answerTimeoutMs;
        emitState(progress, i, o.hosts[i], RemoteHostState::Checking);
    }
    runFio(fio, probes, &cancel);
    std::vector<size_t> ready;
    for (size_t i = 0; i < n; ++i) {
        if (probes[i].failedToStart) {
            o.error = QStringLiteral("%1 did not start: %2").arg(fio, noFioMessage());
            return o;
        }
        if (probes[i].interrupted)
            continue;
        o.hosts[i].error = probeVerdict(probes[i], req.hosts[i], o.fioVersion, req.answerTimeoutMs);
        if (o.hosts[i].error.isEmpty())
            ready.push_back(i);
        else
            emitState(progress, i, o.hosts[i], RemoteHostState::Failed);
    }
    if (cancel.load()) {
        o.interrupted = true;
        return o; // nothing was laid out yet: the check removes its own file
    }
    if (ready.empty()) {
        QStringList why;
        for (const RemoteHostResult& h : o.hosts)
            why << h.error;
        o.error = QStringLiteral("no host can run the tests:\n  ") + why.join(QStringLiteral("\n  "));
        return o;
    }

    // 2. The grid: one fio client per host in turn, or one for all of them.
    std::vector<QString> jobFiles(n);
    for (const size_t i : ready) {
        FioJobRequest j;
        j.target = req.hosts[i].path;
        j.kind = req.hosts[i].isDevice() ? RegionInfo::Kind::BlockDevice : RegionInfo::Kind::Directory;
        j.regionBytes = req.settings.testSize / 4096 * 4096;
        j.tests = req.tests;
        j.settings = req.settings;
        j.comment = req.comment;
        jobFiles[i] = jobs.filePath(QStringLiteral("grid-%1.fio").arg(i));
        writeFile(jobFiles[i], formatFioJob(j));
    }
    const double expected = std::max(1.0, remoteHostSeconds(req));
    // Generous: fio first lays out the test file, which takes a while on an SD card.
    const int runTimeoutMs = int(std::min(expected * 3 + 600, 24.0 * 3600) * 1000);
    auto finish = [&](const FioCall& call, const std::vector<size_t>& hosts) {
        auto runs = parseFioOutput(call.out);
        for (const size_t i : hosts) {
            RemoteHostResult& r = o.hosts[i];
            const FioHostRun* run = runs ? runOf(*runs, r.host) : nullptr;
            if (run && !call.interrupted)
                takeRun(r, *run, req);
            else if (call.interrupted)
                r.error = QStringLiteral("%1: stopped (fio told its server to stop)").arg(r.host.name());
            else if (diagnoseFioClient(call.text(), r.host).problem == FioClientProblem::Disconnected
                || (call.exitCode != 0 && !run))
                r.error = lostMessage(r.host);
            else if (call.timedOut)
                r.error = QStringLiteral("%1: no result after %2 s: the run was stopped")
                              .arg(r.host.name())
                              .arg(runTimeoutMs / 1000);
            else
                r.error = QStringLiteral("%1: fio gave no results (%2)").arg(r.host.name(), lastLine(call.text()));
        }
    };
    auto clean = [&](const std::vector<size_t>& hosts) {
        std::vector<FioCall> calls;
        std::vector<size_t> which;
        for (const size_t i : hosts) {
            if (req.hosts[i].isDevice())
                continue;
            emitState(progress, i, o.hosts[i], RemoteHostState::CleaningUp, 1);
            const QString file = jobs.filePath(QStringLiteral("cleanup-%1.fio").arg(i));
            writeFile(file, cleanupJob(req.hosts[i]));
            FioCall c;
            c.args = clientArgs({ { &req.hosts[i], file } });
            c.timeoutMs = kCleanupTimeoutMs;
            calls.push_back(c);
            which.push_back(i);
        }
        runFio(fio, calls, nullptr); // after Ctrl-C too: this is what keeps the hosts clean
        for (size_t k = 0; k < calls.size(); ++k) {
            RemoteHostResult& r = o.hosts[which[k]];
            auto root = readFioDocument(calls[k].out);
            const bool cleaned = root && !root->value(QLatin1String("client_stats")).toArray().isEmpty();
            if (!cleaned)
                r.leftover = req.hosts[which[k]].testFile();
        }
        for (const size_t i : hosts)
            emitState(progress, i, o.hosts[i], o.hosts[i].complete() ? RemoteHostState::Done : RemoteHostState::Failed,
                1);
    };

    if (req.together) {
        std::vector<std::pair<const RemoteHost*, QString>> all;
        for (const size_t i : ready) {
            all.push_back({ &req.hosts[i], jobFiles[i] });
            emitState(progress, i, o.hosts[i], RemoteHostState::Running);
        }
        std::vector<FioCall> call(1);
        call[0].args = clientArgs(all);
        call[0].timeoutMs = runTimeoutMs;
        runFio(fio, call, &cancel, [&](double seconds) {
            if (progress)
                for (const size_t i : ready)
                    progress({ i, RemoteHostState::Running, std::min(0.99, seconds / expected), {} });
        });
        finish(call[0], ready);
        clean(ready);
    } else {
        for (const size_t i : ready) {
            if (cancel.load()) {
                o.hosts[i].error = QStringLiteral("%1: not run (stopped before its turn)").arg(req.hosts[i].name());
                emitState(progress, i, o.hosts[i], RemoteHostState::Failed);
                continue;
            }
            emitState(progress, i, o.hosts[i], RemoteHostState::Running);
            std::vector<FioCall> call(1);
            call[0].args = clientArgs({ { &req.hosts[i], jobFiles[i] } });
            call[0].timeoutMs = runTimeoutMs;
            runFio(fio, call, &cancel, [&](double seconds) {
                if (progress)
                    progress({ i, RemoteHostState::Running, std::min(0.99, seconds / expected), {} });
            });
            finish(call[0], { i });
            clean({ i });
        }
    }
    o.interrupted = cancel.load();
    return o;
}

std::vector<HistoryRecord> remoteRecords(const RemoteOutcome& outcome)
{
    std::vector<HistoryRecord> records;
    for (const RemoteHostResult& h : outcome.hosts)
        if (h.run)
            records.push_back({ h.run->entry, h.run->json });
    return records;
}

} // namespace dm
