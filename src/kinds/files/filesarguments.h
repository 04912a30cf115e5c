// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "smallfiles.h"

#include <QStringList>

namespace dm {

// A small-file request as `diskometer-cli files` options, for an ssh:// host that runs it in its
// own PATH (File › Run on Hosts from the Small files tab, issue 31). Said here, beside the command
// that reads them (filescommand.cpp), so the option names live in one folder; the target and the
// envelope (engine) are not said: they are the host's and the caller's.
QStringList filesCliArguments(const FilesRequest& request);

// The files command's own reading of `arguments` ("diskometer-cli", "files", TARGET_DIR,
// options...) into a request, without running: its usage error when an option is wrong. In the
// CLI part (filescommand.cpp); the tests hold the two together.
Result<FilesRequest> parseFilesArguments(const QStringList& arguments);

} // namespace dm
