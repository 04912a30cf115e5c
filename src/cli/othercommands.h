// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

namespace dm {

// `diskometer-cli scan DEVICE ...`, `sustained TARGET ...`, `sweep TARGET ...` (issue 6). Each
// takes argv (program name, the command, then its options) and returns the exit code: 0 done,
// 1 an I/O error stopped it (what ran is still reported), 2 bad usage or target, 130 interrupted.
int runScanCommand(const QStringList& arguments);
int runSustainedCommand(const QStringList& arguments);
int runSweepCommand(const QStringList& arguments);
// `health [DEVICE]` (issue 15): 0 no drive is Bad, 1 a drive is Bad, 2 usage or a bad DEVICE.
int runHealthCommand(const QStringList& arguments);

} // namespace dm
