// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "runhealth.h"
#include "sustainedwrite.h"

#include <QString>

#include <optional>

namespace dm {

// Whether a sustained write's cliff (cachecliff.h) is the drive slowing itself down to cool off
// rather than its cache running out (issue 15, part 3). Both look alike in the rate: a step down
// that stays. What tells them apart is the temperature when the rate fell: at or above the
// drive's warning temperature (NVMe WCTEMP, hwmon temp1_max), or, for a drive that gives none,
// kThermalRiseC (15 °C) or more above the start's. A drive without a sensor gets nothing: its
// cliff stays a cache's.
struct ThermalCliff {
    double atSeconds = 0; // when the rate fell (the cliff's first sample after the step)
    double celsius = 0; // the hottest reading up to one sampling period after then
    double startCelsius = 0; // the first reading of the run
    std::optional<int> warningCelsius; // the drive's warning temperature, when it has one
    bool atWarning = false; // at or above the warning temperature (else: the 15 °C rise)
};
std::optional<ThermalCliff> thermalCliff(const SustainedResult& result, const RunHealth& health);

// "the drive reached 78 °C (its warning temperature is 75 °C)" / "the drive warmed from 41 to
// 63 °C": the report's and the window's words for why, after "thermal throttling: ".
QString thermalCliffWhy(const ThermalCliff& cliff);

} // namespace dm
