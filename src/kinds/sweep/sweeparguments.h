// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "blocksizesweep.h"
#include "error.h"

#include <QStringList>

namespace dm {

// A sweep request as `diskometer-cli sweep` options, for an ssh:// host that runs it on its own
// PATH (File › Run on Hosts from the Block sizes tab, issue 31). Said here, beside the command
// that reads them (sweepcommand.cpp), so the option names live in one folder; the target and the
// envelope (engine, --allow-destructive) are not said: they are the host's and the caller's.
// The size is always given (--size), so the host tests what the window would.
QStringList sweepCliArguments(const SweepRequest& request);

// The sweep command's own reading of `arguments` ("diskometer-cli", "sweep", TARGET, options...)
// into a request, as a run would start it, without running: its usage error when an option is
// wrong. In the CLI part (sweepcommand.cpp); the tests hold the two together.
Result<SweepRequest> parseSweepArguments(const QStringList& arguments);

} // namespace dm
