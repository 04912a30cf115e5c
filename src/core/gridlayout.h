// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "presets.h"
#include "units.h"

#include <optional>
#include <vector>

namespace dm {

// One row of the window's grid: which test row's results it shows, and in which unit (empty =
// the unit chosen in the Settings menu). Peak and Real World show one RND4K test three times,
// as MB/s, IOPS and µs, as CrystalDiskMark does.
struct GridRow {
    size_t testRow = 0;
    std::optional<Unit> unit;
};

std::vector<GridRow> gridRows(Profile profile, size_t testRowCount);

} // namespace dm
