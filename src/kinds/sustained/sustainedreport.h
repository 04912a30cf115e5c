// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "explanations.h"
#include "reportheader.h"
#include "sustainedwrite.h"

#include <QByteArray>
#include <QString>

namespace dm {

inline constexpr char kSustainedSchema[] = "diskometer.sustained/1";

struct SustainedReport {
    SustainedResult result;
    ReportHeader header;
};

// diskometer.sustained/1: the shared blocks, "settings", "summary" (bytes_written, seconds,
// average_mb_per_s, cache_bytes or null, before_mb_per_s, after_mb_per_s = the sustained rate,
// cliff_note = why no cliff was reported, or null), "timeline" [{t, bytes, mb_per_s}], "error".
QByteArray formatSustainedJson(const SustainedReport& report);
// Reads it back; the cliff is found again from the timeline, not read.
Result<SustainedReport> parseSustainedJson(const QByteArray& json);

// One row per sample: t_seconds, bytes_written, gb_written, mb_per_s.
QByteArray formatSustainedCsv(const SustainedReport& report);

QString formatSustainedText(const SustainedReport& report);

// The explanations of a sustained write (explanations.h): sequential writes of its block size
// at its queue depth.
std::vector<Explanation> explainSustained(const SustainedReport& report);

} // namespace dm
