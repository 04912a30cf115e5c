// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The device's own account of a pass (engine: devicecounters.h) as every kind's reports carry it:
// the JSON object `device_io`, read back by the history and import, and the text report's line
// for a test whose requests reached the drive in another shape than they were sent, or during
// which something else used the drive. The explanations (explanations.h) say the same in a
// sentence; both decide with the thresholds below.

#include "devicecounters.h"
#include "results.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <optional>
#include <vector>

namespace dm {

namespace explain {
    // Requests this much larger or smaller on average than the I/Os sent were joined or split.
    inline constexpr double kRequestShapeTolerance = 0.10;
    // Fewer I/Os or requests than this say nothing about their shape: a pass that barely ran, or a
    // 16 MiB fill whose 16 writes meet a filesystem's few writes of its own and a block group's end.
    inline constexpr uint64_t kMinRequestsForShape = 64;
    // The device moved this share more than the test did (and at least kMinForeignBytes): someone
    // else used it. Below, a filesystem's own metadata and a stray log line.
    inline constexpr double kMaxForeignShare = 0.02;
    inline constexpr uint64_t kMinForeignBytes = 1 << 20;
} // namespace explain

// One test's or phase's I/O beside what the device counted meanwhile.
struct DeviceSeen {
    QString label; // "SEQ1M Q8T1 read" for a grid row; "the scan's reads" for a phase
    uint32_t ioBytes = 0; // the size of each I/O sent; 0 = sizes vary (no shape to compare)
    uint64_t ownReadBytes = 0, ownWriteBytes = 0;
    uint64_t ownReads = 0, ownWrites = 0; // I/Os sent
    DeviceIo io;
    // Others' bytes in the pass where they were the largest share, and what that pass moved itself:
    // a burst in one pass of five moves that pass's figure, however small it is beside all five.
    uint64_t foreignBytes = 0, foreignBesideBytes = 0;
    std::optional<size_t> row; // the grid row it is about, for the report's marks
};

// How the device received the I/Os of one direction, where that differs from how they were sent.
struct RequestShape {
    bool write = false;
    double sentPerRequest = 0; // the request's size over the I/O's: 4 = four joined, 0.2 = each in five
    double requestBytes = 0; // the average request the device received
};
// The directions whose requests were joined or split beyond the tolerance (reads first).
std::vector<RequestShape> reshapedRequests(const DeviceSeen& seen);
// Whether the device moved more than the tolerance beyond the test's own bytes (in its worst pass).
bool foreignIoAbove(const DeviceSeen& seen);
double foreignPercent(const DeviceSeen& seen);

// "1 MiB", "240 KiB", "4.0 MiB": a request size as people read it.
QString requestSizeLabel(double bytes);

// The text report's line for `seen` (each kind's report puts it after "Requests:"), or empty when
// the device received what was sent and nothing else: "SEQ1M Q8T1 read on vda: 1 MiB reads
// arrived as 4 MiB requests (4.0 joined into one), 2.0 in flight on average, busy 99 %".
QString deviceIoLine(const DeviceSeen& seen);

// The grid's tests as the device saw them, its passes together; tests without counters left out.
std::vector<DeviceSeen> deviceSeen(const RunResult& run);
// A kind's phases (RunEnvelope::devicePhases, a sweep's points) as the device saw them.
DeviceSeen deviceSeen(const DevicePhase& phase, const QString& label);
std::vector<DeviceSeen> deviceSeen(const std::vector<DevicePhase>& phases);
// For a kind whose subject is the filesystem's work on many files (small files, copies): what the
// device moved beyond the files' data is that work (inodes, directories, the journal, written by
// the filesystem's own threads), not another program's, so it is not called other I/O. The JSON
// keeps the device's counts as they were.
std::vector<DeviceSeen> withFilesystemWorkAsOwn(std::vector<DeviceSeen> seen);

// The text report's "Requests:" lines for those of `seen` that have one ("  Requests: ...\n").
QString deviceIoLines(const std::vector<DeviceSeen>& seen);

// The `device_io` object, and reading it back: nullopt when absent or null (a report from before
// it, a target without a device); `problem` names a field that is there but wrong.
QJsonObject deviceIoJson(const DeviceIo& io);
QJsonValue deviceIoJson(const std::optional<DeviceIo>& io);
std::optional<DeviceIo> readDeviceIo(const QJsonValue& value, QString* problem = nullptr);
// A phase: `device_io`'s fields and what the phase sent (io_bytes, own_read_bytes, own_reads ...).
QJsonObject devicePhaseJson(const DevicePhase& phase);
std::optional<DevicePhase> readDevicePhase(const QJsonValue& value, QString* problem = nullptr);
// A kind's phases as one object keyed by phase name ({"write": {...}}), in the envelope of its
// report; reading skips what does not parse (the other kinds' readers are lenient).
QJsonObject devicePhasesJson(const std::vector<DevicePhase>& phases);
std::vector<DevicePhase> readDevicePhases(const QJsonValue& value);

} // namespace dm
