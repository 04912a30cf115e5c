// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "blocksizesweep.h"
#include "explanations.h"
#include "reportheader.h"

#include <QByteArray>
#include <QString>

namespace dm {

inline constexpr char kSweepSchema[] = "diskometer.sweep/1";

struct SweepReport {
    SweepResult result;
    ReportHeader header;
};

// diskometer.sweep/1: the shared blocks, "settings" (pattern, queue_depth, threads,
// min_block_size, max_block_size, test_size_bytes, count, measure_seconds, warmup_seconds, data,
// seed), "points" [{block_size, read, write}], each direction {mb_per_s, iops, latency_us_mean,
// latency_us_p99, error} or null when it did not run.
// The drive's temperature while `m` was measured (at its atSeconds on the run's readings); none
// for a failed measurement or one without its moment. The JSON's points and the page's dots.
std::optional<double> sweepTemperature(const SweepMeasurement& m, const std::vector<TemperatureSample>& temperatures);

QByteArray formatSweepJson(const SweepReport& report);
Result<SweepReport> parseSweepJson(const QByteArray& json);

// One row per block size: block_size_bytes, read_mb_per_s, read_iops, write_mb_per_s, write_iops.
QByteArray formatSweepCsv(const SweepReport& report);

// A table: block size, read and write MB/s and IOPS.
QString formatSweepText(const SweepReport& report);

// The explanations of a sweep (explanations.h): each point's reads and writes, as grid rows.
std::vector<Explanation> explainSweep(const SweepReport& report);
// The sweep's points as the device counted them (deviceio.h): "the 4 KiB reads", "the 1 MiB writes".
std::vector<DeviceSeen> sweepDeviceSeen(const SweepResult& result);

} // namespace dm
