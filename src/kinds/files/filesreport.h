// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "explanations.h"
#include "reportheader.h"
#include "smallfiles.h"

#include <QByteArray>
#include <QString>

namespace dm {

inline constexpr char kFilesSchema[] = "diskometer.files/1";

struct FilesReport {
    FilesResult result;
    ReportHeader header;
};

// diskometer.files/1: the shared blocks (header, envelope, "warnings" and "notes", "device_io"
// per phase: "create", "stat", "read", "delete", "error"), "settings" {files, file_size_bytes,
// dirs, sync "none"|"file"|"end", seed (a string)}, "cache_drop" "fadvise"|"none" (how the read
// phase was kept from the page cache), "sync_seconds" (the create phase's syncfs, within its
// seconds), "phases" [{phase, files, complete, seconds, files_per_second, bytes, mb_per_s,
// start_seconds, temperature_c or null, latency_us {mean, p50, p99, p99_9, max}}] for the phases
// that ran, in the order they ran.
QByteArray formatFilesJson(const FilesReport& report);
Result<FilesReport> parseFilesJson(const QByteArray& json);

// One row per phase that ran.
QByteArray formatFilesCsv(const FilesReport& report);

QString formatFilesText(const FilesReport& report);

// "12,345 files/s" style figures in the text and the window: whole numbers from 100 up.
QString filesRateText(double filesPerSecond);

// What the report says of the read phase's cache: "from the drive (...)" or "from memory (...)".
QString filesCacheDropText(const FilesResult& result);

// The explanations of a small-file run (explanations.h): its I/O is small and one at a time.
std::vector<Explanation> explainFiles(const FilesReport& report);

} // namespace dm
