// SPDX-License-Identifier: GPL-3.0-or-later
// `diskometer-cli remote ssh://` (issue 31) against a real OpenSSH server on this machine's
// loopback addresses (tests/support/sshrig.h), which runs the diskometer-cli under test: the grid,
// a sweep and health on 127.0.0.1 and ::1, their figures and history rows, and what goes wrong:
// an unknown host key, a host without diskometer-cli, a too-old one, Ctrl-C during a two-host run
// (no remote process is left).
#include "clirun.h"
#include "sshremote.h"
#include "sshrigtest.h"
#include "testtargets.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <gtest/gtest.h>

#include <map>

using namespace dm::test;

namespace {

// Tiny: one row, reads and writes, one 1-second pass, no warm-up.
const QStringList kTiny { "--tests", "RND4K-Q1T1", "--size", "16MiB", "--count", "1", "--measure", "1", "--warmup", "0",
    "--interval", "0", "--quiet" };

// The remote runs in a host's directory (what sshd started there), not the local command.
std::vector<pid_t> remoteRunsIn(const QString& dir) { return processesRunning(dir, QStringLiteral("diskometer-cli ")); }

class SshRemote : public SshRigTest {
protected:
    std::unique_ptr<QProcess> start(const QStringList& args, const SshRig& rig) const
    {
        auto p = startCli(
            QStringList { "remote" } + args, { .environment = historyEnvironment(m_home, rig.environment()) });
        p->waitForStarted(10000);
        return p;
    }
    CliTextOutcome remote(const QStringList& args) const { return remote(args, *m_rig); }
    CliTextOutcome remote(const QStringList& args, const SshRig& rig) const
    {
        auto p = start(args, rig);
        return asText(finishProcess(*p));
    }
};

TEST(SshHostSpec, ParsesUserHostPortAndPath)
{
    auto h = dm::parseSshHost("ssh://pi@[::1]:2222/srv/dm");
    ASSERT_TRUE(h) << h.error().message;
    EXPECT_EQ(h->user, "pi");
    EXPECT_EQ(h->host, "::1");
    EXPECT_EQ(h->port, 2222);
    EXPECT_EQ(h->path, "/srv/dm");
    EXPECT_EQ(h->name(), "pi@[::1]:2222");
    auto plain = dm::parseSshHost("ssh://pi4.lan/mnt/ssd");
    ASSERT_TRUE(plain);
    EXPECT_EQ(plain->port, 0);
    EXPECT_EQ(plain->name(), "pi4.lan");
    for (const char* bad :
        { "ssh://pi4.lan", "ssh://::1/x", "ssh://h:99999/x", "ssh://-oProxyCommand=x/x", "ssh:///x" })
        EXPECT_FALSE(dm::parseSshHost(bad)) << bad;
}

TEST(SshHostSpec, QuotesEveryWordForTheRemoteShell)
{
    EXPECT_EQ(dm::shellQuote("/srv/dm"), "/srv/dm");
    EXPECT_EQ(dm::shellQuote("it's $HOME; rm"), "'it'\\''s $HOME; rm'");
    EXPECT_EQ(dm::shellQuote(""), "''");
}

// The grid on both loopback addresses in one run: each host's figures, its history row (kind
// grid, the host's name), and a comment full of the remote shell's special characters that
// arrives unchanged.
TEST_F(SshRemote, GridOnBothLoopbacksIsStoredPerHost)
{
    const QString a = dir("host-a"), b = dir("host-b");
    const QString comment = R"(it's a "lab" run; $HOME `id` \ end)";
    const QString json = dir("out") + "/hosts.json";
    const CliTextOutcome o
        = remote(QStringList { m_rig->spec(a), m_rig->spec(b, true), "--comment", comment, "--json", json } + kTiny);
    ASSERT_EQ(o.exitCode, 0) << o.err.toStdString() << o.out.toStdString();
    const QString v4 = QStringLiteral("127.0.0.1:%1").arg(m_rig->port()),
                  v6 = QStringLiteral("[::1]:%1").arg(m_rig->port());
    EXPECT_TRUE(o.out.contains(v4) && o.out.contains(v6)) << o.out.toStdString();

    QFile f(json);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    const QJsonObject root = QJsonDocument::fromJson(f.readAll()).object();
    EXPECT_EQ(root.value("schema").toString(), "diskometer.hosts/1");
    const QJsonArray hosts = root.value("hosts").toArray();
    ASSERT_EQ(hosts.size(), 2);
    for (const QJsonValue hv : hosts) {
        const QJsonObject h = hv.toObject();
        EXPECT_TRUE(h.value("complete").toBool()) << h.value("error").toString().toStdString();
        const QJsonObject report = h.value("report").toObject();
        EXPECT_EQ(report.value("schema").toString(), "diskometer.result/1");
        EXPECT_EQ(report.value("comment").toString(), comment);
        const QJsonArray tests = report.value("results").toArray();
        ASSERT_EQ(tests.size(), 2); // RND4K Q1T1 read and write
        for (const QJsonValue t : tests) {
            const double mbps = t.toObject().value("mb_per_s").toDouble();
            // Sane for 4 KiB at queue depth 1 on any disk of this decade, through ssh or not.
            EXPECT_GT(mbps, 0.5) << QJsonDocument(t.toObject()).toJson().toStdString();
            EXPECT_LT(mbps, 20000.0);
        }
    }
    const QJsonArray runs = historyRuns();
    ASSERT_EQ(runs.size(), 2);
    QStringList stored;
    for (const QJsonValue r : runs) {
        EXPECT_EQ(r.toObject().value("kind").toString(), "grid");
        EXPECT_EQ(r.toObject().value("comment").toString(), comment);
        stored << r.toObject().value("host").toString();
    }
    stored.sort();
    EXPECT_EQ(stored, (QStringList { v4, v6 }));
    // Nothing left in the hosts' directories: the remote run's own clean-up.
    EXPECT_TRUE(QDir(a).isEmpty() && QDir(b).isEmpty());
}

TEST_F(SshRemote, SweepOnIpv4AndHealthOnIpv6)
{
    const QString a = dir("sweep");
    const CliTextOutcome sweep = remote({ m_rig->spec(a), "--kind", "sweep", "--min", "4KiB", "--max", "8KiB", "--size",
        "16MiB", "--measure", "0.5", "--warmup", "0", "--quiet" });
    ASSERT_EQ(sweep.exitCode, 0) << sweep.err.toStdString();
    const QJsonArray runs = historyRuns();
    ASSERT_EQ(runs.size(), 1);
    const QJsonObject run = runs.first().toObject();
    EXPECT_EQ(run.value("kind").toString(), "sweep");
    EXPECT_EQ(run.value("host").toString(), QStringLiteral("127.0.0.1:%1").arg(m_rig->port()));
    const double headline = run.value("headline").toObject().value("value").toDouble();
    EXPECT_GT(headline, 0.5) << QJsonDocument(run).toJson().toStdString();
    EXPECT_LT(headline, 50000.0);

    const QString json = dir("out") + "/health.json";
    const CliTextOutcome health = remote({ m_rig->spec("/", true), "--kind", "health", "--json", json, "--quiet" });
    ASSERT_EQ(health.exitCode, 0) << health.err.toStdString();
    EXPECT_TRUE(health.out.startsWith("| Host | Drive |")) << health.out.toStdString();
    QFile f(json);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    const QJsonObject host = QJsonDocument::fromJson(f.readAll()).object().value("hosts").toArray().first().toObject();
    EXPECT_EQ(host.value("report").toObject().value("schema").toString(), "diskometer.health/1");
    EXPECT_EQ(historyRuns().size(), 1); // health is shown, not stored
}

TEST_F(SshRemote, ATypoFailsBeforeAnyConnection)
{
    const auto before = m_rig->log();
    const CliTextOutcome o = remote({ m_rig->spec(dir("x")), "--kind", "sweep", "--mesure", "1" });
    EXPECT_EQ(o.exitCode, 2);
    EXPECT_TRUE(o.err.contains("mesure")) << o.err.toStdString();
    // A value out of range, of a kind whose options are not the grid's.
    const CliTextOutcome range = remote({ m_rig->spec(dir("x")), "--kind", "scan", "--samples", "0" });
    EXPECT_EQ(range.exitCode, 2);
    EXPECT_TRUE(range.err.contains("--samples")) << range.err.toStdString();
    QThread::msleep(200);
    EXPECT_FALSE(m_rig->log().contains("Accepted")) << "a connection was made";
}

TEST_F(SshRemote, UnknownHostKeyIsNamedWithWhatToDo)
{
    QProcessEnvironment env = m_rig->environment();
    env.insert("DISKOMETER_SSH", "ssh -F " + m_rig->clientConfigWithoutHostKey());
    auto p = startCli(
        QStringList { "remote", m_rig->spec(dir("x")) } + kTiny, { .environment = historyEnvironment(m_home, env) });
    const CliTextOutcome o = asText(finishProcess(*p, 60000));
    EXPECT_EQ(o.exitCode, 2);
    EXPECT_TRUE(o.err.contains("host key is not known here") && o.err.contains("ssh-keyscan -p"))
        << o.err.toStdString();
}

TEST_F(SshRemote, RefusedKeyIsNamedWithWhatToDo)
{
    QProcessEnvironment env = m_rig->environment();
    env.insert("DISKOMETER_SSH", "ssh -F " + m_rig->clientConfigWithOtherKey());
    auto p = startCli(QStringList { "remote", m_rig->spec(dir("x"), true, "root") } + kTiny,
        { .environment = historyEnvironment(m_home, env) });
    const CliTextOutcome o = asText(finishProcess(*p, 60000));
    EXPECT_EQ(o.exitCode, 2);
    EXPECT_TRUE(o.err.contains(QStringLiteral("root@[::1]:%1 refused this machine's keys").arg(m_rig->port()))
        && o.err.contains(QStringLiteral("ssh-copy-id -p %1 root@::1").arg(m_rig->port())))
        << o.err.toStdString();
}

// The first host's connection dies mid-run (its sshd killed): that host is reported lost, the
// second still runs and is stored, exit code 1, and the first host's run stops with its input.
TEST_F(SshRemote, ALostConnectionIsReportedWhileTheOthersFinish)
{
    const QString a = dir("lost-a"), b = dir("lost-b");
    auto p = start({ m_rig->spec(a), m_rig->spec(b, true), "--tests", "SEQ1M-Q8T1", "--size", "16MiB", "--count", "2",
                       "--measure", "2", "--warmup", "0", "--interval", "0", "--quiet" },
        *m_rig);
    QElapsedTimer t;
    t.start();
    while (remoteRunsIn(a).empty() && t.elapsed() < 30000)
        QThread::msleep(100);
    ASSERT_FALSE(remoteRunsIn(a).empty()) << "no remote run started";
    QThread::msleep(1000);
    m_rig->killSessions();
    const CliTextOutcome o = asText(finishProcess(*p, 120000));
    EXPECT_EQ(o.exitCode, 1) << o.err.toStdString();
    EXPECT_TRUE(o.err.contains(QStringLiteral("127.0.0.1:%1: the connection was lost mid-run").arg(m_rig->port())))
        << o.err.toStdString();
    const QJsonArray runs = historyRuns();
    ASSERT_EQ(runs.size(), 1);
    EXPECT_EQ(runs.first().toObject().value("host").toString(), QStringLiteral("[::1]:%1").arg(m_rig->port()));
    t.restart();
    while (!remoteRunsIn(a).empty() && t.elapsed() < 10000)
        QThread::msleep(100);
    EXPECT_TRUE(remoteRunsIn(a).empty()) << "the lost host's run outlived its connection";
}

TEST_F(SshRemote, HostWithoutDiskometerIsNamed)
{
    SshRig bare(QString {}); // PATH=/usr/bin:/bin there
    ASSERT_TRUE(bare.ready()) << bare.error().toStdString();
    if (QFile::exists("/usr/bin/diskometer-cli"))
        GTEST_SKIP() << "this machine has diskometer-cli installed in /usr/bin";
    const CliTextOutcome o = remote(QStringList { bare.spec(dir("x")) } + kTiny, bare);
    EXPECT_EQ(o.exitCode, 2);
    EXPECT_TRUE(o.err.contains(
        QStringLiteral("127.0.0.1:%1 has no diskometer-cli on its PATH: install Diskometer").arg(bare.port())))
        << o.err.toStdString();
}

TEST_F(SshRemote, TooOldVersionIsNamedWithWhatToInstall)
{
    const QString fake = dir("old-bin");
    QFile script(fake + "/diskometer-cli");
    ASSERT_TRUE(script.open(QIODevice::WriteOnly));
    script.write("#!/bin/sh\necho 'diskometer-cli 0.0.9 (libaio)'\n");
    script.close();
    script.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    SshRig old(fake);
    ASSERT_TRUE(old.ready()) << old.error().toStdString();
    const CliTextOutcome o = remote(QStringList { old.spec(dir("x")) } + kTiny, old);
    EXPECT_EQ(o.exitCode, 2);
    EXPECT_TRUE(o.err.contains(QStringLiteral("has Diskometer 0.0.9"))
        && o.err.contains("install Diskometer " DM_VERSION " there"))
        << o.err.toStdString();
}

// Ctrl-C while the first of two hosts runs: every remote diskometer-cli is gone soon after (the
// remote run stops when its stdin closes), and the run says it was interrupted.
TEST_F(SshRemote, CtrlCLeavesNoRemoteProcess)
{
    const QString a = dir("ctrl-c-a"), b = dir("ctrl-c-b");
    auto p = start({ m_rig->spec(a), m_rig->spec(b, true), "--tests", "SEQ1M-Q8T1", "--size", "16MiB", "--count", "5",
                       "--measure", "5", "--warmup", "0", "--interval", "0", "--quiet" },
        *m_rig);
    QElapsedTimer t;
    t.start();
    while (remoteRunsIn(a).empty() && t.elapsed() < 30000)
        QThread::msleep(100);
    ASSERT_FALSE(remoteRunsIn(a).empty()) << "no remote run started";
    QThread::msleep(1500); // into the measurement
    ::kill(pid_t(p->processId()), SIGINT);
    const CliTextOutcome o = asText(finishProcess(*p, 60000));
    EXPECT_EQ(o.exitCode, 130) << o.err.toStdString();
    EXPECT_TRUE(o.err.contains("interrupted")) << o.err.toStdString();
    t.restart();
    while ((!remoteRunsIn(a).empty() || !remoteRunsIn(b).empty()) && t.elapsed() < 10000)
        QThread::msleep(100);
    EXPECT_TRUE(remoteRunsIn(a).empty() && remoteRunsIn(b).empty()) << "a remote diskometer-cli outlived the run";
    EXPECT_TRUE(historyRuns().isEmpty());
}

// A host's diskometer-cli that comes late: on any run whose arguments name a "slow" folder it
// sleeps `seconds` first (its `--version` answers at once), then is the one under test.
QString lateCliDir(const QString& dir, double seconds)
{
    QFile script(dir + "/diskometer-cli");
    if (!script.open(QIODevice::WriteOnly))
        return {};
    script.write(QStringLiteral("#!/bin/sh\ncase \"$*\" in *slow*) sleep %1 ;; esac\nexec '%2' \"$@\"\n")
                     .arg(seconds)
                     .arg(QStringLiteral(DM_CLI_PATH))
                     .toUtf8());
    script.close();
    script.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    return dir;
}

// --together: the host that is ready first waits at each test's barrier for the late one, so
// their tests start at the same moment, which the hosts' own reports show (the early host's
// first test starts about as much later into its run as the other came late), and the skew
// measured over the connections is small.
TEST_F(SshRemote, TogetherHoldsTheEarlyHostUntilTheLateOneIsReady)
{
    SshRig rig(lateCliDir(dir("late-bin"), 1.5));
    ASSERT_TRUE(rig.ready()) << rig.error().toStdString();
    const QString early = dir("early"), late = dir("slow");
    const QString json = dir("out") + "/together.json";
    const CliTextOutcome o
        = remote(QStringList { rig.spec(early), rig.spec(late, true), "--together", "--json", json } + kTiny, rig);
    ASSERT_EQ(o.exitCode, 0) << o.err.toStdString() << o.out.toStdString();
    EXPECT_TRUE(o.out.contains("All hosts (sum) |")) << o.out.toStdString(); // what they did at once, not fio's
    EXPECT_TRUE(o.out.contains("together: 2 barriers")) << o.out.toStdString();

    QFile f(json);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    const QJsonObject root = QJsonDocument::fromJson(f.readAll()).object();
    const QJsonArray barriers = root.value("together").toObject().value("barriers").toArray();
    ASSERT_EQ(barriers.size(), 2) << "one per test (RND4K Q1T1 read and write)";
    for (const QJsonValue bv : barriers) {
        const QJsonObject b = bv.toObject();
        EXPECT_EQ(b.value("hosts").toInt(), 2);
        // Two processes on this machine, let go within microseconds: a generous bound for a
        // busy 2-CPU machine, and far below the 1.5 s one host came late.
        EXPECT_LT(b.value("skew_bound_ms").toDouble(), 300.0) << QJsonDocument(b).toJson().toStdString();
        EXPECT_LE(b.value("skew_ms").toDouble(), b.value("skew_bound_ms").toDouble());
    }
    EXPECT_GT(barriers[0].toObject().value("waited_ms").toDouble(), 1000.0) << "the early host was not held";

    // The hosts' own clocks: each report's first test starts `start_seconds` into its run. The
    // early host's run began 1.5 s before the late one's, so its first test starts that much later.
    std::map<QString, double> firstStart;
    for (const QJsonValue hv : root.value("hosts").toArray()) {
        const QJsonObject h = hv.toObject();
        ASSERT_TRUE(h.value("complete").toBool()) << h.value("error").toString().toStdString();
        firstStart[h.value("path").toString()] = h.value("report")
                                                     .toObject()
                                                     .value("results")
                                                     .toArray()
                                                     .at(0)
                                                     .toObject()
                                                     .value("start_seconds")
                                                     .toDouble();
    }
    EXPECT_GT(firstStart[early] - firstStart[late], 1.0)
        << "early " << firstStart[early] << " s, late " << firstStart[late] << " s into their runs";
    EXPECT_EQ(historyRuns().size(), 2);
    EXPECT_TRUE(QDir(early).isEmpty() && QDir(late).isEmpty());
}

// Ctrl-C while the early host waits at the barrier for the late one: both runs end, nothing is
// left there, and nothing is stored.
TEST_F(SshRemote, CtrlCAtTheBarrierLeavesNoRemoteProcess)
{
    SshRig rig(lateCliDir(dir("late-bin"), 3));
    ASSERT_TRUE(rig.ready()) << rig.error().toStdString();
    const QString early = dir("early"), late = dir("slow");
    // The remote runs are the built program itself there (the late one's script execs it).
    const auto runsIn = [](const QString& d) { return processesRunning(d, QStringLiteral(DM_CLI_PATH " ") + d); };
    auto p = start(QStringList { rig.spec(early), rig.spec(late, true), "--together" } + kTiny, rig);
    QElapsedTimer t;
    t.start();
    while (runsIn(early).empty() && t.elapsed() < 30000)
        QThread::msleep(100);
    ASSERT_FALSE(runsIn(early).empty()) << "no remote run started";
    QThread::msleep(1000); // the early host is at its first barrier, the late one asleep
    ::kill(pid_t(p->processId()), SIGINT);
    const CliTextOutcome o = asText(finishProcess(*p, 60000));
    EXPECT_EQ(o.exitCode, 130) << o.err.toStdString();
    t.restart();
    while ((!runsIn(early).empty() || !processesRunning(late).empty()) && t.elapsed() < 10000)
        QThread::msleep(100);
    EXPECT_TRUE(runsIn(early).empty()) << "the host held at the barrier outlived the run";
    EXPECT_TRUE(processesRunning(late).empty()) << "the late host's run outlived the run";
    EXPECT_TRUE(historyRuns().isEmpty());
    EXPECT_TRUE(QDir(early).isEmpty());
}

// --together with a host that fails before its first barrier (its folder does not exist): the
// other is not held for it, finishes and is stored; the run says which host failed (exit 1).
TEST_F(SshRemote, TogetherDoesNotWaitForAHostThatFailed)
{
    const QString good = dir("good");
    const QString json = dir("out") + "/failed.json";
    const CliTextOutcome o = remote(
        QStringList { m_rig->spec(good), m_rig->spec(good + "/missing", true), "--together", "--json", json } + kTiny);
    EXPECT_EQ(o.exitCode, 1) << o.err.toStdString();
    EXPECT_TRUE(o.err.contains(QStringLiteral("[::1]:%1").arg(m_rig->port()))) << o.err.toStdString();
    QFile f(json);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    const QJsonObject root = QJsonDocument::fromJson(f.readAll()).object();
    const QJsonArray barriers = root.value("together").toObject().value("barriers").toArray();
    ASSERT_EQ(barriers.size(), 2);
    EXPECT_EQ(barriers[0].toObject().value("hosts").toInt(), 1) << "only the host that runs is held";
    EXPECT_TRUE(root.value("hosts").toArray().at(0).toObject().value("complete").toBool());
    EXPECT_EQ(historyRuns().size(), 1);
}

} // namespace
