// SPDX-License-Identifier: GPL-3.0-or-later
// The engine's own ceiling (engineceiling.h), for libaio and io_uring at Q1T1, Q32T1 and Q8T4:
// it comes out positive and finite and names the engine and the operation that ran; every
// operation submitted completes, with the no-data operation's result (none is lost, none is a
// read); each thread keeps its whole queue in flight, so threads x depth are out at once; an
// engine that cannot run here, a backend without no-data operations and a bad depth are clear
// errors; a grid's rows are measured once per depth and thread count; the 50 % flag's boundary.
// Speed itself is never asserted here: bench/engine-ceiling measures it.
#include "engineceiling.h"

#include "fakebackend.h"
#include "scopedenv.h"

#include <gtest/gtest.h>

#include <climits>
#include <cmath>
#include <cstdlib>
#include <mutex>
#include <optional>
#include <ostream>
#include <poll.h>

using namespace dm;
using namespace dm::test;

namespace {


// What one thread's backend was asked to do and gave back.
struct BackendCounts {
    uint64_t nops = 0, dataIos = 0; // prepareNop() and prepare() calls
    uint64_t submitted = 0, completed = 0;
    uint64_t otherResults = 0; // completions whose result is not the no-data operation's
    uint32_t fewestInFlightAfterSubmit = UINT32_MAX, mostInFlight = 0;
};
struct CountLog {
    std::mutex mutex;
    std::vector<BackendCounts> backends; // one per backend, when it is destroyed
};

// The real backend, counting what passes through it; its counts go to the log when it is destroyed
// (after the ceiling's threads have ended).
class CountingBackend final : public IoBackend {
public:
    CountingBackend(std::unique_ptr<IoBackend> inner, std::shared_ptr<CountLog> log, int64_t nopResult)
        : m_inner(std::move(inner))
        , m_log(std::move(log))
        , m_nopResult(nopResult)
    {
    }
    ~CountingBackend() override
    {
        const std::lock_guard lock(m_log->mutex);
        m_log->backends.push_back(m_c);
    }
    const char* name() const override { return m_inner->name(); }
    Status setup(int fd, uint32_t depth) override { return m_inner->setup(fd, depth); }
    Status setupNop() override { return m_inner->setupNop(); }
    const char* nopMethod() const override { return m_inner->nopMethod(); }
    void prepareNop(uint32_t slot) override
    {
        ++m_c.nops;
        m_inner->prepareNop(slot);
    }
    void prepare(uint32_t slot, bool write, void* buffer, uint32_t length, uint64_t offset) override
    {
        ++m_c.dataIos;
        m_inner->prepare(slot, write, buffer, length, offset);
    }
    Result<uint32_t> submit() override
    {
        auto n = m_inner->submit();
        if (n) {
            m_c.submitted += *n;
            const auto inFlight = uint32_t(m_c.submitted - m_c.completed);
            m_c.fewestInFlightAfterSubmit = std::min(m_c.fewestInFlightAfterSubmit, inFlight);
            m_c.mostInFlight = std::max(m_c.mostInFlight, inFlight);
        }
        return n;
    }
    uint32_t queued() const override { return m_inner->queued(); }
    Result<uint32_t> reap(uint32_t min, uint32_t max, Completion* out, int64_t timeoutNs) override
    {
        auto n = m_inner->reap(min, max, out, timeoutNs);
        if (n) {
            m_c.completed += *n;
            for (uint32_t i = 0; i < *n; ++i)
                m_c.otherResults += out[i].result != m_nopResult;
        }
        return n;
    }

private:
    std::unique_ptr<IoBackend> m_inner;
    std::shared_ptr<CountLog> m_log;
    int64_t m_nopResult;
    BackendCounts m_c;
};

struct Case {
    EngineKind engine;
    uint32_t depth, threads;
};
std::string label(const Case& c)
{
    return std::string(c.engine == EngineKind::Libaio ? "Libaio" : "IoUring") + "_Q" + std::to_string(c.depth) + "T"
        + std::to_string(c.threads);
}
[[maybe_unused]] void PrintTo(const Case& c, std::ostream* os) { *os << label(c); }

class Ceiling : public ::testing::TestWithParam<Case> {
protected:
    void SetUp() override
    {
        std::string why;
        if (engine() == EngineKind::IoUring && !ioUringAvailable(&why))
            GTEST_SKIP() << "io_uring is not available here: " << why;
    }
    EngineKind engine() const { return GetParam().engine; }
    const Case& row() const { return GetParam(); }

