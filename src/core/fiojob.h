// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "jobspec.h"
#include "results.h"

#include <QString>

#include <vector>

namespace dm {

// What an fio job file must reproduce: our tests on our test region.
struct FioJobRequest {
    QString target; // the directory, file or block device as the user gave it
    RegionInfo::Kind kind = RegionInfo::Kind::Directory;
    uint64_t regionBytes = 0; // the test region: --size, or the file's or device's size
    std::vector<TestSpec> tests; // in run order (expandTests)
    RunSettings settings; // count, measure, warm-up, interval, data
    QString comment; // written as a comment line at the top
};

// An fio job file equivalent to what our engine runs (docs/HISTORY.md, "fio on the other side"; the
// same mapping as bench/compare-fio): libaio, direct=1, threads, time_based, the same block
// size, depth, threads and region, iodepth_batch_submit = iodepth_batch_complete_max = depth,
// randrepeat=0, norandommap. Each of our passes is one section, all separated by stonewall: the
// first pass of a test carries the warm-up (ramp_time) and the pause before it (startdelay),
// so fio's output reads back into the history as the same tests with the same passes.
// For a directory, fio makes (and lays out) the file diskometer-fio.tmp there, and the last
// section unlinks it.
QString formatFioJob(const FioJobRequest& request);

// Sets request.kind and request.regionBytes from request.target and request.settings.testSize as
// the engine lays out its test region (testregion.cpp): a directory gets a test file of the test
// size, a file is tested whole unless sizeGiven, a block device over the test size (all of it when
// smaller). Missing, empty or unusable targets are usage errors that say what to do, and so is a
// job whose write sections would destroy a device's data unless allowDeviceWrites (the CLI's
// --allow-destructive; the window asks in a dialog afterwards).
Status setFioJobRegion(FioJobRequest& request, bool sizeGiven, bool allowDeviceWrites);

// "diskometer-fio.tmp": the test file's name in a directory target.
inline constexpr char kFioJobFileName[] = "diskometer-fio.tmp";

} // namespace dm
