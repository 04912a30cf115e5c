// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A device that misbehaves on purpose (docs/TESTING.md): dm-fuse-rig serves one file on a private
// FUSE mount, and a loop device (direct I/O where the kernel allows it) sits on that file. FuseRig
// starts both and takes both down again, also when the test fails; names are unique per process and
// rig, so tests can run in parallel with another checkout's. Needs root, /dev/fuse and a build with
// libfuse3 (DM_FUSE_RIG_PATH); skipReason() says which is missing.
#include "testtargets.h"

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <fstream>
#include <optional>
#include <string>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace dm::test {

class FuseRig {
public:
    struct Options {
        uint64_t size = 64ull << 20; // what the file (and the loop device) announces
        uint64_t wrap = 0; // bytes kept, offsets wrap modulo it (a fake flash drive); 0 = size
        uint64_t eioAfter = 0; // bytes moved before every I/O fails with EIO; 0 = never
        uint64_t wrongOffset = 0, wrongLength = 0; // reads of this range come back inverted
        uint64_t stallAfter = 0; // bytes moved before it stalls by itself; 0 = only on stall()
        bool loop = true; // put a loop device on the file
        // The loop device's queue/nr_requests while the rig lives: a short queue, as on a USB
        // stick, where a stalled device holds every tag and io_submit blocks. 0 = the loop
        // driver's default (128), whatever an earlier user of the device left: a loop device keeps
        // its queue settings once detached, and a queue left short would make every stall test
        // one of a short queue (the submit itself waits in the kernel; docs/FAULTS.md).
        unsigned queueRequests = 0;
        bool stallMetadata = false; // a stall holds stat of the file too (a hung network mount)
    };

