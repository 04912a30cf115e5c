// SPDX-License-Identifier: GPL-3.0-or-later
// What reached the drive, end to end: diskometer-cli on a RAM-backed loop device (as root) whose
// queue takes 64 KiB requests says each 256 KiB read arrived as four, in the text's Requests line,
// the JSON's device_io and its notes; with the queue raised again it says the kernel joined them.
#include "clirun.h"
#include "testtargets.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <gtest/gtest.h>

using namespace dm::test;

namespace {

struct Seen {
    QString text;
    QJsonObject json;
};

Seen readRow(const std::string& device, ScratchDir& dir)
{
    const QString jsonFile = q(dir.path() + "/run.json");
    const CliTextOutcome o = asText(runCli({ "--tests", "SEQ256K-Q4T1", "--mode", "read", "--size", "64MiB", "--measure",
        "0.5", "--warmup", "0", "--interval", "0", "--count", "1", "--engine", "libaio", "--no-history", "--json",
        jsonFile, "--text", "-", q(device) }));
    EXPECT_EQ(o.exitCode, 0) << o.err.toStdString();
    QFile f(jsonFile);
    EXPECT_TRUE(f.open(QIODevice::ReadOnly));
    return { o.out, QJsonDocument::fromJson(f.readAll()).object() };
}

QString notes(const QJsonObject& report)
{
    QStringList all;
    for (const QJsonValue v : report.value(QStringLiteral("notes")).toArray())
        all << v.toString();
    return all.join(QLatin1Char('\n'));
}

QJsonObject firstPassDeviceIo(const QJsonObject& report)
{
    return report.value(QStringLiteral("results"))
        .toArray()
        .at(0)
        .toObject()
        .value(QStringLiteral("passes"))
        .toArray()
        .at(0)
        .toObject()
        .value(QStringLiteral("device_io"))
        .toObject();
}

} // namespace

TEST(DeviceRequests, SplitWhenTheQueueTakesLessAndJoinedWhenItTakesMore)
{
    LoopDevice loop("128M");
    DM_REQUIRE_ROOT_LOOP(loop);
    ScratchDir dir;
    const QString name = q(loop.device()).mid(5);
    {
        QueueSetting small(loop.device(), "max_sectors_kb", "64");
        if (!small.set())
            GTEST_SKIP() << "could not set max_sectors_kb of " << name.toStdString();
        const Seen split = readRow(loop.device(), dir);
        EXPECT_TRUE(split.text.contains(
            QStringLiteral("Requests: SEQ256K Q4T1 read on %1: 256 KiB reads arrived as 64 KiB requests").arg(name)))
            << split.text.toStdString();
        EXPECT_TRUE(notes(split.json).contains(
            QStringLiteral("SEQ256K Q4T1 read: each 256 KiB read reached the drive as 4.0 requests (64 KiB on average")))
            << notes(split.json).toStdString();
        const QJsonObject io = firstPassDeviceIo(split.json);
        EXPECT_EQ(io.value(QStringLiteral("device")).toString(), name);
        EXPECT_EQ(io.value(QStringLiteral("avg_read_request_bytes")).toDouble(), 65536.0);
    }
    const Seen joined = readRow(loop.device(), dir);
    EXPECT_TRUE(notes(joined.json).contains(QStringLiteral("SEQ256K Q4T1 read: the kernel joined the 256 KiB reads into")))
        << notes(joined.json).toStdString();
    EXPECT_FALSE(notes(joined.json).contains(QStringLiteral("reached the drive as"))) << notes(joined.json).toStdString();
    EXPECT_GT(firstPassDeviceIo(joined.json).value(QStringLiteral("avg_read_request_bytes")).toDouble(), 1.1 * 262144);
}
