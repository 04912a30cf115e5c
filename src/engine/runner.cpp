// SPDX-License-Identifier: GPL-3.0-or-later
#include "runner.h"
#include "runmarker.h"

#include "signatures.h"
#include "stalefiles.h"
#include "stalltimeout.h"
#include "testexecution.h"
#include "testregion.h"

#include <algorithm>
#include <random>
#include <thread>

namespace dm {

namespace {

    using testpool::Seconds;
    using testpool::TestExecution;

    // Buffers for one test are allocated at once: refuse what would exhaust memory.
    constexpr uint64_t kMaxBufferBytes = 2 * GiB;

    double secondsPerTest(const RunSettings& s) { return s.warmupSeconds + s.count * s.measureSeconds; }

    // The engine's ceiling for the rows that came near enough to one to ask (kCeilingMinIops),
    // after the tests so that it takes nothing from them. A ceiling that cannot be measured is
    // left out: the report then says nothing about the processor for that row.
    std::vector<EngineCeiling> ceilingsOf(const RunResult& run, const std::atomic<bool>& cancel)
    {
        const std::optional<EngineKind> engine = parseEngine(run.engine);
        std::vector<EngineCeiling> all;
        std::vector<TestRow> tried; // a depth and thread count whose ceiling failed is not tried again
        if (!engine)
            return all;
        for (const TestResult& t : run.tests) {
            if (cancel.load()) // each row takes a quarter of a second: Stop is heard between them
                break;
            if (!t.ok() || ceilingFor(all, t.spec.row))
                continue;
            const TestRow pair { Pattern::Sequential, 0, t.spec.row.queueDepth, t.spec.row.threads };
            if (std::find(tried.begin(), tried.end(), pair) != tried.end())
                continue;
            if (t.passes[passStatistics(t.passes).bestIndex].iops() < kCeilingMinIops)
                continue;
            tried.push_back(pair);
            if (auto c = measureEngineCeiling(*engine, t.spec.row.queueDepth, t.spec.row.threads))
                all.push_back(*c);
        }
        return all;
    }

    std::string testLabel(const TestSpec& t) { return rowName(t.row) + " " + directionName(t.direction); }

    class RunContext {
    public:
        RunContext(
            const RunRequest& req, BackendFactory makeBackend, const RunCallbacks& cb, const std::atomic<bool>& cancel)
            : m_req(req)
            , m_makeBackend(std::move(makeBackend))
            , m_cb(cb)
            , m_cancel(cancel)
            , m_start(Clock::now())
            , m_plannedSeconds(double(req.tests.size()) * secondsPerTest(req.settings)
                  + double(req.tests.empty() ? 0 : req.tests.size() - 1) * req.settings.intervalSeconds)
        {
        }

        // Known once the target is open: the device's own command timeout unless one was asked for.
        void setStallTimeout(std::chrono::nanoseconds t) { m_stallTimeout = t; }
        // A test found the device not answering: no further test can run on it.
        bool deviceStalled() const { return m_deviceStalled; }

        double secondsLeftAfter(size_t testIndex) const
        {
            const size_t rest = m_req.tests.size() - testIndex - 1;
            return double(rest) * (secondsPerTest(m_req.settings) + m_req.settings.intervalSeconds);
        }

        // The run's share done follows the time left against the planned time (the fill, whose
        // length nobody knows beforehand, counts as none of it).
        void report(RunPhase p, double runSecondsLeft)
        {
            p.count = m_req.tests.size();
            p.elapsedSeconds = Seconds(Clock::now() - m_start).count();
            p.secondsLeft = std::max(0.0, runSecondsLeft);
            if (m_plannedSeconds > 0 && p.stage != Stage::Fill && p.stage != Stage::Prepare)
                m_fraction = std::max(m_fraction, std::clamp(1.0 - *p.secondsLeft / m_plannedSeconds, 0.0, 1.0));
            p.fraction = m_fraction;
            m_cb.onPhase(p);
        }
        void reportPreparing()
        {
            RunPhase p;
            p.label = "Preparing the target";
            report(p, m_plannedSeconds);
        }

