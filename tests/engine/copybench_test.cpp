// SPDX-License-Identifier: GPL-3.0-or-later
// The copy benchmark (src/kinds/copy): the sets' shapes from --size and the seed, a copy equal to
// its source, whole runs on tmpfs and on an ext4 loop filesystem with nothing left behind, Stop in
// every stage within half a second, and the space checks (before anything is written, and a
// filesystem that fills up during the run).
#include "copybench.h"
#include "copytestdirs.h"
#include "stalefiles.h"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <map>
#include <mutex>
#include <set>
#include <thread>

using namespace dm;
using namespace dm::test;

namespace {

constexpr uint64_t kSmall = 16 * MiB;

// Every file below `dir` by its path relative to it, with an FNV-1a hash of its bytes.
std::map<std::string, uint64_t> treeHashes(const std::string& dir)
{
    std::map<std::string, uint64_t> out;
    for (const auto& e : std::filesystem::recursive_directory_iterator(dir)) {
        if (!e.is_regular_file())
            continue;
        std::ifstream in(e.path(), std::ios::binary);
        uint64_t h = 1469598103934665603ull;
        char buf[65536];
        while (in.read(buf, sizeof buf) || in.gcount() > 0) {
            for (std::streamsize i = 0; i < in.gcount(); ++i)
                h = (h ^ uint8_t(buf[i])) * 1099511628211ull;
        }
        out[std::filesystem::relative(e.path(), dir).string()] = h;
    }
    return out;
}

size_t foldersBelow(const std::string& dir)
{
    size_t n = 0;
    for (const auto& e : std::filesystem::recursive_directory_iterator(dir))
        n += e.is_directory() ? 1 : 0;
    return n;
}

CopyRequest requestFor(const std::string& dir, uint64_t size = kSmall)
{
    CopyRequest r;
    r.target = dir;
    r.size = size;
    r.seed = 42;
    return r;
}

} // namespace

TEST(CopySets, ShapesFollowAsSsdsProportionsAndTheSeed)
{
    const auto plans = planCopySets(GiB, 7);
    ASSERT_EQ(plans.size(), 3u);
    uint64_t total = 0;
    for (const auto& p : plans) {
        uint64_t sum = 0;
        for (const auto& f : p.files) {
            sum += f.bytes;
            EXPECT_LT(f.folder, p.folders());
            EXPECT_GT(f.bytes, 0u);
        }
        EXPECT_EQ(sum, p.bytes) << copySetId(p.kind);
        for (uint32_t f = 1; f < p.folders(); ++f)
            EXPECT_LT(p.folderParents[f], f); // parents are made first
        total += p.bytes;
    }
    EXPECT_EQ(total, GiB);
    // AS SSD: ISO 1.5 GB, Program 0.66 GB, Game 1.2 GB of 3.36 GB.
    EXPECT_NEAR(double(plans[0].bytes) / double(GiB), 1500.0 / 3360, 1e-6);
    EXPECT_NEAR(double(plans[1].bytes) / double(GiB), 660.0 / 3360, 1e-6);
    EXPECT_EQ(plans[0].files.size(), 2u);
    EXPECT_EQ(plans[0].folders(), 1u);
    // Counts cut as the bytes are: 1 GiB holds 0.3196 of AS SSD's Program (2,627 files, 373
    // folders) and of its Game (373 files, 101 folders).
    EXPECT_EQ(plans[1].files.size(), 839u);
    EXPECT_EQ(plans[1].folders(), 119u);
    EXPECT_EQ(plans[2].files.size(), 119u);
    EXPECT_EQ(plans[2].folders(), 32u);
    // Program's files are small: its mean stays AS SSD's 251 KB; the largest far above the smallest.
    EXPECT_NEAR(double(plans[1].bytes) / double(plans[1].files.size()), 660e6 / 2627, 1e3);
    uint64_t lo = UINT64_MAX, hi = 0;
    for (const auto& f : plans[1].files) {
        lo = std::min(lo, f.bytes);
        hi = std::max(hi, f.bytes);
    }
    EXPECT_GT(hi / lo, 100u);
    // Nested folders, not one flat level.
    size_t deepest = 0;
    for (uint32_t f = 0; f < plans[1].folders(); ++f) {
        const std::string path = plans[1].folderPath(f);
        deepest = std::max<size_t>(deepest, std::count(path.begin(), path.end(), '/'));
    }
    EXPECT_GE(deepest, 2u);

    // The seed alone fixes the sizes and folders; another seed changes them.
    const auto again = planCopySets(GiB, 7);
    const auto other = planCopySets(GiB, 8);
    EXPECT_EQ(again[1].files.front().bytes, plans[1].files.front().bytes);
    EXPECT_EQ(again[2].folderParents, plans[2].folderParents);
    EXPECT_NE(other[1].files.front().bytes, plans[1].files.front().bytes);

    // A small size keeps many small files in Program: the floor.
    const auto small = planCopySets(kSmall, 7);
    EXPECT_EQ(small[1].files.size(), 64u);
    EXPECT_EQ(small[1].folders(), 8u);
    EXPECT_EQ(small[2].files.size(), 16u);
    EXPECT_EQ(small[0].bytes + small[1].bytes + small[2].bytes, kSmall);
}

