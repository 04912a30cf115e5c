// SPDX-License-Identifier: GPL-3.0-or-later
// Runs the real diskometer-cli binary as a user would and checks what the user sees: exit codes
// (0, 1, 2, 130), one-line errors that say what to do, reports on stdout and in files, and that
// no test file is ever left behind, also after Ctrl-C.
#include "clirun.h"
#include "engineselect.h"
#include "testtargets.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QThread>
#include <gtest/gtest.h>
#include <signal.h>

using namespace dm::test;

namespace {

const QStringList kQuick { "--count", "1", "--measure", "0.5", "--warmup", "0.2", "--interval", "0", "--size", "16MiB",
    "--quiet" };

// The user gets one line on stderr, prefixed with the program name, and nothing on stdout.
void expectOneLineError(const CliOutcome& o, const char* needle)
{
    expectUsageError(o, needle);
    EXPECT_TRUE(o.out.isEmpty());
}

} // namespace

TEST(CliProcess, RunsAndWritesJsonAndText)
{
    ScratchDir dir;
    const QString json = q(dir.path()) + "/r.json";
    auto o = runCli(
        QStringList { "run", "--tests", "RND4K-Q8T1", "--json", json, "--text", "-", "--comment", "テスト comment" }
        + kQuick + QStringList { q(dir.path()) });
    ASSERT_EQ(o.exitCode, 0) << o.err.constData();
    EXPECT_TRUE(o.out.contains("[Read]")) << o.out.constData();
    EXPECT_TRUE(o.out.contains("[Write]"));
    EXPECT_TRUE(o.out.contains("  RND    4KiB (Q=  8, T= 1):")) << o.out.constData();
    EXPECT_TRUE(QString::fromUtf8(o.out).contains(QStringLiteral("テスト comment")));

    QFile f(json);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    const auto doc = QJsonDocument::fromJson(f.readAll()).object();
    EXPECT_EQ(doc["schema"].toString(), "diskometer.result/1");
    const auto results = doc["results"].toArray();
    ASSERT_EQ(results.size(), 2);
    EXPECT_EQ(results[0].toObject()["direction"].toString(), "read");
    EXPECT_EQ(results[1].toObject()["direction"].toString(), "write");
    EXPECT_GT(results[0].toObject()["iops"].toDouble(), 0.0);
    EXPECT_EQ(results[0].toObject()["passes"].toArray().size(), 1);
    f.close();
    f.remove();
    EXPECT_EQ(dir.entryCount(), 0u) << "the test file was left behind";
}

TEST(CliProcess, BadTargetsAndUsageExitWithTwo)
{
    expectOneLineError(runCli(kQuick + QStringList { "/nonexistent/place" }), "does not exist");
    expectOneLineError(runCli(kQuick + QStringList { "/dev/null" }), "neither a directory");
    expectOneLineError(runCli({ "--count", "12", "." }), "--count");
    expectOneLineError(runCli({ "--tests", "SEQ1M-Q8X1", "." }), "SEQ1M-Q8T1");
    expectOneLineError(runCli({ "--size", "1TB", "." }), "GiB");
    expectOneLineError(runCli({ "--mix", "99", "." }), "--mix");
    expectOneLineError(runCli({ "--frobnicate" }), "--help");
    expectOneLineError(runCli(kQuick + QStringList { "--json", "/nonexistent/dir/out.json", "." }), "does not exist");
}

TEST(CliProcess, VersionAndHelp)
{
    auto v = runCli({ "--version" });
    EXPECT_EQ(v.exitCode, 0);
    EXPECT_TRUE(v.out.startsWith("diskometer-cli ")) << v.out.constData();
    auto h = runCli({ "--help" });
    EXPECT_EQ(h.exitCode, 0);
    EXPECT_TRUE(h.out.contains("--allow-destructive"));
}

