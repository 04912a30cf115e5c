// SPDX-License-Identifier: GPL-3.0-or-later
// The one event stream (runevents.h): every kind of test, run against the fake backend of its
// envelope, reports its phases, series and items the same way, and says once that it finished:
// the share done never goes back, the stages are the kind's, the series are the kind's names
// over the kind's x, and nothing comes after the end, also when the run is refused.
#include "blocksizesweep.h"
#include "capacitycheck.h"
#include "fakebackend.h"
#include "runner.h"
#include "surfacescan.h"
#include "sustainedwrite.h"
#include "testtargets.h"

#include <gtest/gtest.h>

#include <mutex>
#include <set>
#include <vector>

using namespace dm;
using namespace dm::test;

namespace {

std::atomic<bool> g_noCancel { false };

// Everything a run sent, in order. The scan calls from a thread of its own: hence the lock.
struct Recorder {
    std::mutex mutex;
    std::vector<RunPhase> phases;
    std::vector<std::pair<std::string, SeriesSample>> series;
    std::vector<size_t> items;
    int finished = 0;
    int afterFinished = 0; // events that came after finished()

    void attach(RunEvents& events)
    {
        events.phase = [this](const RunPhase& p) {
            std::lock_guard lock(mutex);
            afterFinished += finished;
            phases.push_back(p);
        };
        events.series = [this](const SeriesSample& s) {
            std::lock_guard lock(mutex);
            afterFinished += finished;
            series.emplace_back(s.series, s);
        };
        events.itemFinished = [this](size_t i) {
            std::lock_guard lock(mutex);
            afterFinished += finished;
            items.push_back(i);
        };
        events.finished = [this] {
            std::lock_guard lock(mutex);
            ++finished;
        };
    }

    std::set<std::string> stageNames() const
    {
        std::set<std::string> names;
        for (const RunPhase& p : phases)
            names.insert(stageName(p.stage));
        return names;
    }
    std::set<std::string> seriesNames() const
    {
        std::set<std::string> names;
        for (const auto& s : series)
            names.insert(s.first);
        return names;
    }
    std::vector<SeriesSample> seriesOf(const std::string& name) const
    {
        std::vector<SeriesSample> out;
        for (const auto& s : series)
            if (s.first == name)
                out.push_back(s.second);
        return out;
    }
};

// What holds for every kind: one end and nothing after it, the run's share and its clock going
// only forward within 0..1, a label on every phase, an item index within its count.
::testing::AssertionResult wellFormed(const Recorder& r)
{
    if (r.finished != 1)
        return ::testing::AssertionFailure() << "finished " << r.finished << " times";
    if (r.afterFinished != 0)
        return ::testing::AssertionFailure() << r.afterFinished << " events after finished()";
    if (r.phases.empty())
        return ::testing::AssertionFailure() << "no phase";
    double fraction = 0, elapsed = 0;
    for (const RunPhase& p : r.phases) {
        if (p.fraction < fraction || p.fraction > 1)
            return ::testing::AssertionFailure()
                << stageName(p.stage) << ": fraction " << p.fraction << " after " << fraction;
        if (p.elapsedSeconds < elapsed)
            return ::testing::AssertionFailure()
                << stageName(p.stage) << ": elapsed " << p.elapsedSeconds << " after " << elapsed;
        if (p.label.empty())
            return ::testing::AssertionFailure() << stageName(p.stage) << ": no label";
        if (p.count > 0 && p.index > p.count)
            return ::testing::AssertionFailure() << stageName(p.stage) << ": item " << p.index << " of " << p.count;
        if (p.stageFraction < 0 || p.stageFraction > 1)
            return ::testing::AssertionFailure() << stageName(p.stage) << ": stage fraction " << p.stageFraction;
        if (p.secondsLeft && *p.secondsLeft < 0)
            return ::testing::AssertionFailure() << stageName(p.stage) << ": " << *p.secondsLeft << " s left";
        fraction = p.fraction;
        elapsed = p.elapsedSeconds;
    }
    return ::testing::AssertionSuccess();
}

// This file looks at the events, not at the I/O: each request logs into a log of its own.
template <class Request> Request onTheFake(const std::string& target)
{
    return onTheFake<Request>(target, std::make_shared<FakeLog>());
}

RunSettings quick()
{
    RunSettings s;
    s.count = 2;
    s.measureSeconds = 0.5;
    s.warmupSeconds = 0;
    s.intervalSeconds = 0.3;
    s.testSize = 16 * MiB;
    return s;
}

} // namespace