TEST(CopyBench, ACopyHoldsTheSameBytesAsItsSource)
{
    ShmDir dir;
    ASSERT_FALSE(dir.path().empty());
    const auto plans = planCopySets(kSmall, 3);
    const CopySetPlan& program = plans[1];
    const int root = ::open(dir.path().c_str(), O_RDONLY | O_DIRECTORY);
    ASSERT_GE(root, 0);
    ASSERT_EQ(::mkdirat(root, "src", 0700), 0);
    const int src = ::openat(root, "src", O_RDONLY | O_DIRECTORY);
    std::atomic<bool> cancel { false };
    CopyCounts made, copied;
    uint64_t progressed = 0;
    ASSERT_TRUE(makeCopySet(program, src, 3, made, nullptr, cancel));
    EXPECT_EQ(made.files, program.files.size());
    EXPECT_EQ(made.folders, program.folders());
    ASSERT_TRUE(dropCopySetCache(program, src, cancel));
    ASSERT_TRUE(copyTree(
        src, root, "dst", copied, [&](uint64_t n) { progressed += n; }, cancel));
    ::close(src);
    ::close(root);
    EXPECT_EQ(copied.files, program.files.size());
    EXPECT_EQ(copied.folders, program.folders());
    EXPECT_EQ(copied.bytes, program.bytes);
    EXPECT_EQ(progressed, program.bytes);
    const auto source = treeHashes(dir.path() + "/src");
    EXPECT_EQ(source.size(), program.files.size());
    EXPECT_EQ(treeHashes(dir.path() + "/dst"), source);
    EXPECT_EQ(foldersBelow(dir.path() + "/dst"), program.folders() - 1);
    // Random data: two files never start alike.
    std::set<uint64_t> distinct;
    for (const auto& [path, hash] : source)
        distinct.insert(hash);
    EXPECT_EQ(distinct.size(), source.size());
}

namespace {

struct Seen {
    std::mutex lock;
    std::vector<std::string> stages;
    std::vector<double> fractions;
    int ends = 0;
    std::vector<std::pair<size_t, double>> setRates;
    std::vector<size_t> finished;
};

RunEvents recorder(Seen& seen)
{
    RunEvents ev;
    ev.phase = [&seen](const RunPhase& p) {
        const std::lock_guard<std::mutex> g(seen.lock);
        if (seen.stages.empty() || seen.stages.back() != p.stage.id)
            seen.stages.push_back(p.stage.id);
        seen.fractions.push_back(p.fraction);
    };
    ev.finished = [&seen] { ++seen.ends; };
    ev.series = [&seen](const SeriesSample& s) {
        if (std::string_view(s.series) == "set_mb_per_s")
            seen.setRates.push_back({ s.item, s.y });
    };
    ev.itemFinished = [&seen](size_t i) { seen.finished.push_back(i); };
    return ev;
}

void expectWholeRun(const CopyResult& r, uint64_t size)
{
    EXPECT_FALSE(r.cancelled);
    EXPECT_FALSE(r.error) << *r.error;
    ASSERT_EQ(r.sets.size(), 3u);
    const auto plans = planCopySets(size, r.request.seed);
    for (size_t i = 0; i < 3; ++i) {
        const CopySetResult& s = r.sets[i];
        EXPECT_TRUE(s.done) << i;
        EXPECT_EQ(s.bytes, plans[i].bytes);
        EXPECT_EQ(s.files, plans[i].files.size());
        EXPECT_EQ(s.folders, plans[i].folders());
        EXPECT_GT(s.seconds, 0.0);
        EXPECT_GE(s.syncSeconds, 0.0);
        EXPECT_LE(s.syncSeconds, s.seconds);
        EXPECT_GT(s.mbPerSec(), 0.0);
        EXPECT_NEAR(s.mbPerSec(), double(s.bytes) / s.seconds / 1e6, 1e-9);
    }
    EXPECT_GT(r.totalMbPerSec(), 0.0);
    EXPECT_EQ(r.request.seed, 42u);
}

} // namespace

