// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "drivehealth.h"
#include "results.h"

#include <QJsonValue>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace dm {

struct TargetDescription;

// The drive's health as a run found it or left it: the status, why, and how warm it was.
struct HealthMoment {
    HealthStatus status = HealthStatus::Unknown;
    QString reason;
    std::optional<double> temperatureC;
    bool operator==(const HealthMoment&) const = default;
};

// A drive's temperature some seconds into a run (hwmon, read every few seconds while it goes).
struct TemperatureSample {
    double seconds = 0, celsius = 0;
    bool operator==(const TemperatureSample&) const = default;
};

// What every report of every kind records about the drive's health (issue 15): read by
// RunHeaderProbe before the first I/O and after the last, so a posted result says whether the
// drive was healthy and how warm the run made it. Nothing is read for a target on no drive
// (tmpfs, a network or FUSE filesystem), and an imported fio run has none.
struct RunHealth {
    QString device; // the whole drive, "/dev/nvme0n1"
    QString model;
    std::optional<HealthMoment> start, end;
    std::optional<int> warningTemperatureC; // NVMe WCTEMP or the hwmon sensor's temp1_max
    std::vector<TemperatureSample> temperatures; // during the run; empty without a sensor
    bool known() const { return start || end; }
    std::optional<double> hottest() const; // over start, end and the samples
};

HealthMoment healthMoment(const DriveHealth& health);

// The drive's temperature `seconds` into the run: the last reading at or before then (the first
// one before any), nothing without readings. The readings count from the run header's start,
// a fraction of a second before a kind's own clock starts (its first I/O): close enough for
// readings 2 s apart.
std::optional<double> temperatureAt(const std::vector<TemperatureSample>& temperatures, double seconds);

// The drive's temperature at each sample of a grid test's timeline, in the test's own seconds
// (the sample's t), from the run's readings: what its chart draws and its JSON timeline carries.
// Empty without readings, or without the test's start on their clock.
std::vector<TemperatureSample> temperaturesAlong(const TestResult& test, const std::vector<TemperatureSample>& run);

// readDriveHealth() for the drive holding `target`, or nothing when it is on no drive: tmpfs,
// NFS and FUSE name their source ("tmpfs", "server:/export"), not a block device. Blocking.
std::optional<DriveHealth> readTargetHealth(const TargetDescription& target, const HealthSources& sources);

// {"device", "model", "start": {"status", "reason", "temperature_c"}, "end": {…},
// "warning_temperature_c", "hottest_c", "temperatures": [[seconds, °C], …]}, or null when unknown.
QJsonValue runHealthJson(const RunHealth& health);
RunHealth runHealthFromJson(const QJsonValue& value);

// The text and Markdown reports' Health line: "Good, 38 °C at the start; Good, 44 °C at the end
// (hottest 46 °C)", the reason added when the drive is not Good. Empty when unknown.
QString healthSummary(const RunHealth& health);

// The warnings a run's health calls for (empty when none): the status got worse during the run,
// or the drive reached its warning temperature or warmed by kThermalRiseC since the start, when
// a falling rate may be the drive protecting itself rather than a full cache.
constexpr double kThermalRiseC = 15;
QStringList healthWarnings(const RunHealth& health);

} // namespace dm
