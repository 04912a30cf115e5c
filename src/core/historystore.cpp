// SPDX-License-Identifier: GPL-3.0-or-later
#include "historystore.h"

#include "historyimport.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QThread>
#include <QUrl>
#include <QVariant>

#include <atomic>
#include <functional>
#include <unistd.h>

namespace dm {

namespace {

    // SQLite's primary result codes (sqlite3.h); Qt reports them as QSqlError::nativeErrorCode().
    constexpr int kSqliteBusy = 5;
    constexpr int kSqliteLocked = 6;
    constexpr int kSqliteCorrupt = 11;
    constexpr int kSqliteNotADb = 26;

    int sqliteCode(const QSqlError& e)
    {
        bool ok = false;
        const int code = e.nativeErrorCode().toInt(&ok);
        return ok ? code & 0xff : -1; // extended codes carry the primary one in the low byte
    }

    bool isCorruption(const QSqlError& e)
    {
        const int code = sqliteCode(e);
        return code == kSqliteCorrupt || code == kSqliteNotADb;
    }

    bool isBusy(const QSqlError& e)
    {
        const int code = sqliteCode(e);
        return code == kSqliteBusy || code == kSqliteLocked;
    }

    // SQLite waits in its busy handler for most locks, but not in every case: a connection
    // that finds another one opening the WAL, or switching the journal mode, gets SQLITE_BUSY at
    // once. Those moments are short; retry them until the same timeout.
    bool execPatiently(QSqlQuery& q, const QString& sql, int timeoutMs)
    {
        QElapsedTimer clock;
        clock.start();
        while (!q.exec(sql)) {
            if (!isBusy(q.lastError()) || clock.elapsed() > timeoutMs)
                return false;
            QThread::msleep(20);
        }
        return true;
    }

    QString connectionName()
    {
        static std::atomic<int> counter { 0 };
        return QStringLiteral("dm-history-%1").arg(counter.fetch_add(1));
    }

    // The summary columns in the order of the SELECTs below; the JSON is read separately.
    const QString kColumns = QStringLiteral(
        "id, created, stored, kind, schema, source, host, name, comment, target_path, device_model, bus, link, "
        "profile, seq_read_mbps, seq_write_mbps, rnd_read_mbps, rnd_write_mbps, headline_value, headline_unit, "
        "headline_label, metrics");
    constexpr int kJsonColumn = 22; // after kColumns

    // Whether a run failed, read from its JSON by SQLite (no column of its own, so no layout
    // change): a grid or fio run whose every test has an error, or any kind's run that ended
    // on an error and measured nothing. Listed after kColumns.
    const QString kFailedColumn = QStringLiteral(
        "CASE WHEN NOT json_valid(json) THEN 0 "
        "WHEN json_type(json, '$.results') = 'array' THEN json_array_length(json, '$.results') > 0 AND NOT EXISTS "
        "(SELECT 1 FROM json_each(runs.json, '$.results') WHERE json_type(value, '$.error') IS NOT 'text') "
        "WHEN json_type(json, '$.jobs') = 'array' THEN json_array_length(json, '$.jobs') > 0 AND NOT EXISTS "
        "(SELECT 1 FROM json_each(runs.json, '$.jobs') WHERE COALESCE(json_extract(value, '$.error'), 0) = 0) "
        "ELSE json_type(json, '$.error') = 'text' AND headline_value IS NULL END");

    // {"name": value, ...}: an object, so json_extract(metrics, '$.after_mb_per_s') reads it.
    QString metricsJson(const std::vector<Metric>& metrics)
    {
        QJsonObject o;
        for (const Metric& m : metrics)
            o.insert(m.name, m.value);
        return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
    }

    std::vector<Metric> metricsFrom(const QString& json)
    {
        std::vector<Metric> out;
        const QJsonObject o = QJsonDocument::fromJson(json.toUtf8()).object();
        for (auto it = o.begin(); it != o.end(); ++it) // QJsonObject iterates in key order
            out.push_back({ it.key(), it.value().toDouble() });
        return out;
    }

    std::optional<double> optionalReal(const QVariant& v)
    {
        if (v.isNull())
            return std::nullopt;
        return v.toDouble();
    }

