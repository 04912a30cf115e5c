// SPDX-License-Identifier: GPL-3.0-or-later
// The figures through `remote ssh://` (issue 31) against a local run of the same rows on the same
// target, where the answer is known: a RAM-backed loop device under the kernel's block throttle
// (tests/support/throttle-rig), with the test sshd (tests/support/sshrig.h) moved into the rig's
// cgroup so that the host's diskometer-cli, which sshd starts, is throttled as the local one is.
// A grid row and a sweep point, read and write, each run here and through ssh in turn; both must
// meet the limit within knownanswer_test.cpp's tolerance, so ssh may cost the figures nothing
// beyond the machine's noise. Root only; skips when the machine is too busy for a known answer.
#include "clirun.h"
#include "sshremote.h"
#include "sshrig.h"
#include "throttlerig.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <gtest/gtest.h>

#include <cstdio>

using namespace dm::test;

namespace {

// knownanswer_test.cpp's: the machine's share, and the throttle's granularity (it grants a
// 100 ms slice's worth at once, so a window of T seconds holds limit x T give or take 0.1 / T).
constexpr double kTolerance = 0.02;
constexpr double kThrottleSlice = 0.1;
constexpr double kLimit = 100e6; // bytes per second, read and write
constexpr int kQueueDepth = 8;

// measured / limit within the tolerance and the granularity over `seconds`, plus the queue's worth
// submitted just before the window closes that completes inside it.
void expectKnown(double mbPerS, double seconds, double blockBytes, const std::string& what)
{
    const double ratio = mbPerS * 1e6 / kLimit;
    const double granularity = kThrottleSlice / seconds;
    const double credit = kQueueDepth * blockBytes / (kLimit * seconds);
    EXPECT_GE(ratio, 1.0 - kTolerance - granularity) << what << ": " << mbPerS << " MB/s over " << seconds << " s";
    EXPECT_LE(ratio, 1.0 + kTolerance + granularity + credit)
        << what << ": " << mbPerS << " MB/s over " << seconds << " s";
}

QJsonObject readJson(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(f.readAll()).object() : QJsonObject {};
}

// One command line of the script, every word quoted for sh; "@DEV@" in a word becomes the rig's
// device, which the script has as "$1".
QString line(const QStringList& words)
{
    QStringList quoted;
    for (const QString& w : words)
        quoted << dm::shellQuote(w).replace(QLatin1String("@DEV@"), QLatin1String("\"$1\""));
    return quoted.join(QLatin1Char(' '));
}

TEST(SshKnownAnswer, GridAndSweepThroughSshMeetTheLimitAsALocalRunDoes)
{
    SshRig rig(QFileInfo(QStringLiteral(DM_CLI_PATH)).absolutePath());
    if (!rig.skipReason().isEmpty())
        GTEST_SKIP() << rig.skipReason().toStdString();
    ASSERT_TRUE(rig.ready()) << rig.error().toStdString();
    if (const std::string busy = tooBusyForKnownAnswer(); !busy.empty())
        GTEST_SKIP() << busy;
    QTemporaryDir out;
    ASSERT_TRUE(out.isValid());
    // The listener's pid, from the PidFile of the rig's sshd_config.
    QFile pidFile(rig.dir() + QStringLiteral("/sshd.pid"));
    ASSERT_TRUE(pidFile.open(QIODevice::ReadOnly));
    const int sshd = pidFile.readAll().trimmed().toInt();
    ASSERT_GT(sshd, 1);
    const QString cli = QStringLiteral(DM_CLI_PATH), spec = rig.spec(QStringLiteral("@DEV@"));
    const QStringList common { "--size", "32MiB", "--measure", "2", "--warmup", "0.5", "--allow-destructive", "--quiet",
        "--no-history" };
    const QStringList grid = QStringList { "--tests", "SEQ1M-Q8T1", "--count", "1", "--interval", "0" } + common;
    const QStringList sweep = QStringList { "--min", "128KiB", "--max", "128KiB" } + common;

    // The rig runs this inside its cgroup: sshd joins that cgroup (the connections it forks from
    // now on, and what they run, are in it; the rig moves sshd back out when it ends), then the
    // four runs alternate here and there.
    const QStringList script {
        "set -e",
        "cg=$(awk -F: '$2 ~ /(^|,)blkio(,|$)/ {print $3}' /proc/self/cgroup)",
        "if [ -n \"$cg\" ] && [ \"$cg\" != / ]; then",
        "  root=$(awk '$3 == \"cgroup\" && $4 ~ /(^|,)blkio(,|$)/ {print $2; exit}' /proc/self/mounts)",
        "else",
        "  cg=$(awk -F: '$1 == \"0\" {print $3}' /proc/self/cgroup)",
        "  root=$(awk '$3 == \"cgroup2\" {print $2; exit}' /proc/self/mounts)",
        "fi",
        QStringLiteral("echo %1 > \"$root$cg/cgroup.procs\"").arg(sshd),
        QStringLiteral("export DISKOMETER_SSH=%1").arg(dm::shellQuote("ssh -F " + rig.clientConfig())),
        line(QStringList { cli, "@DEV@" } + grid + QStringList { "--json", out.filePath("grid-local.json") }),
        line(QStringList { cli, "remote", spec } + grid + QStringList { "--json", out.filePath("grid-ssh.json") }),
        line(
            QStringList { cli, "sweep", "@DEV@" } + sweep + QStringList { "--json", out.filePath("sweep-local.json") }),
        line(QStringList { cli, "remote", spec, "--kind", "sweep" } + sweep
            + QStringList { "--json", out.filePath("sweep-ssh.json") }),
    };
    RigLimits limits;
    limits.readBps = limits.writeBps = uint64_t(kLimit);
    const RigOutcome o = runThrottled(
        limits, { "/bin/sh", "-c", script.join(QLatin1Char('\n')), "sh", "@DEV@" }, QStringLiteral("64M"));
    if (o.skipped())
        GTEST_SKIP() << o.skipReason();
    ASSERT_EQ(o.exitCode, 0) << o.err.constData();

    const QJsonObject gridHosts = readJson(out.filePath("grid-ssh.json")),
                      sweepHosts = readJson(out.filePath("sweep-ssh.json"));
    const QJsonArray localRows = readJson(out.filePath("grid-local.json"))["results"].toArray();
    const QJsonArray sshRows = gridHosts["hosts"][0]["report"]["results"].toArray();
    ASSERT_EQ(localRows.size(), 2); // read, write
    ASSERT_EQ(sshRows.size(), localRows.size());
    for (qsizetype i = 0; i < localRows.size(); ++i) {
        const QJsonObject l = localRows[i].toObject(), s = sshRows[i].toObject();
        const std::string row = l["test"].toString().toStdString() + " " + l["direction"].toString().toStdString();
        ASSERT_EQ(s["test"], l["test"]);
        ASSERT_EQ(s["direction"], l["direction"]);
        const double seconds = l["passes"][0]["seconds"].toDouble(), sshSeconds = s["passes"][0]["seconds"].toDouble();
        expectKnown(l["mb_per_s"].toDouble(), seconds, 1 << 20, "local " + row);
        expectKnown(s["mb_per_s"].toDouble(), sshSeconds, 1 << 20, "ssh " + row);
        std::printf("grid %s: local %.1f MB/s, ssh %.1f MB/s (ssh/local %.3f; limit %.0f)\n", row.c_str(),
            l["mb_per_s"].toDouble(), s["mb_per_s"].toDouble(), s["mb_per_s"].toDouble() / l["mb_per_s"].toDouble(),
            kLimit / 1e6);
    }

    const QJsonArray localPoints = readJson(out.filePath("sweep-local.json"))["points"].toArray();
    const QJsonArray sshPoints = sweepHosts["hosts"][0]["report"]["points"].toArray();
    ASSERT_EQ(localPoints.size(), 1);
    ASSERT_EQ(sshPoints.size(), 1);
    ASSERT_EQ(sshPoints[0]["block_size"].toInt(), 128 * 1024);
    ASSERT_EQ(localPoints[0]["block_size"].toInt(), 128 * 1024);
    for (const char* direction : { "read", "write" }) {
        const QJsonObject l = localPoints[0][direction].toObject(), s = sshPoints[0][direction].toObject();
        const std::string what = std::string("sweep 128 KiB ") + direction;
        ASSERT_TRUE(l["error"].isNull() && s["error"].isNull()) << what;
        expectKnown(l["mb_per_s"].toDouble(), l["device_io"]["seconds"].toDouble(), 128 * 1024, "local " + what);
        expectKnown(s["mb_per_s"].toDouble(), s["device_io"]["seconds"].toDouble(), 128 * 1024, "ssh " + what);
        std::printf("%s: local %.1f MB/s, ssh %.1f MB/s (ssh/local %.3f; limit %.0f)\n", what.c_str(),
            l["mb_per_s"].toDouble(), s["mb_per_s"].toDouble(), s["mb_per_s"].toDouble() / l["mb_per_s"].toDouble(),
            kLimit / 1e6);
    }
}

} // namespace
