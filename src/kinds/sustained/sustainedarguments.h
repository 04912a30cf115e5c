// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "sustainedwrite.h"

#include <QStringList>

namespace dm {

// A sustained-write request as `diskometer-cli sustained` options, for an ssh:// host that writes
// on its own PATH (File › Run on Hosts from the Sustained write tab, issue 31). Said here, beside
// the command that reads them (sustainedcommand.cpp), so the option names live in one folder; the
// target and the envelope (engine, --allow-destructive) are not said: they are the host's and the
// caller's. The amount is always given (--total), so the host writes what the window would.
QStringList sustainedCliArguments(const SustainedRequest& request);

// The sustained command's own reading of `arguments` ("diskometer-cli", "sustained", TARGET,
// options...) into a request, without running: its usage error when an option is wrong. In the
// CLI part (sustainedcommand.cpp); the tests hold the two together.
Result<SustainedRequest> parseSustainedArguments(const QStringList& arguments);

} // namespace dm
