// SPDX-License-Identifier: GPL-3.0-or-later
// `diskometer-cli health` through the real binary (issue 15 part 2): every drive of this machine
// with a status and a reason; a loop device of ours (as root) Unknown with a reason that names
// its backing file, in JSON and text; and a bad DEVICE (missing, a folder, a file, two of them, an
// unknown option) refused with one line that says what to give, exit 2 and nothing on stdout.
#include "testtargets.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>

#include <gtest/gtest.h>

namespace {

struct Outcome {
    int exitCode = -1;
    QByteArray out, err;
};

Outcome runCli(const QStringList& args)
{
    QProcess p;
    p.start(QStringLiteral(DM_CLI_PATH), QStringList { QStringLiteral("health") } + args);
    p.waitForFinished(60000);
    return { p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
        p.readAllStandardError() };
}

QJsonArray drivesOf(const QByteArray& json)
{
    QJsonParseError error {};
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    EXPECT_EQ(error.error, QJsonParseError::NoError) << error.errorString().toStdString() << "\n" << json.toStdString();
    EXPECT_EQ(doc.object().value(QLatin1String("schema")).toString(), QStringLiteral("diskometer.health/1"));
    return doc.object().value(QLatin1String("drives")).toArray();
}

void expectRefused(const Outcome& o, const char* words)
{
    EXPECT_EQ(o.exitCode, 2);
    EXPECT_TRUE(o.out.isEmpty()) << o.out.toStdString();
    EXPECT_TRUE(o.err.startsWith("diskometer-cli: ")) << o.err.toStdString();
    EXPECT_TRUE(o.err.contains(words)) << o.err.toStdString();
    EXPECT_EQ(o.err.count('\n'), 1) << o.err.toStdString();
}

} // namespace

TEST(HealthCli, EveryDriveHasAStatusAndAReason)
{
    const Outcome o = runCli({ QStringLiteral("--json") });
    ASSERT_TRUE(o.exitCode == 0 || o.exitCode == 1) << o.err.toStdString();
    const QStringList statuses { QStringLiteral("good"), QStringLiteral("caution"), QStringLiteral("bad"),
        QStringLiteral("unknown") };
    bool anyBad = false;
    for (const QJsonValue v : drivesOf(o.out)) {
        const QJsonObject d = v.toObject();
        const QString status = d.value(QLatin1String("status")).toString();
        EXPECT_TRUE(statuses.contains(status)) << status.toStdString();
        EXPECT_FALSE(d.value(QLatin1String("reason")).toString().isEmpty())
            << d.value(QLatin1String("device")).toString().toStdString();
        EXPECT_TRUE(d.value(QLatin1String("device")).toString().startsWith(QStringLiteral("/dev/")));
        for (const char* key : { "model", "temperature_c", "power_on_hours" })
            EXPECT_TRUE(d.contains(QLatin1String(key))) << key;
        anyBad = anyBad || status == QLatin1String("bad");
    }
    EXPECT_EQ(o.exitCode, anyBad ? 1 : 0);
}

TEST(HealthCli, ALoopDeviceIsUnknownAndNamesItsFile)
{
    dm::test::LoopDevice loop("8M");
    DM_REQUIRE_ROOT_LOOP(loop);
    const QString device = QString::fromStdString(loop.device());
    const Outcome json = runCli({ device, QStringLiteral("--json") });
    ASSERT_EQ(json.exitCode, 0) << json.err.toStdString();
    const QJsonArray drives = drivesOf(json.out);
    ASSERT_EQ(drives.size(), 1);
    const QJsonObject d = drives[0].toObject();
    EXPECT_EQ(d.value(QLatin1String("device")).toString(), device);
    EXPECT_EQ(d.value(QLatin1String("status")).toString(), QStringLiteral("unknown"));
    const QString reason = d.value(QLatin1String("reason")).toString();
    EXPECT_TRUE(reason.contains(QStringLiteral("is a loop device on ") + QString::fromStdString(loop.image())))
        << reason.toStdString();
    EXPECT_TRUE(reason.contains(QStringLiteral("run health on the drive that holds the file"))) << reason.toStdString();
    EXPECT_TRUE(d.value(QLatin1String("temperature_c")).isNull());

    const Outcome text = runCli({ device });
    ASSERT_EQ(text.exitCode, 0) << text.err.toStdString();
    EXPECT_TRUE(text.out.startsWith(loop.device() + "  Loop device")) << text.out.toStdString();
    EXPECT_TRUE(text.out.contains("Health:")) << text.out.toStdString();
    EXPECT_TRUE(text.out.contains("Unknown: no SMART data: ")) << text.out.toStdString();
}

TEST(HealthCli, AMissingDeviceIsRefused)
{
    expectRefused(runCli({ QStringLiteral("/dev/dm-health-test-nonexistent") }),
        "/dev/dm-health-test-nonexistent does not exist: give a drive such as /dev/sda");
}

