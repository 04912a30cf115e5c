// SPDX-License-Identifier: GPL-3.0-or-later
#include "historyservice.h"

#include "historyimport.h"
#include "mailbox.h"
#include "reportfile.h"

#include <QDir>
#include <QFileInfo>
#include <QThread>

#include <condition_variable>
#include <mutex>

namespace dm {

namespace {
    QString message(const Error& e) { return QString::fromStdString(e.message); }

    // The runs in the order asked for; stops at the first that cannot be read, saying why.
    std::vector<HistoryRecord> readRecords(HistoryStore& store, const std::vector<qint64>& ids, QString& error)
    {
        std::vector<HistoryRecord> records;
        for (const qint64 id : ids) {
            auto r = store.get(id);
            if (!r) {
                error = message(r.error());
                break;
            }
            records.push_back(std::move(*r));
        }
        return records;
    }
}

HistoryService::HistoryService(QString path, int busyTimeoutMs, QObject* parent)
    : QObject(parent)
    , m_path(std::move(path))
    , m_busyTimeoutMs(busyTimeoutMs)
    , m_thread(new QThread)
    , m_requests(new Mailbox)
    , m_replies(new Mailbox(this))
{
    m_thread->setObjectName(QStringLiteral("diskometer-history"));
    m_requests->moveToThread(m_thread);
    m_thread->start();
}

HistoryService::~HistoryService()
{
    // The store goes on its own thread, after whatever was queued before it: a run being stored
    // when the window closes is still stored. Then that thread's event loop ends (quit() from
    // the thread itself, so nothing queued before is skipped) and the thread is joined. The
    // wait for the store is a std::mutex's, not only QThread::wait()'s, whose lock inside
    // libQt6Core ThreadSanitizer cannot see (mailbox.h).
    std::mutex mutex;
    std::condition_variable changed;
    bool gone = false;
    m_requests->post([&] {
        m_store.reset();
        QThread::currentThread()->quit();
        const std::lock_guard lock(mutex);
        gone = true;
        changed.notify_one();
    });
    {
        std::unique_lock lock(mutex);
        changed.wait(lock, [&] { return gone; });
    }
    m_thread->wait();
    delete m_requests;
    delete m_thread;
}

void HistoryService::run(std::function<void(HistoryStore& store)> job)
{
    ++m_pending;
    m_requests->post([this, job = std::move(job)] {
            if (!m_store)
                m_store = std::make_unique<HistoryStore>(m_path, m_busyTimeoutMs);
            // Every call opens the file when needed, setting a damaged one aside; not opening
            // here first, so a locked file costs one busy timeout, not two.
            job(*m_store);
            if (!m_noticeSent && !m_store->notice().isEmpty()) {
                m_noticeSent = true;
                reply([this, text = m_store->notice()] { Q_EMIT notice(text); });
            }
            reply([this] {
                if (--m_pending == 0)
                    Q_EMIT idle();
            });
        });
}

void HistoryService::reply(std::function<void()> fn)
{
    // Delivered on the GUI thread in the order posted, and dropped if the service is gone (its
    // destructor waits for the thread first, so `this` is valid here).
    m_replies->post(std::move(fn));
}

void HistoryService::listInto(HistoryStore& store)
{
    auto entries = store.list();
    if (entries)
        reply([this, e = std::move(*entries)] { Q_EMIT listed(e); });
    else
        reply([this, m = message(entries.error())] { Q_EMIT failed(m); });
}

void HistoryService::refresh()
{
    run([this](HistoryStore& store) { listInto(store); });
}

void HistoryService::store(std::vector<HistoryInput> runs, const QString& what, QObject* origin)
{
    store([runs = std::move(runs)]() -> Result<std::vector<HistoryInput>> { return runs; }, what, origin);
}

void HistoryService::store(MakeRuns make, const QString& what, QObject* origin)
{
    // The QPointer is only read on the GUI thread, where the origin lives.
    run([this, make = std::move(make), what, origin = QPointer<QObject>(origin)](HistoryStore& store) {
        auto made = make();
        if (!made) {
            reply([this, what, origin, text = tr("%1 was not stored in the history: %2").arg(what, message(made.error()))] {
                Q_EMIT storeFailed(what, text, origin.data());
            });
            return;
        }
        const std::vector<HistoryInput>& runs = *made;
        auto ids = store.add(runs);
        if (ids) {
            reply([this, i = *ids, what, origin] { Q_EMIT stored(i, what, origin.data()); });
            listInto(store);
            return;
        }
        // Never lose a finished run: its JSON goes where Import can pick it up later.
        const QString dir = QFileInfo(store.path()).absolutePath() + QStringLiteral("/unsaved");
        QStringList kept;
        for (const HistoryInput& in : runs) {
            const QDateTime date = in.entry.created.isValid() ? in.entry.created : QDateTime::currentDateTime();
            QString file = dir + QLatin1Char('/') + defaultReportFileName(QStringLiteral("json"), date);
            for (int n = 2; QFileInfo::exists(file); ++n)
                file = dir + QLatin1Char('/') + defaultReportFileName(QStringLiteral("%1.json").arg(n), date);
            if (QDir().mkpath(dir) && writeReportFile(file, in.json).isEmpty())
                kept << file;
        }
        const QString why = message(ids.error());
        const QString text = kept.size() == int(runs.size())
            ? tr("%1 was not stored in the history (%2). Its JSON is kept in %3: add it with History › Import "
                 "once the history can be written.")
                  .arg(what, why, kept.join(QStringLiteral(", ")))
            : tr("%1 was not stored in the history (%2), and its JSON could not be kept in %3 either: save its "
                 "reports now.")
                  .arg(what, why, dir);
        reply([this, what, text, origin] { Q_EMIT storeFailed(what, text, origin.data()); });
    });
}

void HistoryService::importRuns(std::vector<HistoryInput> runs, const QString& what)
{
    run([this, runs = std::move(runs), what](HistoryStore& store) mutable {
        std::vector<HistoryInput> fresh;
        QStringList already;
        for (HistoryInput& in : runs) {
            auto stored = store.findStored(in);
            if (!stored) {
                reply([this, m = message(stored.error())] { Q_EMIT failed(m); });
                return;
            }
            if (*stored)
                already << QString::number(**stored);
            else
                fresh.push_back(std::move(in));
        }
        if (!fresh.empty()) {
            auto ids = store.add(fresh);
            if (!ids) {
                reply([this, m = message(ids.error())] { Q_EMIT failed(m); });
                return;
            }
            reply([this, i = *ids, what] { Q_EMIT stored(i, what, nullptr); });
        }
        listInto(store);
        if (!already.isEmpty()) // after the list, so it is what stays on the status line
            reply([this, what, already] {
                Q_EMIT failed(tr("%1: already in the history as run %2, not stored again")
                        .arg(what, already.join(QStringLiteral(", "))));
            });
    });
}

void HistoryService::setLabel(qint64 id, const QString& name, const QString& comment)
{
    run([this, id, name, comment](HistoryStore& store) {
        const auto st = store.setLabel(id, name, comment);
        listInto(store); // listed first, so the failure is what stays on the status line
        if (!st)
            reply([this, m = message(st.error())] { Q_EMIT failed(m); });
    });
}

void HistoryService::remove(std::vector<qint64> ids)
{
    run([this, ids = std::move(ids)](HistoryStore& store) {
        QString error;
        for (const qint64 id : ids)
            if (const auto st = store.remove(id); !st) {
                error = message(st.error());
                break;
            }
        listInto(store); // listed first, so the failure is what stays on the status line
        if (!error.isEmpty())
            reply([this, error] { Q_EMIT failed(error); });
    });
}

template <class T>
void HistoryService::answer(QObject* context, std::function<T(HistoryStore& store, QString& error)> work,
    std::function<void(const T& value, const QString& error)> done)
{
    // The QPointer is only read on the GUI thread, where the context lives.
    run([this, ctx = QPointer<QObject>(context), work = std::move(work), done = std::move(done)](HistoryStore& store) {
        QString error;
        T value = work(store, error);
        reply([ctx, done, value = std::move(value), error] {
            if (ctx)
                done(value, error);
        });
    });
}

void HistoryService::fetch(std::vector<qint64> ids, QObject* context, RecordsDone done)
{
    answer<std::vector<HistoryRecord>>(
        context, [ids = std::move(ids)](HistoryStore& store, QString& error) { return readRecords(store, ids, error); },
        std::move(done));
}

void HistoryService::compare(std::vector<qint64> ids, QObject* context, ComparisonDone done)
{
    answer<Comparison>(
        context,
        [ids = std::move(ids)](HistoryStore& store, QString& error) {
            std::vector<HistoryRecord> records = readRecords(store, ids, error);
            return error.isEmpty() ? buildComparison(records) : Comparison {};
        },
        std::move(done));
}

void HistoryService::fetchReports(qint64 id, QObject* context, ReportsDone done)
{
    answer<RunReports>(
        context,
        [id](HistoryStore& store, QString& error) {
            RunReports out;
            auto r = store.get(id);
            if (!r) {
                error = message(r.error());
                return out;
            }
            out.record = std::move(*r);
            if (const TestKind* kind = kindForSchema(out.record.entry.schema))
                if (auto reports = kind->reports(out.record.json, out.record.entry.comment))
                    out.reports = std::move(*reports);
            if (auto grid = reportFromRecord(out.record)) {
                grid->comment = out.record.entry.comment; // as edited in the history
                out.grid = std::move(*grid);
            }
            return out;
        },
        std::move(done));
}

} // namespace dm
