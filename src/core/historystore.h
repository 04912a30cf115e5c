// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "historyentry.h"

#include <QString>
#include <QStringList>

#include <vector>

class QSqlError;

namespace dm {

// The history: every finished run in one SQLite file (Qt SQL's QSQLITE driver), the full JSON
// beside a few summary columns. See docs/HISTORY.md for the layout and the reasons.
//
// Threads: a store opens its own connection (a name unique to the instance), and Qt SQL
// connections belong to the thread that made them. Make, use and destroy a HistoryStore on one
// thread, e.g. the window's worker; several stores (threads or processes) may share one file.
//
// Safety: WAL journal and a busy timeout, so two processes storing at once both succeed; every
// write is one transaction; a file SQLite calls corrupt or "not a database" is renamed aside
// (never overwritten or deleted) and a new one started, with notice() saying where the old one
// is. A database locked longer than the timeout is an error, and nothing is lost or set aside.
class HistoryStore {
public:
    // The schema this build writes (PRAGMA user_version). Older files are migrated on open;
    // newer ones are refused rather than damaged.
    static constexpr int kSchemaVersion = 3;
    // How long a write waits for another process's transaction before giving up.
    static constexpr int kDefaultBusyTimeoutMs = 10000;

    // $DISKOMETER_HISTORY_DB when set (tests, portable setups), otherwise
    // $XDG_DATA_HOME/diskometer/history.sqlite, XDG_DATA_HOME defaulting to ~/.local/share.
    static QString defaultPath();
    // Why defaultPath() is not where the user may think (a relative XDG_DATA_HOME, which the
    // XDG rule says to ignore), naming the file used instead; empty when there is nothing to say.
    static QString defaultPathNotice();

    explicit HistoryStore(QString path = defaultPath(), int busyTimeoutMs = kDefaultBusyTimeoutMs);
    ~HistoryStore();
    HistoryStore(const HistoryStore&) = delete;
    HistoryStore& operator=(const HistoryStore&) = delete;

    // Makes the directory and the file when missing, sets a corrupt file aside, migrates. Every
    // other call opens first when needed, so calling this is optional; call it to learn early.
    Status open();
    bool isOpen() const;
    // For a command that only reads (history list, show, compare): a damaged file is reported
    // and left where it is, because only a writer may set it aside and start a new one. Call
    // before the first use.
    void setReadOnlyUse() { m_readOnlyUse = true; }
    // True once open() found it could not write the file or its directory and opened the
    // file read-only (SQLite's WAL needs to create the -shm beside it otherwise).
    bool openedReadOnly() const { return m_readOnlyConnection; }
    const QString& path() const { return m_path; }
    // Set when open() found a damaged file and started a new one: says where the old one went
    // and what to do with it. Empty otherwise.
    const QString& notice() const { return m_notice; }

    // Stores runs in one transaction (all or none); returns their new ids in order.
    Result<std::vector<qint64>> add(const std::vector<HistoryInput>& runs);
    Result<qint64> add(const HistoryInput& run);
    // The id of a stored run that is this one (the same JSON, or the same kind, date, target,
    // host and source), or nothing: importing a report twice is noticed (issue 14, item 14).
    Result<std::optional<qint64>> findStored(const HistoryInput& run);
    // Newest run first.
    Result<std::vector<HistoryEntry>> list();
    // An unknown id is a usage error naming it.
    Result<HistoryRecord> get(qint64 id);
    Status remove(qint64 id);
    // The user's label and comment; the stored JSON is never rewritten.
    Status setLabel(qint64 id, const QString& name, const QString& comment);

private:
    Status openOnce();
    Status migrate();
    Status execAll(const QStringList& statements);
    Error newerFile(int version) const;
    Error sqlError(const QString& what, const QSqlError& error) const;

    QString m_path;
    QString m_connection;
    int m_busyTimeoutMs;
    QString m_notice;
    bool m_open = false;
    bool m_readOnlyUse = false;
    bool m_readOnlyConnection = false;
    QString m_damage; // SQLite's own words when the file is damaged
};

} // namespace dm
