// SPDX-License-Identifier: GPL-3.0-or-later
// Runs the real diskometer-cli for `scan`, `sustained` and `sweep` as a user would: the JSON
// parsed and checked (N samples at increasing positions with positive rates; a timeline whose
// bytes add up to --total; one point per block size), CSV on stdout, no test file left behind,
// nothing written to a device without --allow-destructive (checksummed), a one-line error with
// exit code 2 for every bad input, --help per command, and 130 on Ctrl-C (saying so when nothing
// had finished).
#include "clirun.h"
#include "testtargets.h"

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

// Whether process `pid` catches SIGINT yet (/proc/PID/status, SigCgt): sent before its handler
// is in place, a SIGINT would kill it instead of stopping its run. Waits up to 10 s.
bool waitUntilItCatchesSigint(qint64 pid)
{
    for (int i = 0; i < 1000; ++i) {
        QFile status(QStringLiteral("/proc/%1/status").arg(pid));
        if (status.open(QIODevice::ReadOnly))
            for (const QByteArray& line : status.readAll().split('\n'))
                if (line.startsWith("SigCgt:") && (line.mid(7).trimmed().toULongLong(nullptr, 16) >> (SIGINT - 1)) & 1)
                    return true;
        QThread::msleep(10);
    }
    return false;
}

} // namespace

TEST(ScanCommand, JsonHasNSamplesAtIncreasingPositions)
{
    LoopDevice loop("256M");
    DM_REQUIRE_ROOT_LOOP(loop);
    const std::string before = loop.checksum();
    auto o = runCli({ "scan", q(loop.device()), "--samples", "25", "--sample-size", "2MiB", "--access-samples", "150",
        "--json", "-", "--quiet" });
    ASSERT_EQ(o.exitCode, 0) << o.err.constData();
    const QJsonObject doc = QJsonDocument::fromJson(o.out).object();
    EXPECT_EQ(doc["schema"].toString(), "diskometer.scan/1");
    EXPECT_EQ(doc["target"].toObject()["kind"].toString(), "block-device");
    const QJsonArray samples = doc["samples"].toArray();
    ASSERT_EQ(samples.size(), 25);
    qint64 last = -1;
    for (const auto& v : samples) {
        const QJsonObject s = v.toObject();
        EXPECT_GT(s["offset_bytes"].toInteger(), last);
        last = s["offset_bytes"].toInteger();
        EXPECT_GT(s["read_mb_per_s"].toDouble(), 0.0);
        EXPECT_TRUE(s["write_mb_per_s"].isNull());
    }
    EXPECT_EQ(last, qint64(254) * 1024 * 1024);
    EXPECT_EQ(doc["access"].toArray().size(), 150);
    EXPECT_GT(doc["summary"].toObject()["average_access_ms"].toDouble(), 0.0);
    EXPECT_EQ(loop.checksum(), before);

    auto csv = runCli({ "scan", q(loop.device()), "--samples", "5", "--sample-size", "1MiB", "--access-samples", "7",
        "--csv", "-", "--quiet" });
    ASSERT_EQ(csv.exitCode, 0) << csv.err.constData();
    const QList<QByteArray> lines = csv.out.trimmed().split('\n');
    ASSERT_EQ(lines.size(), 1 + 5 + 7) << csv.out.constData();
    EXPECT_TRUE(lines[1].startsWith("rate,0,0.000,"));
    EXPECT_TRUE(lines[12].startsWith("access,"));

    // The text summary by default.
    auto text = runCli({ "scan", q(loop.device()), "--samples", "3", "--access-samples", "10", "--quiet" });
    ASSERT_EQ(text.exitCode, 0) << text.err.constData();
    EXPECT_TRUE(text.out.contains("over 3 samples of 10 MiB")) << text.out.constData();
}

TEST(ScanCommand, BadInputIsRefusedAndNothingIsWritten)
{
    ScratchDir dir;
    const std::string file = dir.path() + "/plain";
    run("head -c 1048576 /dev/zero > " + file);
    expectUsageError(runCli({ "scan", q(dir.path() + "/missing") }), "does not exist");
    expectUsageError(runCli({ "scan", q(file) }), "is a regular file");
    expectUsageError(runCli({ "scan", q(dir.path()) }), "is a directory");
    expectUsageError(runCli({ "scan", "/dev/null", "--samples", "0" }), "--samples");
    expectUsageError(runCli({ "scan", "/dev/null", "--sample-size", "5000" }), "--sample-size");
    expectUsageError(runCli({ "scan" }), "needs a TARGET");
    expectUsageError(runCli({ "scan", "/dev/null", "--frobnicate" }), "scan --help");

    LoopDevice loop("16M");
    if (!isRoot() || !loop.ok())
        return;
    run("dd if=/dev/urandom of=" + loop.device() + " bs=1M oflag=direct status=none");
    const std::string before = loop.checksum();
    expectUsageError(runCli({ "scan", q(loop.device()), "--sample-size", "32MiB" }), "--sample-size");
    expectUsageError(runCli({ "scan", q(loop.device()), "--write-back" }), "--allow-destructive");
    EXPECT_EQ(loop.checksum(), before);
    // With consent: timed writes of the same data; the device holds what it held.
    auto o = runCli({ "scan", q(loop.device()), "--write-back", "--allow-destructive", "--samples", "4",
        "--sample-size", "1MiB", "--access-samples", "0", "--json", "-", "--quiet" });
    ASSERT_EQ(o.exitCode, 0) << o.err.constData();
    const QJsonArray samples = QJsonDocument::fromJson(o.out).object()["samples"].toArray();
    ASSERT_EQ(samples.size(), 4);
    EXPECT_GT(samples[0].toObject()["write_mb_per_s"].toDouble(), 0.0);
    EXPECT_EQ(loop.checksum(), before);
}