TEST(RunEvents, TheGridReportsItsTestsPassesAndRates)
{
    ScratchDir dir;
    auto req = onTheFake<RunRequest>(dir.path());
    req.settings = quick();
    req.tests = { { { Pattern::Sequential, 1 * MiB, 8, 1 }, Direction::Read, 100 },
        { { Pattern::Random, 4 * KiB, 4, 1 }, Direction::Write, 100 } };
    Recorder rec;
    RunCallbacks cb;
    rec.attach(cb);
    auto run = runTests(req, cb, g_noCancel);
    ASSERT_TRUE(run) << run.error().message;
    EXPECT_TRUE(wellFormed(rec));
    EXPECT_EQ(rec.stageNames(), (std::set<std::string> { "prepare", "fill", "measure", "interval" }));
    EXPECT_EQ(rec.phases.front().stage, Stage::Prepare);
    EXPECT_EQ(rec.items, (std::vector<size_t> { 0, 1 }));
    EXPECT_EQ(rec.seriesNames(), (std::set<std::string> { "mb_per_s", "iops" }));
    // Each measured phase names its test, its pass and the rate of its last sample.
    bool sawSecondPass = false;
    for (const RunPhase& p : rec.phases) {
        if (p.stage != Stage::Measure)
            continue;
        EXPECT_EQ(p.count, 2u);
        EXPECT_EQ(p.label, p.index == 0 ? "SEQ1M Q8T1 read" : "RND4K Q4T1 write");
        EXPECT_EQ(p.passCount, 2);
        EXPECT_TRUE(p.mbPerSec.has_value());
        ASSERT_TRUE(p.secondsLeft.has_value());
        // Never more left than the run has: two tests of two 0.5 s passes and one interval.
        EXPECT_LE(*p.secondsLeft, 2.3 + 1e-9);
        sawSecondPass = sawSecondPass || (p.index == 1 && p.pass == 2);
    }
    EXPECT_TRUE(sawSecondPass);
    // The interval counts down to the second test.
    for (const RunPhase& p : rec.phases)
        if (p.stage == Stage::Interval) {
            EXPECT_EQ(p.index, 1u);
            EXPECT_GE(p.stageSecondsLeft, 0);
            EXPECT_LE(p.stageSecondsLeft, 0.3);
        }
    // By the last sample of the last pass, nearly all of the planned time has gone.
    EXPECT_GT(rec.phases.back().fraction, 0.7);
    // A test's series runs over its own seconds, from its start.
    for (const auto& s : rec.seriesOf("mb_per_s"))
        EXPECT_LE(s.x, 1.5);
}

TEST(RunEvents, TheSweepReportsEachBlockSizeAsAnItem)
{
    ScratchDir dir;
    auto req = onTheFake<SweepRequest>(dir.path());
    req.minBlockSize = 4 * KiB;
    req.maxBlockSize = 8 * KiB;
    req.settings = quick();
    req.settings.count = 1;
    req.settings.intervalSeconds = 0;
    req.sizeGiven = true;
    Recorder rec;
    RunCallbacks cb;
    rec.attach(cb);
    auto result = runBlockSizeSweep(req, cb, g_noCancel);
    ASSERT_TRUE(result) << result.error().message;
    EXPECT_TRUE(wellFormed(rec));
    // Two block sizes, each read and written: four tests, four items.
    EXPECT_EQ(rec.items, (std::vector<size_t> { 0, 1, 2, 3 }));
    EXPECT_TRUE(rec.stageNames().count("measure"));
    for (const RunPhase& p : rec.phases)
        if (p.stage == Stage::Measure) {
            EXPECT_EQ(p.count, 4u);
        }
}

TEST(RunEvents, TheSustainedWriteReportsBytesAndItsRateOverThem)
{
    ScratchDir dir;
    auto req = onTheFake<SustainedRequest>(dir.path());
    req.totalBytes = 64 * MiB;
    req.totalGiven = true;
    req.sampleSeconds = 0.05;
    Recorder rec;
    SustainedCallbacks cb;
    rec.attach(cb);
    auto result = runSustainedWrite(req, cb, g_noCancel);
    ASSERT_TRUE(result) << result.error().message;
    EXPECT_TRUE(wellFormed(rec));
    EXPECT_EQ(rec.stageNames(), (std::set<std::string> { "write" }));
    // The last phase is the last sample: everything written, the whole run done.
    EXPECT_EQ(rec.phases.back().bytesDone, 64 * MiB);
    EXPECT_EQ(rec.phases.back().bytesTotal, 64 * MiB);
    EXPECT_DOUBLE_EQ(rec.phases.back().fraction, 1.0);
    const auto rate = rec.seriesOf("write_mb_per_s");
    ASSERT_EQ(rate.size(), result->timeline.size());
    for (size_t i = 0; i < rate.size(); ++i) {
        EXPECT_EQ(rate[i].x, double(result->timeline[i].bytes));
        EXPECT_EQ(rate[i].y, result->timeline[i].mbPerSec);
    }
}

