// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "report.h"

#include <QString>

namespace dm {

// A Markdown summary for blog posts: a heading with the device and date, a line with the settings,
// then one table row per test row with read, write (and mix) figures side by side.
QString formatMarkdown(const Report& report);

} // namespace dm
