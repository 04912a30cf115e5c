// SPDX-License-Identifier: GPL-3.0-or-later
#include "historysql.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlError>
#include <QSqlQuery>
#include <QThread>
#include <QVariant>

namespace dm::historysql {

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

// {"name": value, ...}: an object, so json_extract(metrics, '$.after_mb_per_s') reads it.
QString metricsJson(const std::vector<Metric>& metrics)
{
    QJsonObject o;
    for (const Metric& m : metrics)
        o.insert(m.name, m.value);
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

QVariant nullable(const std::optional<double>& v)
{
    return v ? QVariant(*v) : QVariant(QMetaType(QMetaType::Double));
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

} // namespace dm::historysql
