// SPDX-License-Identifier: GPL-3.0-or-later
// `diskometer-cli capacity` (issue 15) as a user runs it: the summary fields of
// diskometer.capacity/1 and the exit codes (0 verified, 1 fake or damaged, 2 usage, 130
// interrupted) on an honest directory, the FUSE rig's fake stick (raw and through ext4), every
// bad input refused with one line and nothing written, and the test files gone after Ctrl-C and
// SIGKILL (a named leftover swept by the next check).
#include "clirun.h"
#include "procio.h"
#include "fuserig.h"
#include "testtargets.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QThread>

#include <gtest/gtest.h>
#include <signal.h>

#include <cmath>

using namespace dm::test;

namespace {

QStringList entries(const std::string& dir)
{
    return QDir(q(dir)).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot);
}

QJsonObject summaryOf(const CliOutcome& o) { return QJsonDocument::fromJson(o.out).object()["summary"].toObject(); }

} // namespace

TEST(CapacityCommand, AnHonestDirectoryPassesWithEverySummaryField)
{
    ScratchDir dir;
    const auto o = runCli({ "capacity", q(dir.path()), "--size", "8MiB", "--json", "-", "--quiet", "--no-history" });
    ASSERT_EQ(o.exitCode, 0) << o.err.constData();
    const QJsonObject doc = QJsonDocument::fromJson(o.out).object();
    EXPECT_EQ(doc["schema"].toString(), "diskometer.capacity/1");
    const QJsonObject s = doc["summary"].toObject();
    for (const char* key : { "announced_bytes", "verified_bytes", "lost_bytes", "first_lost_offset", "ok", "corrupted",
             "overwritten", "missing", "write_mb_per_s", "read_mb_per_s", "verdict" })
        EXPECT_TRUE(s.contains(QLatin1String(key))) << key;
    EXPECT_EQ(s["verdict"].toString(), "ok");
    EXPECT_EQ(s["announced_bytes"].toInteger(), 8 << 20);
    EXPECT_EQ(s["verified_bytes"].toInteger(), 8 << 20);
    EXPECT_EQ(s["lost_bytes"].toInteger(), 0);
    EXPECT_TRUE(s["first_lost_offset"].isNull());
    EXPECT_EQ(s["ok"].toInteger(), 2048);
    EXPECT_EQ(s["corrupted"].toInteger() + s["overwritten"].toInteger() + s["missing"].toInteger(), 0);
    EXPECT_GT(s["write_mb_per_s"].toDouble(), 0.0);
    EXPECT_GT(s["read_mb_per_s"].toDouble(), 0.0);
    EXPECT_EQ(entries(dir.path()), QStringList {}) << "test files were left behind";

    const auto text = runCli({ "capacity", q(dir.path()), "--size", "4MiB", "--quiet", "--no-history" });
    ASSERT_EQ(text.exitCode, 0) << text.err.constData();
    EXPECT_TRUE(text.out.contains("Verdict:  OK: all 4.2 MB written to its free space came back intact"))
        << text.out.constData();
}

TEST(CapacityCommand, AFakeStickIsCaughtOnItsDeviceAndThroughItsFilesystem)
{
    FuseRig::Options opt;
    opt.size = 256ull << 20;
    opt.wrap = 72ull << 20;
    FuseRig rig(opt);
    DM_REQUIRE_FUSE_RIG(rig);
    const auto raw = runCli(
        { "capacity", q(rig.device()), "--allow-destructive", "--json", "-", "--quiet", "--no-history" });
    EXPECT_EQ(raw.exitCode, 1) << raw.err.constData();
    EXPECT_TRUE(raw.err.contains("FAKE: holds 75.5 MB of the 268.4 MB it announces")) << raw.err.constData();
    QJsonObject s = summaryOf(raw);
    EXPECT_EQ(s["verdict"].toString(), "fake");
    EXPECT_EQ(s["announced_bytes"].toInteger(), qint64(opt.size));
    EXPECT_EQ(s["verified_bytes"].toInteger(), qint64(opt.wrap));
    EXPECT_EQ(s["first_lost_offset"].toInteger(), qint64(opt.wrap));

    ASSERT_EQ(run("mkfs.ext4 -q -F -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 " + rig.device()
                  + " >/dev/null 2>&1; echo $?"),
        "0");
    char tmpl[] = "/tmp/dm-capcli-XXXXXX";
    ASSERT_NE(::mkdtemp(tmpl), nullptr);
    const std::string dir = tmpl;
    ASSERT_EQ(run("mount " + rig.device() + " " + dir + " >/dev/null 2>&1; echo $?"), "0");
    const auto fill = runCli({ "capacity", q(dir), "--json", "-", "--quiet", "--no-history" });
    const QStringList left = entries(dir);
    run("umount " + dir + " || umount -l " + dir);
    ::rmdir(dir.c_str());
    EXPECT_EQ(fill.exitCode, 1) << fill.err.constData();
    EXPECT_TRUE(fill.err.contains("FAKE: only")) << fill.err.constData();
    s = summaryOf(fill);
    EXPECT_EQ(s["verdict"].toString(), "fake");
    EXPECT_GT(s["overwritten"].toInteger(), 0);
    EXPECT_LT(std::fabs(double(s["verified_bytes"].toInteger()) - double(opt.wrap)) / double(opt.wrap), 0.01)
        << s["verified_bytes"].toInteger();
    // Nothing of ours is left. The listing may come back empty: the fill wrapped over the
    // filesystem's own first blocks (the stick is fake), so the root directory read again from
    // the device, once memory pressure has dropped its cached copy, is whatever the fill wrote.
    for (const QString& name : left)
        EXPECT_EQ(name, QStringLiteral("lost+found")) << "test files were left behind: " << left.join(' ').toStdString();
}