    // A short ceiling through counting backends: what a poll of a readable eventfd returns
    // (POLLIN) with libaio, 0 from io_uring's NOP.
    Result<EngineCeiling> countedCeiling(const std::shared_ptr<CountLog>& log) const
    {
        CeilingRequest req;
        req.engine = engine();
        req.queueDepth = row().depth;
        req.threads = row().threads;
        req.measureSeconds = 0.05;
        req.warmupSeconds = 0.02;
        const int64_t nopResult = engine() == EngineKind::Libaio ? POLLIN : 0;
        req.backendFactory = [log, kind = engine(), nopResult] {
            return std::make_unique<CountingBackend>(makeBackend(kind), log, nopResult);
        };
        return measureEngineCeiling(req);
    }
};

} // namespace

TEST_P(Ceiling, IsPositiveAndFiniteAndNamesWhatRan)
{
    const auto c = measureEngineCeiling(engine(), row().depth, row().threads);
    ASSERT_TRUE(c) << c.error().message;
    EXPECT_EQ(c->queueDepth, row().depth);
    EXPECT_EQ(c->threads, row().threads);
    EXPECT_TRUE(std::isfinite(c->iops));
    EXPECT_GT(c->iops, 0.0);
    EXPECT_TRUE(std::isfinite(c->usPerIo));
    EXPECT_GT(c->usPerIo, 0.0);
    EXPECT_GT(c->operations, 0u);
    EXPECT_GT(c->seconds, 0.0);
    EXPECT_DOUBLE_EQ(c->iops, double(c->operations) / c->seconds);
    if (engine() == EngineKind::Libaio) {
        EXPECT_EQ(c->engine, "libaio");
        EXPECT_EQ(c->method, "libaio-poll");
    } else {
        EXPECT_EQ(c->engine, "io_uring");
        EXPECT_EQ(c->method, "io_uring-nop");
    }
}

TEST_P(Ceiling, EveryOperationSubmittedCompletesAndNoneIsARead)
{
    auto log = std::make_shared<CountLog>();
    const auto c = countedCeiling(log);
    // One backend per thread, all destroyed: a backend whose operations the kernel still held
    // would have been handed on (heldio.h) instead.
    ASSERT_EQ(log->backends.size(), row().threads) << (c ? "" : c.error().message);
    uint64_t completed = 0;
    for (const auto& b : log->backends) {
        EXPECT_GT(b.nops, 0u);
        EXPECT_EQ(b.dataIos, 0u);
        EXPECT_EQ(b.submitted, b.nops);
        EXPECT_EQ(b.completed, b.submitted);
        EXPECT_EQ(b.otherResults, 0u);
        completed += b.completed;
    }
    // The measured pass is part of what completed (the warm-up is the rest).
    ASSERT_TRUE(c) << c.error().message;
    EXPECT_GT(c->operations, 0u);
    EXPECT_LT(c->operations, completed);
}

TEST_P(Ceiling, KeepsThreadsTimesDepthInFlight)
{
    auto log = std::make_shared<CountLog>();
    const auto c = countedCeiling(log);
    ASSERT_TRUE(c) << c.error().message;
    ASSERT_EQ(log->backends.size(), row().threads);
    uint32_t outAtOnce = 0;
    for (const auto& b : log->backends) {
        // Every completed slot goes straight back: after every submit the whole queue is out.
        EXPECT_EQ(b.fewestInFlightAfterSubmit, row().depth);
        EXPECT_EQ(b.mostInFlight, row().depth);
        outAtOnce += b.mostInFlight;
    }
    EXPECT_EQ(outAtOnce, row().depth * row().threads);
}

INSTANTIATE_TEST_SUITE_P(Rows, Ceiling,
    ::testing::Values(Case { EngineKind::Libaio, 1, 1 }, Case { EngineKind::Libaio, 32, 1 },
        Case { EngineKind::Libaio, 8, 4 }, Case { EngineKind::IoUring, 1, 1 }, Case { EngineKind::IoUring, 32, 1 },
        Case { EngineKind::IoUring, 8, 4 }),
    [](const auto& param) { return label(param.param); });

