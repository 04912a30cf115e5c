// SPDX-License-Identifier: GPL-3.0-or-later
#include "offguithread.h"

#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <mutex>

namespace dm {

namespace {
    std::mutex g_observerMutex;
    std::function<void(const char*)> g_observer;

    // Never destroyed: a thread still running at exit counts itself out after the globals are
    // gone (when the wait below gave up and the process left by _Exit, this never matters).
    struct Running {
        std::mutex mutex;
        std::condition_variable changed;
        int count = 0;
    };
    Running& running()
    {
        static auto* r = new Running;
        return *r;
    }

    void countIn()
    {
        const std::lock_guard lock(running().mutex);
        ++running().count;
    }
}

OffGuiThreadCount::OffGuiThreadCount() { countIn(); }

OffGuiThreadCount::OffGuiThreadCount(const OffGuiThreadCount&) { countIn(); }

OffGuiThreadCount::~OffGuiThreadCount()
{
    Running& r = running();
    {
        const std::lock_guard lock(r.mutex);
        --r.count;
    }
    r.changed.notify_all();
}

int offGuiThreadCount()
{
    const std::lock_guard lock(running().mutex);
    return running().count;
}

bool waitForOffGuiThreads(std::chrono::milliseconds timeout)
{
    Running& r = running();
    std::unique_lock lock(r.mutex);
    return r.changed.wait_for(lock, timeout, [&r] { return r.count == 0; });
}

int exitLeavingOffGuiThreads(int code, std::chrono::milliseconds timeout)
{
    if (waitForOffGuiThreads(timeout))
        return code;
    std::fflush(stdout);
    std::fflush(stderr);
    std::_Exit(code);
}

void setOffGuiThreadObserver(std::function<void(const char* what)> observer)
{
    const std::lock_guard lock(g_observerMutex);
    g_observer = std::move(observer);
}

void noteOffGuiThread(const char* what)
{
    // Called under the lock, so an observer that is being replaced is never called after.
    const std::lock_guard lock(g_observerMutex);
    if (g_observer)
        g_observer(what);
}

} // namespace dm
