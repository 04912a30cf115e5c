// SPDX-License-Identifier: GPL-3.0-or-later
#include "offguithread.h"

#include <mutex>

namespace dm {

namespace {
    std::mutex g_observerMutex;
    std::function<void(const char*)> g_observer;
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
