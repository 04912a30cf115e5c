// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QObject>

#include <atomic>
#include <functional>
#include <memory>

class QThread;

namespace dm {

class Mailbox;

// The window's one way to run a test: each page's job (a scan, a sustained write, a sweep) and the
// grid's (BenchmarkController) runs on a thread of its own. The job gets the cancel flag and hands
// values back with post(), which runs a function on the GUI thread (through a Mailbox, so the job
// never waits for the window); nothing else crosses between the threads. One job at a time: a new one
// is refused until the last one's posts have all arrived, so no job's values can reach a newer
// job's page (what a job id would be for). The history's requests are not jobs of this kind: they
// are short, never cancelled, and must run in order on the one thread that owns the SQLite
// connection (historyservice.h).
class ToolRunner : public QObject {
    Q_OBJECT
public:
    using Job = std::function<void(const std::atomic<bool>& cancel)>;

    explicit ToolRunner(QObject* parent = nullptr);
    ~ToolRunner() override; // asks the job to stop and waits for it (within half a second)

    bool isRunning() const { return m_thread != nullptr; }
    // Returns false (and does nothing) while a job runs.
    bool start(Job job);
    // Asks the job to end; the engine notices within half a second, then finished() comes.
    void stop();
    // From the job's thread: runs `fn` on the GUI thread, after the values posted before it.
    void post(std::function<void()> fn);

Q_SIGNALS:
    void runningChanged(bool running);
    void finished(); // after everything the job posted

private:
    std::atomic<bool> m_cancel { false };
    QThread* m_thread = nullptr;
    Mailbox* m_mailbox; // the job's values to the GUI thread (mailbox.h says why not Qt's queue)
};

} // namespace dm