    explicit FuseRig(const Options& o)
    {
#ifndef DM_FUSE_RIG_PATH
        (void)o;
        m_skip = "this build has no FUSE rig (install libfuse3-dev and fuse3, then configure again)";
#else
        if (!isRoot()) {
            m_skip = "needs root to mount the FUSE rig and make a loop device (see docs/TESTING.md)";
            return;
        }
        if (::access("/dev/fuse", R_OK | W_OK) != 0) {
            m_skip = "no /dev/fuse here (FUSE is not in this kernel or not allowed in this container)";
            return;
        }
        static std::atomic<int> counter { 0 };
        std::string tmpl
            = "/tmp/dm-fuserig-" + std::to_string(::getpid()) + "-" + std::to_string(counter++) + "-XXXXXX";
        if (!::mkdtemp(tmpl.data())) {
            m_skip = "cannot make a mount point in /tmp";
            return;
        }
        m_mountPoint = tmpl;
        std::vector<std::string> args = { DM_FUSE_RIG_PATH, m_mountPoint, "--size=" + std::to_string(o.size) };
        if (o.wrap)
            args.push_back("--wrap=" + std::to_string(o.wrap));
        if (o.eioAfter)
            args.push_back("--eio-after=" + std::to_string(o.eioAfter));
        if (o.wrongLength)
            args.push_back("--wrong=" + std::to_string(o.wrongOffset) + ":" + std::to_string(o.wrongLength));
        if (o.stallAfter)
            args.push_back("--stall-after=" + std::to_string(o.stallAfter));
        if (o.stallMetadata)
            args.push_back("--stall-metadata");
        m_pid = ::fork();
        if (m_pid == 0) {
            std::vector<char*> argv;
            for (auto& a : args)
                argv.push_back(a.data());
            argv.push_back(nullptr);
            ::execv(argv[0], argv.data());
            ::_exit(127);
        }
        if (m_pid < 0) {
            m_skip = "fork failed";
            return;
        }
        m_file = m_mountPoint + "/disk.img";
        // Mounted once the file shows its size through a FUSE superblock.
        const auto giveUp = std::chrono::steady_clock::now() + std::chrono::seconds(10);
        while (!mounted()) {
            int status = 0;
            if (::waitpid(m_pid, &status, WNOHANG) == m_pid) {
                m_pid = -1;
                m_skip = "dm-fuse-rig exited before mounting (exit status " + std::to_string(status) + ")";
                return;
            }
            if (std::chrono::steady_clock::now() > giveUp) {
                m_skip = "dm-fuse-rig did not mount within 10 s";
                return;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        if (!o.loop) {
            m_ok = true;
            return;
        }
        m_device = run("losetup --direct-io=on -f --show " + m_file);
        if (m_device.empty())
            m_device = run("losetup -f --show " + m_file);
        if (m_device.empty()) {
            m_skip = "losetup could not put a loop device on the FUSE file";
            return;
        }
        m_directIo = run("cat /sys/block/" + m_device.substr(5) + "/loop/dio") == "1";
        m_queue.emplace(m_device, "nr_requests", std::to_string(o.queueRequests ? o.queueRequests : 128));
        if (!m_queue->set() && o.queueRequests) {
            m_skip = "this kernel does not let " + m_device + "'s queue/nr_requests be set";
            return;
        }
        m_ok = true;
#endif
    }

    ~FuseRig()
    {
        unfreeze();
        resume(); // a stalled rig would hold the loop device's detach
        m_queue.reset(); // put back once the device answers: writing the queue waits for its I/O
        if (!m_device.empty())
            run("losetup -d " + m_device);
        if (m_pid > 0) {
            run("umount " + m_mountPoint); // the rig sees the unmount and exits
            ::kill(m_pid, SIGTERM);
            reap(std::chrono::seconds(5));
            if (m_pid > 0) {
                ::kill(m_pid, SIGKILL);
                reap(std::chrono::seconds(5));
            }
        }
        if (!m_mountPoint.empty()) {
            run("umount -l " + m_mountPoint); // a vanished rig leaves a dead mount behind
            ::rmdir(m_mountPoint.c_str());
        }
    }

    FuseRig(const FuseRig&) = delete;
    FuseRig& operator=(const FuseRig&) = delete;

    bool ok() const { return m_ok; }
    const std::string& skipReason() const { return m_skip; }
    const std::string& file() const { return m_file; } // the served file
    const std::string& device() const { return m_device; } // the loop device on it
    bool loopDirectIo() const { return m_directIo; }

    // From now on every read and write waits, unanswered, until resume().
    void stall() { signalAndWait(SIGUSR1); }
    void resume() { signalAndWait(SIGUSR2); }
    // The whole server stops (SIGSTOP) until unfreeze(): every request on the mount waits,
    // statfs and lookups too, as with a hung FUSE or NFS server. Everything on the machine that
    // touches the mount waits with it, other checkouts' tests too: freeze for seconds only.
    void freeze()
    {
        if (m_pid > 0)
            ::kill(m_pid, SIGSTOP);
    }
    void unfreeze()
    {
        if (m_pid > 0)
            ::kill(m_pid, SIGCONT);
    }
    std::string mountPoint() const { return m_mountPoint; }
    // The device goes away: the rig is killed, the kernel aborts its connection, I/O fails.
    void vanish()
    {
        if (m_pid > 0) {
            ::kill(m_pid, SIGKILL);
            reap(std::chrono::seconds(5));
        }
    }

    // I/Os the loop device has started and not finished (sysfs inflight: reads + writes).
    int inFlight() const
    {
        if (m_device.empty())
            return 0;
        std::ifstream f("/sys/block/" + m_device.substr(5) + "/inflight");
        int r = 0, w = 0;
        f >> r >> w;
        return r + w;
    }

private:
    // kill() returns before the rig has run its handler: wait until the signal is no longer
    // pending (taken by a thread of the rig, whose handler then sets the flag at once).
    void signalAndWait(int sig)
    {
        if (m_pid <= 0)
            return;
        ::kill(m_pid, sig);
        const unsigned long long bit = 1ull << (sig - 1);
        const auto giveUp = std::chrono::steady_clock::now() + std::chrono::seconds(2);
        while (std::chrono::steady_clock::now() < giveUp) {
            std::ifstream status("/proc/" + std::to_string(m_pid) + "/status");
            std::string line;
            bool pending = false;
            while (std::getline(status, line))
                if (line.rfind("ShdPnd:", 0) == 0 || line.rfind("SigPnd:", 0) == 0)
                    pending = pending || (std::stoull(line.substr(7), nullptr, 16) & bit);
            if (!pending)
                break;
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5)); // the handler's one store
    }

    bool mounted() const
    {
        struct statfs fs {};
        struct stat st {};
        constexpr long kFuseSuperMagic = 0x65735546;
        return ::statfs(m_mountPoint.c_str(), &fs) == 0 && fs.f_type == kFuseSuperMagic
            && ::stat(m_file.c_str(), &st) == 0;
    }

    void reap(std::chrono::seconds within)
    {
        const auto giveUp = std::chrono::steady_clock::now() + within;
        while (std::chrono::steady_clock::now() < giveUp) {
            int status = 0;
            if (::waitpid(m_pid, &status, WNOHANG) == m_pid) {
                m_pid = -1;
                return;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
    }

    std::string m_skip, m_mountPoint, m_file, m_device;
    std::optional<QueueSetting> m_queue;
    pid_t m_pid = -1;
    bool m_ok = false, m_directIo = false;
};

#define DM_REQUIRE_FUSE_RIG(rig)                                                                                       \
    do {                                                                                                               \
        if (!(rig).ok())                                                                                               \
            GTEST_SKIP() << (rig).skipReason();                                                                        \
    } while (0)

} // namespace dm::test
