// SPDX-License-Identifier: GPL-3.0-or-later
// `diskometer-cli copy` through the real binary: diskometer.copy/1's fields and exit 0 with
// nothing left; the run stored and `history show` printing it; every bad input and a filesystem
// too small refused with exit 2 and nothing written; Ctrl-C: exit 130, nothing left; SIGKILL: the
// run folder left, removed (and said) by the next run.
#include "../engine/copytestdirs.h"
#include "clirun.h"
#include "procio.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QThread>

#include <gtest/gtest.h>
#include <signal.h>

using namespace dm::test;

namespace {

QStringList entries(const std::string& dir)
{
    return QDir(q(dir)).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot);
}

} // namespace

TEST(CopyCommand, CopiesTheThreeSetsWithEveryFieldAndLeavesNothing)
{
    ShmDir dir;
    const auto o
        = runCli({ "copy", q(dir.path()), "--size", "16MiB", "--seed", "5", "--json", "-", "--quiet", "--no-history" });
    ASSERT_EQ(o.exitCode, 0) << o.err.constData();
    const QJsonObject doc = QJsonDocument::fromJson(o.out).object();
    EXPECT_EQ(doc["schema"].toString(), "diskometer.copy/1");
    EXPECT_EQ(doc["settings"].toObject()["seed"].toString(), "5");
    EXPECT_EQ(doc["settings"].toObject()["size_bytes"].toInteger(), 16 << 20);
    EXPECT_EQ(doc["filesystem"].toObject()["type"].toString(), "tmpfs");
    EXPECT_FALSE(doc["cancelled"].toBool());
    const QJsonArray sets = doc["sets"].toArray();
    ASSERT_EQ(sets.size(), 3);
    const char* names[] = { "iso", "program", "game" };
    qint64 bytes = 0;
    for (int i = 0; i < 3; ++i) {
        const QJsonObject s = sets[i].toObject();
        EXPECT_EQ(s["set"].toString(), names[i]);
        EXPECT_TRUE(s["done"].toBool());
        EXPECT_GT(s["mb_per_s"].toDouble(), 0) << names[i];
        EXPECT_GT(s["seconds"].toDouble(), 0) << names[i];
        EXPECT_NEAR(s["mb_per_s"].toDouble(), double(s["bytes"].toInteger()) / s["seconds"].toDouble() / 1e6, 1e-6);
        EXPECT_GE(s["files"].toInteger(), 2);
        EXPECT_GE(s["folders"].toInteger(), 1);
        bytes += s["bytes"].toInteger();
    }
    EXPECT_EQ(sets[1].toObject()["files"].toInteger(), 64); // Program's floor of small files
    EXPECT_EQ(bytes, 16 << 20);
    EXPECT_GT(doc["summary"].toObject()["total_mb_per_s"].toDouble(), 0);
    EXPECT_EQ(entries(dir.path()), QStringList {});
    // The same seed makes the same sets: the text report says their shapes.
    const auto text = runCli({ "copy", q(dir.path()), "--size", "16MiB", "--seed", "5", "--quiet", "--no-history" });
    ASSERT_EQ(text.exitCode, 0) << text.err.constData();
    EXPECT_TRUE(text.out.contains("Program:  64 files in 8 folders")) << text.out.constData();
    EXPECT_EQ(entries(dir.path()), QStringList {});
}

TEST(CopyCommand, TheRunIsStoredAndHistoryShowPrintsIt)
{
    ShmDir dir;
    QTemporaryDir data;
    CliRun how;
    how.environment = historyEnvironment(data.path());
    const auto o = runCli({ "copy", q(dir.path()), "--size", "16MiB", "--quiet", "--comment", "copy A" }, how);
    ASSERT_EQ(o.exitCode, 0) << o.err.constData();
    const auto list = runCli({ "history", "list", "--json" }, how);
    ASSERT_EQ(list.exitCode, 0) << list.err.constData();
    const QJsonArray runs = QJsonDocument::fromJson(list.out).object()["runs"].toArray();
    ASSERT_EQ(runs.size(), 1) << list.out.constData();
    const QJsonObject run = runs[0].toObject();
    EXPECT_EQ(run["kind"].toString(), "copy");
    const auto shown = runCli({ "history", "show", QString::number(run["id"].toInteger()), "--text" }, how);
    ASSERT_EQ(shown.exitCode, 0) << shown.err.constData();
    EXPECT_TRUE(shown.out.startsWith("Copy test of ")) << shown.out.constData();
    EXPECT_TRUE(shown.out.contains("  Game:     ")) << shown.out.constData();
    EXPECT_TRUE(shown.out.contains("Comment: copy A"));
}

