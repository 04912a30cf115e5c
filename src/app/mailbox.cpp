// SPDX-License-Identifier: GPL-3.0-or-later
#include "mailbox.h"

#include <QPointer>

#include <deque>
#include <mutex>

namespace dm {

struct MailboxQueue {
    std::mutex mutex;
    std::deque<std::function<void()>> functions;
    Mailbox* owner = nullptr; // null once the mailbox is gone
    bool wakeUpPosted = false; // a drain() is on its way: no need to post another
};

Mailbox::Mailbox(QObject* parent)
    : QObject(parent)
    , m_queue(std::make_shared<MailboxQueue>())
{
    m_queue->owner = this;
}

Mailbox::~Mailbox()
{
    std::deque<std::function<void()>> dropped;
    {
        const std::lock_guard lock(m_queue->mutex);
        m_queue->owner = nullptr;
        dropped.swap(m_queue->functions);
    }
    // `dropped` goes out of the lock: destroying what a function captured may take other locks.
}

Mailbox::Sender Mailbox::sender() const
{
    Sender s;
    s.m_queue = m_queue;
    return s;
}

void Mailbox::Sender::post(std::function<void()> fn) const
{
    if (!m_queue)
        return;
    const std::lock_guard lock(m_queue->mutex);
    if (!m_queue->owner)
        return; // `fn` is destroyed by the caller, out of the lock
    m_queue->functions.push_back(std::move(fn));
    if (m_queue->wakeUpPosted)
        return;
    m_queue->wakeUpPosted = true;
    // Posted under the lock, so the owner cannot be deleted meanwhile (its destructor takes it).
    QMetaObject::invokeMethod(m_queue->owner, "drain", Qt::QueuedConnection);
}

void Mailbox::drain()
{
    std::deque<std::function<void()>> batch;
    {
        const std::lock_guard lock(m_queue->mutex);
        batch.swap(m_queue->functions);
        m_queue->wakeUpPosted = false;
    }
    // A function may delete this mailbox (its page closes): the rest are then dropped, as Qt
    // would have dropped their events.
    const QPointer<Mailbox> self(this);
    for (auto& fn : batch) {
        if (!self)
            return;
        fn();
    }
}

} // namespace dm
