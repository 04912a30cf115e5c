// SPDX-License-Identifier: GPL-3.0-or-later
// Kills diskometer-cli with SIGKILL in the middle of a measured pass (no handler runs, nothing
// is cleaned up by us) and checks the scratch directory afterwards:
// - with O_TMPFILE (the normal case on ext4) nothing is left;
// - on the named-file path (O_TMPFILE made to fail, as on FUSE or NFS) nothing is left either,
//   because the file is unlinked as soon as it is open;
// - when even that unlink did not happen (as if the process died right after creating the
//   file), the file stays, and the next run removes it and says so in its report.
#include "clirun.h"
#include "testtargets.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QThread>

#include <gtest/gtest.h>
#include <signal.h>

using namespace dm::test;

namespace {

enum class Preload { None, NoTmpfile, NoTmpfileKeepNamed };

// A long read run on `dir`: nine passes of five seconds, so it is surely still measuring when killed.
void startLongRun(QProcess& p, const std::string& dir, Preload preload)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    if (preload != Preload::None) {
        env.insert(QStringLiteral("LD_PRELOAD"), QStringLiteral(DM_NO_TMPFILE_PATH));
        // A sanitizer build wants its runtime first in the list; the shim is harmless before it.
        // Added to the options the test run set (where reports go, tools/checks), not instead of them.
        env.insert(QStringLiteral("ASAN_OPTIONS"),
            env.value(QStringLiteral("ASAN_OPTIONS")) + QStringLiteral(":verify_asan_link_order=0"));
        if (preload == Preload::NoTmpfileKeepNamed)
            env.insert(QStringLiteral("DM_PRELOAD_KEEP_NAMED"), QStringLiteral("1"));
    }
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(DM_CLI_PATH),
        { "--tests", "RND4K-Q8T1", "--mode", "read", "--count", "9", "--measure", "5", "--warmup", "0", "--interval",
            "0", "--size", "16MiB", "--quiet", q(dir) });
}

// What the process's descriptor for its test file points to: "/dir/#1234 (deleted)" for an
// O_TMPFILE file, "/dir/.diskometer-<pid>-<hex>.tmp (deleted)" for a named one that was unlinked.
QString testFileLink(qint64 pid, const std::string& dir)
{
    const QString fdDir = QStringLiteral("/proc/%1/fd").arg(pid);
    for (const QString& fd : QDir(fdDir).entryList(QDir::AllEntries | QDir::System | QDir::NoDotAndDotDot)) {
        const QString target = QFile::symLinkTarget(fdDir + QLatin1Char('/') + fd);
        if (target.startsWith(q(dir) + QLatin1Char('/')))
            return target;
    }
    return {};
}

quint64 ioCounter(qint64 pid, const char* field)
{
    QFile f(QStringLiteral("/proc/%1/io").arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray& line : f.readAll().split('\n'))
        if (line.startsWith(QByteArray(field) + ':'))
            return line.mid(qsizetype(std::strlen(field)) + 1).trimmed().toULongLong();
    return 0;
}

// Waits until the run is measuring: the test file is open in `dir`, filled (16 MiB written) and
// being read (there is no warm-up). Returns the test file's link, or "" after 30 s.
QString waitUntilMeasuring(QProcess& p, const std::string& dir)
{
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < 30000 && p.state() == QProcess::Running) {
        const QString link = testFileLink(p.processId(), dir);
        if (!link.isEmpty() && ioCounter(p.processId(), "write_bytes") >= 16u * 1024 * 1024
            && ioCounter(p.processId(), "read_bytes") > 0) {
            QThread::msleep(300); // well inside a pass
            return link;
        }
        QThread::msleep(20);
    }
    return {};
}

void sigkill(QProcess& p)
{
    ::kill(pid_t(p.processId()), SIGKILL);
    ASSERT_TRUE(p.waitForFinished(5000));
    EXPECT_EQ(p.exitStatus(), QProcess::CrashExit);
}

QStringList entries(const std::string& dir)
{
    return QDir(q(dir)).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot);
}

} // namespace

