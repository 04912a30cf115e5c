// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "report.h"

#include <QByteArray>

namespace dm {

inline constexpr char kResultSchema[] = "diskometer.result/1";

// The machine-readable report (schema diskometer.result/1, its contract in jsonreport_test.cpp),
// indented. Latencies are in microseconds; a result's mb_per_s, iops and latency_us are those of
// its headline pass.
QByteArray formatJson(const Report& report);

// Reads a document formatJson() wrote back into a Report (the history and round-trip tests use
// it). Whatever can be derived again (headline, median, spread) is recomputed, not read.
// A document of another schema, or one that is not JSON, is refused with a message saying so.
Result<Report> parseJson(const QByteArray& json);

} // namespace dm
