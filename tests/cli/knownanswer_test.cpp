// SPDX-License-Identifier: GPL-3.0-or-later
// Known answers (issue 11): the real diskometer-cli on a RAM-backed loop device whose speed the
// kernel's block throttle fixes (tests/support/throttle-rig), so each figure has a true value to
// meet, not only fio's. Short runs (1 s passes); bench/known-answer runs the long matrix.
//
// Tolerances: the issue's 3 % for MB/s and IOPS and 5 % for the Q1 mean latency are the
// machine's share; on top of them each check allows the throttle's own granularity (below),
// which is what the device really does over a window of that length. The limits are far below
// what the RAM disk does unthrottled (a Debug build on a loaded 2-vCPU machine still does > 20k
// IOPS at Q1), so the throttle, not our CPU, sets the pace.
#include "testtargets.h"
#include "throttlerig.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>
#include <filesystem>
#include <ostream>

using namespace dm::test;

namespace {

// The machine's share. Kept below 4.9 % together with the granularity of every check below, so
// that a figure in MiB/s where MB/s is meant (or the reverse) fails.
constexpr double kTolerance = 0.02;
constexpr double kLatencyTolerance = 0.05;

// The kernel's block throttle grants I/O per time slice: at the start of each slice (HZ/10,
// 100 ms, DFL_THROTL_SLICE_HD in block/blk-throttle.c) it lets a whole slice's worth through at
// once, then holds the rest. Measured here: at 200 IOPS and Q1 the I/Os come in bursts of 20, and
// 1 s passes counted 184-213 (a CI run failed on 213 and on 1,064 of 1,000 at Q8, when the
// suite allowed only a queue's worth). So a window of T seconds holds limit x T I/Os give or
// take one slice's worth: the known answer is exact only to kThrottleSlice / T, and the checks
// take windows of several seconds (docs/PERFORMANCE.md, section 7).
constexpr double kThrottleSlice = 0.1;

// measured / truth within the tolerance plus the throttle's granularity over `seconds` on both
// sides, plus `credit` above: a queue of I/Os submitted just before the window closes completes
// inside it (fio shows the same: Q32 under a 1,000 IOPS limit completes 1,000 x T + 32 I/Os).
void expectKnown(double measured, double truth, double seconds, double credit, const std::string& what)
{
    const double granularity = kThrottleSlice / seconds;
    EXPECT_GE(measured / truth, 1.0 - kTolerance - granularity)
        << what << ": " << measured << " against " << truth << " over " << seconds << " s";
    EXPECT_LE(measured / truth, 1.0 + kTolerance + granularity + credit)
        << what << ": " << measured << " against " << truth << " over " << seconds << " s (credit " << credit
        << ")";
}

QStringList cli(QStringList args)
{
    args.prepend(QStringLiteral(DM_CLI_PATH));
    return args;
}

// One grid run of `rows` (read, write and a 70 % mix) under `limits`; returns the results array.
QJsonArray runGrid(
    const RigLimits& limits, const QString& rows, int count, const QString& engine, std::string& skip)
{
    const RigOutcome o = runThrottled(limits,
        cli({ "run", "@DEV@", "--tests", rows, "--mode", "all", "--mix", "70", "--count", QString::number(count),
            "--measure", "2",
            "--warmup", "0.5", "--interval", "0", "--size", "64MiB", "--allow-destructive", "--engine", engine,
            "--json", "-", "--quiet" }),
        QStringLiteral("64M"));
    if (o.skipped()) {
        skip = o.skipReason();
        return {};
    }
    EXPECT_EQ(o.exitCode, 0) << o.err.constData();
    const QJsonObject doc = QJsonDocument::fromJson(o.out).object();
    const QString ran = doc["tool"].toObject()["engine"].toString();
    if (ran != engine) {
        skip = "--engine " + engine.toStdString() + " fell back to " + ran.toStdString() + " here";
        return {};
    }
    return doc["results"].toArray();
}

struct GridCase {
    const char* engine;
    bool iopsLimited; // else bandwidth-limited
};

// So that CTest's test names say which case it is (not the struct's bytes).
[[maybe_unused]] void PrintTo(const GridCase& c, std::ostream* os)
{
    *os << c.engine << (c.iopsLimited ? " IOPS limit" : " bandwidth limit");
}

class KnownAnswerGrid : public ::testing::TestWithParam<GridCase> { };

// Every default row, read, write and mix: the figure the limit fixes is within 3 % of it. Both
// directions have the same limit; in a mix the reads are the side the limit holds back (70 % of
// the I/Os against a limit as high as the writes'), so there the known answer is the read rate,
// and the total is that over the mix's own read share (which the random draw of each I/O's
// direction makes vary by a few percent from run to run).
TEST_P(KnownAnswerGrid, EveryRowIsWithinThreePercentOfTheLimit)
{
    const GridCase c = GetParam();
    if (const std::string busy = tooBusyForKnownAnswer(); !busy.empty())
        GTEST_SKIP() << busy;
    struct Row {
        QString row;
        double bandwidth, iops; // the limit of each kind, bytes/s and I/Os per second
    };
    // One limit per row, so that the tolerance is ours and not the machine's. At Q1 an I/O slot
    // is lost whenever our thread or the loop driver's worker waits for a CPU, and the throttle
    // gives it back only if the next I/Os can catch up: with 10 ms or 5 ms between I/Os they
    // can, at 1,000-2,000 IOPS under the load of other sessions' builds both fio and we came out
    // 5-30 % off in single runs. Deep queues are immune to that. docs/PERFORMANCE.md, section 7.
    const Row rows[] = { { "SEQ1M-Q8T1", 100e6, 100 }, { "SEQ1M-Q1T1", 100e6, 100 }, { "RND4K-Q32T1", 16e6, 4000 },
        { "RND4K-Q1T1", 0.8e6, 200 } };
    for (const Row& row : rows) {
        const double limit = c.iopsLimited ? row.iops : row.bandwidth;
        RigLimits limits;
        if (c.iopsLimited)
            limits.readIops = limits.writeIops = uint64_t(limit);
        else
            limits.readBps = limits.writeBps = uint64_t(limit);
        std::string skip;
        const int count = 3;
        const QJsonArray results = runGrid(limits, row.row, count, QString::fromLatin1(c.engine), skip);
        if (!skip.empty())
            GTEST_SKIP() << skip;
        ASSERT_EQ(results.size(), 3) << row.row.toStdString(); // read, write, mix
        for (const auto& v : results) {
            const QJsonObject r = v.toObject();
            const std::string what = r["test"].toString().toStdString() + " " + r["direction"].toString().toStdString();
            ASSERT_TRUE(r["error"].isNull()) << what << ": " << r["error"].toString().toStdString();
            // All passes together: they follow each other with no pause (--interval 0), so their
            // sum is one window of count x 2 s, over which the throttle's granularity is small.
            // (The headline, the best pass, would flatter a throttled device.)
            const bool mix = r["direction"].toString() == QLatin1String("mix");
            const QJsonArray passes = r["passes"].toArray();
            ASSERT_EQ(passes.size(), count) << what;
            double seconds = 0, done = 0, latencySum = 0, ios = 0;
            for (const auto& pv : passes) {
                const QJsonObject p = pv.toObject();
                ASSERT_GT(p["seconds"].toDouble(), 1.5) << what;
                seconds += p["seconds"].toDouble();
                if (c.iopsLimited)
                    done += double(p[mix ? "read_ios" : "ios"].toInteger());
                else
                    done += double(p[mix ? "read_bytes" : "bytes"].toInteger());
                ios += double(p["ios"].toInteger());
                latencySum += p["latency_us_mean"].toDouble() * double(p["ios"].toInteger());
            }
            const double depth = double(r["queue_depth"].toInteger());
            const double queue = c.iopsLimited ? depth : depth * double(r["block_size"].toInteger());
            expectKnown(done / seconds, limit, seconds, queue / (limit * seconds), what);
            if (c.iopsLimited && !mix) {
                // Q I/Os in flight, one completing every 1/IOPS: each waits Q/IOPS (Little's law;
                // at Q1 the issue's 1/IOPS), as exact as the rate is.
                const double meanUs = latencySum / ios;
                EXPECT_NEAR(meanUs / (depth * 1e6 / limit), 1.0, kLatencyTolerance + kThrottleSlice / seconds)
                    << what << ": mean " << meanUs << " µs";
            }
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Engines, KnownAnswerGrid,
    // Both engines under both kinds of limit. io_uring was once left out: at Q8 and Q32 it did
    // only 0.6 of a limit (fio's io_uring 0.74). The cause was the loop devices, not io_uring:
    // an earlier test had left them at queue/nr_requests 4, and under the throttle a NOWAIT
    // submission that finds no free request goes to an io-wq worker, which then waits in the
    // throttle again. With the driver's 128 requests (the rig sets them) both engines meet every
    // limit; with 4, fio's io_uring does 2,849-2,983 of 4,000 IOPS and libaio 4,000
    // (docs/PERFORMANCE.md, 7.1a).
    ::testing::Values(GridCase { "libaio", true }, GridCase { "libaio", false }, GridCase { "io_uring", true },
        GridCase { "io_uring", false }),
    [](const ::testing::TestParamInfo<GridCase>& param) {
        return std::string(param.param.engine[0] == 'l' ? "Libaio" : "IoUring")
            + (param.param.iopsLimited ? "IopsLimit" : "BandwidthLimit");
    });

// The block-size sweep under 1,000 IOPS and 50 MB/s together: small blocks are held by the IOPS
// limit (IOPS = 1,000, MB/s = 1,000 x block size), large ones reach the bandwidth plateau.
TEST(KnownAnswerSweep, SmallBlocksAtTheIopsLimitLargeOnesAtTheBandwidthPlateau)
{
    constexpr double kIops = 1000, kBps = 50e6;
    constexpr int kSeconds = 4; // one pass per point: the throttle's granularity is 2.5 % of it
    if (const std::string busy = tooBusyForKnownAnswer(); !busy.empty())
        GTEST_SKIP() << busy;
    RigLimits limits;
    limits.readIops = limits.writeIops = uint64_t(kIops);
    limits.readBps = limits.writeBps = uint64_t(kBps);
    const RigOutcome o = runThrottled(limits,
        cli({ "sweep", "@DEV@", "--pattern", "seq", "--queue-depth", "8", "--min", "16KiB", "--max", "512KiB",
            "--size", "64MiB", "--measure", QString::number(kSeconds), "--warmup", "0.3", "--allow-destructive", "--json", "-", "--quiet" }),
        QStringLiteral("64M"));
    if (o.skipped())
        GTEST_SKIP() << o.skipReason();
    ASSERT_EQ(o.exitCode, 0) << o.err.constData();
    const QJsonArray points = QJsonDocument::fromJson(o.out).object()["points"].toArray();
    ASSERT_EQ(points.size(), 6); // 16K, 32K, 64K, 128K, 256K, 512K
    int plateau = 0;
    for (const auto& v : points) {
        const QJsonObject point = v.toObject();
        const double bs = double(point["block_size"].toInteger());
        for (const char* dir : { "read", "write" }) {
            const QJsonObject m = point[dir].toObject();
            const std::string what = std::to_string(int(bs / 1024)) + "K " + dir;
            const double expected = std::min(kIops * bs, kBps); // bytes/s
            const double credit = (kIops * bs < kBps ? 8 / kIops : 8 * bs / kBps) / kSeconds; // a queue of 8
            expectKnown(m["mb_per_s"].toDouble() * 1e6, expected, kSeconds, credit, what);
            if (kIops * bs >= 2 * kBps)
                ++plateau;
        }
    }
    EXPECT_EQ(plateau, 6); // 128K, 256K and 512K, read and write, are on the plateau
}

// The issue's case: a 1,000 MiB sustained write whose write limit drops from 400 to 80 MB/s once
// the device has written 600 MB, a cache of 600 MB. Six 0.25 s samples before the cliff and
// twenty after it: one sample at the cache's rate is a tenth of the bytes, where the rule used
// to call the step "gradual" (issue 11). bench/known-answer also runs a 3,000 MiB case, and
// tests/data/cliff holds recorded timelines for the unit tests. A shorter case (572 MiB, 200 then
// 50 MB/s) came out 25 % high after the cliff in two runs of five: right after a limit changes
// the throttle runs ahead of it for a while, which only a longer stretch after the cliff
// averages out.
TEST(KnownAnswerCliff, FindsTheCacheAtItsTrueSizeWithBothRates)
{
    constexpr double kBefore = 400e6, kAfter = 80e6;
    if (const std::string busy = tooBusyForKnownAnswer(); !busy.empty())
        GTEST_SKIP() << busy;
    RigLimits limits;
    limits.writeBps = uint64_t(kBefore);
    limits.cliffAt = 600'000'000;
    limits.afterWriteBps = uint64_t(kAfter);
    const RigOutcome o = runThrottled(limits,
        cli({ "sustained", "@DEV@", "--total", "1000MiB", "--allow-destructive", "--json", "-", "--quiet" }),
        QStringLiteral("1000M"));
    if (o.skipped())
        GTEST_SKIP() << o.skipReason();
    ASSERT_EQ(o.exitCode, 0) << o.err.constData();
    const double switched = double(o.number("cliff_bytes"));
    ASSERT_GT(switched, 0) << "the rig's watcher never lowered the limit";
    const QJsonObject summary = QJsonDocument::fromJson(o.out).object()["summary"].toObject();
    ASSERT_FALSE(summary["cache_bytes"].isNull()) << summary["cliff_note"].toString().toStdString();
    EXPECT_NEAR(summary["cache_bytes"].toDouble() / switched, 1.0, 0.05);
    EXPECT_NEAR(summary["before_mb_per_s"].toDouble() * 1e6 / kBefore, 1.0, 0.05);
    // A queue of 8 MiB over the 448 MB written after the cliff.
    const double credit = 8.0 * 1024 * 1024 / (1000.0 * 1024 * 1024 - 600e6);
    EXPECT_GE(summary["after_mb_per_s"].toDouble() * 1e6 / kAfter, 0.95);
    EXPECT_LE(summary["after_mb_per_s"].toDouble() * 1e6 / kAfter, 1.05 + credit);
}

// The rig itself: what it makes is gone after a failing command, and after one that had to be
// stopped; and it says why it cannot run where it cannot.
TEST(ThrottleRig, RemovesItsDeviceAndCgroupWhenTheCommandFails)
{
    RigLimits limits;
    limits.readBps = 10'000'000;
    const RigOutcome o = runThrottled(limits, { "sh", "-c", "cat /proc/self/cgroup; exit 3" }, "16M");
    if (o.skipped())
        GTEST_SKIP() << o.skipReason();
    EXPECT_EQ(o.exitCode, 3) << o.err.constData();
    ASSERT_FALSE(o.report.at("cgroup").empty());
    // The command ran inside the rig's cgroup.
    const std::string name = std::filesystem::path(o.report.at("cgroup")).filename().string();
    EXPECT_NE(o.out.toStdString().find(name), std::string::npos) << o.out.constData();
    EXPECT_FALSE(std::filesystem::exists(o.report.at("cgroup")));
    EXPECT_FALSE(std::filesystem::exists(o.report.at("image")));
    EXPECT_EQ(run("losetup -n -O BACK-FILE " + o.report.at("device")).find(o.report.at("image")), std::string::npos);
}

TEST(ThrottleRig, RemovesEverythingWhenStoppedMidCommand)
{
    RigLimits limits;
    limits.writeIops = 100;
    const RigOutcome o = runThrottled(limits, { "sleep", "60" }, "16M", 1500);
    if (o.report.empty())
        GTEST_SKIP() << o.skipReason();
    EXPECT_NE(o.exitCode, 0);
    EXPECT_FALSE(std::filesystem::exists(o.report.at("cgroup")));
    EXPECT_FALSE(std::filesystem::exists(o.report.at("image")));
}

TEST(ThrottleRig, SaysWhyItCannotRunWithoutRoot)
{
    if (!isRoot() || !haveTool("setpriv"))
        GTEST_SKIP() << "needs root and setpriv to run the rig as another user";
    const std::string err = run("setpriv --reuid=65534 --regid=65534 --clear-groups " + std::string(DM_RIG_PATH)
        + " --check 2>&1; echo \"exit=$?\"");
    EXPECT_NE(err.find("skipped: needs root"), std::string::npos) << err;
    EXPECT_NE(err.find("exit=77"), std::string::npos) << err;
}

} // namespace
