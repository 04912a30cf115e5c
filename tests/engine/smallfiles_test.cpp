// SPDX-License-Identifier: GPL-3.0-or-later
// The small-file test (src/kinds/files) on real filesystems: tmpfs and an ext4 loop filesystem.
// Counts, bytes and phases; that the reads reached the drive on ext4 (its counters) and that
// tmpfs says nothing could be dropped; Stop in every phase within half a second; a filesystem
// whose inodes or space run out (the phase and the count in the error); nothing left behind
// in any of these; a killed run's directory swept; bad requests refused.
#include "smallfiles.h"
#include "stalefiles.h"
#include "testtargets.h"

#include <gtest/gtest.h>

#include <sys/mount.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>

using namespace dm;
using namespace dm::test;

namespace {

// A directory on tmpfs (/dev/shm), or, as root, a tmpfs of its own with the given options
// ("size=1m,nr_inodes=40"), removed with what it holds.
class TmpfsDir {
public:
    explicit TmpfsDir(const std::string& options = {})
    {
        char tmpl[] = "/dev/shm/dm-files-XXXXXX";
        if (!::mkdtemp(tmpl))
            return;
        m_path = tmpl;
        if (!options.empty()) {
            if (!isRoot() || ::mount("tmpfs", m_path.c_str(), "tmpfs", 0, options.c_str()) != 0) {
                ::rmdir(m_path.c_str());
                m_path.clear();
                return;
            }
            m_mounted = true;
        }
    }
    ~TmpfsDir()
    {
        if (m_path.empty())
            return;
        if (m_mounted)
            ::umount(m_path.c_str());
        std::error_code ec;
        std::filesystem::remove_all(m_path, ec);
    }
    const std::string& path() const { return m_path; }

private:
    std::string m_path;
    bool m_mounted = false;
};

// What a folder holds, but lost+found.
std::vector<std::string> entries(const std::string& dir)
{
    std::vector<std::string> names;
    for (const auto& e : std::filesystem::directory_iterator(dir))
        if (e.path().filename() != "lost+found")
            names.push_back(e.path().filename().string());
    return names;
}

FilesRequest request(const std::string& target, uint32_t files, uint64_t size = 4096, uint32_t dirs = 4)
{
    FilesRequest r;
    r.target = target;
    r.files = files;
    r.fileSize = size;
    r.dirs = dirs;
    r.seed = 7;
    return r;
}

// An ext4 filesystem on a RAM-backed loop device, made with mkfs options of our own.
class Ext4 {
public:
    explicit Ext4(const std::string& size = "64M", const std::string& mkfsOptions = {})
        : m_loop(size)
    {
        if (!m_loop.ok() || !haveTool("mkfs.ext4"))
            return;
        if (run("mkfs.ext4 -q -F -E lazy_itable_init=0,lazy_journal_init=0 " + mkfsOptions + " " + m_loop.device()
                + " >/dev/null 2>&1; echo $?")
            != "0")
            return;
        char tmpl[] = "/tmp/dm-files-mnt-XXXXXX";
        if (!::mkdtemp(tmpl))
            return;
        if (::mount(m_loop.device().c_str(), tmpl, "ext4", 0, nullptr) != 0) {
            ::rmdir(tmpl);
            return;
        }
        m_mountPoint = tmpl;
    }
    ~Ext4()
    {
        if (!m_mountPoint.empty()) {
            ::umount(m_mountPoint.c_str());
            ::rmdir(m_mountPoint.c_str());
        }
    }
    const std::string& path() const { return m_mountPoint; }

private:
    LoopDevice m_loop;
    std::string m_mountPoint;
};

void expectAllPhases(const FilesResult& r, uint32_t files, uint64_t size)
{
    for (const FilesPhaseResult& ph : r.phases) {
        SCOPED_TRACE(filesPhaseName(ph.id));
        EXPECT_TRUE(ph.ran);
        EXPECT_TRUE(ph.complete);
        EXPECT_EQ(ph.files, files);
        EXPECT_GT(ph.seconds, 0.0);
        EXPECT_GT(ph.filesPerSecond(), 0.0);
        EXPECT_GT(ph.latency.p50Us, 0.0);
        EXPECT_LE(ph.latency.p50Us, ph.latency.p99Us * 1.01);
        EXPECT_LE(ph.latency.p99Us, ph.latency.p999Us * 1.01);
        EXPECT_LE(ph.latency.p999Us, ph.latency.maxUs * 1.01);
    }
    EXPECT_EQ(r.phase(FilesPhaseId::Create).bytes, uint64_t(files) * size);
    EXPECT_EQ(r.phase(FilesPhaseId::Read).bytes, uint64_t(files) * size);
    EXPECT_EQ(r.phase(FilesPhaseId::Stat).bytes, 0u);
    EXPECT_EQ(r.phase(FilesPhaseId::Delete).bytes, 0u);
}

} // namespace

