// SPDX-License-Identifier: GPL-3.0-or-later
#include "blocksizesweep.h"

#include <algorithm>
#include <bit>
#include <map>

namespace dm {

namespace {

    std::string sizeName(uint64_t bytes) { return blockSizeIecLabel(uint32_t(bytes)); }

} // namespace

std::vector<uint32_t> sweepBlockSizes(uint32_t minBlockSize, uint32_t maxBlockSize)
{
    std::vector<uint32_t> sizes;
    if (!std::has_single_bit(minBlockSize) || !std::has_single_bit(maxBlockSize) || minBlockSize > maxBlockSize)
        return sizes;
    for (uint64_t bs = minBlockSize; bs <= maxBlockSize; bs *= 2)
        sizes.push_back(uint32_t(bs));
    return sizes;
}

Status validate(const SweepRequest& r)
{
    for (const auto& [name, value] : { std::pair { "--min", r.minBlockSize }, std::pair { "--max", r.maxBlockSize } })
        if (!std::has_single_bit(value) || value < kMinBlockSize || value > kMaxSweepBlockSize)
            return usageError(std::string(name) + " must be a power of two from 512 B to 16 MiB (got "
                + std::to_string(value) + " bytes): e.g. 4KiB, 64KiB, 1MiB, 16MiB");
    if (r.minBlockSize > r.maxBlockSize)
        return usageError("--min (" + sizeName(r.minBlockSize) + ") is larger than --max (" + sizeName(r.maxBlockSize)
            + "): swap them");
    if (!r.reads && !r.writes)
        return usageError("nothing to measure: choose reads, writes or both");
    TestRow row { r.pattern, r.maxBlockSize, r.queueDepth, r.threads };
    if (auto st = validate(row, kMaxSweepBlockSize); !st)
        return st;
    return validate(r.settings);
}

std::vector<TestSpec> sweepTests(const SweepRequest& r)
{
    std::vector<TestSpec> tests;
    const auto sizes = sweepBlockSizes(r.minBlockSize, r.maxBlockSize);
    for (const Direction d : { Direction::Read, Direction::Write }) {
        if ((d == Direction::Read && !r.reads) || (d == Direction::Write && !r.writes))
            continue;
        for (const uint32_t bs : sizes)
            tests.push_back({ { r.pattern, bs, r.queueDepth, r.threads }, d, d == Direction::Read ? 100 : 0 });
    }
    return tests;
}

SweepMeasurement sweepMeasurement(const TestResult& t)
{
    SweepMeasurement m;
    m.error = t.error;
    if (t.startSeconds)
        m.atSeconds = *t.startSeconds + (t.timeline.empty() ? 0.0 : t.timeline.back().t / 2);
    if (!t.passes.empty()) {
        const PassResult& best = t.passes[passStatistics(t.passes).bestIndex];
        m.mbPerSec = best.mbPerSec();
        m.iops = best.iops();
        m.latencyMeanNs = best.latency.meanNs;
        m.latencyP99Ns = best.latency.p99Ns;
        if (best.device)
            m.device = DevicePhase { "", t.spec.row.blockSize, best.readBytes, best.writeBytes, best.readIos,
                best.writeIos, *best.device };
    }
    return m;
}

std::vector<SweepPoint> sweepPoints(const std::vector<TestResult>& tests)
{
    std::map<uint32_t, SweepPoint> points;
    for (const auto& t : tests) {
        SweepPoint& p = points[t.spec.row.blockSize];
        p.blockSize = t.spec.row.blockSize;
        (t.spec.direction == Direction::Write ? p.write : p.read) = sweepMeasurement(t);
    }
    std::vector<SweepPoint> out;
    for (auto& [bs, p] : points)
        out.push_back(p);
    return out;
}

Result<SweepResult> runBlockSizeSweep(const SweepRequest& req, const RunCallbacks& cb, const std::atomic<bool>& cancel)
{
    if (auto st = validate(req); !st) {
        cb.onFinished(); // runTests says it otherwise
        return st.error();
    }
    RunRequest run;
    static_cast<RunTarget&>(run) = req;
    run.tests = sweepTests(req);
    run.settings = req.settings;
    run.sizeGiven = req.sizeGiven;
    run.maxBlockSize = kMaxSweepBlockSize;
    run.measureCeilings = false;
    auto result = runTests(run, cb, cancel);
    if (!result)
        return result.error();
    SweepResult out;
    keepRequest(out, req);
    static_cast<RunEnvelope&>(out) = *result;
    out.request.settings = result->settings;
    out.points = sweepPoints(result->tests);
    return out;
}

} // namespace dm
