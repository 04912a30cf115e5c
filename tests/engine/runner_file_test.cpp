// SPDX-License-Identifier: GPL-3.0-or-later
// Runs real tests (libaio, O_DIRECT) on the ordinary disk and checks the numbers hang together:
// passes of the asked length, MB/s = bytes / seconds, latencies ordered, a timeline, no test
// file left behind; cancel ends a run within half a second; bad targets give clear errors.
#include "ioworker.h"
#include "runner.h"
#include "testregion.h"
#include "testtargets.h"
#include "timebudget.h"

#include <gtest/gtest.h>

using namespace dm;
using namespace dm::test;

namespace {

RunRequest smallRequest(const std::string& target, std::vector<TestSpec> tests)
{
    RunRequest r;
    r.target = target;
    r.tests = std::move(tests);
    r.settings.count = 2;
    r.settings.measureSeconds = 0.5;
    r.settings.warmupSeconds = 0.2;
    r.settings.intervalSeconds = 0;
    r.settings.testSize = 32 * MiB;
    return r;
}

TestSpec t(const char* row, Direction d)
{
    return { *parseRow(row), d, d == Direction::Read ? 100 : (d == Direction::Write ? 0 : 70) };
}

} // namespace

TEST(RunnerOnFile, MeasuresReadsWritesAndMixConsistently)
{
    ScratchDir dir;
    auto req = smallRequest(dir.path(),
        { t("SEQ1M-Q8T1", Direction::Read), t("RND4K-Q32T1", Direction::Read), t("RND4K-Q1T1", Direction::Write),
            t("RND4K-Q8T2", Direction::Mix) });
    std::atomic<bool> cancel { false };
    std::vector<size_t> finished;
    int samples = 0;
    RunCallbacks cb;
    cb.sample = [&](size_t, const LiveSample& s) {
        ++samples;
        EXPECT_GE(s.mbPerSec, 0.0);
    };
    cb.testFinished = [&](size_t i, const TestResult&) { finished.push_back(i); };
    auto run = runTests(req, cb, cancel);
    ASSERT_TRUE(run) << run.error().message;
    EXPECT_FALSE(run->cancelled);
    ASSERT_EQ(run->tests.size(), 4u);
    EXPECT_EQ(finished, (std::vector<size_t> { 0, 1, 2, 3 }));
    // A tick every 0.25 s: at least one in each 0.5 s pass of each test (the second, at 0.5 s,
    // races with the pass's end: under TSan CI saw exactly one per pass).
    EXPECT_GE(samples, 8);
    // Each test's start on the run's clock (the drive's temperature readings' clock): after the
    // warm-up and both passes of the one before it.
    for (const auto& test : run->tests)
        ASSERT_TRUE(test.startSeconds);
    EXPECT_GE(*run->tests[0].startSeconds, 0.0);
    // The first test starts after the test file is written (32 MiB), not after the run.
    EXPECT_LT(*run->tests[0].startSeconds, 30.0);
    for (size_t i = 1; i < run->tests.size(); ++i)
        EXPECT_GE(*run->tests[i].startSeconds, *run->tests[i - 1].startSeconds + 0.2 + 2 * 0.45) << i;
    EXPECT_TRUE(run->region.direct);
    EXPECT_EQ(run->region.length, 32 * MiB);
    EXPECT_NE(run->seed, 0u);

    for (const auto& test : run->tests) {
        SCOPED_TRACE(rowName(test.spec.row) + " " + directionName(test.spec.direction));
        ASSERT_TRUE(test.ok()) << test.error.value_or("");
        ASSERT_EQ(test.passes.size(), 2u);
        EXPECT_FALSE(test.timeline.empty());
        for (const auto& p : test.passes) {
            // Time-based: at least the asked length, and not much more (the drain).
            EXPECT_GE(p.seconds, 0.45);
            EXPECT_LT(p.seconds, 1.5);
            EXPECT_GT(p.ios, 0u);
            EXPECT_EQ(p.bytes, p.ios * test.spec.row.blockSize);
            EXPECT_DOUBLE_EQ(p.mbPerSec(), double(p.bytes) / p.seconds / 1e6);
            EXPECT_LE(p.latency.minNs, p.latency.p50Ns);
            EXPECT_LE(p.latency.p50Ns, p.latency.p99Ns);
            EXPECT_LE(p.latency.p99Ns, p.latency.p999Ns);
            EXPECT_LE(p.latency.p999Ns, p.latency.maxNs);
            EXPECT_GT(p.latency.meanNs, 0.0);
            EXPECT_GE(p.cpuUserSeconds + p.cpuSystemSeconds, 0.0);
            switch (test.spec.direction) {
            case Direction::Read:
                EXPECT_EQ(p.writeIos, 0u);
                break;
            case Direction::Write:
                EXPECT_EQ(p.readIos, 0u);
                break;
            case Direction::Mix:
                EXPECT_GT(p.readIos, 0u);
                EXPECT_GT(p.writeIos, 0u);
                break;
            }
        }
    }
    // Q1: one I/O at a time, so latency and IOPS must agree (Little's law) within the drain slack.
    const auto& q1 = run->tests[2].passes[0];
    EXPECT_NEAR(q1.iops() * q1.latency.meanNs / 1e9, 1.0, 0.2);
    EXPECT_EQ(dir.entryCount(), 0u) << "the test file was left behind";
}

