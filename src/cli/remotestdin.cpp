// SPDX-License-Identifier: GPL-3.0-or-later
#include "remotestdin.h"

#include "sshremote.h"

#include <cerrno>
#include <condition_variable>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <thread>
#include <unistd.h>

namespace dm {

namespace {

    struct Barrier {
        std::mutex mutex;
        std::condition_variable changed;
        bool enabled = false;
        bool closed = false; // stdin ended: nothing will release a wait any more
        unsigned long released = 0; // the highest SEQ a "go" line named
        unsigned long reached = 0; // how many barriers this run has come to
    };

    Barrier& barrier()
    {
        static Barrier b;
        return b;
    }

    void readLines(bool stopOnEof)
    {
        std::string pending;
        char buffer[256];
        for (;;) {
            const ssize_t got = ::read(STDIN_FILENO, buffer, sizeof buffer);
            if (got == 0 || (got < 0 && errno != EINTR))
                break;
            if (got < 0)
                continue;
            pending.append(buffer, size_t(got));
            for (size_t nl; (nl = pending.find('\n')) != std::string::npos; pending.erase(0, nl + 1)) {
                const std::string line = pending.substr(0, nl);
                if (line.rfind(kBarrierGo, 0) != 0)
                    continue;
                const unsigned long seq = std::strtoul(line.c_str() + std::strlen(kBarrierGo), nullptr, 10);
                Barrier& b = barrier();
                std::lock_guard lock(b.mutex);
                b.released = std::max(b.released, seq);
                b.changed.notify_all();
            }
        }
        {
            Barrier& b = barrier();
            std::lock_guard lock(b.mutex);
            b.closed = true;
            b.changed.notify_all();
        }
        // The handlers installSignalHandlers() set turn this into a stop; before they are set
        // the default action ends the program, which is a stop too.
        if (stopOnEof)
            ::kill(::getpid(), SIGINT);
    }

} // namespace

void watchRemoteStdin(bool stopOnEof, bool withBarrier)
{
    if (!stopOnEof && !withBarrier)
        return;
    barrier().enabled = withBarrier; // before the thread and the run start: no lock needed
    std::thread([stopOnEof] { readLines(stopOnEof); }).detach();
}

void holdAtRemoteBarrier(size_t item)
{
    Barrier& b = barrier();
    if (!b.enabled)
        return;
    std::unique_lock lock(b.mutex);
    const unsigned long seq = ++b.reached;
    // stderr is unbuffered: the line is on the connection when fprintf returns.
    std::fprintf(stderr, "%s%lu %zu\n", kBarrierReady, seq, item);
    b.changed.wait(lock, [&] { return b.released >= seq || b.closed; });
    if (b.released >= seq)
        std::fprintf(stderr, "%s%lu\n", kBarrierStarted, seq);
}

} // namespace dm