TEST(RunEvents, TheScanReportsEverySampleAtItsOffset)
{
    LoopDevice loop("64M");
    DM_REQUIRE_ROOT_LOOP(loop);
    auto req = onTheFake<ScanRequest>(loop.device());
    req.samples = 8;
    req.sampleSize = 1 * MiB;
    req.accessSamples = 200;
    Recorder rec;
    ScanCallbacks cb;
    rec.attach(cb);
    auto result = runSurfaceScan(req, cb, g_noCancel);
    ASSERT_TRUE(result) << result.error().message;
    std::lock_guard lock(rec.mutex);
    EXPECT_TRUE(wellFormed(rec));
    EXPECT_EQ(rec.stageNames(), (std::set<std::string> { "rate", "access" }));
    EXPECT_EQ(rec.items, (std::vector<size_t> { 0, 1, 2, 3, 4, 5, 6, 7 }));
    const auto rate = rec.seriesOf("read_mb_per_s");
    ASSERT_EQ(rate.size(), 8u);
    for (uint32_t i = 0; i < 8; ++i)
        EXPECT_EQ(rate[i].x, double(scanSampleOffset(i, 8, 64 * MiB, 1 * MiB, 4096)));
    EXPECT_EQ(rec.seriesOf("access_ms").size(), 200u);
    // The rate samples are most of the bar, the access reads the rest, up to the whole.
    for (const RunPhase& p : rec.phases)
        if (p.stage == kScanRateStage) {
            EXPECT_LE(p.fraction, 0.85 + 1e-9);
        }
    EXPECT_DOUBLE_EQ(rec.phases.back().fraction, 1.0);
    ASSERT_TRUE(rec.phases.back().secondsLeft.has_value());
    EXPECT_DOUBLE_EQ(*rec.phases.back().secondsLeft, 0.0);
}

TEST(RunEvents, TheCapacityFillWritesFlushesThenReadsBack)
{
    ScratchDir dir;
    auto req = onTheFake<CapacityRequest>(dir.path());
    req.size = 8 * MiB;
    Recorder rec;
    CapacityCallbacks cb;
    rec.attach(cb);
    auto result = runCapacityCheck(req, cb, g_noCancel);
    ASSERT_TRUE(result) << result.error().message;
    EXPECT_TRUE(wellFormed(rec));
    std::vector<Stage> order;
    for (const RunPhase& p : rec.phases)
        if (order.empty() || order.back() != p.stage)
            order.push_back(p.stage);
    EXPECT_EQ(order, (std::vector<Stage> { Stage::Write, Stage::Flush, Stage::Read }));
    // Writing is the first half of the bar and reading back the second.
    for (const RunPhase& p : rec.phases) {
        if (p.stage == Stage::Write) {
            EXPECT_LE(p.fraction, 0.5);
        }
        if (p.stage == Stage::Read) {
            EXPECT_GE(p.fraction, 0.5);
        }
    }
}

TEST(RunEvents, ARefusedRunStillSaysItFinishedAndNothingElse)
{
    ScratchDir dir;
    Recorder grid, sweep, sustained, capacity;
    {
        auto req = onTheFake<SweepRequest>(dir.path());
        req.minBlockSize = 8 * KiB;
        req.maxBlockSize = 4 * KiB; // the wrong way round
        RunCallbacks cb;
        sweep.attach(cb);
        EXPECT_FALSE(runBlockSizeSweep(req, cb, g_noCancel));
    }
    {
        auto req = onTheFake<RunRequest>(dir.path());
        RunCallbacks cb;
        grid.attach(cb);
        EXPECT_FALSE(runTests(req, cb, g_noCancel)); // no tests
    }
    {
        auto req = onTheFake<SustainedRequest>(dir.path() + "/missing/dir");
        req.totalBytes = 8 * MiB;
        req.totalGiven = true;
        SustainedCallbacks cb;
        sustained.attach(cb);
        EXPECT_FALSE(runSustainedWrite(req, cb, g_noCancel));
    }
    {
        auto req = onTheFake<CapacityRequest>(dir.path() + "/missing");
        CapacityCallbacks cb;
        capacity.attach(cb);
        EXPECT_FALSE(runCapacityCheck(req, cb, g_noCancel));
    }
    for (const Recorder* r : { &grid, &sweep, &sustained, &capacity }) {
        EXPECT_EQ(r->finished, 1);
        EXPECT_EQ(r->afterFinished, 0);
    }
}
