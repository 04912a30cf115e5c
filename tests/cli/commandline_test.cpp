// SPDX-License-Identifier: GPL-3.0-or-later
// Options stand before or after the command word, as every usage line shows them
// (`diskometer-cli [options] scan DEVICE`): `--quiet scan DEV`, `--samples 3 scan DEV`,
// `--no-history history list`; and a command's word given as an option's value is that value
// (`--comment scan DIR` is a run with the comment "scan").
#include "clirun.h"
#include "testtargets.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <gtest/gtest.h>

using namespace dm::test;

TEST(CommandLine, ScanOptionsBeforeTheCommand)
{
    LoopDevice loop("64M");
    DM_REQUIRE_ROOT_LOOP(loop);
    const auto o = runCli({ "--quiet", "--samples", "3", "--sample-size", "1MiB", "--access-samples", "2", "--json",
        "-", "--no-history", "scan", q(loop.device()) });
    ASSERT_EQ(o.exitCode, 0) << o.err.constData();
    EXPECT_TRUE(o.err.isEmpty()) << o.err.constData();
    const QJsonObject doc = QJsonDocument::fromJson(o.out).object();
    EXPECT_EQ(doc["schema"].toString(), "diskometer.scan/1");
    EXPECT_EQ(doc["samples"].toArray().size(), 3);
}

TEST(CommandLine, OptionsBeforeCommandsThatRunNoTest)
{
    const auto list = runCli({ "--no-history", "--quiet", "history", "list", "--json" });
    ASSERT_EQ(list.exitCode, 0) << list.err.constData();
    EXPECT_EQ(QJsonDocument::fromJson(list.out).object()["schema"].toString(), "diskometer.history/1");

    const auto targets = runCli({ "--json", "targets" });
    ASSERT_EQ(targets.exitCode, 0) << targets.err.constData();
    EXPECT_EQ(QJsonDocument::fromJson(targets.out).object()["schema"].toString(), "diskometer.targets/1");

    // The run options before `fio-job` reach its job file.
    ScratchDir dir;
    const auto job = runCli({ "--size", "32MiB", "--tests", "SEQ1M-Q8T1", "--mode", "read", "fio-job", q(dir.path()) });
    ASSERT_EQ(job.exitCode, 0) << job.err.constData();
    EXPECT_TRUE(job.out.contains("filesize=33554432")) << job.out.constData();
}

TEST(CommandLine, ACommandWordAsAnOptionValueIsThatValue)
{
    ScratchDir dir;
    // --tests is no option of `scan`: its parser still sees that "scan" is no command here.
    const auto o = runCli({ "--tests", "SEQ1M-Q1T1", "--comment", "scan", "--mode", "read", "--count", "1", "--measure",
        "0.5", "--warmup", "0", "--interval", "0", "--size", "16MiB", "--quiet", "--no-history", "--json", "-",
        q(dir.path()) });
    ASSERT_EQ(o.exitCode, 0) << o.err.constData();
    EXPECT_EQ(QJsonDocument::fromJson(o.out).object()["comment"].toString(), "scan") << o.out.constData();
}

// Without a TARGET a run tests the directory it was started in, and its report names that
// directory as an absolute path ("." says nothing once the report is read elsewhere).
TEST(CommandLine, TheDefaultTargetIsReportedAsAnAbsolutePath)
{
    ScratchDir dir;
    QProcess p;
    p.setWorkingDirectory(q(dir.path()));
    p.start(QStringLiteral(DM_CLI_PATH),
        { "--tests", "SEQ1M-Q1T1", "--mode", "read", "--count", "1", "--measure", "0.5", "--warmup", "0", "--interval",
            "0", "--size", "16MiB", "--quiet", "--no-history", "--json", "-" });
    ASSERT_TRUE(p.waitForFinished(120000));
    ASSERT_EQ(p.exitCode(), 0) << p.readAllStandardError().constData();
    const QJsonObject doc = QJsonDocument::fromJson(p.readAllStandardOutput()).object();
    EXPECT_EQ(doc["target"].toObject()["path"].toString(), q(dir.path()));
}

// Two runs at once on one drive: both reports say the drive was shared (RunMarker). A private
// lock directory keeps other checkouts' test runs out of it.
TEST(CommandLine, TwoRunsAtOnceOnOneDriveAreBothWarned)
{
    ScratchDir dir, locks;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("DISKOMETER_LOCK_DIR"), q(locks.path()));
    QProcess runs[2];
    for (QProcess& p : runs) {
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(DM_CLI_PATH),
            { "--tests", "SEQ1M-Q1T1", "--mode", "read", "--count", "3", "--measure", "1", "--warmup", "0",
                "--interval", "0", "--size", "16MiB", "--quiet", "--no-history", "--json", "-", q(dir.path()) });
    }
    for (QProcess& p : runs) {
        ASSERT_TRUE(p.waitForFinished(120000));
        ASSERT_EQ(p.exitCode(), 0) << p.readAllStandardError().constData();
        const QJsonObject doc = QJsonDocument::fromJson(p.readAllStandardOutput()).object();
        QStringList warnings;
        for (const auto& w : doc["warnings"].toArray())
            warnings << w.toString();
        EXPECT_EQ(warnings.filter(QStringLiteral("used this drive at the same time")).size(), 1)
            << warnings.join('\n').toStdString();
    }
    EXPECT_EQ(dir.entryCount(), 0u);
}

// --help shows what an option does when it is not given, for every command.
TEST(CommandLine, HelpShowsTheDefaults)
{
    const auto run = runCli({ "--help" });
    ASSERT_EQ(run.exitCode, 0);
    const QString help = QString::fromUtf8(run.out).simplified(); // the parser wraps lines itself
    for (const char* wanted : { "Measured passes per test, 1-9. Default: 3.", "Default: 1GiB.",
             "Seconds per pass, 0.5-60. Default: 5.", "Options may come before or after the command." })
        EXPECT_TRUE(help.contains(QLatin1String(wanted))) << wanted << "\n" << run.out.constData();
    EXPECT_TRUE(QString::fromUtf8(runCli({ "scan", "--help" }).out)
                    .simplified()
                    .contains("Read-rate samples, 1-100000. Default: 100."));
    EXPECT_TRUE(QString::fromUtf8(runCli({ "sustained", "--help" }).out).simplified().contains("Default: 8GiB."));
    EXPECT_TRUE(QString::fromUtf8(runCli({ "history", "--help" }).out)
                    .simplified()
                    .contains("every finished run, scan, sustained write and sweep is stored"));
}
