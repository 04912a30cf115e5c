// SPDX-License-Identifier: GPL-3.0-or-later
#include "toolrunner.h"

#include "mailbox.h"

#include <QThread>

namespace dm {

ToolRunner::ToolRunner(QObject* parent)
    : QObject(parent)
    , m_mailbox(new Mailbox(this))
{
}

ToolRunner::~ToolRunner()
{
    if (m_thread) {
        m_cancel = true;
        m_thread->wait();
        delete m_thread;
    }
}

bool ToolRunner::start(Job job)
{
    if (m_thread)
        return false;
    m_cancel = false;
    m_thread = QThread::create([this, job = std::move(job)] { job(m_cancel); });
    m_thread->setObjectName(QStringLiteral("diskometer-tool"));
    // QThread::finished is emitted on the ending thread; queued here, it arrives after every
    // value the job posted before it returned: each post's wake-up for the mailbox (a child, on
    // this thread) was queued before it, and a thread's posted events arrive in order.
    connect(
        m_thread, &QThread::finished, this,
        [this] {
            m_thread->wait();
            m_thread->deleteLater();
            m_thread = nullptr;
            Q_EMIT runningChanged(false);
            Q_EMIT finished();
        },
        Qt::QueuedConnection);
    m_thread->start();
    Q_EMIT runningChanged(true);
    return true;
}

void ToolRunner::stop() { m_cancel = true; }

void ToolRunner::post(std::function<void()> fn)
{
    m_mailbox->post(std::move(fn));
}

} // namespace dm