TEST(CapacityCommand, BadInputIsRefusedAndNothingIsWritten)
{
    ScratchDir dir;
    expectUsageError(runCli({ "capacity" }), "TARGET");
    expectUsageError(runCli({ "capacity", q(dir.path() + "/nowhere") }), "does not exist");
    QFile file(q(dir.path() + "/file"));
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.close();
    expectUsageError(runCli({ "capacity", file.fileName() }), "neither a directory nor a block device");
    expectUsageError(runCli({ "capacity", q(dir.path()), "--size", "100" }), "at least 1MiB");
    expectUsageError(runCli({ "capacity", q(dir.path()), "--size", "lots" }), "--size");
    expectUsageError(runCli({ "capacity", q(dir.path()), "--size", "100000GiB" }), "not enough free space");
    expectUsageError(runCli({ "capacity", q(dir.path()), "--allow-destructive" }), "--allow-destructive is for a device");
    expectUsageError(runCli({ "capacity", q(dir.path()), "--json", "-", "--csv", "-" }), "stdout");
    EXPECT_EQ(entries(dir.path()), QStringList { QStringLiteral("file") });

    LoopDevice loop("32M");
    if (!loop.ok())
        return; // the device cases need root
    const std::string before = loop.checksum();
    expectUsageError(runCli({ "capacity", q(loop.device()) }), "--allow-destructive");
    expectUsageError(runCli({ "capacity", q(loop.device()), "--allow-destructive", "--size", "8MiB" }),
        "--size is for a directory");
    EXPECT_EQ(loop.checksum(), before) << "something was written to the device";
    const std::string mounted = loop.mount("ext4");
    ASSERT_FALSE(mounted.empty());
    expectUsageError(runCli({ "capacity", q(loop.device()), "--allow-destructive" }), "mounted");
}

TEST(CapacityCommand, CtrlCStopsAFillWith130AndRemovesItsFiles)
{
    ScratchDir dir;
    QProcess p;
    p.start(QStringLiteral(DM_CLI_PATH),
        { "capacity", q(dir.path()), "--size", "1GiB", "--json", "-", "--quiet", "--no-history" });
    ASSERT_TRUE(p.waitForStarted());
    ASSERT_TRUE(waitForProcIo(p, "write_bytes", 32u << 20)) << p.readAllStandardError().constData();
    ::kill(pid_t(p.processId()), SIGINT);
    ASSERT_TRUE(p.waitForFinished(10000));
    EXPECT_EQ(p.exitCode(), 130) << p.readAllStandardError().constData();
    const QJsonObject doc = QJsonDocument::fromJson(p.readAllStandardOutput()).object();
    EXPECT_TRUE(doc["cancelled"].toBool());
    EXPECT_EQ(entries(dir.path()), QStringList {});
}

TEST(CapacityCommand, SigkillLeavesNothingAndALeftoverIsSweptByTheNextCheck)
{
    ScratchDir dir;
    for (bool keepNamed : { false, true }) {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("LD_PRELOAD"), QStringLiteral(DM_NO_TMPFILE_PATH));
        // Added to the options the test run set (where reports go, tools/checks), not instead of them.
        env.insert(QStringLiteral("ASAN_OPTIONS"),
            env.value(QStringLiteral("ASAN_OPTIONS")) + QStringLiteral(":verify_asan_link_order=0"));
        if (keepNamed)
            env.insert(QStringLiteral("DM_PRELOAD_KEEP_NAMED"), QStringLiteral("1"));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(DM_CLI_PATH), { "capacity", q(dir.path()), "--size", "1GiB", "--quiet", "--no-history" });
        ASSERT_TRUE(p.waitForStarted());
        ASSERT_TRUE(waitForProcIo(p, "write_bytes", 32u << 20)) << p.readAllStandardError().constData();
        ::kill(pid_t(p.processId()), SIGKILL);
        ASSERT_TRUE(p.waitForFinished(10000));
        const QStringList left = entries(dir.path());
        if (!keepNamed) {
            EXPECT_EQ(left, QStringList {}) << "an unlinked test file outlived SIGKILL";
            continue;
        }
        // As if killed between creating a file and unlinking it: the next check sweeps it.
        ASSERT_EQ(left.size(), 1) << "the shim was meant to keep the named file";
        const auto next = runCli({ "capacity", q(dir.path()), "--size", "4MiB", "--json", "-", "--quiet", "--no-history" });
        ASSERT_EQ(next.exitCode, 0) << next.err.constData();
        const QString expected = QStringLiteral("removed a test file left behind by an earlier run: ") + q(dir.path())
            + QLatin1Char('/') + left[0];
        EXPECT_TRUE(QJsonDocument::fromJson(next.out).object()["warnings"].toArray().contains(expected))
            << next.out.constData();
        EXPECT_EQ(entries(dir.path()), QStringList {});
    }
}
