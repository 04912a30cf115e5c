// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "report.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

namespace dm {

inline constexpr char kTargetsSchema[] = "diskometer.targets/1";

// `diskometer-cli targets`: two aligned tables, "Filesystems" and "Block devices" (partitions
// indented below their disk). A Serial column only when `withSerial`.
QString formatTargetsText(
    const QList<TargetDescription>& filesystems, const QList<TargetDescription>& blockDevices, bool withSerial);

// `diskometer-cli targets --json`: {"schema": "diskometer.targets/1", "filesystems": [...],
// "block_devices": [...]}, each entry the result report's target object (targetjson.h).
QByteArray formatTargetsJson(const QList<TargetDescription>& filesystems, const QList<TargetDescription>& blockDevices);

// Runs `diskometer-cli targets [--json] [--show-serial]`; `arguments` is argv (program name, then
// "targets", then options). Returns the exit code: 0, or 2 for bad usage.
int runTargetsCommand(const QStringList& arguments);

} // namespace dm
