// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "copybench.h"
#include "explanations.h"
#include "reportheader.h"

#include <QByteArray>
#include <QString>

namespace dm {

inline constexpr char kCopySchema[] = "diskometer.copy/1";

struct CopyReport {
    CopyResult result;
    ReportHeader header;
};

// diskometer.copy/1: the shared blocks (header, "warnings" and "notes", "device_io" per phase:
// make_iso, copy_iso, ... each set's making through its sync, and its copy through the copy's
// syncfs), "settings" {size_bytes, seed (a string: 64 bits), buffer_bytes, copy "read/write",
// sync "syncfs"}, "filesystem" {type, clone_capable}, "needed_bytes", "sets" [{set "iso" |
// "program" | "game", title, done, mb_per_s (null when not copied), seconds, sync_seconds,
// make_seconds, files, folders, bytes, temperature_c (where the drive has a sensor)}] in the
// order they ran, "summary" {total_mb_per_s or null, bytes, seconds}, "error".
QByteArray formatCopyJson(const CopyReport& report);
Result<CopyReport> parseCopyJson(const QByteArray& json);

// One row per set.
QByteArray formatCopyCsv(const CopyReport& report);

QString formatCopyText(const CopyReport& report);

// What a file manager may do instead on a filesystem that clones (the text's and the page's note).
QString copyCloneNote(const CopyResult& result);

// The explanations of a copy (explanations.h): 1 MiB reads and writes, one at a time, through
// the page cache; the device's account per phase.
std::vector<Explanation> explainCopy(const CopyReport& report);

} // namespace dm