TEST(SmallFiles, RefusesBadRequests)
{
    TmpfsDir dir;
    ASSERT_FALSE(dir.path().empty());
    const std::atomic<bool> cancel { false };
    const auto refused = [&](FilesRequest r, const char* says) {
        auto result = runSmallFiles(r, {}, cancel);
        ASSERT_FALSE(result) << says;
        EXPECT_NE(result.error().message.find(says), std::string::npos) << result.error().message;
    };
    refused(request(dir.path(), 0), "from 1 to");
    refused(request(dir.path(), 10, MiB + 1), "from 0 to 1 MiB");
    refused(request(dir.path(), 10, 4096, 0), "from 1 to");
    refused(request(dir.path(), 10, 4096, 11), "more folders (11) than files (10)");
    refused(request(dir.path() + "/missing", 10), "does not exist");
    refused(request("/proc", 10), "pseudo");
    FilesRequest destructive = request(dir.path(), 10);
    destructive.allowDestructive = true;
    refused(destructive, "--allow-destructive is for a device");
    EXPECT_TRUE(entries(dir.path()).empty());
}

// Every phase on tmpfs, its counts, bytes and stages in order; the pages of tmpfs are the files,
// and the result says nothing was dropped.
TEST(SmallFiles, RunsEveryPhaseOnTmpfsAndLeavesNothing)
{
    TmpfsDir dir;
    ASSERT_FALSE(dir.path().empty());
    std::vector<std::string> stages;
    RunEvents events;
    size_t finished = 0;
    double fraction = 0;
    events.phase = [&](const RunPhase& p) {
        if (stages.empty() || stages.back() != p.stage.id)
            stages.push_back(p.stage.id);
        EXPECT_EQ(p.count, 300u);
        EXPECT_LE(p.index, 300u);
        EXPECT_GE(p.fraction, fraction) << "the run's share done went back"; // runevents.h's rule
        EXPECT_LE(p.fraction, 1.0);
        fraction = p.fraction;
    };
    events.finished = [&] { ++finished; };
    const std::atomic<bool> cancel { false };
    auto r = runSmallFiles(request(dir.path(), 300, 3000, 3), events, cancel);
    ASSERT_TRUE(r) << r.error().message;
    EXPECT_FALSE(r->error) << *r->error;
    EXPECT_FALSE(r->cancelled);
    expectAllPhases(*r, 300, 3000);
    EXPECT_EQ(r->cacheDrop, FilesCacheDrop::None);
    EXPECT_GT(r->syncSeconds, 0.0);
    EXPECT_GE(r->phase(FilesPhaseId::Create).seconds, r->syncSeconds);
    EXPECT_EQ(stages, (std::vector<std::string> { "create-files", "stat-files", "read-files", "delete-files" }));
    EXPECT_EQ(finished, 1u);
    EXPECT_DOUBLE_EQ(fraction, 1.0);
    EXPECT_NE(staleTestDirectoryPid(std::filesystem::path(r->region.testFilePath).filename()), 0);
    EXPECT_TRUE(entries(dir.path()).empty());
}

// On ext4 the cached pages are dropped before the read phase: the loop device counts reads of
// at least every file's data, and the create phase's writes, with fsync after every file.
TEST(SmallFiles, ReadsReachTheDriveOnExt4)
{
    Ext4 fs;
    if (fs.path().empty())
        GTEST_SKIP() << "needs root, losetup and mkfs.ext4 for an ext4 loop filesystem";
    const std::atomic<bool> cancel { false };
    FilesRequest req = request(fs.path(), 200, 5000, 5);
    req.sync = FilesSync::File;
    auto r = runSmallFiles(req, {}, cancel);
    ASSERT_TRUE(r) << r.error().message;
    ASSERT_FALSE(r->error) << *r->error;
    expectAllPhases(*r, 200, 5000);
    EXPECT_EQ(r->cacheDrop, FilesCacheDrop::Fadvise);
    EXPECT_EQ(r->syncSeconds, 0.0);
    const auto phase = [&](const char* name) -> const DevicePhase* {
        for (const DevicePhase& p : r->devicePhases)
            if (p.name == name)
                return &p;
        return nullptr;
    };
    ASSERT_NE(phase("read"), nullptr);
    EXPECT_GE(phase("read")->io.readBytes, 200u * 5000u);
    EXPECT_EQ(phase("read")->ownReadBytes, 200u * 5000u);
    ASSERT_NE(phase("create"), nullptr);
    EXPECT_GE(phase("create")->io.writeBytes, 200u * 5000u);
    EXPECT_GE(phase("create")->io.writes, 200u); // one flush of data at least per file
    EXPECT_TRUE(entries(fs.path()).empty());
}

