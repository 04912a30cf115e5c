// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <cstdint>
#include <optional>

namespace dm {

// The units a tile can show (CrystalDiskMark's unit menu).
enum class Unit { MBps, GBps, Iops, Microseconds };

QString unitName(Unit u); // "MB/s", "GB/s", "IOPS", "μs"
QString unitKey(Unit u); // "mbps", "gbps", "iops", "us": for settings and command lines
std::optional<Unit> parseUnit(const QString& key);

// "1.5 GB", "640.0 MB", "4.1 KB": decimal, as drives are sold, for sizes in a sentence.
QString decimalSizeText(uint64_t bytes);

} // namespace dm
