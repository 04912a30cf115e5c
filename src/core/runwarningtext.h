// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <string>

namespace dm {

// The engine's warnings in the window's language. The engine has no Qt and says them in
// English (they go into the reports as they are, which stay English like the CLI's); the window
// shows each in the language it runs in. A warning the table does not know is shown as it is.
QString runWarningText(const std::string& warning);

} // namespace dm
