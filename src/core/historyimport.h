// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "historyentry.h"
#include "report.h"

#include <QByteArray>

#include <vector>

namespace dm {

// A finished grid run, ready for HistoryStore::add: formatJson(report) and its summary.
HistoryInput historyInputFromReport(const Report& report);

// What `history import FILE` and the window's import read: one of our JSON reports (a schema
// this build reads, with a date, read in full by its kind: an empty document, another version of
// a kind or an unknown kind is refused, since it could be stored but never shown), or fio's JSON
// output (one entry per host; every field checked for type, range and presence, fioimport.h).
// Anything else is refused with a message saying what the file is not; a bad value is quoted
// by its first 40 characters at most.
Result<std::vector<HistoryInput>> historyInputsFromFile(const QByteArray& content);

// The summary columns of a stored document (ours or fio's narrowed to one host). The store
// uses it to fill columns added by a migration.
Result<HistoryEntry> summarizeStoredJson(const QByteArray& json);

// "grid" for "diskometer.result/1", "scan" for "diskometer.scan/1", ...; empty when the schema
// is not ours.
QString kindOfSchema(const QString& schema);

// A stored grid or fio run as a Report, for the text and Markdown formatters and the
// comparison. Other kinds (scan, sustained, sweep) are not grids: a usage error says so.
Result<Report> reportFromRecord(const HistoryRecord& record);

} // namespace dm
