// SPDX-License-Identifier: GPL-3.0-or-later
// The CLI's one status line for every kind (progressline.h), from the run's phases.
#include "progressline.h"
#include "surfacescan.h"

#include <gtest/gtest.h>

using namespace dm;

namespace {
std::string text(const RunPhase& p) { return phaseLineText(p).toStdString(); }
}

TEST(ProgressLine, AGridTestShowsItsPlaceItsPassItsRateAndTheTimeLeft)
{
    RunPhase p;
    p.stage = Stage::Measure;
    p.label = "SEQ1M Q8T1 read";
    p.index = 1;
    p.count = 6;
    p.pass = 2;
    p.passCount = 3;
    p.mbPerSec = 1234.56;
    p.secondsLeft = 65;
    EXPECT_EQ(text(p), "[2/6] SEQ1M Q8T1 read  pass 2/3  1234.6 MB/s  (1:05 left)");
    p.stage = Stage::WarmUp;
    p.secondsLeft = 3725;
    EXPECT_EQ(text(p), "[2/6] SEQ1M Q8T1 read  warm-up  1234.6 MB/s  (1:02:05 left)");
}

TEST(ProgressLine, AStageThatMovesBytesShowsHowManyOfHowMany)
{
    RunPhase p;
    p.stage = Stage::Write;
    p.label = "Writing";
    p.bytesDone = 1'200'000'000;
    p.bytesTotal = 4'000'000'000;
    p.stageFraction = 0.3;
    p.mbPerSec = 41;
    EXPECT_EQ(text(p), "Writing  1.20 of 4.00 GB (30 %)  41.0 MB/s");
    p.bytesDone = 8'000'000;
    p.bytesTotal = 16'000'000;
    p.stageFraction = 0.5;
    p.mbPerSec.reset();
    p.secondsLeft = 0.4;
    EXPECT_EQ(text(p), "Writing  8 of 16 MB (50 %)  (0:00 left)");
}

TEST(ProgressLine, CountedItemsNeverShowMoreThanTheirCount)
{
    RunPhase p;
    p.stage = kScanRateStage;
    p.label = "Read rate";
    p.index = 100; // after the last sample
    p.count = 100;
    EXPECT_EQ(text(p), "[100/100] Read rate");
    p.stage = Stage::Interval;
    p.label = "Interval before RND4K Q32T1 read";
    p.index = 2;
    p.count = 6;
    p.stageSecondsLeft = 4.6;
    EXPECT_EQ(text(p), "[3/6] Interval before RND4K Q32T1 read  next test in 0:05");
}
