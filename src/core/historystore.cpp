// SPDX-License-Identifier: GPL-3.0-or-later
#include "historystore.h"

#include "historyimport.h"
#include "historysql.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QUrl>
#include <QVariant>

#include <atomic>
#include <functional>
#include <cerrno>
#include <cstring>
#include <sys/stat.h>
#include <unistd.h>

namespace dm {

using namespace historysql;

namespace {

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
    // Only a regular file is ever renamed. A link, a device or a FIFO named as the history (think
    // of DISKOMETER_HISTORY_DB=/dev/null) is left exactly where it is: renaming it and starting a
    // new history would put a regular file in its place. ::rename, not QFile::rename, which falls
    // back to copying and deleting when a rename fails.
    const QByteArray name = QFile::encodeName(m_path);
    struct stat node {};
    if (::lstat(name.constData(), &node) == 0) {
        if (!S_ISREG(node.st_mode))
            return targetError(QStringLiteral("the history database %1 is damaged (%2), and it is not a regular file "
                                              "but %3, so it is left as it is: set DISKOMETER_HISTORY_DB to a file of "
                                              "its own, or move what %1 names aside yourself")
                                   .arg(m_path, damage, S_ISLNK(node.st_mode) ? QStringLiteral("a symbolic link")
                                                                            : QStringLiteral("a device or other special file"))
                                   .toStdString());
        const QString aside = asideName(m_path);
        if (::rename(name.constData(), QFile::encodeName(aside).constData()) != 0) {
            if (errno == ENOENT) // another process set it aside first: the new file is its own
                return openOnce();
            return targetError(QStringLiteral("the history database %1 is damaged (%2) and could not be moved aside: "
                                              "%3; move it away yourself and Diskometer starts a new one")
                                   .arg(m_path, damage, QString::fromLocal8Bit(std::strerror(errno)))
                                   .toStdString());
        }
        for (const char* sidecar : { "-wal", "-shm" }) {
            const QByteArray from = name + sidecar;
            struct stat sst {};
            if (::lstat(from.constData(), &sst) == 0 && S_ISREG(sst.st_mode))
                ::rename(from.constData(), QFile::encodeName(aside + QLatin1String(sidecar)).constData());
        }
        m_notice = QStringLiteral("the history database %1 was damaged (%2), so it was renamed %3 and a new, empty "
                                  "history was started. Runs in the old file may be rescued with `sqlite3 %3 "
                                  ".recover`; delete it when you no longer need it.")
                       .arg(m_path, damage, aside);
    }
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