        // Waits between tests, cancellable, reporting a countdown.
        void interval(size_t nextTest)
        {
            const auto start = Clock::now();
            const double len = m_req.settings.intervalSeconds;
            auto lastReport = start - std::chrono::seconds(1);
            while (!m_cancel.load()) {
                const double elapsed = Seconds(Clock::now() - start).count();
                if (elapsed >= len)
                    break;
                if (Clock::now() - lastReport >= std::chrono::milliseconds(250)) {
                    lastReport = Clock::now();
                    RunPhase p;
                    p.stage = Stage::Interval;
                    p.label = "Interval before " + testLabel(m_req.tests[nextTest]);
                    p.index = nextTest;
                    p.stageFraction = elapsed / len;
                    p.stageSecondsLeft = len - elapsed;
                    report(p, len - elapsed + secondsPerTest(m_req.settings) + secondsLeftAfter(nextTest));
                }
                std::this_thread::sleep_for(std::chrono::milliseconds(20));
            }
        }

        Status fill(const TestRegion& region, uint64_t seed)
        {
            // One sequential pass of 1 MiB writes over the whole region, four in flight.
            TestSpec spec { { Pattern::Sequential, uint32_t(std::min<uint64_t>(MiB, region.info().length)), 4, 1 },
                Direction::Write, 0 };
            TestExecution exec(
                m_req, m_makeBackend, spec, region.fd(), region.info(), seed ^ 0xf111ULL, m_stallTimeout, m_cancel);
            if (auto st = exec.setup(); !st)
                return st;
            PassLimits limits;
            limits.byteLimit = region.info().length;
            const double total = double(region.info().length);
            const auto fillStart = Clock::now();
            const auto filled = [&](uint64_t bytes) {
                const double seconds = Seconds(Clock::now() - fillStart).count();
                RunPhase p;
                p.stage = Stage::Fill;
                p.label = "Writing the test file";
                p.bytesDone = bytes;
                p.bytesTotal = uint64_t(total);
                p.stageFraction = total > 0 ? double(bytes) / total : 0;
                if (bytes > 0 && seconds > 0)
                    p.mbPerSec = double(bytes) / seconds / 1e6;
                report(p, secondsPerTest(m_req.settings) + secondsLeftAfter(0));
            };
            filled(0); // at once: the first count comes only after a sample interval
            auto out = exec.runPass(limits, [&](uint64_t bytes, uint64_t) { filled(bytes); });
            if (out.error) {
                Error e = *out.error;
                e.kind = Error::Kind::Target;
                e.message = "preparing the test file failed: " + e.message;
                return e;
            }
            return Ok {};
        }

