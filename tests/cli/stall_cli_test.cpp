// SPDX-License-Identifier: GPL-3.0-or-later
// diskometer-cli on a device that stops answering (the FUSE rig), with each engine: SIGINT during
// the stall is answered within half a second with exit code 130 and says the run was stopped;
// --stall-timeout ends the run with exit code 1 and says the device stopped answering; the
// process exits at once even with libaio, whose exit the kernel would otherwise hold until the
// device answers (the helper process it leaves ends when the device does); bad values of
// --stall-timeout are refused with exit code 2; a scan stopped before its first sample says so.
#include "fuserig.h"
#include "timebudget.h"

#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <regex>
#include <spawn.h>
#include <sstream>
#include <sys/wait.h>

extern char** environ;

using namespace dm::test;
using Clock = std::chrono::steady_clock;

namespace {

// diskometer-cli running with stdout and stderr in files of a scratch directory.
class Cli {
public:
    explicit Cli(std::vector<std::string> args)
    {
        m_out = m_dir.path() + "/stdout";
        m_err = m_dir.path() + "/stderr";
        posix_spawn_file_actions_t fa;
        posix_spawn_file_actions_init(&fa);
        posix_spawn_file_actions_addopen(&fa, 1, m_out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        posix_spawn_file_actions_addopen(&fa, 2, m_err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        args.insert(args.begin(), DM_CLI_PATH);
        std::vector<char*> argv;
        for (auto& a : args)
            argv.push_back(a.data());
        argv.push_back(nullptr);
        if (posix_spawn(&m_pid, DM_CLI_PATH, &fa, nullptr, argv.data(), environ) != 0)
            m_pid = -1;
        posix_spawn_file_actions_destroy(&fa);
    }
    ~Cli()
    {
        if (m_pid > 0) {
            ::kill(m_pid, SIGKILL);
            ::waitpid(m_pid, nullptr, 0);
        }
    }
    pid_t pid() const { return m_pid; }
    void signal(int sig) const { ::kill(m_pid, sig); }
    // The exit code once it exits, -1 if it has not within `within`; signals as 128 + number.
    int wait(std::chrono::milliseconds within)
    {
        const auto giveUp = Clock::now() + within;
        while (Clock::now() < giveUp) {
            int status = 0;
            if (::waitpid(m_pid, &status, WNOHANG) == m_pid) {
                m_pid = -1;
                return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
        return -1;
    }
    std::string err() const { return slurp(m_err); }

private:
    static std::string slurp(const std::string& path)
    {
        std::ifstream f(path);
        std::stringstream s;
        s << f.rdbuf();
        return s.str();
    }
    ScratchDir m_dir;
    std::string m_out, m_err;
    pid_t m_pid = -1;
};

std::vector<std::string> readRun(const FuseRig& rig, const std::string& engine, std::vector<std::string> extra)
{
    std::vector<std::string> a = { "run", rig.device(), "--tests", "RND4K-Q4T1", "--mode", "read", "--count", "1",
        "--measure", "2", "--warmup", "0", "--interval", "0", "--engine", engine, "--quiet", "--no-history" };
    a.insert(a.end(), extra.begin(), extra.end());
    return a;
}

bool waitForStalledIo(const FuseRig& rig)
{
    const auto giveUp = Clock::now() + std::chrono::seconds(10);
    while (rig.inFlight() == 0) {
        if (Clock::now() > giveUp)
            return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return true;
}

// The helper process the message names ("pid N"), or 0.
pid_t holderPid(const std::string& err)
{
    std::smatch m;
    return std::regex_search(err, m, std::regex("pid ([0-9]+)")) ? pid_t(std::stoi(m[1])) : 0;
}

bool gone(pid_t pid, std::chrono::seconds within)
{
    const auto giveUp = Clock::now() + within;
    while (Clock::now() < giveUp) {
        if (::kill(pid, 0) != 0)
            return true;
        std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
        std::string s;
        std::getline(stat, s);
        if (s.find(") Z") != std::string::npos)
            return true; // ended; its parent (init) reaps it
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return false;
}

// Where each thread of `pid` waits (state and kernel function), for a failure message.
std::string threadsOf(pid_t pid)
{
    std::string out;
    const std::string task = "/proc/" + std::to_string(pid) + "/task";
    for (const auto& t : std::filesystem::directory_iterator(task)) {
        std::ifstream stat(t.path() / "stat"), wchan(t.path() / "wchan");
        std::string s, w;
        std::getline(stat, s);
        std::getline(wchan, w);
        const auto close = s.rfind(')');
        out += "\n  thread " + t.path().filename().string() + " "
            + (close != std::string::npos ? s.substr(close + 2, 1) : "?") + " in " + w;
    }
    return out;
}

// Waits up to 8 s from `start` until the program has said what the user can do (the last thing
// it says) or has exited: its exit code then, else -1 (it may not end while the device is silent).
int waitForAdvice(Cli& cli, Clock::time_point start)
{
    while (Clock::now() - start < std::chrono::seconds(8) && cli.err().find("Unplug the device") == std::string::npos)
        if (const int code = cli.wait(std::chrono::milliseconds(20)); code != -1)
            return code;
    return -1;
}

class CliStall : public ::testing::TestWithParam<std::string> { };

} // namespace

TEST_P(CliStall, SigintDuringAStallIsAnsweredWithinHalfASecond)
{
    FuseRig rig({});
    DM_REQUIRE_FUSE_RIG(rig);
    rig.stall();
    Cli cli(readRun(rig, GetParam(), { "--stall-timeout", "60" }));
    ASSERT_GT(cli.pid(), 0);
    ASSERT_TRUE(waitForStalledIo(rig));
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    const auto sent = Clock::now();
    cli.signal(SIGINT);
    const int code = cli.wait(std::chrono::seconds(5));
    const double took = std::chrono::duration<double>(Clock::now() - sent).count();
    RecordProperty("sigint_to_exit_seconds", std::to_string(took));
    const std::string err = cli.err();
    const pid_t holder = holderPid(err);
    rig.resume();
    ASSERT_EQ(code, 130) << err;
    EXPECT_LT(took, timeBudget(0.5)) << "SIGINT to exit took " << took << " s";
    EXPECT_NE(err.find("interrupted"), std::string::npos) << err;
    EXPECT_EQ(err.find("stopped answering"), std::string::npos) << "a Stop must not blame the device: " << err;
    EXPECT_NE(err.find("did not answer"), std::string::npos) << err;
    EXPECT_NE(err.find("Unplug the device"), std::string::npos) << err;
    if (GetParam() == "libaio") {
        ASSERT_GT(holder, 0) << "libaio's exit should have been handed to a helper process: " << err;
        EXPECT_TRUE(gone(holder, std::chrono::seconds(10))) << "the helper did not end after the device answered";
    }
}

TEST_P(CliStall, StallTimeoutExitsWithOneAndSaysTheDeviceStoppedAnswering)
{
    FuseRig rig({});
    DM_REQUIRE_FUSE_RIG(rig);
    rig.stall();
    const auto start = Clock::now();
    Cli cli(readRun(rig, GetParam(), { "--stall-timeout", "1" }));
    ASSERT_GT(cli.pid(), 0);
    const int code = cli.wait(std::chrono::seconds(8));
    const double took = std::chrono::duration<double>(Clock::now() - start).count();
    const std::string err = cli.err();
    rig.resume();
    ASSERT_EQ(code, 1) << err;
    EXPECT_GE(took, 1.0);
    EXPECT_LT(took, 3.0) << "the exit waited for the device";
    EXPECT_NE(err.find("stopped answering: no I/O completed for 1 s"), std::string::npos) << err;
    EXPECT_NE(err.find("Unplug the device"), std::string::npos) << err;
}

// The grid's SEQ1M Q8T1 on a stalled device whose queue takes 4 requests: the third 1 MiB read
// waits in the kernel for a request (docs/FAULTS.md, "A short queue"), where no timeout of ours
// reaches it. The run still ends on its stall timeout, the report is written and the message
// says what to do; the process itself ends only when the device answers (no signal ends a
// thread asleep in the kernel, and a process ends with its last thread), and then at once.
TEST_P(CliStall, StallTimeoutOnAShortQueueEndsTheRunAndSaysTheExitWaitsForTheDevice)
{
    FuseRig::Options o;
    o.queueRequests = 4;
    FuseRig rig(o);
    DM_REQUIRE_FUSE_RIG(rig);
    rig.stall();
    ScratchDir dir;
    const std::string json = dir.path() + "/run.json";
    const auto start = Clock::now();
    auto args = readRun(rig, GetParam(), { "--stall-timeout", "1", "--json", json });
    args[3] = "SEQ1M-Q8T1";
    Cli cli(args);
    ASSERT_GT(cli.pid(), 0);
    int code = waitForAdvice(cli, start);
    const double took = std::chrono::duration<double>(Clock::now() - start).count();
    RecordProperty("stall_to_message_seconds", std::to_string(took));
    const std::string err = cli.err();
    const std::string threads = code == -1 ? threadsOf(cli.pid()) : std::string();
    const bool reportWritten = std::filesystem::exists(json) && std::filesystem::file_size(json) > 0;
    if (code == -1)
        code = cli.wait(std::chrono::milliseconds(500)); // should not end while the device is silent
    const bool endedWhileStalled = code != -1;
    rig.resume();
    const auto resumed = Clock::now();
    if (code == -1)
        code = cli.wait(std::chrono::seconds(10));
    const double exitAfterResume = std::chrono::duration<double>(Clock::now() - resumed).count();
    RecordProperty("resume_to_exit_seconds", std::to_string(exitAfterResume));
    ASSERT_EQ(code, 1) << err;
    EXPECT_LT(took, 3.0) << "the run waited for the device: " << err << threads;
    EXPECT_TRUE(reportWritten) << "no report at the stall";
    EXPECT_NE(err.find("stopped answering: no I/O completed for 1 s"), std::string::npos) << err;
    if (!endedWhileStalled) {
        EXPECT_NE(err.find("ends only when the device answers or is unplugged"), std::string::npos) << err << threads;
        EXPECT_LT(exitAfterResume, 3.0) << "the exit did not follow the device's answer";
    }
}

// A write on a device reads its first sectors first, to say what it will destroy. A device that
// does not answer them ends the program at the stall timeout with exit code 1 and says so.
TEST_P(CliStall, ADeviceThatDoesNotAnswerTheSignatureProbeEndsTheRunAtTheStallTimeout)
{
    FuseRig rig({});
    DM_REQUIRE_FUSE_RIG(rig);
    rig.stall();
    const auto start = Clock::now();
    auto args = readRun(rig, GetParam(), { "--stall-timeout", "1", "--allow-destructive" });
    args[5] = "write";
    Cli cli(args);
    ASSERT_GT(cli.pid(), 0);
    int code = waitForAdvice(cli, start);
    const double took = std::chrono::duration<double>(Clock::now() - start).count();
    const std::string err = cli.err();
    rig.resume();
    if (code == -1)
        code = cli.wait(std::chrono::seconds(10));
    ASSERT_EQ(code, 1) << err;
    EXPECT_LT(took, 3.0) << err;
    EXPECT_NE(err.find("did not answer the read of its first sectors within 1 s"), std::string::npos) << err;
    EXPECT_NE(err.find("Unplug the device"), std::string::npos) << err;
}

// Ctrl-C while the scan's first sample waits on the silent device: stderr says no sample was
// read, not "the samples read so far are reported".
TEST(CliStallScan, InterruptBeforeTheFirstSampleSaysNoneWasRead)
{
    FuseRig rig({});
    DM_REQUIRE_FUSE_RIG(rig);
    rig.stall();
    Cli cli({ "scan", rig.device(), "--samples", "3", "--sample-size", "1MiB", "--access-samples", "0",
        "--stall-timeout", "60", "--quiet", "--no-history" });
    ASSERT_GT(cli.pid(), 0);
    ASSERT_TRUE(waitForStalledIo(rig));
    cli.signal(SIGINT);
    const int code = cli.wait(std::chrono::seconds(5));
    const std::string err = cli.err();
    rig.resume();
    ASSERT_EQ(code, 130) << err;
    EXPECT_NE(err.find("interrupted before any sample was read"), std::string::npos) << err;
    EXPECT_EQ(err.find("so far"), std::string::npos) << err;
}

INSTANTIATE_TEST_SUITE_P(Engines, CliStall, ::testing::Values("libaio", "io_uring"),
    [](const ::testing::TestParamInfo<std::string>& p) { return p.param; });

TEST(CliStallTimeout, BadValuesAreRefused)
{
    for (const char* bad : { "abc", "0.5", "3601", "-1", "nan" }) {
        for (const char* command : { "run", "scan", "sustained", "sweep" }) {
            Cli cli({ command, "/nonexistent-dm-target", "--stall-timeout", bad, "--quiet", "--no-history" });
            ASSERT_EQ(cli.wait(std::chrono::seconds(20)), 2) << command << " --stall-timeout " << bad;
            EXPECT_NE(cli.err().find("--stall-timeout must be a number of seconds from 1 to 3600"), std::string::npos)
                << command << ": " << cli.err();
        }
    }
}
