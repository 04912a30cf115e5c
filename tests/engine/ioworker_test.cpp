// SPDX-License-Identifier: GPL-3.0-or-later
// Checks one I/O thread's scheduling against the fake backend: the queue is kept full, partial
// submits and EAGAIN lose no I/O, errors and short transfers end the pass with a clear error,
// byte limits and cancel stop it, mixes follow their read share, and no two writes carry the
// same stamp.
#include "fakebackend.h"
#include "ioworker.h"

#include <gtest/gtest.h>
#include <set>

using namespace dm;
using namespace dm::test;

namespace {

struct Rig {
    std::shared_ptr<FakeLog> log = std::make_shared<FakeLog>();
    std::atomic<bool> cancel { false };
    LiveCounters live;

    std::unique_ptr<IoWorker> worker(TestSpec spec, FakeBehaviour b = {}, DataFill data = DataFill::Random)
    {
        WorkerPlan plan;
        plan.fd = -1;
        plan.spec = spec;
        plan.regionLength = 64 * MiB;
        plan.seed = 99;
        plan.data = data;
        plan.stallTimeout = std::chrono::seconds(2);
        auto w = std::make_unique<IoWorker>(plan, std::make_unique<FakeBackend>(log, b));
        EXPECT_TRUE(w->setup());
        return w;
    }
};

TestSpec spec(Pattern p, uint32_t bs, uint32_t q, Direction d = Direction::Read, int readPercent = 100)
{
    return { { p, bs, q, 1 }, d, readPercent };
}

PassLimits forIos(uint64_t n, uint32_t bs)
{
    PassLimits l;
    l.byteLimit = n * bs;
    return l;
}

} // namespace

TEST(IoWorker, KeepsTheQueueFullAndCountsEveryIo)
{
    Rig rig;
    auto w = rig.worker(spec(Pattern::Random, 4096, 32));
    const auto out = w->runPass(forIos(10000, 4096), rig.cancel, rig.live);
    ASSERT_FALSE(out.error) << out.error->message;
    EXPECT_EQ(rig.log->maxInFlight, 32u);
    EXPECT_EQ(out.readIos, 10000u);
    EXPECT_EQ(out.readBytes, 10000u * 4096);
    EXPECT_EQ(out.writeIos, 0u);
    EXPECT_EQ(rig.log->offsets.size(), 10000u);
    EXPECT_EQ(w->histogram().count(), 10000u);
    EXPECT_EQ(rig.live.ios.load(), 10000u);
    EXPECT_EQ(rig.live.bytes.load(), 10000u * 4096);
}

TEST(IoWorker, PartialSubmitsAndEagainLoseNothing)
{
    Rig rig;
    FakeBehaviour b;
    b.acceptAtMost = 5;
    b.eagainEvery = 3;
    auto w = rig.worker(spec(Pattern::Sequential, 1 * MiB, 16), b);
    const auto out = w->runPass(forIos(500, 1 * MiB), rig.cancel, rig.live);
    ASSERT_FALSE(out.error) << out.error->message;
    EXPECT_GT(rig.log->partialSubmits, 0u);
    EXPECT_GT(rig.log->eagainReturned, 0u);
    EXPECT_EQ(out.readIos, 500u);
    // Still strictly sequential in submission order, wrapping at the region's end (64 blocks).
    for (size_t i = 0; i < rig.log->offsets.size(); ++i)
        ASSERT_EQ(rig.log->offsets[i], (i % 64) * MiB) << i;
}

TEST(IoWorker, AnIoErrorEndsThePassWithAClearMessage)
{
    Rig rig;
    FakeBehaviour b;
    b.failAtIo = 100;
    auto w = rig.worker(spec(Pattern::Random, 4096, 8), b);
    const auto out = w->runPass(forIos(1000, 4096), rig.cancel, rig.live);
    ASSERT_TRUE(out.error);
    EXPECT_EQ(out.error->kind, Error::Kind::Io);
    EXPECT_EQ(out.error->errnum, EIO);
    EXPECT_NE(out.error->message.find("I/O error"), std::string::npos) << out.error->message;
    EXPECT_NE(out.error->message.find("offset"), std::string::npos);
    EXPECT_LT(out.readIos, 1000u); // it stopped
}

TEST(IoWorker, AShortTransferIsAnError)
{
    Rig rig;
    FakeBehaviour b;
    b.shortAtIo = 7;
    auto w = rig.worker(spec(Pattern::Sequential, 64 * KiB, 4, Direction::Write, 0), b);
    const auto out = w->runPass(forIos(100, 64 * KiB), rig.cancel, rig.live);
    ASSERT_TRUE(out.error);
    EXPECT_NE(out.error->message.find("short write"), std::string::npos) << out.error->message;
}

TEST(IoWorker, CancelStopsAPassWithoutADeadline)
{
    Rig rig;
    auto w = rig.worker(spec(Pattern::Random, 4096, 4));
    rig.cancel = true;
    const auto out = w->runPass(PassLimits {}, rig.cancel, rig.live);
    EXPECT_FALSE(out.error);
    EXPECT_LE(out.readIos, 4u); // only what was in flight when it started
}

TEST(IoWorker, DeadlineEndsThePass)
{
    Rig rig;
    auto w = rig.worker(spec(Pattern::Random, 4096, 4));
    PassLimits limits;
    limits.deadline = Clock::now() + std::chrono::milliseconds(100);
    const auto start = Clock::now();
    const auto out = w->runPass(limits, rig.cancel, rig.live);
    EXPECT_FALSE(out.error);
    EXPECT_LT(Clock::now() - start, std::chrono::milliseconds(1000));
    EXPECT_GT(out.readIos, 0u);
}

TEST(IoWorker, MixFollowsTheReadShare)
{
    Rig rig;
    auto w = rig.worker(spec(Pattern::Random, 4096, 16, Direction::Mix, 70));
    const auto out = w->runPass(forIos(20000, 4096), rig.cancel, rig.live);
    ASSERT_FALSE(out.error);
    const double share = double(out.readIos) / double(out.readIos + out.writeIos);
    EXPECT_NEAR(share, 0.70, 0.02);
}

TEST(IoWorker, EveryWriteCarriesAFreshStamp)
{
    Rig rig;
    auto w = rig.worker(spec(Pattern::Sequential, 16 * KiB, 8, Direction::Write, 0));
    const auto out = w->runPass(forIos(2000, 16 * KiB), rig.cancel, rig.live);
    ASSERT_FALSE(out.error);
    std::set<uint64_t> stamps(rig.log->writeStamps.begin(), rig.log->writeStamps.end());
    EXPECT_EQ(stamps.size(), rig.log->writeStamps.size());
    EXPECT_EQ(stamps.size(), 2000u);
}

TEST(IoWorker, ZerosStayZeros)
{
    Rig rig;
    auto w = rig.worker(spec(Pattern::Sequential, 16 * KiB, 8, Direction::Write, 0), {}, DataFill::Zeros);
    const auto out = w->runPass(forIos(100, 16 * KiB), rig.cancel, rig.live);
    ASSERT_FALSE(out.error);
    for (auto s : rig.log->writeStamps)
        ASSERT_EQ(s, 0u);
}
