// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "capacitycheck.h"
#include "explanations.h"
#include "reportheader.h"

#include <QByteArray>
#include <QString>

namespace dm {

inline constexpr char kCapacitySchema[] = "diskometer.capacity/1";

struct CapacityReport {
    CapacityResult result;
    ReportHeader header;
};

// diskometer.capacity/1: the shared blocks (with "warnings" and "notes": the run's and the
// explanations', explainCapacity() below), "settings" {mode "fill"|"probe", size_bytes or null,
// restore, block_size, seed}, "summary" {announced_bytes, verified_bytes, lost_bytes,
// first_lost_offset or null, the block counts ok, corrupted, overwritten, missing, write_mb_per_s,
// read_mb_per_s, verdict "ok"|"fake"|"damaged" or null (nothing read back), wrap_bytes or null,
// bytes_written, bytes_read, write_seconds, read_seconds, files, probe_blocks_written,
// restored_blocks, unrestored_blocks, lost_range_count}, "lost_ranges" [{offset, bytes, class}]
// (the first 64), "error". docs/CAPACITY.md says what each means for a fill and for a probe.
QByteArray formatCapacityJson(const CapacityReport& report);
Result<CapacityReport> parseCapacityJson(const QByteArray& json);

// One row: the summary, so the rows of many sticks paste into one sheet.
QByteArray formatCapacityCsv(const CapacityReport& report);

QString formatCapacityText(const CapacityReport& report);

// The verdict in plain words: "FAKE: holds 7.8 GB of the 64.0 GB it announces", for the text
// report, the CLI's last line and the window.
QString capacityVerdictSentence(const CapacityResult& result);

// The explanations of a capacity check (explanations.h), from the I/O it issued: a fill's
// sequential 4 MiB writes and reads, 4 in flight; a probe's single 4 KiB blocks, one at a time.
// A stick on a USB 2.0 link or on battery explains a slow check as it explains a slow grid.
std::vector<Explanation> explainCapacity(const CapacityReport& report);


} // namespace dm
