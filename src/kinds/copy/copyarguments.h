// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "copybench.h"
#include "error.h"

#include <QStringList>

namespace dm {

// A copy-test request as `diskometer-cli copy` options, for an ssh:// host that copies in its own
// PATH (File › Run on Hosts from the Copy tab, issue 31). Said here, beside the command that reads
// them (copycommand.cpp), so the option names live in one folder; the target and the envelope
// (engine) are not said: they are the host's and the caller's. A seed of 0 (a fresh one) is left
// out: each host draws its own, recorded in its report.
QStringList copyCliArguments(const CopyRequest& request);

// The copy command's own reading of `arguments` ("diskometer-cli", "copy", TARGET, options...)
// into a request, without running: its usage error when an option is wrong. In the CLI part
// (copycommand.cpp); the tests hold the two together.
Result<CopyRequest> parseCopyArguments(const QStringList& arguments);

} // namespace dm
