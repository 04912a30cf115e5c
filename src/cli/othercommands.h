// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

namespace dm {

// The test kinds' commands are in their folders (src/kinds/ID/IDcommand.cpp, in the command table
// through kindregistry.h). `health [DEVICE]` (issue 15): 0 no drive is Bad, 1 a drive is Bad, 2 usage or a bad DEVICE.
int runHealthCommand(const QStringList& arguments);

} // namespace dm
