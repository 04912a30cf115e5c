// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "historyentry.h"
#include "historystore.h"

#include <QObject>
#include <QPointer>
#include <QString>

#include <functional>
#include <memory>
#include <vector>

class QThread;

namespace dm {

// The window's way to the history. The HistoryStore lives on a thread of its own (a Qt SQL
// connection belongs to the thread that made it, and a locked database waits up to 10 s, which
// must never freeze the window). Requests are queued to that thread in order; answers come back
// on the GUI thread as signals or callbacks carrying plain values. The GUI thread never touches
// SQLite.
class HistoryService : public QObject {
    Q_OBJECT
public:
    explicit HistoryService(QString path = HistoryStore::defaultPath(),
        int busyTimeoutMs = HistoryStore::kDefaultBusyTimeoutMs, QObject* parent = nullptr);
    // Waits for the requests already queued (a store in progress is finished, not dropped).
    ~HistoryService() override;

    const QString& path() const { return m_path; }

    // Opens the file (setting a damaged one aside: see notice) and lists it: listed() or failed().
    void refresh();
    // Stores runs (one transaction): stored() then listed(), or storeFailed() with the JSON kept
    // in <data dir>/diskometer/unsaved/ so nothing finished is lost. `what` names the run in messages.
    void store(std::vector<HistoryInput> runs, const QString& what);
    void setLabel(qint64 id, const QString& name, const QString& comment);
    void remove(std::vector<qint64> ids);
    using RecordsDone = std::function<void(const std::vector<HistoryRecord>& records, const QString& error)>;
    // Reads runs in full; `done` runs on the GUI thread, and not at all once `context` is gone.
    void fetch(std::vector<qint64> ids, QObject* context, RecordsDone done);
    // Requests queued or running, for tests and a busy indicator.
    int pending() const { return m_pending; }

Q_SIGNALS:
    void listed(const std::vector<dm::HistoryEntry>& entries);
    void stored(const std::vector<qint64>& ids, const QString& what);
    void storeFailed(const QString& what, const QString& message);
    void failed(const QString& message); // reading, renaming or deleting
    // Once per service: the file was damaged and set aside (the message names the copy).
    void notice(const QString& message);
    void idle(); // nothing queued any more

private:
    // Runs `job` on the store's thread with the store; `reply` is queued back to the GUI thread.
    void run(std::function<void(HistoryStore& store)> job);
    void reply(std::function<void()> fn);
    void listInto(HistoryStore& store);

    QString m_path;
    int m_busyTimeoutMs;
    QThread* m_thread;
    QObject* m_worker; // lives on m_thread; requests are queued to it
    std::unique_ptr<HistoryStore> m_store; // made, used and destroyed on m_thread only
    bool m_noticeSent = false; // touched on m_thread only
    int m_pending = 0; // GUI thread only
};

} // namespace dm