TEST(HealthCli, AFolderOrAFileIsNotABlockDevice)
{
    QTemporaryDir dir;
    expectRefused(runCli({ dir.path() }),
        "is not a block device: health reads drives such as /dev/sda or /dev/nvme0n1, not folders");
    QFile file(dir.filePath(QStringLiteral("image")));
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.close();
    expectRefused(runCli({ file.fileName() }),
        "is not a block device: health reads drives such as /dev/sda or /dev/nvme0n1, not files");
    EXPECT_TRUE(QFile::exists(file.fileName())); // looked at, not touched
    EXPECT_EQ(QFileInfo(file.fileName()).size(), 0);
}

TEST(HealthCli, BadUsageIsRefused)
{
    expectRefused(
        runCli({ QStringLiteral("/dev/null"), QStringLiteral("/dev/zero") }), "health takes one DEVICE at most");
    expectRefused(runCli({ QStringLiteral("--frobnicate") }), "see health --help");
    const Outcome help = runCli({ QStringLiteral("--help") });
    EXPECT_EQ(help.exitCode, 0);
    EXPECT_TRUE(help.out.contains("--json")) << help.out.toStdString();
}

namespace {

// Runs `diskometer-cli ARGS --json - --quiet --no-history` and returns its "health" block.
QJsonValue healthOfRun(const QStringList& args)
{
    QProcess p;
    p.start(QStringLiteral(DM_CLI_PATH),
        args
            + QStringList { QStringLiteral("--json"), QStringLiteral("-"), QStringLiteral("--quiet"),
                QStringLiteral("--no-history") });
    p.waitForFinished(120000);
    EXPECT_EQ(p.exitCode(), 0) << p.readAllStandardError().toStdString();
    const QJsonDocument doc = QJsonDocument::fromJson(p.readAllStandardOutput());
    EXPECT_TRUE(doc.isObject());
    EXPECT_TRUE(doc.object().contains(QLatin1String("health"))) << "every kind's report has the block";
    return doc.object().value(QLatin1String("health"));
}

} // namespace

// Issue 15: every report records the drive's health as the run found it and as it left it.
TEST(HealthCli, EveryKindsReportRecordsTheDrivesHealthAtTheStartAndTheEnd)
{
    dm::test::LoopDevice loop("64M");
    DM_REQUIRE_ROOT_LOOP(loop);
    const QString device = QString::fromStdString(loop.device());
    const QList<QStringList> runs {
        { QStringLiteral("scan"), device, QStringLiteral("--samples"), QStringLiteral("4"),
            QStringLiteral("--sample-size"), QStringLiteral("1MiB") },
        { QStringLiteral("sustained"), device, QStringLiteral("--allow-destructive"), QStringLiteral("--total"),
            QStringLiteral("16MiB") },
        { device, QStringLiteral("--tests"), QStringLiteral("SEQ1M-Q1T1"), QStringLiteral("--mode"),
            QStringLiteral("read"), QStringLiteral("--size"), QStringLiteral("16MiB"), QStringLiteral("--count"),
            QStringLiteral("1"), QStringLiteral("--measure"), QStringLiteral("0.5"), QStringLiteral("--warmup"),
            QStringLiteral("0"), QStringLiteral("--interval"), QStringLiteral("0") },
    };
    for (const QStringList& args : runs) {
        SCOPED_TRACE(args.join(QLatin1Char(' ')).toStdString());
        const QJsonObject health = healthOfRun(args).toObject();
        EXPECT_EQ(health.value(QLatin1String("device")).toString(), device);
        for (const char* moment : { "start", "end" }) {
            const QJsonObject m = health.value(QLatin1String(moment)).toObject();
            EXPECT_EQ(m.value(QLatin1String("status")).toString(), QStringLiteral("unknown")) << moment;
            EXPECT_TRUE(m.value(QLatin1String("reason")).toString().contains(QStringLiteral("loop device")))
                << moment << ": " << m.value(QLatin1String("reason")).toString().toStdString();
            EXPECT_TRUE(m.value(QLatin1String("temperature_c")).isNull()) << "a loop device has no sensor";
        }
        EXPECT_TRUE(health.value(QLatin1String("temperatures")).toArray().isEmpty());
    }
}

TEST(HealthCli, ARunOnAFolderOnNoDriveRecordsNoHealth)
{
    QTemporaryDir ram(QStringLiteral("/dev/shm/dm-health-XXXXXX"));
    ASSERT_TRUE(ram.isValid());
    EXPECT_TRUE(
        healthOfRun({ QStringLiteral("sustained"), ram.path(), QStringLiteral("--total"), QStringLiteral("16MiB") })
            .isNull())
        << "tmpfs is RAM: there is no drive whose health to record";
    EXPECT_TRUE(QDir(ram.path()).isEmpty()) << "no test file left";
}
