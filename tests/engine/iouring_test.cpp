// SPDX-License-Identifier: GPL-3.0-or-later
// The io_uring engine on real files and (as root) RAM-backed loop devices: the backend reads and
// writes the right bytes through registered and plain buffers and times out a wait when nothing
// completes; a run with io_uring gives results of the same shape as one with libaio (passes,
// bytes = I/Os x block size, latencies ordered) for reads, writes and mix; writes reach a file and
// a raw device and reads change nothing; a device written through io_uring can be opened
// exclusively again as soon as the run returns; cancel stops within half a second; a file truncated
// under a read test gives "short read"; and where io_uring is refused (forced here with
// DM_DISABLE_IO_URING=1) the run falls back to libaio and says so. Tests that need io_uring skip
// with the reason when this kernel or sandbox refuses it.
#include "engineselect.h"
#include "ioworker.h"
#include "runner.h"
#include "scopedenv.h"
#include "testtargets.h"
#include "timebudget.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <map>
#include <optional>
#include <unistd.h>

using namespace dm;
using namespace dm::test;

namespace {

#define DM_REQUIRE_IO_URING()                                                                                          \
    do {                                                                                                               \
        std::string why;                                                                                               \
        if (!ioUringAvailable(&why))                                                                                   \
            GTEST_SKIP() << "io_uring is not available here: " << why;                                                 \
    } while (0)


RunRequest request(const std::string& target, std::vector<TestSpec> tests, EngineKind engine)
{
    RunRequest r;
    r.target = target;
    r.tests = std::move(tests);
    r.engine = engine;
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

bool hasWarningContaining(const RunResult& run, const std::string& needle)
{
    for (const auto& w : run.warnings)
        if (w.find(needle) != std::string::npos)
            return true;
    return false;
}

// What every finished test must satisfy, whichever engine ran it.
void expectConsistent(const TestResult& test, size_t passes)
{
    SCOPED_TRACE(rowName(test.spec.row) + " " + directionName(test.spec.direction));
    ASSERT_TRUE(test.ok()) << test.error.value_or("");
    ASSERT_EQ(test.passes.size(), passes);
    EXPECT_FALSE(test.timeline.empty());
    for (const auto& p : test.passes) {
        EXPECT_GE(p.seconds, 0.45);
        EXPECT_LT(p.seconds, 1.5);
        EXPECT_GT(p.ios, 0u);
        EXPECT_EQ(p.bytes, p.ios * test.spec.row.blockSize);
        EXPECT_EQ(p.readIos + p.writeIos, p.ios);
        EXPECT_EQ(p.readBytes + p.writeBytes, p.bytes);
        EXPECT_LE(p.latency.minNs, p.latency.p50Ns);
        EXPECT_LE(p.latency.p50Ns, p.latency.p99Ns);
        EXPECT_LE(p.latency.p99Ns, p.latency.p999Ns);
        EXPECT_LE(p.latency.p999Ns, p.latency.maxNs);
        EXPECT_GT(p.latency.minNs, 0.0);
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

std::string makeRandomFile(const ScratchDir& dir, const char* name, int mib)
{
    const std::string file = dir.path() + "/" + name;
    run("dd if=/dev/urandom of=" + file + " bs=1M count=" + std::to_string(mib) + " status=none");
    return file;
}

std::string sha256(const std::string& path) { return run("sha256sum " + path + " | cut -d' ' -f1"); }

std::atomic<bool> g_noCancel { false };

} // namespace

TEST(EngineChoice, NamesParseAndRoundTrip)
{
    EXPECT_STREQ(engineName(EngineKind::Libaio), "libaio");
    EXPECT_STREQ(engineName(EngineKind::IoUring), "io_uring");
    EXPECT_EQ(parseEngine("libaio"), EngineKind::Libaio);
    EXPECT_EQ(parseEngine("io_uring"), EngineKind::IoUring);
    EXPECT_EQ(parseEngine("io-uring"), EngineKind::IoUring);
    EXPECT_EQ(parseEngine("spdk"), std::nullopt);
    EXPECT_EQ(parseEngine(""), std::nullopt);
    const auto engines = availableEngines();
    ASSERT_FALSE(engines.empty());
    EXPECT_EQ(engines.front(), EngineKind::Libaio); // libaio works wherever Diskometer does
}

TEST(EngineChoice, RefusedIoUringFallsBackToLibaioWithAWarning)
{
    const ScopedEnv off("DM_DISABLE_IO_URING", "1");
    std::string why;
    EXPECT_FALSE(ioUringAvailable(&why));
    EXPECT_NE(why.find("DM_DISABLE_IO_URING"), std::string::npos) << why;
    EXPECT_EQ(availableEngines(), std::vector<EngineKind> { EngineKind::Libaio });

    ScratchDir dir;
    auto run = runTests(request(dir.path(), { t("RND4K-Q8T1", Direction::Read) }, EngineKind::IoUring), {}, g_noCancel);
    ASSERT_TRUE(run) << run.error().message;
    EXPECT_EQ(run->engine, "libaio");
    EXPECT_TRUE(
        hasWarningContaining(*run, "io_uring is not available here (DM_DISABLE_IO_URING is set): ran with libaio"));
    ASSERT_EQ(run->tests.size(), 1u);
    expectConsistent(run->tests[0], 2);

    // libaio asked for: no warning about io_uring.
    auto plain
        = runTests(request(dir.path(), { t("RND4K-Q8T1", Direction::Read) }, EngineKind::Libaio), {}, g_noCancel);
    ASSERT_TRUE(plain) << plain.error().message;
    EXPECT_EQ(plain->engine, "libaio");
    EXPECT_FALSE(hasWarningContaining(*plain, "io_uring"));
    EXPECT_EQ(dir.entryCount(), 0u);
}

#ifdef DM_HAVE_IO_URING

namespace {

// A file opened with O_DIRECT and `count` aligned 4 KiB buffers, for the backend on its own.
struct DirectFile {
    explicit DirectFile(const std::string& path, uint32_t count)
        : fd(::open(path.c_str(), O_RDWR | O_DIRECT))
        , buffers(static_cast<uint8_t*>(std::aligned_alloc(4096, size_t(count) * 4096)))
    {
    }
    ~DirectFile()
    {
        std::free(buffers);
        if (fd >= 0)
            ::close(fd);
    }
    int fd;
    uint8_t* buffers;
};

// Submits everything prepared and reaps `count` completions (slot -> result).
std::map<uint32_t, int64_t> runBatch(IoBackend& backend, uint32_t count)
{
    std::map<uint32_t, int64_t> done;
    std::vector<IoBackend::Completion> out(count);
    for (int spins = 0; done.size() < count && spins < 1000; ++spins) {
        if (backend.queued() > 0) {
            auto sent = backend.submit();
            EXPECT_TRUE(sent) << sent.error().message;
        }
        auto got = backend.reap(1, count, out.data(), 100'000'000);
        EXPECT_TRUE(got) << got.error().message;
        if (!got)
            break;
        for (uint32_t i = 0; i < *got; ++i)
            done[out[i].slot] = out[i].result;
    }
    return done;
}

} // namespace

class IoUringBackendBytes : public ::testing::TestWithParam<bool> { };

TEST_P(IoUringBackendBytes, WritesAndReadsTheRightBytes)
{
    DM_REQUIRE_IO_URING();
    const bool registered = GetParam();
    ScratchDir dir;
    const std::string path = makeRandomFile(dir, "data.bin", 1);
    constexpr uint32_t kSlots = 4;
    DirectFile file(path, kSlots);
    ASSERT_GE(file.fd, 0) << std::strerror(errno);
    auto backend = makeIoUringBackend();
    ASSERT_TRUE(backend->setup(file.fd, kSlots));
    if (registered) {
        ASSERT_TRUE(backend->registerBuffers(file.buffers, 4096, kSlots));
    }

    // Slot i writes bytes of value i+1 at offset i * 8 KiB: a wrong buffer index or offset shows.
    for (uint32_t i = 0; i < kSlots; ++i) {
        std::memset(file.buffers + i * 4096, int(i + 1), 4096);
        backend->prepare(i, true, file.buffers + i * 4096, 4096, uint64_t(i) * 8192);
    }
    const auto writes = runBatch(*backend, kSlots);
    ASSERT_EQ(writes.size(), kSlots);
    for (const auto& [slot, result] : writes)
        EXPECT_EQ(result, 4096) << "slot " << slot;
    for (uint32_t i = 0; i < kSlots; ++i) {
        ASSERT_EQ(::pread(file.fd, file.buffers, 4096, off_t(i) * 8192), 4096); // O_DIRECT: aligned buffer
        EXPECT_EQ(file.buffers[0], uint8_t(i + 1));
        EXPECT_EQ(file.buffers[4095], uint8_t(i + 1));
    }

    // Reads of the blocks in between (still random) land in the buffer of their own slot.
    std::vector<std::vector<uint8_t>> expected(kSlots, std::vector<uint8_t>(4096));
    for (uint32_t i = 0; i < kSlots; ++i) {
        ASSERT_EQ(::pread(file.fd, file.buffers, 4096, off_t(i) * 8192 + 4096), 4096);
        std::memcpy(expected[i].data(), file.buffers, 4096);
    }
    std::memset(file.buffers, 0, kSlots * 4096);
    for (uint32_t i = 0; i < kSlots; ++i)
        backend->prepare(i, false, file.buffers + i * 4096, 4096, uint64_t(i) * 8192 + 4096);
    const auto reads = runBatch(*backend, kSlots);
    ASSERT_EQ(reads.size(), kSlots);
    for (uint32_t i = 0; i < kSlots; ++i) {
        EXPECT_EQ(reads.at(i), 4096);
        EXPECT_EQ(std::memcmp(file.buffers + i * 4096, expected[i].data(), 4096), 0) << "slot " << i;
    }
}

INSTANTIATE_TEST_SUITE_P(Buffers, IoUringBackendBytes, ::testing::Values(true, false),
    [](const ::testing::TestParamInfo<bool>& p) { return p.param ? "Registered" : "Plain"; });

TEST(IoUringBackend, AWaitWithNothingCompletingTimesOut)
{
    DM_REQUIRE_IO_URING();
    ScratchDir dir;
    const std::string path = makeRandomFile(dir, "data.bin", 1);
    DirectFile file(path, 1);
    ASSERT_GE(file.fd, 0);
    auto backend = makeIoUringBackend();
    ASSERT_TRUE(backend->setup(file.fd, 1));
    IoBackend::Completion out {};
    const auto start = Clock::now();
    auto got = backend->reap(1, 1, &out, 30'000'000);
    const auto took = Clock::now() - start;
    ASSERT_TRUE(got) << got.error().message;
    EXPECT_EQ(*got, 0u);
    EXPECT_GE(took, std::chrono::milliseconds(25));
    EXPECT_LT(took, std::chrono::milliseconds(500));
}

#endif // DM_HAVE_IO_URING

TEST(RunnerWithIoUring, GivesResultsOfTheSameShapeAsLibaio)
{
    DM_REQUIRE_IO_URING();
    ScratchDir dir;
    const std::vector<TestSpec> tests { t("SEQ1M-Q8T1", Direction::Read), t("RND4K-Q32T1", Direction::Read),
        t("RND4K-Q1T1", Direction::Write), t("RND4K-Q8T2", Direction::Mix) };
    for (const EngineKind engine : { EngineKind::Libaio, EngineKind::IoUring }) {
        SCOPED_TRACE(engineName(engine));
        auto run = runTests(request(dir.path(), tests, engine), {}, g_noCancel);
        ASSERT_TRUE(run) << run.error().message;
        EXPECT_EQ(run->engine, engineName(engine));
        EXPECT_FALSE(hasWarningContaining(*run, "io_uring"));
        EXPECT_FALSE(run->cancelled);
        ASSERT_EQ(run->tests.size(), tests.size());
        for (size_t i = 0; i < tests.size(); ++i) {
            EXPECT_EQ(run->tests[i].spec, tests[i]);
            expectConsistent(run->tests[i], 2);
        }
        // Q1: one I/O at a time, so IOPS and latency agree (Little's law) within the drain slack.
        const auto& q1 = run->tests[2].passes[0];
        EXPECT_NEAR(q1.iops() * q1.latency.meanNs / 1e9, 1.0, 0.2);
        EXPECT_EQ(dir.entryCount(), 0u) << "the test file was left behind";
    }
}

TEST(RunnerWithIoUring, ReadsLeaveAFileAloneAndWritesChangeIt)
{
    DM_REQUIRE_IO_URING();
    ScratchDir dir;
    const std::string file = makeRandomFile(dir, "existing.bin", 32);
    const std::string before = sha256(file);

    auto reads
        = request(file, { t("RND4K-Q32T1", Direction::Read), t("SEQ1M-Q8T1", Direction::Read) }, EngineKind::IoUring);
    auto run = runTests(reads, {}, g_noCancel);
    ASSERT_TRUE(run) << run.error().message;
    EXPECT_EQ(run->engine, "io_uring");
    EXPECT_EQ(run->region.kind, RegionInfo::Kind::File);
    for (const auto& test : run->tests)
        expectConsistent(test, 2);
    EXPECT_EQ(sha256(file), before) << "a read test changed the file";

    auto writes
        = request(file, { t("RND4K-Q32T1", Direction::Write), t("RND4K-Q8T1", Direction::Mix) }, EngineKind::IoUring);
    writes.allowDestructive = true;
    run = runTests(writes, {}, g_noCancel);
    ASSERT_TRUE(run) << run.error().message;
    for (const auto& test : run->tests)
        expectConsistent(test, 2);
    EXPECT_NE(sha256(file), before) << "the writes did not reach the file";
}

TEST(RunnerWithIoUring, ReadsAndWritesARawLoopDevice)
{
    LoopDevice loop("128M");
    DM_REQUIRE_ROOT_LOOP(loop);
    DM_REQUIRE_IO_URING();
    run("dd if=/dev/urandom of=" + loop.device() + " bs=1M count=128 oflag=direct status=none");
    const std::string before = loop.checksum();

    auto reads = request(
        loop.device(), { t("RND4K-Q32T1", Direction::Read), t("SEQ1M-Q8T1", Direction::Read) }, EngineKind::IoUring);
    reads.settings.testSize = 64 * MiB;
    auto result = runTests(reads, {}, g_noCancel);
    ASSERT_TRUE(result) << result.error().message;
    EXPECT_EQ(result->engine, "io_uring");
    EXPECT_EQ(result->region.kind, RegionInfo::Kind::BlockDevice);
    for (const auto& test : result->tests)
        expectConsistent(test, 2);
    EXPECT_GT(result->tests[0].passes[0].iops(), 1000.0); // RAM-backed: far above any disk
    EXPECT_EQ(loop.checksum(), before);

    auto writes = request(loop.device(), { t("RND4K-Q32T1", Direction::Write) }, EngineKind::IoUring);
    writes.settings.testSize = 64 * MiB;
    writes.allowDestructive = true;
    result = runTests(writes, {}, g_noCancel);
    ASSERT_TRUE(result) << result.error().message;
    expectConsistent(result->tests.at(0), 2);
    EXPECT_NE(loop.checksum(), before);
}

TEST(RunnerWithIoUring, ReleasesTheDeviceWhenTheRunEnds)
{
    LoopDevice loop("128M");
    DM_REQUIRE_ROOT_LOOP(loop);
    DM_REQUIRE_IO_URING();
    // A ring that still held the registered device after runTests returned (its teardown runs
    // in a kernel worker, later) would keep the exclusive open of a write test alive: the next
    // run, mkfs or a mount would find the device busy.
    auto writes = request(loop.device(), { t("RND4K-Q8T4", Direction::Write) }, EngineKind::IoUring);
    writes.settings.testSize = 64 * MiB;
    writes.settings.count = 1;
    writes.allowDestructive = true;
    for (int i = 0; i < 5; ++i) {
        auto result = runTests(writes, {}, g_noCancel);
        ASSERT_TRUE(result) << result.error().message;
        ASSERT_TRUE(result->tests.at(0).ok()) << result->tests[0].error.value_or("");
        const int fd = ::open(loop.device().c_str(), O_RDWR | O_EXCL);
        EXPECT_GE(fd, 0) << "run " << i << ": " << std::strerror(errno);
        if (fd >= 0)
            ::close(fd);
    }
}

TEST(RunnerWithIoUring, CancelStopsWithinHalfASecond)
{
    DM_REQUIRE_IO_URING();
    ScratchDir dir;
    auto req = request(
        dir.path(), { t("RND4K-Q32T1", Direction::Read), t("RND4K-Q32T1", Direction::Write) }, EngineKind::IoUring);
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
    EXPECT_EQ(run->engine, "io_uring");
    EXPECT_TRUE(run->cancelled);
    EXPECT_TRUE(run->tests.empty()); // the cut-short test is not reported
    EXPECT_LT(std::chrono::duration<double>(stopTook).count(), timeBudget(0.5));
    EXPECT_EQ(dir.entryCount(), 0u);
}

TEST(RunnerWithIoUring, AFileTruncatedUnderAReadTestIsAShortRead)
{
    DM_REQUIRE_IO_URING();
    ScratchDir dir;
    const std::string file = makeRandomFile(dir, "victim.bin", 32);
    auto req
        = request(file, { t("SEQ1M-Q1T1", Direction::Read), t("RND4K-Q8T1", Direction::Read) }, EngineKind::IoUring);
    req.settings.warmupSeconds = 0;
    RunCallbacks cb;
    // Once the first test is done the file shrinks under the run: the second test's reads come
    // back short, as when a device is pulled.
    cb.testFinished = [&](size_t index, const TestResult&) {
        if (index == 0) {
            ASSERT_EQ(::truncate(file.c_str(), 0), 0);
        }
    };
    auto run = runTests(req, cb, g_noCancel);
    ASSERT_TRUE(run) << run.error().message;
    ASSERT_EQ(run->tests.size(), 2u);
    expectConsistent(run->tests[0], 2);
    ASSERT_TRUE(run->tests[1].error);
    EXPECT_NE(run->tests[1].error->find("short read"), std::string::npos) << *run->tests[1].error;
}
