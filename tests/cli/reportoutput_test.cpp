// SPDX-License-Identifier: GPL-3.0-or-later
// Every diskometer-cli command that writes a report, run for real against outputs that are not
// ordinary files (issue 12, items 0 and 3; issue 14, item 4): a private null node stays a device,
// a private full node and a redirect of stdout to one give exit 1 with the file and the error
// named, a FIFO gets the report, a tiny full filesystem keeps the good report, and an ordinary
// user may write to a device, /dev/stdout and their own file in a directory they cannot write.
// Device nodes are made with mknod in a scratch directory, never the machine's /dev nodes.
#include "clirun.h"
#include "testtargets.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <gtest/gtest.h>

#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

using namespace dm::test;

namespace {

const QStringList kQuick { "--tests", "SEQ1M-Q1T1", "--mode", "read", "--count", "1", "--measure", "0.5", "--warmup",
    "0", "--interval", "0", "--size", "16MiB", "--quiet", "--no-history" };

mode_t typeOf(const std::string& path)
{
    struct stat st { };
    return ::lstat(path.c_str(), &st) == 0 ? (st.st_mode & S_IFMT) : 0;
}

// Private nodes for the null and full drivers in a scratch directory of their own, 0755 and
// owned by root as /dev is, so "nobody" may write the nodes but not the directory.
class PrivateNodes : public ::testing::Test {
protected:
    void SetUp() override
    {
        if (!isRoot())
            GTEST_SKIP() << "needs root to make private device nodes with mknod";
        ::chmod(m_dir.path().c_str(), 0755);
        ASSERT_EQ(::mknod(null().c_str(), S_IFCHR | 0666, makedev(1, 3)), 0);
        ASSERT_EQ(::mknod(full().c_str(), S_IFCHR | 0666, makedev(1, 7)), 0);
        ::chmod(null().c_str(), 0666); // the umask may have taken some of it
        ::chmod(full().c_str(), 0666);
    }
    std::string null() const { return m_dir.path() + "/null"; }
    std::string full() const { return m_dir.path() + "/full"; }
    const ScratchDir& dir() const { return m_dir; }

    void expectFailsNamingFile(const CliOutcome& o, const std::string& file)
    {
        EXPECT_EQ(o.exitCode, 1) << o.err.constData();
        EXPECT_TRUE(o.err.contains(file.c_str())) << o.err.constData();
        EXPECT_TRUE(o.err.contains("No space left on device")) << o.err.constData();
    }
    void expectStdoutFails(const CliOutcome& o)
    {
        EXPECT_EQ(o.exitCode, 1) << o.err.constData();
        EXPECT_TRUE(o.err.contains("cannot write to standard output: No space left on device")) << o.err.constData();
    }
    void expectNodesIntact()
    {
        EXPECT_EQ(typeOf(null()), mode_t(S_IFCHR));
        EXPECT_EQ(typeOf(full()), mode_t(S_IFCHR));
        EXPECT_EQ(m_dir.entryCount(), 2u) << "a temporary or a replaced node was left";
    }

    ScratchDir m_target; // what the runs measure, on the ordinary disk

private:
    ScratchDir m_dir;
};

} // namespace

TEST_F(PrivateNodes, RunReportsToANullNodeLeaveItADevice)
{
    const CliOutcome o = runCli(
        kQuick + QStringList { "--json", q(null()), "--markdown", q(null()), "--text", q(null()), q(m_target.path()) });
    EXPECT_EQ(o.exitCode, 0) << o.err.constData();
    expectNodesIntact();
}

TEST_F(PrivateNodes, RunReportToAFullNodeOrStdoutOnOneExitsOne)
{
    expectFailsNamingFile(runCli(kQuick + QStringList { "--json", q(full()), q(m_target.path()) }), full());
    expectStdoutFails(runCli(kQuick + QStringList { q(m_target.path()) }, { .stdoutFile = q(full()) }));
    expectNodesIntact();
}

TEST_F(PrivateNodes, OtherTestsReportToAFullNodeExitOne)
{
    LoopDevice loop("32M");
    DM_REQUIRE_ROOT_LOOP(loop);
    const QStringList quiet { "--quiet", "--no-history" };
    expectFailsNamingFile(
        runCli(QStringList { "sustained", q(m_target.path()), "--total", "16MiB", "--csv", q(full()) } + quiet),
        full());
    expectFailsNamingFile(
        runCli(QStringList { "scan", q(loop.device()), "--samples", "3", "--access-samples", "5", "--json", q(full()) }
            + quiet),
        full());
    expectFailsNamingFile(runCli(QStringList { "sweep", q(m_target.path()), "--min", "4KiB", "--max", "8KiB",
                                     "--measure", "0.5", "--warmup", "0", "--size", "16MiB", "--json", q(full()) }
                              + quiet),
        full());
    expectStdoutFails(runCli(
        QStringList { "sustained", q(m_target.path()), "--total", "16MiB" } + quiet, { .stdoutFile = q(full()) }));
    expectNodesIntact();
}

