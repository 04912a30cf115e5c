// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "comparison.h"
#include "historyentry.h"
#include "historystore.h"
#include "report.h"
#include "testkind.h"

#include <QObject>
#include <QPointer>
#include <QString>

#include <functional>
#include <memory>
#include <vector>

class QThread;

namespace dm {

class Mailbox;

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
    // in <data dir>/diskometer/unsaved/ so nothing finished is lost. `what` names the run in messages;
    // `origin` (the page that ran it, or null) comes back with the answer, so the answer reaches
    // its page without anyone comparing (translated) names.
    void store(std::vector<HistoryInput> runs, const QString& what, QObject* origin = nullptr);
    // As store(), with the runs made on the store's thread by `make` (formatting a Report's JSON,
    // reading a page's): the window never formats or parses a report. A run that cannot be made
    // is a storeFailed() saying why.
    using MakeRuns = std::function<Result<std::vector<HistoryInput>>()>;
    void store(MakeRuns make, const QString& what, QObject* origin = nullptr);
    // History › Import: as store(), but a run that is in the history already is skipped, and
    // failed() says which run it is, after the list (issue 14, item 14; `history import` does the
    // same unless --again).
    void importRuns(std::vector<HistoryInput> runs, const QString& what);
    void setLabel(qint64 id, const QString& name, const QString& comment);
    void remove(std::vector<qint64> ids);
    using RecordsDone = std::function<void(const std::vector<HistoryRecord>& records, const QString& error)>;
    // Reads runs in full; `done` runs on the GUI thread, and not at all once `context` is gone.
    void fetch(std::vector<qint64> ids, QObject* context, RecordsDone done);
    // Reads runs and builds their comparison on the store's thread (every document is parsed
    // there, never on the GUI thread); `done` as for fetch().
    using ComparisonDone = std::function<void(const Comparison& comparison, const QString& error)>;
    void compare(std::vector<qint64> ids, QObject* context, ComparisonDone done);
    // One run with every report its kind makes (text, Markdown, CSV) and, for a grid or fio run,
    // its Report for the grid's tiles: parsed and formatted on the store's thread.
    struct RunReports {
        HistoryRecord record;
        std::optional<KindReports> reports; // empty for a kind this build cannot lay out
        std::optional<Report> grid;
    };
    using ReportsDone = std::function<void(const RunReports& run, const QString& error)>;
    void fetchReports(qint64 id, QObject* context, ReportsDone done);
    // Requests queued or running, for tests and a busy indicator.
    int pending() const { return m_pending; }

Q_SIGNALS:
    void listed(const std::vector<dm::HistoryEntry>& entries);
    void stored(const std::vector<qint64>& ids, const QString& what, QObject* origin);
    void storeFailed(const QString& what, const QString& message, QObject* origin);
    void failed(const QString& message); // reading, renaming or deleting
    // Once per service: the file was damaged and set aside (the message names the copy).
    void notice(const QString& message);
    void idle(); // nothing queued any more

private:
    // Runs `job` on the store's thread with the store; `reply` is queued back to the GUI thread.
    void run(std::function<void(HistoryStore& store)> job);
    void reply(std::function<void()> fn);
    void listInto(HistoryStore& store);
    // Runs `work` on the store's thread; what it makes and its error go to `done` on the GUI
    // thread, and nowhere once `context` is gone (fetch, compare, fetchReports).
    template <class T>
    void answer(QObject* context, std::function<T(HistoryStore& store, QString& error)> work,
        std::function<void(const T& value, const QString& error)> done);

    QString m_path;
    int m_busyTimeoutMs;
    QThread* m_thread;
    Mailbox* m_requests; // lives on m_thread: the requests, in order (mailbox.h)
    Mailbox* m_replies; // a child, on the GUI thread: the answers
    std::unique_ptr<HistoryStore> m_store; // made, used and destroyed on m_thread only
    bool m_noticeSent = false; // touched on m_thread only
    int m_pending = 0; // GUI thread only
};

} // namespace dm