        TestResult runOne(size_t index, const TestRegion& region, uint64_t seed)
        {
            const TestSpec& spec = m_req.tests[index];
            const RunSettings& s = m_req.settings;
            TestResult result;
            result.spec = spec;
            TestExecution exec(m_req, m_makeBackend, spec, region.fd(), region.info(), seed, m_stallTimeout, m_cancel);
            if (auto st = exec.setup(); !st) {
                result.error = st.error().message;
                return result;
            }
            // Ready to go: a front end may hold the test here (remote --together), untimed.
            m_cb.onItemStarting(index);

            const auto testStart = Clock::now();
            result.startSeconds = Seconds(testStart - m_start).count();
            uint64_t lastBytes = 0, lastIos = 0;
            auto lastTime = testStart;
            for (int pass = 0; pass <= s.count && !m_cancel.load(); ++pass) {
                const double len = pass == 0 ? s.warmupSeconds : s.measureSeconds;
                if (len <= 0)
                    continue;
                const auto passStart = Clock::now();
                PassLimits limits;
                limits.deadline = passStart + std::chrono::duration_cast<Clock::duration>(Seconds(len));
                auto out = exec.runPass(limits, [&](uint64_t bytes, uint64_t ios) {
                    const auto now = Clock::now();
                    const double dt = Seconds(now - lastTime).count();
                    LiveSample sample;
                    sample.t = Seconds(now - testStart).count();
                    sample.mbPerSec = dt > 0 ? double(bytes - lastBytes) / dt / 1e6 : 0.0;
                    sample.iops = dt > 0 ? double(ios - lastIos) / dt : 0.0;
                    sample.pass = pass;
                    lastBytes = bytes;
                    lastIos = ios;
                    lastTime = now;
                    result.timeline.push_back(sample);
                    if (m_cb.sample)
                        m_cb.sample(index, sample);
                    m_cb.onSeries("mb_per_s", index, sample.t, sample.mbPerSec);
                    m_cb.onSeries("iops", index, sample.t, sample.iops);
                    RunPhase p;
                    p.stage = pass == 0 ? Stage::WarmUp : Stage::Measure;
                    p.label = testLabel(spec);
                    p.index = index;
                    p.pass = pass;
                    p.passCount = s.count;
                    const double passElapsed = Seconds(now - passStart).count();
                    p.stageFraction = std::min(1.0, passElapsed / len);
                    p.stageSecondsLeft = std::max(0.0, len - passElapsed);
                    p.mbPerSec = sample.mbPerSec;
                    const double thisTestLeft = (len - passElapsed) + double(s.count - pass) * s.measureSeconds;
                    report(p, std::max(0.0, thisTestLeft) + secondsLeftAfter(index));
                });
                if (out.error) {
                    result.error = out.error->message;
                    m_deviceStalled = m_deviceStalled || out.stalled;
                    break;
                }
                // A cancelled pass is cut short: it does not count.
                if (pass > 0 && !m_cancel.load())
                    result.passes.push_back(out.result);
            }
            return result;
        }

