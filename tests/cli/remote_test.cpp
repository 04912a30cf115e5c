// SPDX-License-Identifier: GPL-3.0-or-later
// `diskometer-cli remote` (issue 17) against real fio servers on this machine's loopback
// addresses (127.0.0.1 and ::1), each with its own directory: hosts in turn and together, the
// history rows and their hosts, the table of hosts, and what goes wrong: a port nobody answers
// on, a path missing on one host, a directory the server may not write, a server killed
// mid-run, Ctrl-C, no fio here. After every run no test file remains in a host's directory
// (except on a host killed mid-run, which is named).
#include "clirun.h"
#include "fioservers.h"
#include "testtargets.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <gtest/gtest.h>

#include <filesystem>
#include <memory>

using namespace dm::test;

namespace {

// Tiny: one row, reads and writes, one 1-second pass, no warm-up.
const QStringList kTiny { "--tests", "RND4K-Q1T1", "--size", "16MiB", "--count", "1", "--measure", "1", "--warmup",
    "0", "--interval", "0", "--quiet" };

class Remote : public ::testing::Test {
protected:
    void SetUp() override
    {
        if (!haveTool("fio"))
            GTEST_SKIP() << "fio is not installed (apt-get install fio)";
        ASSERT_FALSE(m_scratch.path().empty());
        m_home = dir("data-home");
    }

    // A directory for one host, on the ordinary disk (O_DIRECT works there).
    QString dir(const QString& name)
    {
        const QString d = QString::fromStdString(m_scratch.path()) + QLatin1Char('/') + name;
        QDir().mkpath(d);
        return d;
    }

    std::unique_ptr<QProcess> start(const QStringList& args, const QProcessEnvironment* extra = nullptr) const
    {
        auto p = startCli(QStringList { "remote" } + args,
            { .environment = historyEnvironment(m_home, extra ? *extra : QProcessEnvironment::systemEnvironment()) });
        p->waitForStarted(10000);
        return p;
    }

    static CliTextOutcome finish(QProcess& p) { return asText(finishProcess(p)); }

    CliTextOutcome remote(const QStringList& args) const { return finish(*start(args)); }

    QJsonArray historyRuns() const
    {
        const CliOutcome o = runCli(
            { "history", "list", "--json" }, { .timeoutMs = 30000, .environment = historyEnvironment(m_home) });
        return QJsonDocument::fromJson(o.out).object().value("runs").toArray();
    }

    static QStringList entries(const QString& d) { return QDir(d).entryList(QDir::AllEntries | QDir::NoDotAndDotDot); }

    // "| /dir @ host (fio) | date | 12.3 | 4.5 |": the figures of the table row naming `host`.
    static std::vector<double> rowFigures(const QString& table, const QString& host)
    {
        for (const QString& line : table.split('\n'))
            if (line.startsWith("| ") && line.contains(host)) {
                std::vector<double> v;
                const QStringList cells = line.split('|', Qt::SkipEmptyParts);
                for (qsizetype i = 2; i < cells.size(); ++i)
                    v.push_back(cells[i].trimmed().toDouble());
                return v;
            }
        return {};
    }