TEST(CliProcess, ReportsNameTheEngineThatRan)
{
    ScratchDir dir;
    const QStringList args = QStringList { "--tests", "RND4K-Q8T1", "--mode", "read", "--engine", "io_uring" } + kQuick;
    auto engineOf = [](const CliOutcome& o) {
        return QJsonDocument::fromJson(o.out).object()["tool"].toObject()["engine"].toString();
    };
    auto warningsOf = [](const CliOutcome& o) {
        return QJsonDocument::fromJson(o.out).object()["warnings"].toArray().toVariantList();
    };

    const auto v = runCli({ "--version" });
    EXPECT_TRUE(v.out.contains("default engine: ")) << v.out.constData();
    if (dm::ioUringAvailable()) {
        EXPECT_TRUE(v.out.startsWith("diskometer-cli " DM_VERSION " (libaio, io_uring)")) << v.out.constData();
        auto o = runCli(args + QStringList { "--json", "-", q(dir.path()) });
        ASSERT_EQ(o.exitCode, 0) << o.err.constData();
        EXPECT_EQ(engineOf(o), "io_uring");
        // Other warnings (a busy disk) may come and go with the machine; none about the engine.
        for (const auto& w : warningsOf(o))
            EXPECT_FALSE(w.toString().contains(QStringLiteral("io_uring"))) << w.toString().toStdString();
        auto text = runCli(args + QStringList { "--text", "-", q(dir.path()) });
        EXPECT_TRUE(text.out.contains("Diskometer " DM_VERSION " (io_uring)")) << text.out.constData();
    }

    // Refused (forced here; a sandbox or kernel.io_uring_disabled does it for real): libaio runs,
    // and both the JSON and the text say so.
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("DM_DISABLE_IO_URING"), QStringLiteral("1"));
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(DM_CLI_PATH), args + QStringList { "--json", "-", q(dir.path()) });
    ASSERT_TRUE(p.waitForFinished(60000));
    CliOutcome o { p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError() };
    ASSERT_EQ(o.exitCode, 0) << o.err.constData();
    EXPECT_EQ(engineOf(o), "libaio");
    EXPECT_TRUE(o.out.contains("io_uring is not available here (DM_DISABLE_IO_URING is set): ran with libaio"))
        << o.out.constData();
    p.start(QStringLiteral(DM_CLI_PATH), { "--version" });
    ASSERT_TRUE(p.waitForFinished(10000));
    const QByteArray version = p.readAllStandardOutput();
    EXPECT_TRUE(version.startsWith("diskometer-cli " DM_VERSION " (libaio)\n")) << version.constData();
    EXPECT_TRUE(version.contains("io_uring: not available (DM_DISABLE_IO_URING is set)")) << version.constData();
    EXPECT_EQ(dir.entryCount(), 0u);
}

TEST(CliProcess, IoUringRunsWhereItsBuffersCannotBePinned)
{
    if (!isRoot() || !haveTool("prlimit") || !haveTool("setpriv"))
        GTEST_SKIP() << "needs root, prlimit and setpriv to run the CLI without CAP_IPC_LOCK";
    if (!dm::ioUringAvailable())
        GTEST_SKIP() << "io_uring is not available here";
    // Registered buffers count against RLIMIT_MEMLOCK without CAP_IPC_LOCK: 8 MiB of SEQ1M Q8
    // buffers against a 64 KiB limit are refused (ENOMEM), and the run goes on with plain buffers.
    ScratchDir dir;
    QProcess p;
    p.start(QStringLiteral("prlimit"),
        QStringList { "--memlock=65536:65536", "setpriv", "--bounding-set=-ipc_lock", QStringLiteral(DM_CLI_PATH),
            "--tests", "SEQ1M-Q8T1", "--mode", "read", "--engine", "io_uring", "--json", "-" }
            + kQuick + QStringList { q(dir.path()) });
    ASSERT_TRUE(p.waitForFinished(60000));
    const QByteArray err = p.readAllStandardError();
    ASSERT_EQ(p.exitCode(), 0) << err.constData();
    const auto doc = QJsonDocument::fromJson(p.readAllStandardOutput()).object();
    EXPECT_EQ(doc["tool"].toObject()["engine"].toString(), "io_uring");
    const auto result = doc["results"].toArray().at(0).toObject();
    EXPECT_TRUE(result["error"].isNull()) << result["error"].toString().toStdString();
    EXPECT_GT(result["mb_per_s"].toDouble(), 0.0);
    EXPECT_EQ(dir.entryCount(), 0u);
}

