// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "surfacescan.h"

#include <QStringList>

namespace dm {

// A scan request as `diskometer-cli scan` options, for an ssh:// host that scans its own DEVICE
// (File › Run on Hosts from the Surface scan tab, issue 31). Said here, beside the command that
// reads them (scancommand.cpp), so the option names live in one folder; the device and the
// envelope (engine, --allow-destructive) are not said: they are the host's and the caller's.
QStringList scanCliArguments(const ScanRequest& request);

// The scan command's own reading of `arguments` ("diskometer-cli", "scan", DEVICE, options...)
// into a request, without running: its usage error when an option is wrong. In the CLI part
// (scancommand.cpp); the tests hold the two together.
Result<ScanRequest> parseScanArguments(const QStringList& arguments);

} // namespace dm
