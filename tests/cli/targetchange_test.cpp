// SPDX-License-Identifier: GPL-3.0-or-later
// The report describes the target as it was when the run began (issue 12, item 10), through
// the real binary: `losetup -d` during a run on a loop device over a file in RAM must not lose
// the backing file or its warning, and a lazy unmount during a run on a mounted loop device
// must not turn the device into the disk underneath.
#include "clirun.h"
#include "testtargets.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QThread>
#include <gtest/gtest.h>

using namespace dm::test;

namespace {

const QStringList kSlowRead { "--tests", "SEQ1M-Q1T1", "--mode", "read", "--count", "2", "--measure", "1", "--warmup",
    "0", "--interval", "0", "--size", "16MiB", "--quiet", "--no-history", "--json", "-" };

// Starts the run, waits until it is under way, does `change`, and returns the JSON report.
template <typename Change> QJsonObject runWhile(const QStringList& args, Change change, QByteArray* err)
{
    QProcess p;
    p.start(QStringLiteral(DM_CLI_PATH), args);
    EXPECT_TRUE(p.waitForStarted());
    QThread::msleep(700);
    change();
    p.waitForFinished(60000);
    *err = p.readAllStandardError();
    EXPECT_EQ(p.exitCode(), 0) << err->constData();
    return QJsonDocument::fromJson(p.readAllStandardOutput()).object();
}

QStringList warningsOf(const QJsonObject& report)
{
    QStringList out;
    for (const QJsonValue w : report["warnings"].toArray())
        out << w.toString();
    return out;
}

} // namespace

TEST(CliTargetChange, DetachingTheLoopDeviceDuringTheRunKeepsItsDescription)
{
    LoopDevice loop("32M");
    DM_REQUIRE_ROOT_LOOP(loop);
    QByteArray err;
    const QJsonObject report
        = runWhile(kSlowRead + QStringList { q(loop.device()) }, [&] { run("losetup -d " + loop.device()); }, &err);
    const QJsonObject target = report["target"].toObject();
    EXPECT_EQ(target["device"].toString(), q(loop.device())) << err.constData();
    EXPECT_TRUE(target["model"].toString().contains(q(loop.image()))) << target["model"].toString().toStdString();
    const QString name = q(loop.device()).mid(5);
    EXPECT_TRUE(warningsOf(report).contains(
        QStringLiteral("%1 is backed by %2, a file in RAM, not a drive: results measure memory").arg(name, q(loop.image()))))
        << warningsOf(report).join('\n').toStdString();
}

TEST(CliTargetChange, ALazyUnmountDuringTheRunKeepsTheDevice)
{
    LoopDevice loop("128M");
    DM_REQUIRE_ROOT_LOOP(loop);
    const std::string mnt = loop.mount("ext4");
    if (mnt.empty())
        GTEST_SKIP() << "mkfs.ext4 or mount failed here";
    QByteArray err;
    const QJsonObject report = runWhile(kSlowRead + QStringList { q(mnt) }, [&] { run("umount -l " + mnt); }, &err);
    const QJsonObject target = report["target"].toObject();
    EXPECT_EQ(target["device"].toString(), q(loop.device())) << err.constData();
    EXPECT_EQ(target["mount_point"].toString(), q(mnt));
    EXPECT_EQ(target["filesystem"].toString(), "ext4");
}