TEST(CopyBench, RunsOnTmpfsThroughEveryStageAndLeavesNothing)
{
    ShmDir dir;
    Seen seen;
    std::atomic<bool> cancel { false };
    auto r = runCopyBench(requestFor(dir.path()), recorder(seen), cancel);
    ASSERT_TRUE(r) << r.error().message;
    expectWholeRun(*r, kSmall);
    EXPECT_EQ(r->filesystem, "tmpfs");
    EXPECT_FALSE(r->cloneCapable);
    EXPECT_TRUE(entriesOf(dir.path()).empty());
    const std::vector<std::string> perSet { "make", "drop-cache", "copy", "flush", "remove" };
    std::vector<std::string> expected;
    for (int i = 0; i < 3; ++i)
        expected.insert(expected.end(), perSet.begin(), perSet.end());
    EXPECT_EQ(seen.stages, expected);
    ASSERT_EQ(seen.setRates.size(), 3u);
    EXPECT_EQ(seen.finished, (std::vector<size_t> { 0, 1, 2 }));
    EXPECT_DOUBLE_EQ(seen.setRates[1].second, r->sets[1].mbPerSec());
    // The stream's rules (runevents.h): the run's share only goes forward, to the end; one end.
    EXPECT_TRUE(std::is_sorted(seen.fractions.begin(), seen.fractions.end()));
    EXPECT_DOUBLE_EQ(seen.fractions.back(), 1.0);
    EXPECT_EQ(seen.ends, 1);
}

TEST(CopyBench, RunsOnExt4WithTheDevicesAccountOfEachCopy)
{
    LoopDevice loop("160M");
    DM_REQUIRE_ROOT_LOOP(loop);
    const std::string dir = loop.mount("ext4");
    ASSERT_FALSE(dir.empty());
    Seen seen;
    std::atomic<bool> cancel { false };
    auto r = runCopyBench(requestFor(dir), recorder(seen), cancel);
    ASSERT_TRUE(r) << r.error().message;
    expectWholeRun(*r, kSmall);
    EXPECT_EQ(r->filesystem, "ext4");
    EXPECT_FALSE(r->cloneCapable);
    EXPECT_TRUE(entriesOf(dir).empty());
    // The copies reached the device: each copy phase wrote at least the set's bytes.
    std::set<std::string> names;
    for (const DevicePhase& p : r->devicePhases) {
        names.insert(p.name);
        if (p.name.starts_with("copy_")) {
            EXPECT_GE(p.io.writeBytes, p.ownWriteBytes) << p.name;
        }
    }
    EXPECT_TRUE(names.contains("copy_program"));
    EXPECT_TRUE(names.contains("make_game"));
}

TEST(CopyBench, StopsWithinHalfASecondInEveryStageAndLeavesNothing)
{
    ShmDir dir;
    for (const char* stage : { "make", "drop-cache", "copy", "flush", "remove" }) {
        std::atomic<bool> cancel { false };
        std::chrono::steady_clock::time_point stoppedAt {};
        RunEvents ev;
        // Stop as the first set's stage begins: the ISO set's two large files, where only a
        // check between chunks can stop a copy that has no folder to enter.
        std::vector<std::string> after; // stages reported once stopped: Stop ends the stage it meets
        ev.phase = [&](const RunPhase& p) {
            if (cancel.load()) {
                if (std::string_view(p.stage.id) != stage)
                    after.push_back(p.stage.id);
                return;
            }
            if (std::string_view(p.stage.id) == stage) {
                cancel = true;
                stoppedAt = std::chrono::steady_clock::now();
            }
        };
        auto r = runCopyBench(requestFor(dir.path(), 64 * MiB), ev, cancel);
        const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - stoppedAt).count();
        ASSERT_TRUE(r) << r.error().message;
        ASSERT_TRUE(cancel.load()) << stage;
        EXPECT_TRUE(r->cancelled) << stage;
        EXPECT_FALSE(r->error) << stage;
        EXPECT_LT(took, 0.5) << stage;
        EXPECT_FALSE(r->sets[1].done) << stage; // stopped in the first set
        EXPECT_TRUE(entriesOf(dir.path()).empty()) << stage;
        // A syncfs on tmpfs returns before Stop is looked at; every other stage ends where it is.
        if (std::string_view(stage) == "flush")
            EXPECT_LE(after.size(), 1u) << stage;
        else
            EXPECT_TRUE(after.empty()) << stage << ": went on to " << after.front();
    }
}

