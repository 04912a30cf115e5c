// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <optional>

namespace dm {

// The units a tile can show (CrystalDiskMark's unit menu).
enum class Unit { MBps, GBps, Iops, Microseconds };

QString unitName(Unit u); // "MB/s", "GB/s", "IOPS", "μs"
QString unitKey(Unit u); // "mbps", "gbps", "iops", "us": for settings and command lines
std::optional<Unit> parseUnit(const QString& key);

} // namespace dm