TEST(CliProcess, InterruptExits130QuicklyWithPartialResultsAndNoFile)
{
    for (int sig : { SIGINT, SIGTERM }) {
        SCOPED_TRACE(sig == SIGINT ? "SIGINT" : "SIGTERM");
        ScratchDir dir;
        QProcess p;
        p.start(QStringLiteral(DM_CLI_PATH),
            { "--tests", "RND4K-Q32T1", "--mode", "read", "--count", "9", "--measure", "5", "--warmup", "0.2",
                "--interval", "0", "--size", "16MiB", "--quiet", "--json", "-", q(dir.path()) });
        ASSERT_TRUE(p.waitForStarted());
        // Let it get into the middle of a pass, then stop it as Ctrl-C would.
        QThread::msleep(1500);
        ::kill(pid_t(p.processId()), sig);
        QElapsedTimer timer;
        timer.start();
        ASSERT_TRUE(p.waitForFinished(5000));
        EXPECT_LT(timer.elapsed(), 1000) << "took too long to stop";
        EXPECT_EQ(p.exitCode(), 130);
        const auto doc = QJsonDocument::fromJson(p.readAllStandardOutput()).object();
        EXPECT_EQ(doc["schema"].toString(), "diskometer.result/1") << "partial results are still written";
        EXPECT_TRUE(doc["cancelled"].toBool());
        // Stopped in the first test: no result to point at.
        const QByteArray err = p.readAllStandardError();
        EXPECT_TRUE(err.contains("interrupted before any test finished")) << err.constData();
        EXPECT_EQ(dir.entryCount(), 0u);
    }
}

// Stopped in the interval after the first test: the message counts what the reports hold.
TEST(CliProcess, InterruptAfterATestSaysHowManyFinished)
{
    ScratchDir dir;
    QProcess p;
    p.start(QStringLiteral(DM_CLI_PATH),
        { "--tests", "SEQ1M-Q1T1", "--mode", "read", "--mix", "50", "--count", "1", "--measure", "0.5", "--warmup", "0",
            "--interval", "30", "--size", "16MiB", "--quiet", "--no-history", "--json", "-", q(dir.path()) });
    ASSERT_TRUE(p.waitForStarted());
    QThread::msleep(5000); // well into the 30-second interval, even on a loaded machine
    ::kill(pid_t(p.processId()), SIGINT);
    ASSERT_TRUE(p.waitForFinished(10000));
    EXPECT_EQ(p.exitCode(), 130);
    const auto doc = QJsonDocument::fromJson(p.readAllStandardOutput()).object();
    EXPECT_EQ(doc["results"].toArray().size(), 1);
    const QByteArray err = p.readAllStandardError();
    EXPECT_TRUE(err.contains("the reports hold the 1 of 2 tests that finished")) << err.constData();
}

