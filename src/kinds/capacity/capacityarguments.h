// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "capacitycheck.h"
#include "error.h"

#include <QStringList>

namespace dm {

// A capacity request as `diskometer-cli capacity` options, for an ssh:// host that fills the free
// space of its own PATH (File › Run on Hosts from the Capacity tab, issue 31). Said here, beside
// the command that reads them (capacitycommand.cpp), so the option names live in one folder; the
// target and the envelope (engine, --allow-destructive) are not said: they are the host's and the
// caller's, so a host's device is not probed from here (the host refuses it without that consent).
QStringList capacityCliArguments(const CapacityRequest& request);

// The capacity command's own reading of `arguments` ("diskometer-cli", "capacity", TARGET,
// options...) into a request, without running: its usage error when an option is wrong. In the
// CLI part (capacitycommand.cpp); the tests hold the two together.
Result<CapacityRequest> parseCapacityArguments(const QStringList& arguments);

} // namespace dm
