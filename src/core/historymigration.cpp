// SPDX-License-Identifier: GPL-3.0-or-later
// The history's layout and how an older file is brought up to it (HistoryStore::migrate). Apart
// from historystore.cpp because each layout step is written once and kept forever, while the
// store's reading and writing changes with the program.
#include "historyimport.h"
#include "historysql.h"
#include "historystore.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace dm {

using namespace historysql;

namespace {

    // The schema is built by these steps in order, on a new file as on an old one: step i takes
    // user_version i to i + 1. Never edit a released step; add one.
    // v1: the JSON and the bare minimum to list it.
    // v2: summary columns for the list and the compare picker, filled from the stored JSON, and
    //     the run's time as a number (ISO dates with different offsets do not sort as text).
    // v3: the kind's own summary (testkind.h) for every kind, not only the grid's columns: a
    //     headline (value, unit, label) and the named metrics as a JSON object, filled from the
    //     stored JSON by the kind's summarize().
    const QStringList kStep1 {
        QStringLiteral("CREATE TABLE runs (id INTEGER PRIMARY KEY AUTOINCREMENT, created TEXT NOT NULL, "
                       "kind TEXT NOT NULL, json TEXT NOT NULL, comment TEXT NOT NULL DEFAULT '')"),
    };
    const QStringList kStep2 {
        QStringLiteral("ALTER TABLE runs ADD COLUMN created_ms INTEGER NOT NULL DEFAULT 0"),
        QStringLiteral("ALTER TABLE runs ADD COLUMN stored TEXT NOT NULL DEFAULT ''"),
        QStringLiteral("ALTER TABLE runs ADD COLUMN schema TEXT NOT NULL DEFAULT ''"),
        QStringLiteral("ALTER TABLE runs ADD COLUMN source TEXT NOT NULL DEFAULT 'diskometer'"),
        QStringLiteral("ALTER TABLE runs ADD COLUMN host TEXT NOT NULL DEFAULT ''"),
        QStringLiteral("ALTER TABLE runs ADD COLUMN name TEXT NOT NULL DEFAULT ''"),
        QStringLiteral("ALTER TABLE runs ADD COLUMN target_path TEXT NOT NULL DEFAULT ''"),
        QStringLiteral("ALTER TABLE runs ADD COLUMN device_model TEXT NOT NULL DEFAULT ''"),
        QStringLiteral("ALTER TABLE runs ADD COLUMN bus TEXT NOT NULL DEFAULT ''"),
        QStringLiteral("ALTER TABLE runs ADD COLUMN link TEXT NOT NULL DEFAULT ''"),
        QStringLiteral("ALTER TABLE runs ADD COLUMN profile TEXT NOT NULL DEFAULT ''"),
        QStringLiteral("ALTER TABLE runs ADD COLUMN seq_read_mbps REAL"),
        QStringLiteral("ALTER TABLE runs ADD COLUMN seq_write_mbps REAL"),
        QStringLiteral("ALTER TABLE runs ADD COLUMN rnd_read_mbps REAL"),
        QStringLiteral("ALTER TABLE runs ADD COLUMN rnd_write_mbps REAL"),
        QStringLiteral("CREATE INDEX runs_by_date ON runs (created_ms)"),
    };
    const QStringList kStep3 {
        QStringLiteral("ALTER TABLE runs ADD COLUMN headline_value REAL"),
        QStringLiteral("ALTER TABLE runs ADD COLUMN headline_unit TEXT NOT NULL DEFAULT ''"),
        QStringLiteral("ALTER TABLE runs ADD COLUMN headline_label TEXT NOT NULL DEFAULT ''"),
        QStringLiteral("ALTER TABLE runs ADD COLUMN metrics TEXT NOT NULL DEFAULT '{}'"),
    };

} // namespace

Status HistoryStore::execAll(const QStringList& statements)
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    for (const QString& s : statements)
        if (!q.exec(s))
            return sqlError(QStringLiteral("updating its layout (%1)").arg(s.left(40)), q.lastError());
    return Ok {};
}