    private:
        const RunRequest& m_req;
        BackendFactory m_makeBackend;
        const RunCallbacks& m_cb;
        const std::atomic<bool>& m_cancel;
        std::chrono::nanoseconds m_stallTimeout = kDefaultStallTimeout;
        bool m_deviceStalled = false;
        const Clock::time_point m_start;
        const double m_plannedSeconds; // the tests and the intervals between them
        double m_fraction = 0;
    };

} // namespace

Status checkTestsFit(const std::vector<TestSpec>& tests, const RegionInfo& region, uint32_t maxBlockSize)
{
    for (const auto& t : tests) {
        const TestRow& r = t.row;
        const std::string name = rowName(r);
        if (auto st = validate(r, maxBlockSize); !st)
            return st;
        if (r.blockSize % region.logicalBlockSize != 0)
            return usageError(name + ": the block size " + std::to_string(r.blockSize)
                + " B is not a multiple of the device's logical block size (" + std::to_string(region.logicalBlockSize)
                + " B): use " + blockSizeLabel(region.logicalBlockSize) + " or a multiple of it");
        if (!OffsetGenerator::sliceFits(region.length, r.blockSize, r.threads))
            return usageError(name + ": the test region (" + std::to_string(region.length / MiB)
                + " MiB) is too small for " + std::to_string(r.threads) + " thread(s) of "
                + blockSizeIecLabel(r.blockSize) + " blocks: choose a larger --size");
        const uint64_t stride = (uint64_t(r.blockSize) + 4095) / 4096 * 4096;
        if (stride * r.queueDepth * r.threads > kMaxBufferBytes)
            return usageError(name + ": " + std::to_string(r.queueDepth) + " x " + std::to_string(r.threads)
                + " buffers of " + blockSizeIecLabel(r.blockSize)
                + " need more than 2 GiB of memory: lower the depth or threads");
        if (t.direction == Direction::Mix && (t.readPercent < kMinMixRead || t.readPercent > kMaxMixRead))
            return usageError("the mix read share must be from 10 to 90 percent");
    }
    return Ok {};
}

Result<RunResult> runTests(const RunRequest& req, const RunCallbacks& cb, const std::atomic<bool>& cancel)
{
    const FinishedOnExit finished(cb);
    if (req.tests.empty())
        return usageError("no tests to run: choose a profile, a mode or --tests");
    if (!validStallTimeout(req.stallTimeoutSeconds))
        return usageError("the stall timeout must be from 1 to 3600 seconds (0 = the device's own command timeout)");
    if (auto st = validate(req.settings); !st)
        return st.error();
    for (const auto& t : req.tests)
        if (auto st = validate(t.row, req.maxBlockSize); !st)
            return st.error();

    // The engine is settled before anything is opened: a refused io_uring becomes libaio here,
    // once for the whole run, and the report says so.
    EngineSetup engine = setUpEngine(req);
    RunContext ctx(req, engine.make, cb, cancel);
    ctx.reportPreparing();

    TargetRequest target;
    target.path = req.target;
    target.size = req.settings.testSize;
    target.sizeGiven = req.sizeGiven;
    target.allowDestructive = req.allowDestructive;
    target.fd = req.fd;
    for (const auto& t : req.tests)
        target.writes = target.writes || t.writes();
    // Before the region: a killed run's named test file would otherwise take the space this one needs.
    const std::vector<std::string> swept = sweepStaleTestFiles(req.target);
    auto region = TestRegion::open(target);
    if (!region)
        return region.error();
    if (auto st = checkTestsFit(req.tests, (*region)->info(), req.maxBlockSize); !st)
        return st.error();
    const RunMarker marker((*region)->fd()); // another run on this drive at the same time

    RunResult run;
    run.settings = req.settings;
    run.region = (*region)->info();
    run.engine = engine.name;
    run.warnings = (*region)->warnings();
    if (!engine.warning.empty())
        run.warnings.push_back(engine.warning);
    for (const auto& path : swept)
        run.warnings.push_back("removed a test file left behind by an earlier run: " + path);
    const auto stallTimeout = stallTimeoutFor(req.stallTimeoutSeconds, run.region.deviceId);
    if (run.region.kind == RegionInfo::Kind::BlockDevice && target.writes)
        if (std::string w = overwriteWarning((*region)->fd(), req.target, stallTimeout, cancel); !w.empty())
            run.warnings.push_back(w);
    ctx.setStallTimeout(stallTimeout);
    run.seed = seedOrFresh(req.settings.seed);
    run.settings.seed = run.seed;

    if ((*region)->needsFill()) {
        if (auto st = ctx.fill(**region, run.seed); !st) {
            if (cancel.load()) {
                run.cancelled = true;
                return run;
            }
            return st.error();
        }
    }

    for (size_t i = 0; i < req.tests.size(); ++i) {
        if (cancel.load())
            break;
        if (i > 0 && req.settings.intervalSeconds > 0)
            ctx.interval(i);
        if (cancel.load())
            break;
        TestResult result = ctx.runOne(i, **region, run.seed + 0x1000 * (i + 1));
        if (cancel.load() && !result.error) {
            // A test cut short by Stop did not finish: report nothing for it (docs/MEASURING.md,
            // "Errors while running").
            break;
        }
        run.tests.push_back(result);
        for (const auto& pass : result.passes)
            run.fastest.note(pass.mbPerSec(), pass.iops());
        if (cb.testFinished)
            cb.testFinished(i, run.tests.back());
        cb.onItemFinished(i);
        if (ctx.deviceStalled()) {
            // Every further test would wait the same timeout on the same silent device.
            if (i + 1 < req.tests.size())
                run.warnings.push_back("the run stopped after " + testLabel(req.tests[i])
                    + ": the device stopped answering, so the " + std::to_string(req.tests.size() - i - 1)
                    + " test(s) after it were not run");
            break;
        }
    }
    run.cancelled = cancel.load();
    if (!run.cancelled && !req.backendFactory && req.measureCeilings)
        run.ceilings = ceilingsOf(run, cancel);
    if (std::string w = marker.overlapWarning(); !w.empty())
        run.warnings.push_back(w);
    return run;
}

} // namespace dm
