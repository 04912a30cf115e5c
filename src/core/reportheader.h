// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "report.h"
#include "runenvelope.h"

#include <QByteArray>
#include <QJsonObject>

#include <string>
#include <vector>

namespace dm {

// The lines the other kinds' text reports end their header with, each "  Name: value\n": the
// engine and date, the power conditions, the drive's health at the start and the end.
QString runConditionLines(const ReportHeader& header);

// "2026-11-29T17:41:08+01:00": the offset always spelt out.
QString isoDateWithOffset(const QDateTime& date);
// The header of a run that just ended: this tool and version, the engine, now, this system, the
// target as it is now, the comment. Reads sysfs and may wait on a slow mount: not on a GUI thread.
ReportHeader describeRunHeader(const QString& target, const std::string& engine, const QString& comment);

// The blocks every report's JSON shares, in one object: "schema", "tool", "date", "system",
// "target" (targetjson.h plus the region the run used), "warnings", "cancelled", "comment".
QJsonObject reportHeaderJson(const char* schema, const ReportHeader& header, const RegionInfo& region,
    const std::vector<std::string>& warnings, bool cancelled);

// Parses a report document and checks its schema: the root object, or an error that says what
// the file is instead.
Result<QJsonObject> openReportJson(const QByteArray& json, const char* schema);

// Reads what reportHeaderJson() wrote. Returns an error message for a field it cannot read
// (an unreadable date), empty when all is well.
QString readReportHeader(const QJsonObject& root, ReportHeader& header, RegionInfo& region,
    std::vector<std::string>& warnings, bool& cancelled);

// For the kinds whose report is { result, header } (scan, sustained write, sweep): the shared
// blocks from the result's envelope (runenvelope.h), with "error" when the kind has that field.
QJsonObject envelopeJson(const char* schema, const ReportHeader& header, const RunEnvelope& run, bool withError);
// Opens such a document of `schema` and reads the shared blocks back into the header, the
// envelope (region, warnings, cancelled, engine, error) and the request's target; `what` names
// the kind in the error ("scan": "not a valid Diskometer scan: ...").
Result<QJsonObject> openEnvelopeJson(const QByteArray& json, const char* schema, const char* what, ReportHeader& header,
    RunEnvelope& run, RunTarget& request);

// A number for CSV: '.' as decimal point whatever the locale, no thousands separators.
QString csvNumber(double value, int decimals = 3);

} // namespace dm