Status HistoryStore::migrate()
{
    QSqlDatabase db = QSqlDatabase::database(m_connection, false);
    QSqlQuery q(db);
    auto version
        = [&]() -> int { return q.exec(QStringLiteral("PRAGMA user_version")) && q.next() ? q.value(0).toInt() : -1; };
    if (const int v = version(); v == kSchemaVersion)
        return Ok {};

    // IMMEDIATE takes the write lock now: two processes opening a new file at once migrate one
    // after the other, and the second finds the work done.
    if (!execPatiently(q, QStringLiteral("BEGIN IMMEDIATE"), m_busyTimeoutMs))
        return sqlError(QStringLiteral("updating its layout"), q.lastError());
    auto rollback = [&](Error e) -> Status {
        QSqlQuery(db).exec(QStringLiteral("ROLLBACK"));
        return e;
    };
    const int v = version();
    if (v < 0)
        return rollback(sqlError(QStringLiteral("reading its version"), q.lastError()));
    if (v > kSchemaVersion)
        return rollback(newerFile(v));
    if (v < 1)
        if (auto st = execAll(kStep1); !st)
            return rollback(st.error());
    if (v < 2) {
        if (auto st = execAll(kStep2); !st)
            return rollback(st.error());
        // Fill the new columns from the JSON each run already has. A row whose JSON no longer
        // reads keeps empty columns: it is still listed and shown, never dropped.
        QSqlQuery rows(db);
        if (!rows.exec(QStringLiteral("SELECT id, json, comment, kind, created FROM runs")))
            return rollback(sqlError(QStringLiteral("updating its layout"), rows.lastError()));
        QSqlQuery update(db);
        update.prepare(QStringLiteral(
            "UPDATE runs SET created = :created, created_ms = :created_ms, kind = :kind, schema = :schema, "
            "source = :source, host = :host, name = :name, comment = :comment, target_path = :target_path, "
            "device_model = :device_model, bus = :bus, link = :link, profile = :profile, "
            "seq_read_mbps = :seq_read_mbps, seq_write_mbps = :seq_write_mbps, rnd_read_mbps = :rnd_read_mbps, "
            "rnd_write_mbps = :rnd_write_mbps, stored = :stored WHERE id = :id"));
        while (rows.next()) {
            auto summary = summarizeStoredJson(rows.value(1).toByteArray());
            HistoryEntry e = summary ? *summary : HistoryEntry {};
            if (!summary) {
                e.kind = rows.value(3).toString();
                e.created = QDateTime::fromString(rows.value(4).toString(), Qt::ISODate);
            }
            e.comment = rows.value(2).toString(); // the user's edit wins over the report's
            bindSummary(update, e);
            update.bindValue(QStringLiteral(":stored"), text(QString()));
            update.bindValue(QStringLiteral(":id"), rows.value(0));
            if (!update.exec())
                return rollback(sqlError(QStringLiteral("updating its layout"), update.lastError()));
        }
    }
    if (v < 3) {
        if (auto st = execAll(kStep3); !st)
            return rollback(st.error());
        // Only the new columns: everything else, the user's name and comment included, stays.
        // A row whose JSON no longer reads keeps no headline, and is still listed.
        QSqlQuery rows(db);
        if (!rows.exec(QStringLiteral("SELECT id, json FROM runs")))
            return rollback(sqlError(QStringLiteral("updating its layout"), rows.lastError()));
        QSqlQuery update(db);
        update.prepare(QStringLiteral("UPDATE runs SET headline_value = :headline_value, headline_unit = "
                                      ":headline_unit, headline_label = :headline_label, metrics = :metrics "
                                      "WHERE id = :id"));
        while (rows.next()) {
            auto summary = summarizeStoredJson(rows.value(1).toByteArray());
            bindHeadline(update, summary ? *summary : HistoryEntry {});
            update.bindValue(QStringLiteral(":id"), rows.value(0));
            if (!update.exec())
                return rollback(sqlError(QStringLiteral("updating its layout"), update.lastError()));
        }
    }
    if (!q.exec(QStringLiteral("PRAGMA user_version = %1").arg(kSchemaVersion)) || !q.exec(QStringLiteral("COMMIT")))
        return rollback(sqlError(QStringLiteral("updating its layout"), q.lastError()));
    return Ok {};
}

} // namespace dm
