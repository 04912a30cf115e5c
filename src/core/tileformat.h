// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "results.h"
#include "units.h"

#include <QString>

namespace dm {

// What a result tile shows, computed without any widget so it can be tested on its own.
// The headline pass (passStatistics().bestIndex) gives every number.

// The number in a unit, as the tile prints it: "1406.29" MB/s, "1.406" GB/s, "92781.4" IOPS,
// "344.89" µs; fewer decimals when the number grows so it fits the tile ("12345.6", "1234567").
// An empty string when the test has no finished pass.
QString formatTileValue(const TestResult& result, Unit unit);

// The same formatting for any number in a unit (the tooltip's other units and latencies use it).
QString formatTileNumber(double value, Unit unit);

// The value in that unit as a number (MB/s, GB/s, IOPS, or mean latency in µs); 0 without passes.
double tileValue(const TestResult& result, Unit unit);

// Length of the tile's bar in [0, 1] on a log scale, so a USB 2 stick and an NVMe drive both
// show a visible bar: MB/s and GB/s from 0.1 MB/s to 100,000 MB/s; IOPS from 1 to 10,000,000;
// latency from 10 s (empty) down to 1 µs (full) — shorter latency, longer bar.
double tileBarFraction(const TestResult& result, Unit unit);

// Tooltip text: the value in all units, latency mean/p50/p99/p99.9/max of the headline pass, and
// the passes' median, min, max and CV; for a failed test, the reason. Plain text, one fact a line.
QString tileTooltip(const TestResult& result);

} // namespace dm
