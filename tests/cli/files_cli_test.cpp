// SPDX-License-Identifier: GPL-3.0-or-later
// `diskometer-cli files TARGET_DIR` through the real binary: diskometer.files/1's fields, the
// text and CSV, the history's headline and `history show`; the exit codes 0, 1 (a tmpfs whose
// inodes run out: the phase and the count on stderr), 2 (bad input) and 130 (Ctrl-C); nothing
// left behind by any of them, and a SIGKILLed run's folder swept by the next run.
#include "clirun.h"
#include "stalefiles.h"
#include "testtargets.h"

#include <QDir>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QThread>

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/mount.h>

using namespace dm::test;

namespace {

QStringList entries(const QString& dir)
{
    return QDir(dir).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot);
}

// A folder on tmpfs (/dev/shm), or as root a tmpfs of its own mounted with `options`.
class Tmpfs {
public:
    explicit Tmpfs(const char* options = nullptr)
    {
        if (!m_dir.isValid())
            return;
        if (options && (!isRoot() || ::mount("tmpfs", m_dir.path().toUtf8().constData(), "tmpfs", 0, options) != 0))
            return;
        m_mounted = options != nullptr;
        m_ok = true;
    }
    ~Tmpfs()
    {
        if (m_mounted)
            ::umount(m_dir.path().toUtf8().constData());
    }
    bool ok() const { return m_ok; }
    QString path() const { return m_dir.path(); }

private:
    QTemporaryDir m_dir { QStringLiteral("/dev/shm/dm-files-cli-XXXXXX") };
    bool m_ok = false, m_mounted = false;
};

// Waits until the run's folder holds a file (the create phase is under way).
bool waitForFiles(QProcess& p, const QString& dir)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < 20000 && p.state() == QProcess::Running) {
        for (const QString& run : entries(dir))
            if (QDir(dir + QLatin1Char('/') + run + QStringLiteral("/d00000")).count() > 2)
                return true;
        QThread::msleep(5);
    }
    return false;
}

} // namespace

TEST(FilesCommand, JsonHasEveryPhaseAndNothingIsLeft)
{
    Tmpfs dir;
    ASSERT_TRUE(dir.ok());
    const auto o = runCli({ "files", dir.path(), "--files", "300", "--file-size", "1KiB", "--dirs", "3", "--sync",
        "file", "--json", "-", "--quiet", "--no-history", "--comment", "cli test" });
    ASSERT_EQ(o.exitCode, 0) << o.err.constData();
    const QJsonObject doc = QJsonDocument::fromJson(o.out).object();
    EXPECT_EQ(doc["schema"].toString(), "diskometer.files/1");
    EXPECT_EQ(doc["comment"].toString(), "cli test");
    EXPECT_EQ(doc["cache_drop"].toString(), "none");
    const QJsonObject settings = doc["settings"].toObject();
    EXPECT_EQ(settings["files"].toInteger(), 300);
    EXPECT_EQ(settings["file_size_bytes"].toInteger(), 1024);
    EXPECT_EQ(settings["dirs"].toInteger(), 3);
    EXPECT_EQ(settings["sync"].toString(), "file");
    const QJsonArray phases = doc["phases"].toArray();
    ASSERT_EQ(phases.size(), 4);
    const char* names[] = { "create", "stat", "read", "delete" };
    for (int i = 0; i < 4; ++i) {
        const QJsonObject ph = phases[i].toObject();
        EXPECT_EQ(ph["phase"].toString(), names[i]);
        EXPECT_EQ(ph["files"].toInteger(), 300);
        EXPECT_TRUE(ph["complete"].toBool());
        EXPECT_GT(ph["files_per_second"].toDouble(), 0.0);
        EXPECT_GT(ph["seconds"].toDouble(), 0.0);
        for (const char* key : { "mean", "p50", "p99", "p99_9", "max" })
            EXPECT_GT(ph["latency_us"].toObject()[QLatin1String(key)].toDouble(), 0.0) << names[i] << " " << key;
    }
    EXPECT_EQ(phases[0].toObject()["bytes"].toInteger(), 300 * 1024);
    EXPECT_EQ(phases[2].toObject()["bytes"].toInteger(), 300 * 1024);
    // The target's own warning: tmpfs is RAM.
    bool ram = false;
    for (const QJsonValue w : doc["warnings"].toArray())
        ram = ram || w.toString().contains(QStringLiteral("RAM"));
    EXPECT_TRUE(ram) << o.out.constData();
    EXPECT_EQ(entries(dir.path()), QStringList {});
}