    ScratchDir m_scratch;
    QString m_home;
};

TEST_F(Remote, GridOnTwoHostsInTurnStoresOneRunPerHostAndLeavesNothing)
{
    FioServer a, b(true);
    ASSERT_TRUE(a.ready() && b.ready()) << "could not start fio servers on loopback";
    const QString da = dir("a"), db = dir("b");
    const QString json = QString::fromStdString(m_scratch.path()) + "/remote.json";
    const QString html = QString::fromStdString(m_scratch.path()) + "/remote.html";
    const auto o = remote(
        kTiny + QStringList { a.spec(da), b.spec(db), "--comment", "home lab", "--json", json, "--html", html });
    ASSERT_EQ(o.exitCode, 0) << o.err.toStdString();

    // The table: one row per host, side by side, with a figure in every column.
    for (const FioServer* s : { &a, &b }) {
        const auto figures = rowFigures(o.out, s->name());
        ASSERT_EQ(figures.size(), 2u) << o.out.toStdString(); // RND4K Q1T1 read and write
        for (const double f : figures)
            EXPECT_GT(f, 0) << o.out.toStdString();
    }
    EXPECT_FALSE(o.out.contains("All hosts")) << "the sum is for --together only";

    // The history: one grid run per host, measured by fio, with its host, path and comment.
    const QJsonArray runs = historyRuns();
    ASSERT_EQ(runs.size(), 2);
    QStringList hosts;
    for (const QJsonValue v : runs) {
        const QJsonObject r = v.toObject();
        EXPECT_EQ(r.value("kind").toString(), "grid");
        EXPECT_EQ(r.value("source").toString(), "fio");
        EXPECT_EQ(r.value("comment").toString(), "home lab");
        EXPECT_GT(r.value("rnd4k_q1t1_read_mb_per_s").toDouble(), 0);
        hosts << r.value("host").toString();
        EXPECT_EQ(r.value("target_path").toString(), r.value("host").toString() == a.name() ? da : db);
    }
    hosts.sort();
    QStringList expected { a.name(), b.name() };
    expected.sort();
    EXPECT_EQ(hosts, expected);

    // The JSON report: both hosts complete, with fio's own document for each.
    QFile f(json);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    const QJsonObject report = QJsonDocument::fromJson(f.readAll()).object();
    EXPECT_EQ(report.value("schema").toString(), "diskometer.remote/1");
    const QJsonArray reportHosts = report.value("hosts").toArray();
    ASSERT_EQ(reportHosts.size(), 2);
    for (const QJsonValue v : reportHosts) {
        EXPECT_TRUE(v.toObject().value("complete").toBool());
        EXPECT_EQ(v.toObject().value("tests").toArray().size(), 2);
        EXPECT_TRUE(v.toObject().value("fio").toObject().contains("client_stats"));
    }

    // The web page: the hosts side by side, a bar per host and test.
    QFile page(html);
    ASSERT_TRUE(page.open(QIODevice::ReadOnly));
    const QByteArray pageText = page.readAll();
    EXPECT_TRUE(pageText.contains("data-kind=\"comparison\""));
    EXPECT_EQ(pageText.count("<rect class=\"bar"), 4) << "two tests on two hosts";
    for (const FioServer* s : { &a, &b })
        EXPECT_TRUE(pageText.contains(s->name().toUtf8())) << s->name().toStdString();

    // No test file on either host.
    EXPECT_TRUE(entries(da).isEmpty()) << entries(da).join(' ').toStdString();
    EXPECT_TRUE(entries(db).isEmpty()) << entries(db).join(' ').toStdString();
}

TEST_F(Remote, TogetherGivesEachHostsShareAndTheirSum)
{
    FioServer a, b;
    ASSERT_TRUE(a.ready() && b.ready());
    const QString da = dir("a"), db = dir("b");
    const auto o = remote(kTiny + QStringList { "--together", "--no-history", a.spec(da), b.spec(db) });
    ASSERT_EQ(o.exitCode, 0) << o.err.toStdString();
    const auto fa = rowFigures(o.out, a.name()), fb = rowFigures(o.out, b.name()),
               sum = rowFigures(o.out, "All hosts (sum)");
    ASSERT_EQ(fa.size(), 2u) << o.out.toStdString();
    ASSERT_EQ(fb.size(), 2u);
    ASSERT_EQ(sum.size(), 2u) << o.out.toStdString();
    for (size_t i = 0; i < 2; ++i)
        EXPECT_NEAR(sum[i], fa[i] + fb[i], 0.11) << o.out.toStdString(); // figures rounded to 0.1
    EXPECT_TRUE(historyRuns().isEmpty()) << "--no-history";
    EXPECT_TRUE(entries(da).isEmpty());
    EXPECT_TRUE(entries(db).isEmpty());
}

TEST_F(Remote, APortNobodyAnswersOnIsNamedWithWhatToDo)
{
    const int port = freeLoopbackPort();
    const auto o = remote(kTiny + QStringList { QStringLiteral("127.0.0.1:%1:%2").arg(port).arg(dir("a")) });
    EXPECT_EQ(o.exitCode, 2) << "no host reachable";
    EXPECT_TRUE(o.err.contains(QStringLiteral("127.0.0.1:%1 does not answer").arg(port))) << o.err.toStdString();
    EXPECT_TRUE(o.err.contains("fio --server")) << o.err.toStdString();
    EXPECT_TRUE(o.err.contains(QStringLiteral("%1/tcp").arg(port))) << o.err.toStdString();
    EXPECT_TRUE(o.out.isEmpty());
    EXPECT_TRUE(historyRuns().isEmpty());
}

TEST_F(Remote, AMissingPathOnOneHostFailsThatHostOnlyAndIsNotCreated)
{
    FioServer a, b(true);
    ASSERT_TRUE(a.ready() && b.ready());
    const QString missing = dir("a") + "/not-there", db = dir("b");
    const int deadPort = freeLoopbackPort();
    const auto o = remote(kTiny
        + QStringList { a.spec(missing), QStringLiteral("127.0.0.1:%1:%2").arg(deadPort).arg(dir("c")), b.spec(db) });
    EXPECT_EQ(o.exitCode, 1) << o.err.toStdString();
    EXPECT_TRUE(o.err.contains(missing + " does not exist on " + a.name())) << o.err.toStdString();
    EXPECT_TRUE(o.err.contains("does not answer")) << o.err.toStdString();
    EXPECT_FALSE(QFileInfo::exists(missing)) << "fio would have made the directory";
    EXPECT_EQ(rowFigures(o.out, b.name()).size(), 2u) << o.out.toStdString();
    EXPECT_TRUE(rowFigures(o.out, a.name()).empty());
    const QJsonArray runs = historyRuns();
    ASSERT_EQ(runs.size(), 1);
    EXPECT_EQ(runs[0].toObject().value("host").toString(), b.name());
    EXPECT_TRUE(entries(db).isEmpty());
}

TEST_F(Remote, ADirectoryTheServerMayNotWriteIsSaid)
{
    if (!isRoot() || !haveTool("setpriv"))
        GTEST_SKIP() << "needs root and setpriv to run fio's server as user nobody";
    FioServer a(false, { "setpriv", "--reuid=65534", "--regid=65534", "--clear-groups" });
    ASSERT_TRUE(a.ready());
    const QString da = dir("root-only");
    // The scratch directory is mkdtemp's 0700: open it to nobody, as a user's home lab would be.
    QFile::setPermissions(QString::fromStdString(m_scratch.path()),
        QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadOther | QFile::ExeOther);
    QFile::setPermissions(da, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadOther | QFile::ExeOther);
    // nobody must reach the directory to be refused writing in it, not be stopped above it.
    for (QString up = QFileInfo(da).absolutePath(); up != "/"; up = QFileInfo(up).absolutePath())
        if (!(QFile::permissions(up) & QFile::ExeOther))
            GTEST_SKIP() << up.toStdString() << " is closed to other users";
    const auto o = remote(kTiny + QStringList { a.spec(da) });
    EXPECT_EQ(o.exitCode, 2) << o.err.toStdString();
    EXPECT_TRUE(o.err.contains("cannot write a test file in " + da)) << o.err.toStdString();
    EXPECT_TRUE(o.err.contains("Permission denied")) << o.err.toStdString();
    EXPECT_TRUE(entries(da).isEmpty());
}

TEST_F(Remote, AServerKilledMidRunFailsThatHostAndTheOthersAreStillReported)
{
    FioServer a, b(true);
    ASSERT_TRUE(a.ready() && b.ready());
    const QString da = dir("a"), db = dir("b");
    QStringList args = kTiny;
    args[args.indexOf("--measure") + 1] = "4"; // long enough to be caught mid-run
    auto p = start(args + QStringList { a.spec(da), b.spec(db) });
    // Host a runs first: kill its whole server once its test file is there.
    const QString testFile = da + "/diskometer-fio.tmp";
    QElapsedTimer t;
    t.start();
    while (!QFileInfo::exists(testFile) && t.elapsed() < 60000 && p->state() == QProcess::Running)
        QThread::msleep(50);
    ASSERT_TRUE(QFileInfo::exists(testFile)) << "host a never started";
    QThread::msleep(500);
    a.kill();
    const auto o = finish(*p);
    EXPECT_EQ(o.exitCode, 1) << o.err.toStdString();
    EXPECT_TRUE(o.err.contains(a.name() + ": the connection to fio's server was lost mid-run")) << o.err.toStdString();
    EXPECT_TRUE(o.err.contains(testFile)) << "the file that may remain is named: " << o.err.toStdString();
    EXPECT_EQ(rowFigures(o.out, b.name()).size(), 2u) << o.out.toStdString();
    const QJsonArray runs = historyRuns();
    ASSERT_EQ(runs.size(), 1);
    EXPECT_EQ(runs[0].toObject().value("host").toString(), b.name());
    EXPECT_TRUE(entries(db).isEmpty());
}

TEST_F(Remote, CtrlCTellsEveryServerToStopAndRemovesTheTestFiles)
{
    FioServer a, b;
    ASSERT_TRUE(a.ready() && b.ready());
    const QString da = dir("a"), db = dir("b");
    QStringList args = kTiny;
    args[args.indexOf("--measure") + 1] = "30";
    auto p = start(args + QStringList { "--together", a.spec(da), b.spec(db) });
    QElapsedTimer t;
    t.start();
    while (!(QFileInfo::exists(da + "/diskometer-fio.tmp") && QFileInfo::exists(db + "/diskometer-fio.tmp"))
        && t.elapsed() < 60000 && p->state() == QProcess::Running)
        QThread::msleep(50);
    ASSERT_TRUE(QFileInfo::exists(da + "/diskometer-fio.tmp")) << "the run never started";
    QThread::msleep(1000); // measuring now
    QElapsedTimer stopping;
    stopping.start();
    ::kill(pid_t(p->processId()), SIGINT);
    const auto o = finish(*p);
    EXPECT_EQ(o.exitCode, 130) << o.err.toStdString();
    // Two 30-second passes per host were asked for, and we give fio 20 s to stop before killing
    // it: only servers told to stop at once end this soon.
    EXPECT_LT(stopping.elapsed(), 10000);
    EXPECT_TRUE(o.err.contains("interrupted")) << o.err.toStdString();
    EXPECT_TRUE(entries(da).isEmpty()) << entries(da).join(' ').toStdString();
    EXPECT_TRUE(entries(db).isEmpty()) << entries(db).join(' ').toStdString();
    EXPECT_TRUE(historyRuns().isEmpty()) << "a stopped run is not finished";
    EXPECT_TRUE(a.running() && b.running()) << "the servers stay up for the next run";
}

TEST_F(Remote, AServerOfAnotherFioVersionIsRefusedWithBothVersions)
{
    OtherVersionFioServer other(1); // no fio release speaks protocol 1 any more
    ASSERT_GT(other.port(), 0);
    FioServer a;
    ASSERT_TRUE(a.ready());
    const QString da = dir("a");
    const QString spec = QStringLiteral("127.0.0.1:%1:%2").arg(other.port()).arg(dir("b"));
    const auto o = remote(kTiny + QStringList { spec, a.spec(da) });
    EXPECT_EQ(o.exitCode, 1) << o.err.toStdString();
    const QString name = QStringLiteral("127.0.0.1:%1").arg(other.port());
    EXPECT_TRUE(o.err.contains("fio refuses to work with " + name)) << o.err.toStdString();
    EXPECT_TRUE(o.err.contains(QRegularExpression("this machine has fio-\\d+\\.\\d+"))) << o.err.toStdString();
    EXPECT_TRUE(o.err.contains(QRegularExpression("protocol 1 there, \\d+ here"))) << o.err.toStdString();
    EXPECT_TRUE(o.err.contains("install the same fio version")) << o.err.toStdString();
    EXPECT_EQ(rowFigures(o.out, a.name()).size(), 2u) << "the other host still runs: " << o.out.toStdString();
    EXPECT_TRUE(entries(da).isEmpty());
}

TEST_F(Remote, ABlockDeviceOnAHostIsReadInPlaceAndWritesNeedConsent)
{
    LoopDevice loop("64M");
    if (!loop.ok())
        GTEST_SKIP() << "needs root and losetup for a loop device";
    FioServer a;
    ASSERT_TRUE(a.ready());
    const QString spec = a.spec(QString::fromStdString(loop.device()));
    // Writes would destroy the device's data: refused before anything runs.
    const auto refused = remote(kTiny + QStringList { spec });
    EXPECT_EQ(refused.exitCode, 2);
    EXPECT_TRUE(refused.err.contains("--allow-destructive")) << refused.err.toStdString();
    const auto o = remote(kTiny + QStringList { "--mode", "read", spec });
    ASSERT_EQ(o.exitCode, 0) << o.err.toStdString();
    const auto figures = rowFigures(o.out, a.name());
    ASSERT_EQ(figures.size(), 1u) << o.out.toStdString();
    EXPECT_GT(figures[0], 0);
    const QJsonArray runs = historyRuns();
    ASSERT_EQ(runs.size(), 1);
    EXPECT_EQ(runs[0].toObject().value("target_path").toString(), QString::fromStdString(loop.device()));
    // A device that is not there on the host.
    const auto missing = remote(kTiny + QStringList { "--mode", "read", a.spec("/dev/dm-remote-no-such-device") });
    EXPECT_EQ(missing.exitCode, 2);
    EXPECT_TRUE(missing.err.contains("/dev/dm-remote-no-such-device")) << missing.err.toStdString();
}

TEST_F(Remote, NoFioHereSaysHowToInstallIt)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("PATH", QString::fromStdString(m_scratch.path())); // no fio in it
    const auto o = finish(*start(kTiny + QStringList { "127.0.0.1:/srv" }, &env));
    EXPECT_EQ(o.exitCode, 2);
    EXPECT_TRUE(o.err.contains("apt-get install fio")) << o.err.toStdString();
}

