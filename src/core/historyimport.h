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

// What `history import FILE` and the window's import read: one of our JSON reports (any
// "diskometer.<kind>/<n>" schema: grid results are checked in full, newer kinds such as scan,
// sustained and sweep are kept as they are with whatever summary their common fields give), or
// fio's JSON output (one entry per host). Anything else is refused with a message saying what
// the file is not.
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