TEST(CopyCommand, BadInputAndTooLittleSpaceAreRefusedWithNothingWritten)
{
    ShmDir dir;
    expectUsageError(runCli({ "copy" }), "TARGET");
    expectUsageError(runCli({ "copy", q(dir.path() + "/nowhere") }), "does not exist");
    QFile file(q(dir.path() + "/file"));
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.close();
    expectUsageError(runCli({ "copy", file.fileName() }), "is not a folder");
    expectUsageError(runCli({ "copy", q(dir.path()), "--size", "1MiB" }), "16MiB");
    expectUsageError(runCli({ "copy", q(dir.path()), "--size", "lots" }), "--size");
    expectUsageError(runCli({ "copy", q(dir.path()), "--seed", "x" }), "--seed");
    expectUsageError(runCli({ "copy", q(dir.path()), "--allow-destructive" }), "--allow-destructive is for a device");
    EXPECT_EQ(entries(dir.path()), QStringList { "file" });

    SmallTmpfs small("40m");
    if (!small.ok())
        GTEST_SKIP() << "needs root to mount a small tmpfs";
    const auto full = runCli({ "copy", q(small.path()), "--size", "64MiB", "--json", "-", "--quiet", "--no-history" });
    expectUsageError(full, "it needs 74 MiB");
    EXPECT_TRUE(full.err.contains("40 MiB is free")) << full.err.constData();
    EXPECT_TRUE(full.out.isEmpty());
    EXPECT_EQ(entries(small.path()), QStringList {});
}

TEST(CopyCommand, CtrlCStopsWith130AndLeavesNothing)
{
    ShmDir dir;
    auto p = startCli({ "copy", q(dir.path()), "--size", "2GiB", "--json", "-", "--quiet", "--no-history" });
    ASSERT_TRUE(p->waitForStarted());
    ASSERT_TRUE(waitForProcIo(*p, "wchar", 64u << 20)) << p->readAllStandardError().constData();
    QElapsedTimer t;
    t.start();
    ::kill(pid_t(p->processId()), SIGINT);
    const auto o = finishProcess(*p, 10000);
    EXPECT_EQ(o.exitCode, 130) << o.err.constData();
    EXPECT_LT(t.elapsed(), 2000); // Stop within half a second, the process's end and the reports
    EXPECT_TRUE(o.err.contains("interrupted")) << o.err.constData();
    EXPECT_TRUE(QJsonDocument::fromJson(o.out).object()["cancelled"].toBool());
    EXPECT_EQ(entries(dir.path()), QStringList {});
}

TEST(CopyCommand, SigkillLeavesTheRunFolderWhichTheNextRunRemoves)
{
    ShmDir dir;
    auto p = startCli({ "copy", q(dir.path()), "--size", "2GiB", "--quiet", "--no-history" });
    ASSERT_TRUE(p->waitForStarted());
    ASSERT_TRUE(waitForProcIo(*p, "wchar", 64u << 20)) << p->readAllStandardError().constData();
    ::kill(pid_t(p->processId()), SIGKILL);
    finishProcess(*p, 10000);
    const QStringList left = entries(dir.path());
    ASSERT_EQ(left.size(), 1);
    EXPECT_TRUE(left[0].startsWith(".diskometer-") && left[0].endsWith(".dir")) << left[0].toStdString();
    const auto next = runCli({ "copy", q(dir.path()), "--size", "16MiB", "--json", "-", "--quiet", "--no-history" });
    ASSERT_EQ(next.exitCode, 0) << next.err.constData();
    const QString expected = QStringLiteral("removed a test file left behind by an earlier run: ") + q(dir.path())
        + QLatin1Char('/') + left[0];
    EXPECT_TRUE(QJsonDocument::fromJson(next.out).object()["warnings"].toArray().contains(expected))
        << next.out.constData();
    EXPECT_EQ(entries(dir.path()), QStringList {});
}