TEST_F(Remote, BadUsageIsRefusedBeforeAnythingRuns)
{
    struct Case {
        QStringList args;
        const char* says;
    };
    const Case cases[] = {
        { {}, "at least one HOST" },
        { { "pi4.lan" }, "no path on the host" },
        { { "pi4.lan:relative/dir" }, "absolute" },
        { { "pi4.lan:99999:/srv" }, "not a port" },
        { { "[::1:/srv" }, "closing ]" },
        { { "pi4.lan:/srv", "pi4.lan:/other" }, "given twice" },
        { { "pi4.lan:/dev/sdb" }, "--allow-destructive" },
        { { "--count", "12", "pi4.lan:/srv" }, "--count" },
        { { "--json", "-", "--text", "-", "pi4.lan:/srv" }, "only one report" },
    };
    for (const Case& c : cases) {
        const auto o = remote(c.args);
        EXPECT_EQ(o.exitCode, 2) << c.args.join(' ').toStdString();
        EXPECT_TRUE(o.err.contains(QLatin1String(c.says))) << c.args.join(' ').toStdString() << ": " << o.err.toStdString();
    }
}

TEST_F(Remote, HelpSaysWhatTheServerMayDo)
{
    const auto o = remote({ "--help" });
    EXPECT_EQ(o.exitCode, 0);
    EXPECT_TRUE(o.out.contains("no authentication"));
    EXPECT_TRUE(o.out.contains("never starts a server"));
    EXPECT_TRUE(o.out.contains("unprivileged user"));
    EXPECT_TRUE(o.out.contains("private address"));
}

} // namespace