// Stop while each phase runs: the run returns within half a second, says it was stopped, keeps
// the phases before, and leaves nothing.
TEST(SmallFiles, StopsWithinHalfASecondInEveryPhase)
{
    for (const Stage* stage : { &kCreateFilesStage, &kStatFilesStage, &kReadFilesStage, &kDeleteFilesStage }) {
        SCOPED_TRACE(stage->id);
        TmpfsDir dir;
        ASSERT_FALSE(dir.path().empty());
        std::atomic<bool> cancel { false };
        std::chrono::steady_clock::time_point stoppedAt {};
        RunEvents events;
        events.phase = [&](const RunPhase& p) {
            if (p.stage == *stage && !cancel.load()) { // at its start: a tmpfs stats 6,000 files in 0.03 s
                stoppedAt = std::chrono::steady_clock::now();
                cancel = true;
            }
        };
        auto r = runSmallFiles(request(dir.path(), 6000, 0, 8), events, cancel);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - stoppedAt).count();
        ASSERT_TRUE(r) << r.error().message;
        ASSERT_TRUE(cancel.load()) << "the phase never reported progress";
        EXPECT_TRUE(r->cancelled);
        EXPECT_FALSE(r->error);
        EXPECT_LT(seconds, 0.5);
        const FilesPhaseId id = stage == &kCreateFilesStage ? FilesPhaseId::Create
            : stage == &kStatFilesStage                     ? FilesPhaseId::Stat
            : stage == &kReadFilesStage                     ? FilesPhaseId::Read
                                                            : FilesPhaseId::Delete;
        EXPECT_TRUE(r->phase(id).ran);
        EXPECT_FALSE(r->phase(id).complete);
        EXPECT_LT(r->phase(id).files, 6000u);
        if (id != FilesPhaseId::Create) {
            EXPECT_TRUE(r->phase(FilesPhaseId::Create).complete);
        }
        EXPECT_TRUE(entries(dir.path()).empty());
    }
}

// A tmpfs that runs out of inodes part way: the error names the create phase and the count,
// says why, and what was made is gone.
TEST(SmallFiles, FullFilesystemStopsWithThePhaseAndTheCount)
{
    TmpfsDir dir("size=4m,nr_inodes=60");
    if (dir.path().empty())
        GTEST_SKIP() << "needs root to mount a small tmpfs";
    const std::atomic<bool> cancel { false };
    auto r = runSmallFiles(request(dir.path(), 200, 100, 2), {}, cancel);
    ASSERT_TRUE(r) << r.error().message;
    ASSERT_TRUE(r->error);
    EXPECT_NE(r->error->find("the create phase stopped after "), std::string::npos) << *r->error;
    EXPECT_NE(r->error->find(" of 200 files"), std::string::npos) << *r->error;
    EXPECT_NE(r->error->find("no free inodes"), std::string::npos) << *r->error;
    const uint64_t done = r->phase(FilesPhaseId::Create).files;
    EXPECT_GT(done, 0u);
    EXPECT_LT(done, 200u);
    EXPECT_NE(r->error->find("after " + std::to_string(done) + " of"), std::string::npos) << *r->error;
    EXPECT_FALSE(r->phase(FilesPhaseId::Stat).ran);
    EXPECT_TRUE(entries(dir.path()).empty());

    // Too little space for the data is refused before anything is made.
    TmpfsDir small("size=1m");
    auto refused = runSmallFiles(request(small.path(), 1000, 4096), {}, cancel);
    ASSERT_FALSE(refused);
    EXPECT_NE(refused.error().message.find("not enough free space"), std::string::npos) << refused.error().message;
    EXPECT_TRUE(entries(small.path()).empty());
}

// The same on ext4 made with few inodes (-N 64): the free-space check lets the run start, the
// inodes run out part way.
TEST(SmallFiles, FullExt4StopsAndLeavesNothing)
{
    Ext4 fs("8M", "-N 64");
    if (fs.path().empty())
        GTEST_SKIP() << "needs root, losetup and mkfs.ext4 for an ext4 loop filesystem";
    const std::atomic<bool> cancel { false };
    auto r = runSmallFiles(request(fs.path(), 120, 0, 1), {}, cancel);
    ASSERT_TRUE(r) << r.error().message;
    ASSERT_TRUE(r->error);
    EXPECT_NE(r->error->find("the create phase stopped after "), std::string::npos) << *r->error;
    EXPECT_NE(r->error->find("No space left on device"), std::string::npos) << *r->error;
    EXPECT_TRUE(entries(fs.path()).empty());
}

// A run directory a killed run left is swept by the next run, which says so.
TEST(SmallFiles, SweepsAKilledRunsDirectory)
{
    TmpfsDir dir;
    ASSERT_FALSE(dir.path().empty());
    const pid_t dead = ::fork();
    if (dead == 0)
        ::_exit(0);
    ::waitpid(dead, nullptr, 0);
    const std::string stale = dir.path() + "/.diskometer-" + std::to_string(dead) + "-00c0ffee.dir";
    ASSERT_EQ(::mkdir(stale.c_str(), 0700), 0);
    ASSERT_EQ(::mkdir((stale + "/d00000").c_str(), 0700), 0);
    std::ofstream(stale + "/d00000/f00000000") << "left";
    const std::atomic<bool> cancel { false };
    auto r = runSmallFiles(request(dir.path(), 10, 10, 1), {}, cancel);
    ASSERT_TRUE(r) << r.error().message;
    ASSERT_FALSE(r->warnings.empty());
    EXPECT_NE(r->warnings.front().find(stale), std::string::npos) << r->warnings.front();
    EXPECT_TRUE(entries(dir.path()).empty());
}