TEST(CopyBench, NotEnoughSpaceIsAnErrorBeforeAnythingIsWritten)
{
    SmallTmpfs fs("40m");
    if (!fs.ok())
        GTEST_SKIP() << "needs root to mount a small tmpfs";
    std::atomic<bool> cancel { false };
    auto r = runCopyBench(requestFor(fs.path(), 64 * MiB), {}, cancel);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().errnum, ENOSPC);
    const std::string& m = r.error().message;
    // The largest set is ISO's 28.6 MiB (1.5 of AS SSD's 3.36 GB): twice, and 16 MiB to spare.
    EXPECT_NE(m.find("it needs 74 MiB (its largest set, ISO of 29 MiB"), std::string::npos) << m;
    EXPECT_NE(m.find("40 MiB is free"), std::string::npos) << m;
    EXPECT_NE(m.find("--size"), std::string::npos) << m;
    EXPECT_TRUE(entriesOf(fs.path()).empty());
    // The same with room: it runs.
    auto ok = runCopyBench(requestFor(fs.path(), kSmall), {}, cancel);
    ASSERT_TRUE(ok) << ok.error().message;
    EXPECT_TRUE(ok->sets[2].done);
}

TEST(CopyBench, AFilesystemThatFillsDuringTheRunNamesTheSetStageAndCount)
{
    SmallTmpfs fs("48m");
    if (!fs.ok())
        GTEST_SKIP() << "needs root to mount a small tmpfs";
    std::atomic<bool> cancel { false };
    RunEvents ev;
    bool filled = false;
    // Another program takes all the free space as the ISO set's copy begins.
    ev.phase = [&](const RunPhase& p) {
        if (p.stage == kCopyStage && !filled) {
            filled = true;
            const int fd = ::open((fs.path() + "/filler").c_str(), O_WRONLY | O_CREAT, 0600);
            for (uint64_t mb = 0; mb < 48 && ::posix_fallocate(fd, off_t(mb * MiB), off_t(MiB)) == 0; ++mb) { }
            ::close(fd);
        }
    };
    auto r = runCopyBench(requestFor(fs.path()), ev, cancel);
    ASSERT_TRUE(r) << r.error().message;
    ASSERT_TRUE(r->error);
    EXPECT_NE(r->error->find("copying the ISO set failed after 0 of 2 files"), std::string::npos) << *r->error;
    EXPECT_NE(r->error->find("No space left"), std::string::npos) << *r->error;
    EXPECT_FALSE(r->sets[0].done);
    EXPECT_EQ(entriesOf(fs.path()), std::vector<std::string> { "filler" });
}

TEST(CopyBench, AKilledRunsFolderIsRemovedByTheNextRun)
{
    ShmDir dir;
    const pid_t dead = ::fork();
    if (dead == 0)
        ::_exit(0);
    ::waitpid(dead, nullptr, 0);
    const std::string left = dir.path() + "/.diskometer-" + std::to_string(dead) + "-00c0ffee.dir";
    std::filesystem::create_directories(left + "/program-source/d1");
    std::ofstream(left + "/program-source/d1/f0.bin") << "left behind";
    std::atomic<bool> cancel { false };
    auto r = runCopyBench(requestFor(dir.path()), {}, cancel);
    ASSERT_TRUE(r) << r.error().message;
    EXPECT_TRUE(entriesOf(dir.path()).empty());
    bool said = false;
    for (const auto& w : r->warnings)
        said = said || w.find(left) != std::string::npos;
    EXPECT_TRUE(said);
}

TEST(CopyBench, BadRequestsAreRefusedWithWhatToDo)
{
    ShmDir dir;
    std::atomic<bool> cancel { false };
    auto tooSmall = runCopyBench(requestFor(dir.path(), MiB), {}, cancel);
    ASSERT_FALSE(tooSmall);
    EXPECT_EQ(tooSmall.error().kind, Error::Kind::Usage);
    EXPECT_NE(tooSmall.error().message.find("16 MiB"), std::string::npos);
    auto missing = runCopyBench(requestFor(dir.path() + "/nowhere"), {}, cancel);
    ASSERT_FALSE(missing);
    EXPECT_NE(missing.error().message.find("does not exist"), std::string::npos);
    std::ofstream(dir.path() + "/file") << "x";
    auto file = runCopyBench(requestFor(dir.path() + "/file"), {}, cancel);
    ASSERT_FALSE(file);
    EXPECT_NE(file.error().message.find("is not a folder"), std::string::npos);
    EXPECT_EQ(entriesOf(dir.path()), std::vector<std::string> { "file" });
}