TEST(CliKill, SigkillWithTmpfileLeavesNothing)
{
    ScratchDir dir;
    QProcess p;
    startLongRun(p, dir.path(), Preload::None);
    ASSERT_TRUE(p.waitForStarted());
    const QString link = waitUntilMeasuring(p, dir.path());
    ASSERT_FALSE(link.isEmpty()) << "the run never got to measuring: " << p.readAllStandardError().constData();
    if (link.contains(QLatin1String(".diskometer-")))
        GTEST_SKIP() << "this filesystem has no O_TMPFILE; the named-file tests below cover it";
    EXPECT_TRUE(link.endsWith(QLatin1String("(deleted)"))) << link.toStdString();
    sigkill(p);
    EXPECT_EQ(entries(dir.path()), QStringList {});
}

TEST(CliKill, SigkillWithNamedFileLeavesNothing)
{
    ScratchDir dir;
    QProcess p;
    startLongRun(p, dir.path(), Preload::NoTmpfile);
    ASSERT_TRUE(p.waitForStarted());
    const QString link = waitUntilMeasuring(p, dir.path());
    ASSERT_FALSE(link.isEmpty()) << "the run never got to measuring: " << p.readAllStandardError().constData();
    if (!link.contains(QStringLiteral("/.diskometer-%1-").arg(p.processId())))
        GTEST_SKIP() << "LD_PRELOAD did not reach the open() call (static or fortified build): " << link.toStdString();
    // Unlinked right after it was opened: only the descriptor keeps it, and the directory is empty already.
    EXPECT_TRUE(link.endsWith(QLatin1String(".tmp (deleted)"))) << link.toStdString();
    EXPECT_EQ(entries(dir.path()), QStringList {});
    sigkill(p);
    EXPECT_EQ(entries(dir.path()), QStringList {});
}

TEST(CliKill, FileLeftByAKilledRunIsSweptAtTheNextStart)
{
    ScratchDir dir;
    QProcess p;
    startLongRun(p, dir.path(), Preload::NoTmpfileKeepNamed);
    ASSERT_TRUE(p.waitForStarted());
    const qint64 pid = p.processId();
    const QString link = waitUntilMeasuring(p, dir.path());
    ASSERT_FALSE(link.isEmpty()) << "the run never got to measuring: " << p.readAllStandardError().constData();
    if (!link.contains(QStringLiteral("/.diskometer-%1-").arg(pid)))
        GTEST_SKIP() << "LD_PRELOAD did not reach the open() call (static or fortified build): " << link.toStdString();
    sigkill(p);
    const QStringList left = entries(dir.path());
    ASSERT_EQ(left.size(), 1) << "the unlink was meant to fail, leaving the file";
    EXPECT_TRUE(left[0].startsWith(QStringLiteral(".diskometer-%1-").arg(pid))) << left[0].toStdString();
    EXPECT_EQ(QFileInfo(q(dir.path()) + QLatin1Char('/') + left[0]).size(), 16 * 1024 * 1024);

    // The next run, a normal one, finds it, removes it and says so.
    QProcess next;
    next.start(QStringLiteral(DM_CLI_PATH),
        { "--tests", "RND4K-Q1T1", "--mode", "read", "--count", "1", "--measure", "0.5", "--warmup", "0", "--interval",
            "0", "--size", "16MiB", "--quiet", "--json", "-", q(dir.path()) });
    ASSERT_TRUE(next.waitForFinished(60000));
    ASSERT_EQ(next.exitCode(), 0) << next.readAllStandardError().constData();
    const auto doc = QJsonDocument::fromJson(next.readAllStandardOutput()).object();
    const QString expected = QStringLiteral("removed a test file left behind by an earlier run: ") + q(dir.path())
        + QLatin1Char('/') + left[0];
    EXPECT_TRUE(doc[QLatin1String("warnings")].toArray().contains(expected))
        << QJsonDocument(doc[QLatin1String("warnings")].toArray()).toJson().constData();
    EXPECT_EQ(entries(dir.path()), QStringList {});
}