    QVariant nullable(const std::optional<double>& v)
    {
        return v ? QVariant(*v) : QVariant(QMetaType(QMetaType::Double));
    }

    HistoryEntry entryFrom(const QSqlQuery& q)
    {
        HistoryEntry e;
        e.id = q.value(0).toLongLong();
        e.created = QDateTime::fromString(q.value(1).toString(), Qt::ISODate);
        e.stored = QDateTime::fromString(q.value(2).toString(), Qt::ISODate);
        e.kind = q.value(3).toString();
        e.schema = q.value(4).toString();
        e.source = q.value(5).toString();
        e.host = q.value(6).toString();
        e.name = q.value(7).toString();
        e.comment = q.value(8).toString();
        e.targetPath = q.value(9).toString();
        e.deviceModel = q.value(10).toString();
        e.bus = q.value(11).toString();
        e.link = q.value(12).toString();
        e.profile = q.value(13).toString();
        e.seqReadMBps = optionalReal(q.value(14));
        e.seqWriteMBps = optionalReal(q.value(15));
        e.rndReadMBps = optionalReal(q.value(16));
        e.rndWriteMBps = optionalReal(q.value(17));
        if (const auto v = optionalReal(q.value(18)))
            e.headline = Headline { *v, q.value(19).toString(), q.value(20).toString() };
        e.metrics = metricsFrom(q.value(21).toString());
        return e;
    }

    // With its offset spelled out (Qt leaves it off a local time): the list shows the run's own
    // time of day, wherever it is read.
    QString isoDate(const QDateTime& d)
    {
        return d.isValid() ? d.toOffsetFromUtc(d.offsetFromUtc()).toString(Qt::ISODateWithMs) : QString();
    }

    // Binds the summary columns of an INSERT or UPDATE (":created", ... named placeholders).
    // Qt binds a null QString as SQL NULL; the text columns are NOT NULL with '' for "none".
    QString text(const QString& s) { return s.isNull() ? QStringLiteral("") : s; }

    void bindHeadline(QSqlQuery& q, const HistoryEntry& e)
    {
        q.bindValue(QStringLiteral(":headline_value"),
            nullable(e.headline ? std::optional<double>(e.headline->value) : std::nullopt));
        q.bindValue(QStringLiteral(":headline_unit"), text(e.headline ? e.headline->unit : QString()));
        q.bindValue(QStringLiteral(":headline_label"), text(e.headline ? e.headline->label : QString()));
        q.bindValue(QStringLiteral(":metrics"), metricsJson(e.metrics));
    }

    void bindSummary(QSqlQuery& q, const HistoryEntry& e)
    {
        q.bindValue(QStringLiteral(":created"), text(isoDate(e.created)));
        q.bindValue(QStringLiteral(":created_ms"), e.created.isValid() ? e.created.toMSecsSinceEpoch() : 0);
        q.bindValue(QStringLiteral(":kind"), text(e.kind));
        q.bindValue(QStringLiteral(":schema"), text(e.schema));
        q.bindValue(QStringLiteral(":source"), e.source.isEmpty() ? QString::fromLatin1(kSourceDiskometer) : e.source);
        q.bindValue(QStringLiteral(":host"), text(e.host));
        q.bindValue(QStringLiteral(":name"), text(e.name));
        q.bindValue(QStringLiteral(":comment"), text(e.comment));
        q.bindValue(QStringLiteral(":target_path"), text(e.targetPath));
        q.bindValue(QStringLiteral(":device_model"), text(e.deviceModel));
        q.bindValue(QStringLiteral(":bus"), text(e.bus));
        q.bindValue(QStringLiteral(":link"), text(e.link));
        q.bindValue(QStringLiteral(":profile"), text(e.profile));
        q.bindValue(QStringLiteral(":seq_read_mbps"), nullable(e.seqReadMBps));
        q.bindValue(QStringLiteral(":seq_write_mbps"), nullable(e.seqWriteMBps));
        q.bindValue(QStringLiteral(":rnd_read_mbps"), nullable(e.rndReadMBps));
        q.bindValue(QStringLiteral(":rnd_write_mbps"), nullable(e.rndWriteMBps));
    }

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

