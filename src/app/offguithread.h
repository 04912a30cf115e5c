// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "mailbox.h"

#include <QObject>

#include <chrono>
#include <functional>
#include <memory>
#include <thread>
#include <utility>

namespace dm {

// Threads of runOffGuiThread() that have not returned yet.
int offGuiThreadCount();
// Waits up to `timeout` for every such thread to return; true when none is left.
bool waitForOffGuiThreads(std::chrono::milliseconds timeout);
// The end of a program (the window's main, a window test binary): waits up to `timeout` for the
// threads and returns `code` when they are done, so the program ends as usual. When one still
// runs (a mount or device that does not answer holds it), it ends the process at once with
// `code` instead: the exit's destructors of globals would pull what that thread uses from under
// it (a crash at exit: "QMutex: destroying locked mutex").
int exitLeavingOffGuiThreads(int code, std::chrono::milliseconds timeout);

// One running thread of runOffGuiThread() while a copy of this lives: made before the thread
// starts and kept by it, so a waiter never sees zero between the two.
class OffGuiThreadCount {
public:
    OffGuiThreadCount();
    OffGuiThreadCount(const OffGuiThreadCount&);
    OffGuiThreadCount& operator=(const OffGuiThreadCount&) = delete;
    ~OffGuiThreadCount();
};

// Runs `work()` on a thread of its own and hands what it returns to `done(value)` on the GUI
// thread, or nowhere once `context` is gone. For what the window must not do itself: format a
// report, write a file, list mounts, describe a device (sysfs, the device's first sectors). The
// thread is never joined: a mount or device that does not answer (a stalled FUSE or NFS server,
// a frozen USB stick) holds it as long as it likes, and neither the window nor its exit waits.
// Everything `work` needs is captured by value.
//
// Such a thread may still run when the program ends. The program must then not destroy what the
// thread may be using (Qt's globals, a function's static QRegularExpression): see
// waitForOffGuiThreads() and exitLeavingOffGuiThreads().
template <class Work, class Done> void runOffGuiThread(QObject* context, Work work, Done done)
{
    // A mailbox of this job's own, a child of the context: gone with it, so `done` is dropped.
    auto* mailbox = new Mailbox(context);
    const OffGuiThreadCount counted;
    std::thread([counted, to = mailbox->sender(), mailbox, work = std::move(work), done = std::move(done)]() mutable {
        // std::function wants what it holds copyable; the value is moved out exactly once.
        auto value = std::make_shared<decltype(work())>(work());
        auto finish = std::make_shared<Done>(std::move(done));
        // `mailbox` is only used on the GUI thread, where it lives, and only while it does.
        to.post([mailbox, finish, value] {
            (*finish)(std::move(*value));
            mailbox->deleteLater();
        });
    }).detach();
}

// For tests: `observer(what)` is called on the thread that formats a report or describes a
// target for the window ("grid text", "page json", "device description"), so a test can tell
// that it is not the GUI thread. Set it before the window works and keep it while it does.
void setOffGuiThreadObserver(std::function<void(const char* what)> observer);
// Called by that work, where it happens; does nothing without an observer.
void noteOffGuiThread(const char* what);

} // namespace dm