TEST(ScanCommand, InterruptExits130WithTheSamplesSoFar)
{
    LoopDevice loop("1G");
    DM_REQUIRE_ROOT_LOOP(loop);
    QProcess p;
    p.start(QStringLiteral(DM_CLI_PATH),
        { "scan", q(loop.device()), "--samples", "100000", "--sample-size", "1MiB", "--json", "-", "--quiet" });
    ASSERT_TRUE(p.waitForStarted());
    QThread::msleep(700);
    ::kill(pid_t(p.processId()), SIGINT);
    ASSERT_TRUE(p.waitForFinished(5000)) << "did not stop after SIGINT";
    EXPECT_EQ(p.exitCode(), 130);
    const QJsonObject doc = QJsonDocument::fromJson(p.readAllStandardOutput()).object();
    EXPECT_TRUE(doc["cancelled"].toBool());
    EXPECT_GT(doc["samples"].toArray().size(), 0);
    EXPECT_LT(doc["samples"].toArray().size(), 100000);
    const QByteArray err = p.readAllStandardError();
    EXPECT_TRUE(err.contains("interrupted: the samples read so far are reported")) << err.constData();
}

TEST(SustainedCommand, TimelineAddsUpToTotalAndNoFileIsLeft)
{
    ScratchDir dir;
    auto o = runCli({ "sustained", q(dir.path()), "--total", "80MiB", "--json", "-", "--quiet" });
    ASSERT_EQ(o.exitCode, 0) << o.err.constData();
    const QJsonObject doc = QJsonDocument::fromJson(o.out).object();
    EXPECT_EQ(doc["schema"].toString(), "diskometer.sustained/1");
    const QJsonArray timeline = doc["timeline"].toArray();
    ASSERT_FALSE(timeline.isEmpty());
    EXPECT_EQ(timeline.last().toObject()["bytes"].toInteger(), 80 * 1024 * 1024);
    EXPECT_EQ(doc["summary"].toObject()["bytes_written"].toInteger(), 80 * 1024 * 1024);
    double sum = 0, lastT = 0;
    for (const auto& v : timeline) {
        const QJsonObject s = v.toObject();
        sum += s["mb_per_s"].toDouble() * 1e6 * (s["t"].toDouble() - lastT);
        lastT = s["t"].toDouble();
    }
    EXPECT_NEAR(sum, 80.0 * 1024 * 1024, 0.02 * 80 * 1024 * 1024);
    EXPECT_GT(doc["summary"].toObject()["average_mb_per_s"].toDouble(), 0.0);
    EXPECT_EQ(dir.entryCount(), 0u) << "the test file was left behind";

    auto csv = runCli({ "sustained", q(dir.path()), "--total", "16MiB", "--csv", "-", "--quiet" });
    ASSERT_EQ(csv.exitCode, 0) << csv.err.constData();
    EXPECT_TRUE(csv.out.startsWith("t_seconds,bytes_written,gb_written,mb_per_s\n")) << csv.out.constData();
    EXPECT_TRUE(csv.out.trimmed().split('\n').last().contains(",16777216,")) << csv.out.constData();
    EXPECT_EQ(dir.entryCount(), 0u);
}

TEST(SustainedCommand, BadInputIsRefusedAndNothingIsWritten)
{
    ScratchDir dir;
    expectUsageError(runCli({ "sustained", q(dir.path()), "--total", "1MiB" }), "--total");
    expectUsageError(runCli({ "sustained", q(dir.path()), "--total", "8XB" }), "at least 16MiB");
    expectUsageError(runCli({ "sustained", q(dir.path()), "--total", "1MB" }), "--total must be at least 16MiB");
    expectUsageError(runCli({ "sustained", q(dir.path() + "/missing") }), "does not exist");
    expectUsageError(runCli({ "sustained", q(dir.path()), "--total", "900000GiB" }), "not enough free space");
    EXPECT_EQ(dir.entryCount(), 0u);

    LoopDevice loop("64M");
    if (!isRoot() || !loop.ok())
        return;
    const std::string before = loop.checksum();
    expectUsageError(runCli({ "sustained", q(loop.device()), "--total", "32MiB" }), "--allow-destructive");
    EXPECT_EQ(loop.checksum(), before);
    const std::string mnt = loop.mount("ext4");
    if (mnt.empty())
        return;
    auto full = runCli({ "sustained", q(mnt), "--total", "128MiB" });
    expectUsageError(full, "--total");
    EXPECT_EQ(run("ls -A " + mnt + " | grep -v lost+found | wc -l"), "0");
}

