// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QPointer>

#include <functional>
#include <thread>
#include <utility>

namespace dm {

// Runs `work()` on a thread of its own and hands what it returns to `done(value)` on the GUI
// thread, or nowhere once `context` is gone. For what the window must not do itself: format a
// report, write a file, list mounts, describe a device (sysfs, the device's first sectors). The
// thread is never joined: a mount or device that does not answer (a stalled FUSE or NFS server,
// a frozen USB stick) holds it as long as it likes, and neither the window nor its exit waits.
// Everything `work` needs is captured by value.
template <class Work, class Done> void runOffGuiThread(QObject* context, Work work, Done done)
{
    // The QPointer is only read on the GUI thread, where the context lives.
    std::thread([guard = QPointer<QObject>(context), work = std::move(work), done = std::move(done)]() mutable {
        auto value = work();
        if (QCoreApplication* app = QCoreApplication::instance())
            QMetaObject::invokeMethod(
                app,
                [guard = std::move(guard), done = std::move(done), value = std::move(value)]() mutable {
                    if (guard)
                        done(std::move(value));
                },
                Qt::QueuedConnection);
    }).detach();
}

// For tests: `observer(what)` is called on the thread that formats a report or describes a
// target for the window ("grid text", "page json", "device description"), so a test can tell
// that it is not the GUI thread. Set it before the window works and keep it while it does.
void setOffGuiThreadObserver(std::function<void(const char* what)> observer);
// Called by that work, where it happens; does nothing without an observer.
void noteOffGuiThread(const char* what);

} // namespace dm