    // "history.sqlite.corrupt-20261129174108", with "-2", "-3"... when that name is taken: a
    // file set aside is never overwritten, not even by another one set aside the same second.
    QString asideName(const QString& path)
    {
        const QString base = path + QStringLiteral(".corrupt-")
            + QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMddhhmmss"));
        QString name = base;
        for (int n = 2; QFileInfo::exists(name); ++n)
            name = base + QStringLiteral("-%1").arg(n);
        return name;
    }

} // namespace

QString HistoryStore::defaultPathNotice()
{
    if (!qEnvironmentVariable("DISKOMETER_HISTORY_DB").isEmpty())
        return {};
    const QString data = qEnvironmentVariable("XDG_DATA_HOME");
    if (data.isEmpty() || !QDir::isRelativePath(data))
        return {};
    return QStringLiteral("XDG_DATA_HOME=%1 is a relative path, which the XDG rule says to ignore: the history is %2 "
                          "(give XDG_DATA_HOME as an absolute path, or set DISKOMETER_HISTORY_DB)")
        .arg(data, defaultPath());
}

QString HistoryStore::defaultPath()
{
    if (const QString explicitPath = qEnvironmentVariable("DISKOMETER_HISTORY_DB"); !explicitPath.isEmpty())
        return explicitPath;
    // The XDG base directory spec: a relative XDG_DATA_HOME is invalid and must be ignored.
    QString data = qEnvironmentVariable("XDG_DATA_HOME");
    if (data.isEmpty() || QDir::isRelativePath(data))
        data = QDir::homePath() + QStringLiteral("/.local/share");
    return data + QStringLiteral("/diskometer/history.sqlite");
}

HistoryStore::HistoryStore(QString path, int busyTimeoutMs)
    : m_path(std::move(path))
    , m_connection(connectionName())
    , m_busyTimeoutMs(busyTimeoutMs)
{
}

HistoryStore::~HistoryStore()
{
    if (QSqlDatabase::contains(m_connection)) {
        QSqlDatabase::database(m_connection, false).close();
        QSqlDatabase::removeDatabase(m_connection);
    }
}

bool HistoryStore::isOpen() const { return m_open; }

Error HistoryStore::sqlError(const QString& what, const QSqlError& error) const
{
    const QString detail = error.databaseText().isEmpty() ? error.text() : error.databaseText();
    if (isBusy(error))
        return targetError(QStringLiteral("the history database %1 is busy: another Diskometer held it for more than "
                                          "%2 s while %3; try again (nothing was changed)")
                               .arg(m_path)
                               .arg(m_busyTimeoutMs / 1000.0)
                               .arg(what)
                               .toStdString());
    if (isCorruption(error))
        return targetError(QStringLiteral("the history database %1 is damaged (%2) while %3: quit every Diskometer, "
                                          "move the file aside and a new one is started; `sqlite3 FILE .recover` may "
                                          "rescue its runs")
                               .arg(m_path, detail, what)
                               .toStdString());
    return targetError(QStringLiteral("history database %1: %2 failed: %3").arg(m_path, what, detail).toStdString());
}

Error HistoryStore::newerFile(int version) const
{
    return targetError(QStringLiteral("the history database %1 was written by a newer Diskometer (layout %2; this one "
                                      "reads up to %3): use the newer version, or set DISKOMETER_HISTORY_DB to "
                                      "another file")
                           .arg(m_path)
                           .arg(version)
                           .arg(kSchemaVersion)
                           .toStdString());
}

Status HistoryStore::open()
{
    if (m_open)
        return Ok {};
    m_notice.clear();
    m_damage.clear();
    Status st = openOnce();
    if (st || st.error().errnum != kSqliteNotADb)
        return st;
    const QString damage = m_damage.isEmpty() ? QString::fromStdString(st.error().message) : m_damage;
    // Only a writer sets a damaged file aside: a listing must not change what it lists, and a
    // user who may not write the directory could not start a new file anyway.
    if (m_readOnlyUse || m_readOnlyConnection)
        return targetError(QStringLiteral("the history database %1 is damaged (%2); it is left as it is: the next "
                                          "`diskometer-cli run` or `history import` keeps it under a new name and "
                                          "starts a new history, or `sqlite3 %1 .recover` may rescue its runs")
                               .arg(m_path, damage)
                               .toStdString());

    // Damaged: close our handle, keep the file (and its journal, which may hold the newest runs)
    // under a new name, and start again. If another process set it aside first, the rename
    // fails because the file is gone, and the new file is the other process's: just open that.
    if (QSqlDatabase::contains(m_connection)) {
        QSqlDatabase::database(m_connection, false).close();
        QSqlDatabase::removeDatabase(m_connection);
    }
    const QString aside = asideName(m_path);
    QFile file(m_path);
    if (file.exists() && !file.rename(aside))
        return targetError(QStringLiteral("the history database %1 is damaged (%2) and could not be moved aside: %3; "
                                          "move it away yourself and Diskometer starts a new one")
                               .arg(m_path, damage, file.errorString())
                               .toStdString());
    for (const char* sidecar : { "-wal", "-shm" })
        if (QFileInfo::exists(m_path + QLatin1String(sidecar)))
            QFile::rename(m_path + QLatin1String(sidecar), aside + QLatin1String(sidecar));
    m_notice = QStringLiteral("the history database %1 was damaged (%2), so it was renamed %3 and a new, empty "
                              "history was started. Runs in the old file may be rescued with `sqlite3 %3 .recover`; "
                              "delete it when you no longer need it.")
                   .arg(m_path, damage, aside);
    return openOnce();
}

// One attempt. A damaged file comes back as an Error whose errnum is kSqliteNotADb (open()
// then sets it aside); every other failure keeps its own message.
Status HistoryStore::openOnce()
{
    const QFileInfo info(m_path);
    const QString dir = info.absolutePath();
    const QByteArray dirName = QFile::encodeName(dir), fileName = QFile::encodeName(m_path);
    // A history this user may read but not write (a shared or read-only directory): read-only,
    // since SQLite would otherwise need to create its -shm file beside it.
    m_readOnlyConnection = info.exists() && (::access(dirName.constData(), W_OK | X_OK) != 0
                                                || ::access(fileName.constData(), W_OK) != 0);
    if (!m_readOnlyConnection && !QDir().mkpath(dir))
        return targetError(QStringLiteral("cannot create the history's directory %1: check its permissions, or set "
                                          "XDG_DATA_HOME or DISKOMETER_HISTORY_DB to a writable place")
                               .arg(dir)
                               .toStdString());
    if (!info.exists() && ::access(dirName.constData(), W_OK | X_OK) != 0)
        return targetError(QStringLiteral("there is no history at %1 yet, and this user may not create it in %2: set "
                                          "XDG_DATA_HOME or DISKOMETER_HISTORY_DB to a writable place")
                               .arg(m_path, dir)
                               .toStdString());
    if (info.exists() && !info.isFile())
        return targetError(QStringLiteral("the history database %1 is not a file").arg(m_path).toStdString());

    QSqlDatabase db = QSqlDatabase::contains(m_connection)
        ? QSqlDatabase::database(m_connection, false)
        : QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connection);
    if (!db.isValid())
        return targetError("Qt's SQLite driver (QSQLITE) is missing: install libqt6sql6-sqlite");
    QString options = QStringLiteral("QSQLITE_BUSY_TIMEOUT=%1").arg(m_busyTimeoutMs);
    if (m_readOnlyConnection && !QFileInfo::exists(m_path + QStringLiteral("-wal"))) {
        // No -wal: every commit is in the file itself, and nobody who could change it is
        // writing (they would have a -wal), so SQLite may read it as immutable, without the
        // -shm it cannot create here.
        db.setDatabaseName(QStringLiteral("file:%1?immutable=1")
                               .arg(QString::fromLatin1(QUrl::toPercentEncoding(m_path, "/"))));
        options += QStringLiteral(";QSQLITE_OPEN_READONLY;QSQLITE_OPEN_URI");
    } else {
        db.setDatabaseName(m_path);
        if (m_readOnlyConnection)
            options += QStringLiteral(";QSQLITE_OPEN_READONLY");
    }
    db.setConnectOptions(options);
    // SQLite's own words for a damaged file, for the notice (not our advice around them).
    auto failure = [&](const QString& what, const QSqlError& error) {
        Error e = sqlError(what, error);
        if (isCorruption(error)) {
            e.errnum = kSqliteNotADb;
            m_damage = error.databaseText().isEmpty() ? error.text() : error.databaseText();
        }
        return e;
    };
    if (!db.open())
        return failure(QStringLiteral("opening it"), db.lastError());

