// SPDX-License-Identifier: GPL-3.0-or-later
#include "heldio.h"

#include <atomic>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <cstring>
#include <sched.h>
#include <sys/mman.h>
#include <fcntl.h>
#include <sys/syscall.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace dm {

namespace {

    std::atomic<uint32_t> g_heldIos { 0 };
    std::atomic<uint32_t> g_heldLibaioContexts { 0 }; // contexts whose teardown would block an exit
    std::atomic<uint32_t> g_heldThreads { 0 }; // calls of holdUntilThreadsReturn() not yet back

    constexpr int64_t kWaitSliceNs = 500'000'000;

    // The process left behind by releaseHeldIoAtExit(): it shares our memory (CLONE_VM), so the
    // libaio contexts' memory outlives our exit, and the kernel's wait for their I/O (exit_aio)
    // happens when this process ends instead. It ends once the last of our threads is gone: then
    // the kernel closes the write end of a pipe only we hold, and its read() returns. (Not
    // PR_SET_PDEATHSIG: that fires when the thread that made it exits, while other threads of
    // ours may still run, and the last of them would then wait in exit_aio after all.)
    // Only raw system calls here: it runs on a small stack of its own, sharing the caller's
    // thread state; every signal but SIGKILL is blocked.
    int holderMain(void* readEnd)
    {
        const int fd = *static_cast<int*>(readEnd);
        if (fd > 0)
            ::syscall(SYS_close_range, 0u, unsigned(fd - 1), 0u);
        ::syscall(SYS_close_range, unsigned(fd + 1), ~0u, 0u); // no pipe of ours stays open in it
        char c;
        while (::read(fd, &c, 1) != 0) {
        }
        return 0;
    }

    pid_t startHolder()
    {
        static int pipeFds[2] = { -1, -1 };
        if (::pipe2(pipeFds, O_CLOEXEC) != 0)
            return -1;
        constexpr size_t kStack = 64 * 1024;
        void* stack = ::mmap(nullptr, kStack, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
        if (stack == MAP_FAILED)
            return -1;
        sigset_t all, old;
        sigfillset(&all);
        pthread_sigmask(SIG_SETMASK, &all, &old); // the holder starts with every signal blocked
        const pid_t pid = ::clone(holderMain, static_cast<char*>(stack) + kStack, CLONE_VM | SIGCHLD, &pipeFds[0]);
        pthread_sigmask(SIG_SETMASK, &old, nullptr);
        ::close(pipeFds[0]);
        // pipeFds[1] stays open until the last of our threads is gone: that ends the holder.
        return pid;
    }

    // Threads of this process in uninterruptible sleep ('D' in /proc/self/task/*/stat), other
    // than the caller: with io_uring, a worker of the ring asleep for a request of a full queue
    // and the thread that submitted, which cannot end before it (io_wq_put_and_exit).
    int threadsAsleepInTheKernel()
    {
        int asleep = 0;
        const std::string self = std::to_string(::syscall(SYS_gettid));
        std::error_code ec;
        for (const auto& t : std::filesystem::directory_iterator("/proc/self/task", ec)) {
            if (t.path().filename() == self)
                continue;
            std::ifstream stat(t.path() / "stat");
            std::string line;
            std::getline(stat, line);
            const auto close = line.rfind(')');
            if (close != std::string::npos && close + 2 < line.size() && line[close + 2] == 'D')
                ++asleep;
        }
        return asleep;
    }

} // namespace

void holdUntilAnswered(std::unique_ptr<IoBackend> backend, uint32_t inFlight, std::function<void()> freeBuffers)
{
    if (inFlight == 0) {
        backend.reset();
        if (freeBuffers)
            freeBuffers();
        return;
    }
    const bool libaio = std::strcmp(backend->name(), "libaio") == 0;
    g_heldIos += inFlight;
    if (libaio)
        ++g_heldLibaioContexts;
    std::thread([backend = std::move(backend), inFlight, freeBuffers = std::move(freeBuffers), libaio]() mutable {
        std::vector<IoBackend::Completion> done(inFlight);
        uint32_t left = inFlight;
        while (left > 0) {
            auto got = backend->reap(1, left, done.data(), kWaitSliceNs);
            if (!got)
                break; // the context failed: its teardown below waits for what is left
            left -= *got;
            g_heldIos -= *got;
        }
        backend.reset(); // all given back: returns at once
        if (freeBuffers)
            freeBuffers();
        g_heldIos -= left;
        if (libaio)
            --g_heldLibaioContexts;
    }).detach();
}

void holdUntilThreadsReturn(uint32_t inFlight, std::function<void()> waitForThreads)
{
    g_heldIos += inFlight;
    ++g_heldThreads;
    std::thread([inFlight, wait = std::move(waitForThreads)]() mutable {
        wait();
        wait = nullptr; // may hand on held I/O (holdUntilAnswered) before our count goes
        g_heldIos -= inFlight;
        --g_heldThreads;
    }).detach();
}

uint32_t heldIoCount() { return g_heldIos.load(); }

bool waitForHeldIo(int ms)
{
    const auto giveUp = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
    while (g_heldIos.load() > 0) {
        if (std::chrono::steady_clock::now() >= giveUp)
            return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return true;
}

std::string releaseHeldIoAtExit()
{
    // A device that is merely slow gives its I/O back in a moment: then there is nothing to say.
    if (waitForHeldIo(100))
        return {};
    const uint32_t held = g_heldIos.load();
    std::string text = "the device did not answer " + std::to_string(held) + " I/O request"
        + (held == 1 ? "" : "s") + ". The kernel keeps them, and the device open, until it answers.";
    if (g_heldLibaioContexts.load() > 0) {
        const pid_t holder = startHolder();
        if (holder > 0)
            text += " A helper process (pid " + std::to_string(holder)
                + ") waits for them in the kernel in our place, so that this program can exit now.";
        else
            text += " This program cannot exit before they end (the kernel waits for libaio I/O at exit).";
    }
    if (g_heldThreads.load() > 0 || threadsAsleepInTheKernel() > 0)
        // A thread asleep in the kernel for a request of the device's full queue (libaio: in
        // io_submit; io_uring: a worker of the ring, whose thread cannot end before it): no
        // signal ends it, and a process ends only once all its threads have (docs/FAULTS.md).
        text += " A thread of this program is asleep in the kernel, waiting for the device to take a request, so"
                " the program itself ends only when the device answers or is unplugged; all it had to say is said.";
    text += " Unplug the device to end them at once, or wait for it to answer.";
    return text;
}

} // namespace dm
