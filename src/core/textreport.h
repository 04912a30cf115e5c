// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "report.h"

#include <QString>

namespace dm {

// The plain-text report in CrystalDiskMark's layout, so it can be pasted next to one and compared
// line by line. Lines end in "\n", or "\r\n" when crlf is set (for Windows readers and some
// forums).
QString formatText(const Report& report, bool crlf = false);

// " <0Fill>" when the test data is zeros, empty otherwise: what CrystalDiskMark appends to its
// title (the window's, the image's and the text report's first line).
QString testDataTitle(DataFill data);

// "1 GiB", "512 MiB": a test size the way the report's Test line writes it.
QString testSizeLabel(uint64_t bytes);
// "Default", "Peak", "Real World", "Demo": a profile as CrystalDiskMark users know it.
QString profileLabel(Profile profile);
// "Default", or for a custom list its rows: "Custom (SEQ1M Q8T1, RND4K Q32T16)".
QString profileDescription(const Report& report);

} // namespace dm
