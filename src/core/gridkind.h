// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "report.h"
#include "testkind.h"

namespace dm {

// The grid's history figures, for any Report (ours, or fio's output read as one): the headline is
// SEQ1M Q8T1 read (else write, else the first test that measured), and the metrics the headline
// MB/s of the two rows every CrystalDiskMark user reads first, each direction.
RunSummary summarizeGrid(const Report& report);

} // namespace dm