    // The first statement reads the header: a file that is not SQLite fails here. A file from a
    // newer Diskometer is refused before anything (even the journal mode) is written to it.
    QSqlQuery q(db);
    if (!execPatiently(q, QStringLiteral("PRAGMA user_version"), m_busyTimeoutMs) || !q.next())
        return failure(QStringLiteral("reading it"), q.lastError());
    const int version = q.value(0).toInt();
    if (version > kSchemaVersion)
        return newerFile(version);
    q.finish();
    if (m_readOnlyConnection) {
        if (version < kSchemaVersion)
            return targetError(QStringLiteral("the history database %1 has an older layout (%2), which this user may "
                                              "not update (the file or its directory is read-only): open it once "
                                              "where it can be written")
                                   .arg(m_path)
                                   .arg(version)
                                   .toStdString());
        m_open = true;
        return Ok {};
    }
    // WAL lets readers go on while one process writes; NORMAL sync is what WAL is designed for
    // (a power cut may lose the last commit, never the file).
    for (const QString& pragma :
        { QStringLiteral("PRAGMA journal_mode=WAL"), QStringLiteral("PRAGMA synchronous=NORMAL") })
        if (!execPatiently(q, pragma, m_busyTimeoutMs))
            return failure(QStringLiteral("reading it"), q.lastError());
    m_open = true;
    if (auto st = migrate(); !st) {
        m_open = false;
        return st;
    }
    return Ok {};
}

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