TEST(CliProcess, ATestThatFailsWhileRunningExitsWithOneAndKeepsTheOthers)
{
    ScratchDir dir;
    const std::string file = dir.path() + "/victim.bin";
    run("dd if=/dev/urandom of=" + file + " bs=1M count=32 status=none");
    QProcess p;
    p.start(QStringLiteral(DM_CLI_PATH),
        { "--tests", "SEQ1M-Q1T1,RND4K-Q1T1", "--mode", "read", "--count", "2", "--measure", "0.5", "--warmup", "0",
            "--interval", "10", "--quiet", "--json", "-", q(file) });
    ASSERT_TRUE(p.waitForStarted());
    // During the interval after the first test, the file shrinks under the run: the second test's
    // reads come back short, as when a device is pulled. Well into the interval: a 1 s interval
    // and 1.4 s here once truncated the file during the first test under ASan in CI.
    QThread::msleep(5000);
    run("truncate -s 0 " + file);
    ASSERT_TRUE(p.waitForFinished(20000));
    EXPECT_EQ(p.exitCode(), 1) << p.readAllStandardError().constData();
    const auto results = QJsonDocument::fromJson(p.readAllStandardOutput()).object()["results"].toArray();
    ASSERT_EQ(results.size(), 2);
    EXPECT_TRUE(results[0].toObject()["error"].isNull());
    EXPECT_GT(results[0].toObject()["mb_per_s"].toDouble(), 0.0);
    EXPECT_TRUE(results[1].toObject()["error"].toString().contains("short read"))
        << results[1].toObject()["error"].toString().toStdString();
}

TEST(CliProcess, NoWritePermissionIsRefused)
{
    if (!isRoot() || !haveTool("setpriv"))
        GTEST_SKIP() << "needs root to run the CLI as another user";
    ScratchDir dir; // owned by root, mode 0700: nobody may not create a file in it
    run("chmod 0755 " + dir.path());
    QProcess p;
    p.start(QStringLiteral("setpriv"),
        QStringList { "--reuid=65534", "--regid=65534", "--clear-groups", QStringLiteral(DM_CLI_PATH) } + kQuick
            + QStringList { q(dir.path()) });
    ASSERT_TRUE(p.waitForFinished(30000));
    const QByteArray err = p.readAllStandardError();
    if (err.contains("Permission denied") && !err.contains("diskometer-cli"))
        GTEST_SKIP() << "the nobody user cannot run the binary from this build tree";
    EXPECT_EQ(p.exitCode(), 2) << err.constData();
    EXPECT_TRUE(err.contains("no permission")) << err.constData();
    EXPECT_EQ(dir.entryCount(), 0u);
}

TEST(CliProcess, FilesystemWithoutDirectIoIsRefused)
{
    if (!isRoot() || !haveTool("mksquashfs"))
        GTEST_SKIP() << "needs root and squashfs-tools (mksquashfs) for a filesystem without O_DIRECT";
    ScratchDir dir;
    run("mkdir " + dir.path() + "/src && dd if=/dev/urandom of=" + dir.path() + "/src/data bs=1M count=17 status=none");
    run("mksquashfs " + dir.path() + "/src " + dir.path() + "/fs.sqsh -noappend -quiet");
    run("mkdir " + dir.path() + "/mnt");
    if (run("mount -o loop,ro " + dir.path() + "/fs.sqsh " + dir.path() + "/mnt >/dev/null 2>&1; echo $?") != "0")
        GTEST_SKIP() << "cannot mount squashfs here";
    auto o = runCli(kQuick + QStringList { "--mode", "read", q(dir.path() + "/mnt/data") });
    run("umount " + dir.path() + "/mnt");
    expectOneLineError(o, "does not support direct I/O");
}

TEST(CliProcess, RefusesToWriteToAMountedDevice)
{
    LoopDevice loop("64M");
    DM_REQUIRE_ROOT_LOOP(loop);
    if (loop.mount("ext4").empty())
        GTEST_SKIP() << "mkfs.ext4 or mount failed here";
    if (!loop.freeze())
        GTEST_SKIP() << "fsfreeze failed here";
    const std::string before = loop.checksum();
    auto o = runCli(kQuick + QStringList { "--allow-destructive", "--mode", "write", q(loop.device()) });
    expectOneLineError(o, "mounted");
    EXPECT_EQ(loop.checksum(), before);
}