TEST(FilesCommand, TextCsvAndTheHistory)
{
    Tmpfs dir;
    ASSERT_TRUE(dir.ok());
    QTemporaryDir data;
    CliRun how;
    how.environment = historyEnvironment(data.path());
    const QString csv = data.path() + QStringLiteral("/files.csv");
    const auto o = runCli({ "files", dir.path(), "--files", "64", "--file-size", "0", "--dirs", "1", "--csv", csv,
                              "--quiet" },
        how);
    ASSERT_EQ(o.exitCode, 0) << o.err.constData();
    EXPECT_TRUE(o.out.contains("Small files on ")) << o.out.constData();
    EXPECT_TRUE(o.out.contains("  Files:    64 of 0 bytes in 1 folder\n")) << o.out.constData();
    EXPECT_TRUE(o.out.contains("nothing could be dropped")) << o.out.constData();
    QFile f(csv);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    const QList<QByteArray> rows = f.readAll().trimmed().split('\n');
    ASSERT_EQ(rows.size(), 5);
    EXPECT_TRUE(rows[1].startsWith("create,64,true,")) << rows[1].constData();
    EXPECT_TRUE(rows[4].startsWith("delete,64,true,")) << rows[4].constData();

    const auto list = runCli({ "history", "list", "--json" }, how);
    ASSERT_EQ(list.exitCode, 0) << list.err.constData();
    const QJsonArray runs = QJsonDocument::fromJson(list.out).object()["runs"].toArray();
    ASSERT_EQ(runs.size(), 1) << list.out.constData();
    const QJsonObject run = runs[0].toObject();
    EXPECT_EQ(run["kind"].toString(), "files") << list.out.constData();
    const auto shown = runCli({ "history", "show", QString::number(run["id"].toInteger()) }, how);
    ASSERT_EQ(shown.exitCode, 0) << shown.err.constData();
    EXPECT_TRUE(shown.out.contains("  create ")) << shown.out.constData();
    EXPECT_TRUE(shown.out.contains("  delete ")) << shown.out.constData();
    EXPECT_EQ(entries(dir.path()), QStringList {});
}

TEST(FilesCommand, BadInputIsRefusedWithExit2)
{
    Tmpfs dir;
    ASSERT_TRUE(dir.ok());
    const QString d = dir.path();
    expectUsageError(runCli({ "files", d, "--files", "0" }), "--files");
    expectUsageError(runCli({ "files", d, "--file-size", "2MiB" }), "--file-size");
    expectUsageError(runCli({ "files", d, "--dirs", "0" }), "--dirs");
    expectUsageError(runCli({ "files", d, "--files", "4", "--dirs", "8" }), "more folders (8) than files (4)");
    // Without --dirs, fewer files than the default's 16 folders get one folder each.
    const auto few = runCli({ "files", d, "--files", "4", "--json", "-", "--quiet", "--no-history" });
    EXPECT_EQ(few.exitCode, 0) << few.err.constData();
    EXPECT_EQ(QJsonDocument::fromJson(few.out).object()["settings"].toObject()["dirs"].toInteger(), 4);
    expectUsageError(runCli({ "files", d, "--sync", "sometimes" }), "unknown --sync 'sometimes'");
    expectUsageError(runCli({ "files", d, "--allow-destructive" }), "--allow-destructive is for a device");
    expectUsageError(runCli({ "files", d + QStringLiteral("/missing"), "--quiet", "--no-history" }), "does not exist");
    QFile file(d + QStringLiteral("/plain"));
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.close();
    expectUsageError(runCli({ "files", file.fileName(), "--quiet", "--no-history" }), "is not a folder");
    EXPECT_EQ(entries(d), QStringList { QStringLiteral("plain") });
}

