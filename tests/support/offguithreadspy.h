// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Records, while it lives, what the window did off the GUI thread and on which thread
// (offguithread.h's test hook): a test then checks that none of it ran on the GUI thread.
#include "offguithread.h"

#include <QThread>

#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace dm::test {

class OffGuiThreadSpy {
public:
    OffGuiThreadSpy()
    {
        setOffGuiThreadObserver([this](const char* what) {
            const std::lock_guard lock(m_mutex);
            m_seen.emplace_back(what, QThread::currentThread());
        });
    }
    ~OffGuiThreadSpy() { setOffGuiThreadObserver({}); }
    OffGuiThreadSpy(const OffGuiThreadSpy&) = delete;
    OffGuiThreadSpy& operator=(const OffGuiThreadSpy&) = delete;

    // Everything noted so far, as (what, thread), in order.
    std::vector<std::pair<std::string, QThread*>> seen() const
    {
        const std::lock_guard lock(m_mutex);
        return m_seen;
    }
    // The threads `what` ran on, in order.
    std::vector<QThread*> threads(const std::string& what) const
    {
        std::vector<QThread*> out;
        for (const auto& [w, thread] : seen())
            if (w == what)
                out.push_back(thread);
        return out;
    }

private:
    mutable std::mutex m_mutex;
    std::vector<std::pair<std::string, QThread*>> m_seen;
};

} // namespace dm::test
