// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QDateTime>
#include <QMetaType>
#include <QString>

#include "testkind.h"

#include <optional>
#include <vector>

namespace dm {

// The run kinds the history names itself: the grid's document has a schema of its own
// ("diskometer.result/1"), and fio's output none of ours. Every other kind is the <kind> of its
// "diskometer.<kind>/<n>" schema (TestKind::id()); one the build does not know is kept too,
// under its own kind, so a newer kind of run is never refused by an older history.
inline constexpr char kKindGrid[] = "grid"; // diskometer.result/1
inline constexpr char kKindFio[] = "fio"; // fio --output-format=json, one host

inline constexpr char kSourceDiskometer[] = "diskometer";
inline constexpr char kSourceFio[] = "fio";

// One stored run as the history list shows it: the columns kept beside the JSON so a list of a
// thousand runs never parses a thousand documents. Every summary field may be empty: a scan has
// no SEQ1M figure, a fio job file may not name a device.
struct HistoryEntry {
    qint64 id = 0; // 0 until stored
    QDateTime created; // when the run happened (the report's date), with its offset
    QDateTime stored; // when it entered the history
    QString kind; // kKindGrid, kKindScan, ..., kKindFio
    QString schema; // "diskometer.result/1", "fio-3.33"
    QString source; // kSourceDiskometer or kSourceFio
    QString host; // the fio server's host for client/server output; empty otherwise
    QString name; // a label the user gave (empty = none)
    QString comment;
    QString targetPath;
    QString deviceModel;
    QString bus; // "usb", "nvme", ...
    QString link; // "USB 3.2 Gen 1 (5 Gbps)"
    QString profile; // "default", "peak", ... (diskometer), empty for fio
    // Headline MB/s of the two rows every CrystalDiskMark user reads first; empty when the run
    // has no such test.
    std::optional<double> seqReadMBps, seqWriteMBps; // SEQ1M Q8T1
    std::optional<double> rndReadMBps, rndWriteMBps; // RND4K Q1T1
    // The kind's own summary (TestKind::summarize): one figure that makes sense for every kind
    // (a grid's SEQ1M Q8T1 read, a sustained write's sustained rate, ...), and named figures,
    // sorted by name as the database's JSON column keeps them.
    std::optional<Headline> headline;
    std::vector<Metric> metrics;
    // Every test of the run failed (EIO, ENOSPC...), or the run stopped on an error: read from
    // the stored JSON by HistoryStore::list(), never stored as a column of its own.
    bool failed = false;

    bool operator==(const HistoryEntry&) const = default;
};

// A stored run in full: its summary and the JSON exactly as it was stored (our report, or fio's
// output narrowed to one host).
struct HistoryRecord {
    HistoryEntry entry;
    QByteArray json;
};

// What goes into the history: the JSON and the summary made from it (historyimport.h makes
// these). entry.id and entry.stored are set by the store.
struct HistoryInput {
    HistoryEntry entry;
    QByteArray json;
};

} // namespace dm

Q_DECLARE_METATYPE(dm::HistoryEntry)
Q_DECLARE_METATYPE(dm::HistoryRecord)