Result<std::vector<qint64>> HistoryStore::add(const std::vector<HistoryInput>& runs)
{
    if (auto st = open(); !st)
        return st.error();
    QSqlDatabase db = QSqlDatabase::database(m_connection, false);
    QSqlQuery q(db);
    if (!execPatiently(q, QStringLiteral("BEGIN IMMEDIATE"), m_busyTimeoutMs))
        return sqlError(QStringLiteral("storing a run"), q.lastError());
    QSqlQuery insert(db);
    insert.prepare(QStringLiteral(
        "INSERT INTO runs (created, created_ms, stored, kind, schema, source, host, name, comment, target_path, "
        "device_model, bus, link, profile, seq_read_mbps, seq_write_mbps, rnd_read_mbps, rnd_write_mbps, "
        "headline_value, headline_unit, headline_label, metrics, json) "
        "VALUES (:created, :created_ms, :stored, :kind, :schema, :source, :host, :name, :comment, :target_path, "
        ":device_model, :bus, :link, :profile, :seq_read_mbps, :seq_write_mbps, :rnd_read_mbps, :rnd_write_mbps, "
        ":headline_value, :headline_unit, :headline_label, :metrics, :json)"));
    std::vector<qint64> ids;
    const QString now = isoDate(QDateTime::currentDateTime());
    for (const HistoryInput& run : runs) {
        bindSummary(insert, run.entry);
        bindHeadline(insert, run.entry);
        insert.bindValue(QStringLiteral(":stored"), text(now));
        // Text, not a blob: `sqlite3 history.sqlite` and json_extract() can read it as it is.
        insert.bindValue(QStringLiteral(":json"), text(QString::fromUtf8(run.json)));
        if (!insert.exec()) {
            const Error e = sqlError(QStringLiteral("storing a run"), insert.lastError());
            QSqlQuery(db).exec(QStringLiteral("ROLLBACK"));
            return e;
        }
        ids.push_back(insert.lastInsertId().toLongLong());
    }
    if (!q.exec(QStringLiteral("COMMIT"))) {
        const Error e = sqlError(QStringLiteral("storing a run"), q.lastError());
        QSqlQuery(db).exec(QStringLiteral("ROLLBACK"));
        return e;
    }
    return ids;
}