TEST_F(PrivateNodes, ListingCommandsOnAFullStdoutExitOne)
{
    ScratchDir home;
    const QByteArray saved = qgetenv("XDG_DATA_HOME");
    qputenv("XDG_DATA_HOME", QByteArray::fromStdString(home.path()));
    expectStdoutFails(runCli({ "history", "list", "--json" }, { .stdoutFile = q(full()) }));
    expectStdoutFails(runCli({ "history", "list" }, { .stdoutFile = q(full()) }));
    expectStdoutFails(runCli({ "fio-job", "--tests", "SEQ1M-Q8T1", q(m_target.path()) }, { .stdoutFile = q(full()) }));
    expectStdoutFails(runCli({ "targets" }, { .stdoutFile = q(full()) }));
    expectStdoutFails(runCli({ "--version" }, { .stdoutFile = q(full()) }));
    // The same commands to a device that takes everything succeed: the failure above is the disk's.
    EXPECT_EQ(runCli({ "history", "list", "--json" }, { .stdoutFile = q(null()) }).exitCode, 0);
    qputenv("XDG_DATA_HOME", saved);
    expectNodesIntact();
}

TEST_F(PrivateNodes, AnOrdinaryUserWritesToDevicesStdoutAndTheirOwnFile)
{
    if (!haveTool("setpriv"))
        GTEST_SKIP() << "needs setpriv to run the CLI as nobody";
    const QStringList asNobody { "setpriv", "--reuid=65534", "--regid=65534", "--clear-groups" };
    ::chmod(m_target.path().c_str(), 0777);
    // A file nobody owns in a directory of root's, 0755: written in place, not refused.
    ScratchDir locked;
    ::chmod(locked.path().c_str(), 0755);
    const std::string own = locked.path() + "/mine.json";
    run("echo old > " + own + " && chown 65534:65534 " + own);

    const CliOutcome o = runCli(
        kQuick + QStringList { "--text", q(null()), "--json", "/dev/stdout", "--markdown", q(own), q(m_target.path()) },
        { .prefix = asNobody });
    if (o.err.contains("Permission denied") && !o.err.contains("diskometer-cli"))
        GTEST_SKIP() << "the nobody user cannot run the binary from this build tree";
    ASSERT_EQ(o.exitCode, 0) << o.err.constData();
    EXPECT_EQ(QJsonDocument::fromJson(o.out).object()["schema"].toString(), "diskometer.result/1") << o.out.constData();
    QFile f(q(own));
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    EXPECT_TRUE(f.readAll().startsWith("## ")) << "the Markdown report did not replace the old content";
    expectNodesIntact();

    // What nobody really cannot write is still refused before the run, saying why.
    const CliOutcome refused = runCli(
        kQuick + QStringList { "--json", q(locked.path() + "/new.json"), q(m_target.path()) }, { .prefix = asNobody });
    EXPECT_EQ(refused.exitCode, 2);
    EXPECT_TRUE(refused.err.contains("no permission to create files in")) << refused.err.constData();
}

TEST(ReportOutput, FifoGetsTheReportAndStaysAFifo)
{
    ScratchDir dir, target;
    const std::string fifo = dir.path() + "/pipe";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    QProcess reader;
    reader.start("cat", { q(fifo) });
    ASSERT_TRUE(reader.waitForStarted());
    const CliOutcome o = runCli(kQuick + QStringList { "--json", q(fifo), q(target.path()) });
    ASSERT_TRUE(reader.waitForFinished(30000));
    EXPECT_EQ(o.exitCode, 0) << o.err.constData();
    EXPECT_EQ(QJsonDocument::fromJson(reader.readAllStandardOutput()).object()["schema"].toString(),
        "diskometer.result/1");
    EXPECT_EQ(typeOf(fifo), mode_t(S_IFIFO));
    EXPECT_EQ(dir.entryCount(), 1u);
}

// --json on a filesystem with no room: exit 1 naming the file, and the report that was there
// before is still there whole (it was replaced only once the new one was written).
TEST(ReportOutput, FullFilesystemKeepsTheGoodReport)
{
    if (!isRoot())
        GTEST_SKIP() << "needs root to mount a tiny tmpfs";
    ScratchDir dir, target;
    const std::string mnt = dir.path() + "/mnt";
    ASSERT_EQ(::mkdir(mnt.c_str(), 0700), 0);
    if (::mount("dm-test-full", mnt.c_str(), "tmpfs", 0, "size=16k") != 0)
        GTEST_SKIP() << "cannot mount tmpfs here";
    struct Unmount {
        std::string path;
        ~Unmount() { ::umount(path.c_str()); }
    } unmount { mnt };
    const std::string file = mnt + "/r.md";
    run("echo 'the good report' > " + file);
    run("dd if=/dev/zero of=" + mnt + "/filler bs=4k count=16");
    // Comments make the report larger than the 4 KiB a block gives it.
    const QString comment(6000, QLatin1Char('c'));
    const CliOutcome o = runCli(kQuick + QStringList { "--markdown", q(file), "--comment", comment, q(target.path()) });
    EXPECT_EQ(o.exitCode, 1) << o.err.constData();
    EXPECT_TRUE(o.err.contains(file.c_str()) && o.err.contains("No space left on device")) << o.err.constData();
    EXPECT_EQ(run("cat " + file), "the good report");
    EXPECT_EQ(run("ls -A " + mnt + " | wc -l"), "2");
}
