// SPDX-License-Identifier: GPL-3.0-or-later
// Checks the sweep of test files a killed run left behind: a file of ours whose process is gone
// is removed (also by runTests, which says so in the run's warnings); the file of a live process,
// look-alike names, a directory, a symlink, a FIFO, a file in a subdirectory and (as root) a
// file of another user are all kept, byte for byte.
#include "runner.h"
#include "stalefiles.h"
#include "testtargets.h"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>

using namespace dm;
using namespace dm::test;

namespace {

// The pid of a process that has come and gone: the kernel will not reuse it this soon.
pid_t deadPid()
{
    const pid_t pid = ::fork();
    if (pid == 0)
        ::_exit(0);
    ::waitpid(pid, nullptr, 0);
    return pid;
}

// A live process other than us, stopped (and reaped) when the test ends.
class LiveChild {
public:
    LiveChild()
        : m_pid(::fork())
    {
        if (m_pid == 0) {
            ::pause();
            ::_exit(0);
        }
    }
    ~LiveChild()
    {
        ::kill(m_pid, SIGKILL);
        ::waitpid(m_pid, nullptr, 0);
    }
    pid_t pid() const { return m_pid; }

private:
    pid_t m_pid;
};

std::string name(pid_t pid, const char* random = "0123abcd")
{
    return ".diskometer-" + std::to_string(pid) + "-" + random + ".tmp";
}

void write(const std::string& path, const std::string& content = "user data") { std::ofstream(path) << content; }

std::string read(const std::string& path)
{
    std::ifstream in(path);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

bool exists(const std::string& path)
{
    struct stat st { };
    return ::lstat(path.c_str(), &st) == 0;
}

} // namespace

TEST(StaleFiles, NameMustBeExactlyOurs)
{
    EXPECT_EQ(staleTestFilePid(".diskometer-1234-0123abcd.tmp"), 1234);
    EXPECT_EQ(staleTestFilePid(".diskometer-1-ffffffff.tmp"), 1);
    for (const char* other :
        { "", ".diskometer-.tmp", ".diskometer-12-xyz.tmp", "diskometer-1-00000000.tmp", ".diskometer-1-0000000.tmp",
            ".diskometer-1-000000000.tmp", ".diskometer-1-0123ABCD.tmp", ".diskometer-1-0123abcd.tmp.bak",
            ".diskometer-1-0123abcd.TMP", ".diskometer--0123abcd.tmp", ".diskometer-01-0123abcd.tmp",
            ".diskometer--1-0123abcd.tmp", ".diskometer-1x-0123abcd.tmp", ".diskometer-99999999999-0123abcd.tmp",
            ".diskometer-1-0123abcd", "x.diskometer-1-0123abcd.tmp", ".diskometer-1-0123-abcd.tmp" }) {
        EXPECT_EQ(staleTestFilePid(other), 0) << other;
    }
}

TEST(StaleFiles, RemovesOnlyFilesOfDeadProcesses)
{
    ScratchDir dir;
    const pid_t dead = deadPid();
    ASSERT_EQ(::kill(dead, 0), -1);
    ASSERT_EQ(errno, ESRCH);
    LiveChild live;

    const std::string stale = dir.path() + "/" + name(dead);
    const std::string stale2 = dir.path() + "/" + name(dead, "ffff0000");
    const std::string mine = dir.path() + "/" + name(::getpid());
    const std::string liveOther = dir.path() + "/" + name(live.pid());
    const std::string initFile = dir.path() + "/" + name(1);
    for (const auto& p : { stale, stale2, mine, liveOther, initFile })
        write(p);

    auto removed = sweepStaleTestFiles(dir.path());
    std::sort(removed.begin(), removed.end());
    std::vector<std::string> expected { stale, stale2 };
    std::sort(expected.begin(), expected.end());
    EXPECT_EQ(removed, expected);
    EXPECT_FALSE(exists(stale));
    EXPECT_FALSE(exists(stale2));
    EXPECT_EQ(read(mine), "user data");
    EXPECT_EQ(read(liveOther), "user data");
    EXPECT_EQ(read(initFile), "user data");

    // A second sweep finds nothing more to do.
    EXPECT_TRUE(sweepStaleTestFiles(dir.path() + "/").empty());
}

TEST(StaleFiles, KeepsLookAlikesDirectoriesSymlinksAndSubdirectories)
{
    ScratchDir dir;
    const pid_t dead = deadPid();
    const std::string d = dir.path() + "/";
    const std::vector<std::string> lookAlikes { ".diskometer-" + std::to_string(dead) + "-xyz.tmp",
        "diskometer-" + std::to_string(dead) + "-00000000.tmp", name(dead, "0000000"), name(dead) + ".bak",
        name(dead, "0123ABCD"), "notes.txt" };
    for (const auto& n : lookAlikes)
        write(d + n);

    // A directory with our name, holding a file.
    const std::string asDir = d + name(dead, "dddddddd");
    ASSERT_EQ(::mkdir(asDir.c_str(), 0700), 0);
    write(asDir + "/inside");
    // A symlink with our name, to a file that must survive, and a dangling one.
    const std::string target = d + "precious.bin";
    write(target, "precious");
    const std::string asLink = d + name(dead, "11111111");
    ASSERT_EQ(::symlink(target.c_str(), asLink.c_str()), 0);
    const std::string dangling = d + name(dead, "22222222");
    ASSERT_EQ(::symlink((d + "nowhere").c_str(), dangling.c_str()), 0);
    // A FIFO with our name: not a file we made.
    const std::string fifo = d + name(dead, "33333333");
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    // A matching file one level down: the sweep is not recursive.
    ASSERT_EQ(::mkdir((d + "sub").c_str(), 0700), 0);
    const std::string nested = d + "sub/" + name(dead);
    write(nested);

    EXPECT_TRUE(sweepStaleTestFiles(dir.path()).empty());
    for (const auto& n : lookAlikes)
        EXPECT_EQ(read(d + n), "user data") << n;
    EXPECT_EQ(read(asDir + "/inside"), "user data");
    EXPECT_TRUE(exists(asLink));
    EXPECT_TRUE(exists(dangling));
    EXPECT_EQ(read(target), "precious");
    EXPECT_TRUE(exists(fifo));
    EXPECT_EQ(read(nested), "user data");
}

TEST(StaleFiles, KeepsFilesOfOtherUsers)
{
    if (!isRoot())
        GTEST_SKIP() << "needs root to make a file owned by another user";
    ScratchDir dir;
    const std::string theirs = dir.path() + "/" + name(deadPid());
    write(theirs);
    ASSERT_EQ(::chown(theirs.c_str(), 65534, 65534), 0);
    EXPECT_TRUE(sweepStaleTestFiles(dir.path()).empty());
    EXPECT_EQ(read(theirs), "user data");
}

TEST(StaleFiles, NotADirectoryIsNothingToSweep)
{
    ScratchDir dir;
    const std::string file = dir.path() + "/" + name(deadPid());
    write(file);
    EXPECT_TRUE(sweepStaleTestFiles(file).empty());
    EXPECT_TRUE(sweepStaleTestFiles(dir.path() + "/missing").empty());
    EXPECT_TRUE(sweepStaleTestFiles("/dev/null").empty());
    EXPECT_EQ(read(file), "user data");
}

TEST(StaleFiles, RunnerSweepsBeforeTheRunAndSaysSo)
{
    ScratchDir dir;
    const std::string stale = dir.path() + "/" + name(deadPid());
    write(stale, std::string(1 << 20, 'x'));
    const std::string kept = dir.path() + "/" + name(::getpid(), "abcdef01");
    write(kept);

    RunRequest req;
    req.target = dir.path();
    req.tests = { { *parseRow("RND4K-Q1T1"), Direction::Read, 100 } };
    req.settings.count = 1;
    req.settings.measureSeconds = 0.5;
    req.settings.warmupSeconds = 0;
    req.settings.intervalSeconds = 0;
    req.settings.testSize = 16 * MiB;
    std::atomic<bool> cancel { false };
    auto run = runTests(req, {}, cancel);
    ASSERT_TRUE(run) << run.error().message;
    EXPECT_FALSE(exists(stale));
    EXPECT_EQ(read(kept), "user data");
    const std::string warning = "removed a test file left behind by an earlier run: " + stale;
    EXPECT_NE(std::find(run->warnings.begin(), run->warnings.end(), warning), run->warnings.end())
        << (run->warnings.empty() ? std::string("no warnings") : run->warnings.front());
    // The run's own test file is gone too: only the file of the live process (ours) is left.
    ::unlink(kept.c_str());
    EXPECT_EQ(dir.entryCount(), 0u);
}

TEST(StaleFiles, RemovesTestDirectoriesOfDeadProcessesWithWhatTheyHold)
{
    ScratchDir dir;
    const pid_t dead = deadPid();
    LiveChild live;
    const std::string d = dir.path() + "/";
    const auto dirName = [](pid_t pid) { return ".diskometer-" + std::to_string(pid) + "-0badcafe.dir"; };
    EXPECT_EQ(staleTestDirPid(dirName(dead)), dead);
    EXPECT_EQ(staleTestDirPid(name(dead)), 0); // a test file's name is not a directory's
    EXPECT_EQ(staleTestFilePid(dirName(dead)), 0);
    const std::string fresh = testDirectoryName();
    EXPECT_EQ(staleTestDirPid(fresh), ::getpid()) << fresh;

    // A dead run's directory, nested folders and files, and a symlink out to a file that must survive.
    const std::string stale = d + dirName(dead);
    ASSERT_EQ(::mkdir(stale.c_str(), 0700), 0);
    ASSERT_EQ(::mkdir((stale + "/a").c_str(), 0700), 0);
    ASSERT_EQ(::mkdir((stale + "/a/b").c_str(), 0700), 0);
    write(stale + "/a/b/file");
    write(stale + "/top");
    const std::string precious = d + "precious.bin";
    write(precious, "precious");
    ASSERT_EQ(::symlink(d.c_str(), (stale + "/a/link-to-parent").c_str()), 0);
    ASSERT_EQ(::symlink(precious.c_str(), (stale + "/link-to-file").c_str()), 0);
    // A live run's, and a regular file with a directory's name: both kept.
    const std::string liveDir = d + dirName(live.pid());
    ASSERT_EQ(::mkdir(liveDir.c_str(), 0700), 0);
    write(liveDir + "/inside");
    const std::string fileNamedAsDir = d + ".diskometer-" + std::to_string(dead) + "-11112222.dir";
    write(fileNamedAsDir);

    EXPECT_EQ(sweepStaleTestFiles(dir.path()), std::vector<std::string> { stale });
    EXPECT_FALSE(exists(stale));
    EXPECT_EQ(read(precious), "precious");
    EXPECT_EQ(read(liveDir + "/inside"), "user data");
    EXPECT_EQ(read(fileNamedAsDir), "user data");
}
