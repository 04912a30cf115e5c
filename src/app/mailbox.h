// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QObject>

#include <functional>
#include <memory>

namespace dm {

struct MailboxQueue;

// The window's one way to hand values from one thread to another: a queue of functions, guarded
// by a std::mutex, that the thread the mailbox lives on runs in the order they were posted. The
// job runner's values reach the GUI thread through it, the history's requests reach the store's
// thread and its answers come back, and the off-GUI-thread work hands over its result.
//
// Why not QMetaObject::invokeMethod(object, lambda, Qt::QueuedConnection), which delivers the
// same way: the lambda and every value it captured are written on the posting thread and read
// on the receiving one, and what orders the two is Qt's posted-event lock, inside libQt6Core,
// which ThreadSanitizer cannot see (Qt is not built with it). Every hand-off was reported as a
// race, so the window's threads could not be checked at all (issue 12; docs/FAULTS.md,
// "Sanitizers"). Here the values cross under a lock TSan sees, and Qt carries only a wake-up
// without values: the slot "drain" called by name, so even its slot object is Qt's own.
class Mailbox : public QObject {
    Q_OBJECT
public:
    explicit Mailbox(QObject* parent = nullptr);
    ~Mailbox() override; // what is still queued is dropped

    // A handle any thread may keep and post through, also after the mailbox is gone: what is
    // posted then is dropped, as Qt drops the events of a deleted object.
    class Sender {
    public:
        // Thread-safe. Runs `fn` on the mailbox's thread after everything posted before it
        // through any sender of this mailbox, or never if the mailbox is deleted first.
        void post(std::function<void()> fn) const;

    private:
        friend class Mailbox;
        std::shared_ptr<MailboxQueue> m_queue;
    };
    Sender sender() const;
    void post(std::function<void()> fn) const { sender().post(std::move(fn)); }

private:
    Q_INVOKABLE void drain();

    std::shared_ptr<MailboxQueue> m_queue;
};

} // namespace dm
