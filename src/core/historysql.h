// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What the history store (historystore.cpp) and its migration (historymigration.cpp) both need
// of SQLite: its result codes, a retry for the locks SQLite does not wait for, and how a run's
// summary is bound to the columns, so an added run and a migrated one are written alike.
#include "historyentry.h"

#include <QString>

#include <optional>
#include <vector>

class QSqlError;
class QSqlQuery;
class QVariant;

namespace dm::historysql {

// SQLite's primary result codes (sqlite3.h); Qt reports them as QSqlError::nativeErrorCode().
inline constexpr int kSqliteBusy = 5;
inline constexpr int kSqliteLocked = 6;
inline constexpr int kSqliteCorrupt = 11;
inline constexpr int kSqliteNotADb = 26;

int sqliteCode(const QSqlError& e);
bool isCorruption(const QSqlError& e);
bool isBusy(const QSqlError& e);
bool execPatiently(QSqlQuery& q, const QString& sql, int timeoutMs);

QString metricsJson(const std::vector<Metric>& metrics);
QVariant nullable(const std::optional<double>& v);
QString isoDate(const QDateTime& d);
QString text(const QString& s);
void bindHeadline(QSqlQuery& q, const HistoryEntry& e);
void bindSummary(QSqlQuery& q, const HistoryEntry& e);

} // namespace dm::historysql