TEST(SweepCommand, OnePointPerBlockSize)
{
    ScratchDir dir;
    auto o = runCli({ "sweep", q(dir.path()), "--min", "4KiB", "--max", "32KiB", "--pattern", "rnd", "--queue-depth",
        "4", "--measure", "0.5", "--warmup", "0.1", "--size", "16MiB", "--json", "-", "--quiet" });
    ASSERT_EQ(o.exitCode, 0) << o.err.constData();
    const QJsonObject doc = QJsonDocument::fromJson(o.out).object();
    EXPECT_EQ(doc["schema"].toString(), "diskometer.sweep/1");
    EXPECT_EQ(doc["settings"].toObject()["pattern"].toString(), "rnd");
    const QJsonArray points = doc["points"].toArray();
    ASSERT_EQ(points.size(), 4);
    qint64 expected = 4096;
    for (const auto& v : points) {
        const QJsonObject pt = v.toObject();
        EXPECT_EQ(pt["block_size"].toInteger(), expected);
        expected *= 2;
        EXPECT_GT(pt["read"].toObject()["mb_per_s"].toDouble(), 0.0);
        EXPECT_GT(pt["write"].toObject()["iops"].toDouble(), 0.0);
    }
    EXPECT_EQ(dir.entryCount(), 0u);
}

// Ctrl-C during the first test's 30-second warm-up: no block size was measured, and stderr says
// so instead of "the points that finished are reported".
TEST(SweepCommand, InterruptBeforeAnyBlockSizeSaysNoneWasMeasured)
{
    ScratchDir dir;
    QProcess p;
    p.start(QStringLiteral(DM_CLI_PATH),
        { "sweep", q(dir.path()), "--min", "4KiB", "--max", "8KiB", "--mode", "read", "--measure", "0.5", "--warmup",
            "30", "--size", "16MiB", "--json", "-", "--quiet", "--no-history" });
    ASSERT_TRUE(p.waitForStarted());
    ASSERT_TRUE(waitUntilItCatchesSigint(p.processId()));
    ::kill(pid_t(p.processId()), SIGINT);
    ASSERT_TRUE(p.waitForFinished(10000)) << "did not stop after SIGINT";
    const QByteArray err = p.readAllStandardError();
    EXPECT_EQ(p.exitCode(), 130) << err.constData();
    EXPECT_TRUE(err.contains("interrupted before any block size was measured")) << err.constData();
    const QJsonObject doc = QJsonDocument::fromJson(p.readAllStandardOutput()).object();
    EXPECT_TRUE(doc["cancelled"].toBool());
    EXPECT_TRUE(doc["points"].toArray().isEmpty());
    EXPECT_EQ(dir.entryCount(), 0u);
}

TEST(SweepCommand, BadInputIsRefused)
{
    expectUsageError(runCli({ "sweep", ".", "--min", "16KiB", "--max", "4KiB" }), "swap them");
    expectUsageError(runCli({ "sweep", ".", "--max", "12KiB" }), "power of two");
    expectUsageError(runCli({ "sweep", ".", "--max", "32MiB" }), "16 MiB");
    expectUsageError(runCli({ "sweep", ".", "--pattern", "zigzag" }), "seq or rnd");
    expectUsageError(runCli({ "sweep", ".", "--json", "-", "--csv", "-" }), "stdout");
    LoopDevice loop("64M");
    if (!isRoot() || !loop.ok())
        return;
    const std::string before = loop.checksum();
    expectUsageError(runCli({ "sweep", q(loop.device()), "--measure", "0.5" }), "--allow-destructive");
    EXPECT_EQ(loop.checksum(), before);
}

TEST(OtherCommands, EachHasItsOwnHelp)
{
    for (const char* command : { "scan", "sustained", "sweep" }) {
        auto o = runCli({ command, "--help" });
        EXPECT_EQ(o.exitCode, 0) << command;
        EXPECT_TRUE(o.out.contains("--json")) << command;
        EXPECT_TRUE(o.out.contains(command)) << command;
    }
    EXPECT_TRUE(runCli({ "scan", "--help" }).out.contains("--sample-size"));
    EXPECT_TRUE(runCli({ "sustained", "--help" }).out.contains("--total"));
    EXPECT_TRUE(runCli({ "sweep", "--help" }).out.contains("--queue-depth"));
    auto main = runCli({ "--help" });
    EXPECT_TRUE(main.out.contains("sustained")) << main.out.constData();
}