TEST(FilesCommand, AFullFilesystemExits1WithThePhaseAndTheCount)
{
    Tmpfs dir("size=4m,nr_inodes=50");
    if (!dir.ok())
        GTEST_SKIP() << "needs root to mount a small tmpfs";
    const auto o = runCli({ "files", dir.path(), "--files", "500", "--file-size", "100", "--dirs", "2", "--json", "-",
        "--quiet", "--no-history" });
    EXPECT_EQ(o.exitCode, 1) << o.err.constData();
    EXPECT_TRUE(o.err.contains("the create phase stopped after ")) << o.err.constData();
    EXPECT_TRUE(o.err.contains(" of 500 files")) << o.err.constData();
    EXPECT_TRUE(o.err.contains("no free inodes")) << o.err.constData();
    const QJsonObject doc = QJsonDocument::fromJson(o.out).object();
    EXPECT_TRUE(doc["error"].toString().startsWith("the create phase stopped after ")) << o.out.constData();
    EXPECT_EQ(doc["phases"].toArray().size(), 1);
    EXPECT_EQ(entries(dir.path()), QStringList {});
}

TEST(FilesCommand, CtrlCExits130AndRemovesTheFiles)
{
    Tmpfs dir;
    ASSERT_TRUE(dir.ok());
    auto p = startCli({ "files", dir.path(), "--files", "400000", "--file-size", "0", "--dirs", "64", "--json", "-",
        "--quiet", "--no-history" });
    ASSERT_TRUE(p->waitForStarted());
    ASSERT_TRUE(waitForFiles(*p, dir.path())) << p->readAllStandardError().constData();
    QElapsedTimer t;
    t.start();
    ::kill(pid_t(p->processId()), SIGINT);
    const CliOutcome o = finishProcess(*p, 10000);
    EXPECT_EQ(o.exitCode, 130) << o.err.constData();
    EXPECT_LT(t.elapsed(), 3000); // the half second of Stop, and the removal of what was made
    EXPECT_TRUE(o.err.contains("interrupted")) << o.err.constData();
    const QJsonObject doc = QJsonDocument::fromJson(o.out).object();
    EXPECT_TRUE(doc["cancelled"].toBool());
    EXPECT_EQ(entries(dir.path()), QStringList {});
}

TEST(FilesCommand, SigkillLeavesOneFolderTheNextRunSweeps)
{
    Tmpfs dir;
    ASSERT_TRUE(dir.ok());
    auto p = startCli({ "files", dir.path(), "--files", "400000", "--file-size", "0", "--quiet", "--no-history" });
    ASSERT_TRUE(p->waitForStarted());
    ASSERT_TRUE(waitForFiles(*p, dir.path()));
    p->kill(); // SIGKILL: no cleanup can run
    p->waitForFinished();
    const QStringList left = entries(dir.path());
    ASSERT_EQ(left.size(), 1);
    EXPECT_GT(dm::staleTestDirectoryPid(left[0].toStdString()), 0) << left[0].toStdString();

    const auto o = runCli({ "files", dir.path(), "--files", "10", "--dirs", "1", "--json", "-", "--quiet",
        "--no-history" });
    ASSERT_EQ(o.exitCode, 0) << o.err.constData();
    EXPECT_TRUE(o.out.contains("removed a test file left behind by an earlier run: ")) << o.out.constData();
    EXPECT_TRUE(o.out.contains(left[0].toUtf8())) << o.out.constData();
    EXPECT_EQ(entries(dir.path()), QStringList {});
}