TEST(CeilingErrors, AnEngineThatCannotRunHereIsAClearErrorNotAFallback)
{
    ScopedEnv off("DM_DISABLE_IO_URING", "1");
    const auto c = measureEngineCeiling(EngineKind::IoUring, 32, 1);
    ASSERT_FALSE(c) << "measured " << c->engine << " instead";
    EXPECT_EQ(c.error().kind, Error::Kind::Target);
    EXPECT_NE(c.error().message.find("io_uring is not available here"), std::string::npos) << c.error().message;
    EXPECT_NE(c.error().message.find("DM_DISABLE_IO_URING"), std::string::npos) << c.error().message;
    EXPECT_NE(c.error().message.find("ceiling cannot be measured"), std::string::npos) << c.error().message;
}

TEST(CeilingErrors, ABackendWithoutNoDataOperationsSaysSo)
{
    CeilingRequest req;
    auto log = std::make_shared<dm::test::FakeLog>();
    req.backendFactory = [log] { return std::make_unique<dm::test::FakeBackend>(log, dm::test::FakeBehaviour {}); };
    const auto c = measureEngineCeiling(req);
    ASSERT_FALSE(c);
    EXPECT_EQ(c.error().message, "fake's ceiling cannot be measured: the fake engine has no no-data operation");
    EXPECT_EQ(log->submitCalls, 0u);
}

TEST(CeilingErrors, DepthAndThreadsOutOfRange)
{
    for (const auto& [depth, threads] :
        { std::pair { 0u, 1u }, { 1u, 0u }, { kMaxQueueDepth + 1, 1u }, { 1u, kMaxThreads + 1 } }) {
        const auto c = measureEngineCeiling(EngineKind::Libaio, depth, threads);
        ASSERT_FALSE(c) << "Q" << depth << "T" << threads;
        EXPECT_EQ(c.error().kind, Error::Kind::Usage) << c.error().message;
    }
}

TEST(CeilingRows, EachDepthAndThreadCountOnceInTheOrderOfTheGrid)
{
    // The default grid: SEQ1M Q8T1, SEQ1M Q1T1, RND4K Q32T1, RND4K Q1T1.
    const std::vector<TestRow> rows { { Pattern::Sequential, 1 * MiB, 8, 1 }, { Pattern::Sequential, 1 * MiB, 1, 1 },
        { Pattern::Random, 4 * KiB, 32, 1 }, { Pattern::Random, 4 * KiB, 1, 1 } };
    const auto all = measureEngineCeilings(EngineKind::Libaio, rows, 0.02);
    ASSERT_TRUE(all) << all.error().message;
    ASSERT_EQ(all->size(), 3u);
    EXPECT_EQ((*all)[0].queueDepth, 8u);
    EXPECT_EQ((*all)[1].queueDepth, 1u);
    EXPECT_EQ((*all)[2].queueDepth, 32u);
    for (const auto& r : rows) {
        const EngineCeiling* c = ceilingFor(*all, r);
        ASSERT_NE(c, nullptr) << rowName(r);
        EXPECT_EQ(c->queueDepth, r.queueDepth);
        EXPECT_EQ(c->threads, r.threads);
        EXPECT_GT(c->iops, 0.0);
    }
    EXPECT_EQ(ceilingFor(*all, { Pattern::Random, 4 * KiB, 32, 16 }), nullptr);
}

TEST(CeilingFlag, AboveHalfTheCeilingIsBoundByTheProcessor)
{
    EngineCeiling c;
    c.iops = 400'000;
    EXPECT_FALSE(boundByProcessor(200'000, c)); // half is not above half
    EXPECT_TRUE(boundByProcessor(200'001, c));
    EXPECT_TRUE(boundByProcessor(450'000, c));
    EXPECT_FALSE(boundByProcessor(1'000, c));
    EXPECT_FALSE(boundByProcessor(std::nan(""), c));
    c.iops = 0; // not measured
    EXPECT_FALSE(boundByProcessor(200'001, c));
}
