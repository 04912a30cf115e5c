// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "explanations.h"
#include "reportheader.h"
#include "surfacescan.h"

#include <QByteArray>
#include <QString>

namespace dm {

inline constexpr char kScanSchema[] = "diskometer.scan/1";

// A surface scan and what it was run on: the value its reports are made from.
struct ScanReport {
    ScanResult result;
    ReportHeader header;
};

// diskometer.scan/1: the shared blocks (reportheader.h), "settings", "summary" (min/average/max
// MB/s, average access time in ms), "samples" [{offset_bytes, percent, read_mb_per_s,
// write_mb_per_s or null, read_seconds, t}], "access" [{offset_bytes, percent, latency_ms}], "error".
QByteArray formatScanJson(const ScanReport& report);
// Reads formatScanJson()'s output back; the summary is recomputed from the samples.
Result<ScanReport> parseScanJson(const QByteArray& json);

// One row per sample: kind ("rate" or "access"), position_bytes, position_percent,
// read_mb_per_s, write_mb_per_s, access_ms; cells that do not apply are empty.
QByteArray formatScanCsv(const ScanReport& report);

// A few lines for the terminal: min/average/max read rate, write-back, access time.
QString formatScanText(const ScanReport& report);

// The explanations of a scan (explanations.h): its sample reads at its queue depth, the
// write-back when it wrote, the access-time reads (random 4 KiB at depth 1).
std::vector<Explanation> explainScan(const ScanReport& report);

} // namespace dm
