// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "devicecounters.h"
#include "engineselect.h"
#include "iobackend.h"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace dm {

// What the engine found out about the target it ran on.
struct RegionInfo {
    enum class Kind { Directory, File, BlockDevice };
    Kind kind = Kind::Directory;
    std::string path; // as given
    std::string testFilePath; // the named test file, empty with O_TMPFILE or non-directory targets
    uint64_t offset = 0;
    uint64_t length = 0;
    uint32_t logicalBlockSize = 512;
    uint64_t deviceId = 0; // st_dev of the file, or st_rdev of the block device
    bool direct = true;
};

// Makes one backend per I/O stream. Unit tests pass a fake one (tests/support/fakebackend.h).
using BackendFactory = std::function<std::unique_ptr<IoBackend>()>;

// What every kind of test's request carries besides its own numbers (the grid's RunRequest,
// ScanRequest, SustainedRequest, SweepRequest derive from it): one name per field for every kind.
struct RunTarget {
    std::string target; // a directory, regular file or block device, as the user gave it
    // Writing to a block device or an existing file destroys what is there: only when asked.
    bool allowDestructive = false;
    // An open block device for `target`, for users who may not open it themselves (UDisks2
    // opened it once polkit agreed). The caller owns it and may close it once the run returns.
    int fd = -1;
    // io_uring falls back to libaio where the kernel or a sandbox refuses it; the result's
    // engine says what ran and a warning says why.
    EngineKind engine = kDefaultEngine;
    // Set: every I/O stream gets a backend from here instead of `engine` (the fake backend in
    // unit tests, so every kind's scheduling can be checked without a kernel).
    BackendFactory backendFactory;
    // A device that completes no I/O for this long has stalled: the run stops and says the device
    // stopped answering. 0 = the device's own command timeout (stalltimeout.h).
    double stallTimeoutSeconds = 0;
};

// The best the drive did in a run: its fastest MB/s and most IOPS; 0 = not known. Each kind notes
// its own measurements as it runs (the grid's and the sweep's passes, a scan's samples and access
// reads, a sustained write's timeline, a capacity check's fill and read-back), so that the run
// header judges other I/O on the drive against it (targetwarnings.h) without knowing the kind.
struct DriveSpeed {
    double mbPerSec = 0, iops = 0;
    void note(double mb, double ios = 0)
    {
        mbPerSec = std::max(mbPerSec, mb);
        iops = std::max(iops, ios);
    }
};

// What every kind's result carries (RunResult, ScanResult, SustainedResult, SweepResult derive
// from it), so one front end, one history writer or one header attacher serves them all.
struct RunEnvelope {
    RegionInfo region; // what was tested, as the engine opened it
    std::string engine; // the I/O engine that ran ("libaio", "io_uring", or a fake's name)
    uint64_t seed = 0; // for offsets and data stamps: the same seed repeats the same I/O
    std::vector<std::string> warnings; // the engine's; core appends the target's (runheader.h)
    bool cancelled = false;
    // An error that stopped the run while it ran; what finished before is kept. Errors before
    // any I/O come back as Error instead. (A grid keeps per-test errors in its TestResults too.)
    std::optional<std::string> error;
    DriveSpeed fastest; // in this run, as measured; not in the reports
    // What the device beneath the target counted in each phase of a kind without passes (a scan,
    // a sustained write, a capacity check); the grid and the sweep keep theirs in PassResult.
    std::vector<DevicePhase> devicePhases;
};

// The engine a run uses, settled once before anything is opened.
struct EngineSetup {
    BackendFactory make;
    std::string name;
    std::string warning; // io_uring fell back to libaio, and why
};
EngineSetup setUpEngine(const RunTarget& target);

// A fresh seed when none was asked for.
uint64_t seedOrFresh(uint64_t seed);

// A result keeps its request for its report: without what belongs to this process (the
// descriptor, the backend) and, for a request with a seed of its own, with the seed the run
// uses, which the envelope carries too.
template <class Result, class Request> void keepRequest(Result& out, const Request& req)
{
    out.request = req;
    out.request.fd = -1;
    out.request.backendFactory = nullptr;
    if constexpr (requires { req.seed; }) {
        out.request.seed = seedOrFresh(req.seed);
        out.seed = out.request.seed;
    }
}

} // namespace dm
