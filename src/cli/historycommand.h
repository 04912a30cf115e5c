// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "historyentry.h"
#include "report.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <vector>

namespace dm {

inline constexpr char kHistoryListSchema[] = "diskometer.history/1";

// `diskometer-cli history list`: one line per run, newest first.
QString formatHistoryList(const std::vector<HistoryEntry>& entries);
// `history list --json`: {"schema": "diskometer.history/1", "runs": [ summary objects ]}.
QByteArray formatHistoryListJson(const std::vector<HistoryEntry>& entries);

// Runs `diskometer-cli history SUBCOMMAND ...`; `arguments` is argv (program name, "history",
// then the rest). Exit codes: 0 done, 1 the history could not be read or written (busy,
// damaged, no permission), 2 bad usage, an unknown run id, or a file that is neither ours nor
// fio's.
int runHistoryCommand(const QStringList& arguments);

// After `diskometer-cli run`: stores the finished run. When that fails the JSON report is kept
// in the history's directory (unsaved/) so `history import` can add it later, and stderr says
// so. Returns true when the run is in the history.
bool storeRunInHistory(const Report& report, bool quiet);
// The same for the other tests' JSON documents (scan, sustained, sweep), after their commands.
bool storeDocumentInHistory(const QByteArray& json, const QDateTime& date, bool quiet);

} // namespace dm