Result<std::optional<qint64>> HistoryStore::findStored(const HistoryInput& run)
{
    if (auto st = open(); !st)
        return st.error();
    // The JSON as written, or the run's identity: a file re-exported by `history show --json`
    // or re-indented by an editor is still the same run. A run without a date has no identity.
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("SELECT id FROM runs WHERE json = :json OR (created <> '' AND created = :created AND "
                             "kind = :kind AND target_path = :target_path AND host = :host AND source = :source) "
                             "ORDER BY id LIMIT 1"));
    q.bindValue(QStringLiteral(":json"), text(QString::fromUtf8(run.json)));
    q.bindValue(QStringLiteral(":created"), text(isoDate(run.entry.created)));
    q.bindValue(QStringLiteral(":kind"), text(run.entry.kind));
    q.bindValue(QStringLiteral(":target_path"), text(run.entry.targetPath));
    q.bindValue(QStringLiteral(":host"), text(run.entry.host));
    q.bindValue(QStringLiteral(":source"),
        run.entry.source.isEmpty() ? QString::fromLatin1(kSourceDiskometer) : run.entry.source);
    if (!q.exec())
        return sqlError(QStringLiteral("looking for the same run"), q.lastError());
    if (!q.next())
        return std::optional<qint64>();
    return std::optional<qint64>(q.value(0).toLongLong());
}

Result<qint64> HistoryStore::add(const HistoryInput& run)
{
    auto ids = add(std::vector<HistoryInput> { run });
    if (!ids)
        return ids.error();
    return ids->front();
}

Result<std::vector<HistoryEntry>> HistoryStore::list()
{
    if (auto st = open(); !st)
        return st.error();
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.setForwardOnly(true);
    if (!q.exec(QStringLiteral("SELECT %1, %2 FROM runs ORDER BY created_ms DESC, id DESC").arg(kColumns, kFailedColumn)))
        return sqlError(QStringLiteral("listing runs"), q.lastError());
    std::vector<HistoryEntry> entries;
    while (q.next()) {
        entries.push_back(entryFrom(q));
        entries.back().failed = q.value(kJsonColumn).toInt() != 0;
    }
    if (q.lastError().isValid())
        return sqlError(QStringLiteral("listing runs"), q.lastError());
    return entries;
}

Result<HistoryRecord> HistoryStore::get(qint64 id)
{
    if (auto st = open(); !st)
        return st.error();
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("SELECT %1, json FROM runs WHERE id = ?").arg(kColumns));
    q.addBindValue(id);
    if (!q.exec())
        return sqlError(QStringLiteral("reading run %1").arg(id), q.lastError());
    if (!q.next())
        return usageError(
            QStringLiteral("there is no run %1 in the history (`diskometer-cli history list` shows the ids)")
                .arg(id)
                .toStdString());
    return HistoryRecord { entryFrom(q), q.value(kJsonColumn).toString().toUtf8() };
}

Status HistoryStore::remove(qint64 id)
{
    if (auto st = open(); !st)
        return st.error();
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("DELETE FROM runs WHERE id = ?"));
    q.addBindValue(id);
    if (!q.exec())
        return sqlError(QStringLiteral("deleting run %1").arg(id), q.lastError());
    if (q.numRowsAffected() < 1)
        return usageError(
            QStringLiteral("there is no run %1 in the history (`diskometer-cli history list` shows the ids)")
                .arg(id)
                .toStdString());
    return Ok {};
}

Status HistoryStore::setLabel(qint64 id, const QString& name, const QString& comment)
{
    if (auto st = open(); !st)
        return st.error();
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("UPDATE runs SET name = ?, comment = ? WHERE id = ?"));
    q.addBindValue(text(name));
    q.addBindValue(text(comment));
    q.addBindValue(id);
    if (!q.exec())
        return sqlError(QStringLiteral("changing run %1").arg(id), q.lastError());
    if (q.numRowsAffected() < 1)
        return usageError(QStringLiteral("there is no run %1 in the history").arg(id).toStdString());
    return Ok {};
}

} // namespace dm