TEST(RunnerOnFile, CancelStopsWithinHalfASecondAndLeavesNothing)
{
    ScratchDir dir;
    auto req = smallRequest(dir.path(), { t("RND4K-Q32T1", Direction::Read), t("RND4K-Q32T1", Direction::Write) });
    req.settings.measureSeconds = 10;
    std::atomic<bool> cancel { false };
    Clock::time_point cancelledAt;
    RunCallbacks cb;
    cb.phase = [&](const RunPhase& p) {
        // 0.3 s into the 10 s pass
        if (p.stage == Stage::Measure && p.stageSecondsLeft < 9.7 && !cancel) {
            cancelledAt = Clock::now();
            cancel = true;
        }
    };
    auto run = runTests(req, cb, cancel);
    const auto stopTook = Clock::now() - cancelledAt;
    ASSERT_TRUE(run) << run.error().message;
    EXPECT_TRUE(run->cancelled);
    EXPECT_TRUE(run->tests.empty()); // the cut-short test is not reported
    EXPECT_LT(std::chrono::duration<double>(stopTook).count(), timeBudget(0.5));
    EXPECT_EQ(dir.entryCount(), 0u);
}

TEST(RunnerOnFile, ExistingFileIsReadInPlaceAndNeedsConsentToWrite)
{
    ScratchDir dir;
    const std::string file = dir.path() + "/data.bin";
    run("dd if=/dev/urandom of=" + file + " bs=1M count=20 status=none");
    const std::string before = run("sha256sum " + file + " | cut -d' ' -f1");

    auto read = runTests(smallRequest(file, { t("SEQ1M-Q8T1", Direction::Read) }), {}, std::atomic<bool> { false });
    ASSERT_TRUE(read) << read.error().message;
    EXPECT_EQ(read->region.kind, RegionInfo::Kind::File);
    EXPECT_EQ(read->region.length, 20 * MiB);
    EXPECT_EQ(run("sha256sum " + file + " | cut -d' ' -f1"), before);

    auto refused = runTests(smallRequest(file, { t("SEQ1M-Q8T1", Direction::Write) }), {}, std::atomic<bool> { false });
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.error().kind, Error::Kind::Usage);
    EXPECT_NE(refused.error().message.find("--allow-destructive"), std::string::npos);
    EXPECT_EQ(run("sha256sum " + file + " | cut -d' ' -f1"), before);

    auto req = smallRequest(file, { t("SEQ1M-Q8T1", Direction::Write) });
    req.allowDestructive = true;
    auto written = runTests(req, {}, std::atomic<bool> { false });
    ASSERT_TRUE(written) << written.error().message;
    EXPECT_NE(run("sha256sum " + file + " | cut -d' ' -f1"), before);
}

TEST(RunnerOnFile, BadTargetsGiveClearErrors)
{
    std::atomic<bool> cancel { false };
    const auto reads = std::vector<TestSpec> { t("SEQ1M-Q8T1", Direction::Read) };

    auto missing = runTests(smallRequest("/nonexistent/diskometer", reads), {}, cancel);
    ASSERT_FALSE(missing);
    EXPECT_EQ(missing.error().kind, Error::Kind::Target);
    EXPECT_NE(missing.error().message.find("does not exist"), std::string::npos);

    auto charDevice = runTests(smallRequest("/dev/null", reads), {}, cancel);
    ASSERT_FALSE(charDevice);
    EXPECT_NE(charDevice.error().message.find("neither a directory"), std::string::npos);

    ScratchDir dir;
    auto tooBig = smallRequest(dir.path(), reads);
    tooBig.settings.testSize = 64 * GiB;
    const auto free = run("df --output=avail -B1 " + dir.path() + " | tail -1");
    if (!free.empty() && std::stoull(free) < 64 * GiB) {
        auto noSpace = runTests(tooBig, {}, cancel);
        ASSERT_FALSE(noSpace);
        EXPECT_NE(noSpace.error().message.find("not enough free space"), std::string::npos) << noSpace.error().message;
    }
    EXPECT_EQ(dir.entryCount(), 0u);

    auto tooManyThreads = smallRequest(dir.path(), { t("SEQ8M-Q1T64", Direction::Read) });
    tooManyThreads.settings.testSize = 16 * MiB;
    auto small = runTests(tooManyThreads, {}, cancel);
    ASSERT_FALSE(small);
    EXPECT_EQ(small.error().kind, Error::Kind::Usage);
    EXPECT_NE(small.error().message.find("too small"), std::string::npos);
    EXPECT_EQ(dir.entryCount(), 0u);

    auto empty = smallRequest(dir.path(), {});
    EXPECT_FALSE(runTests(empty, {}, cancel));
}
