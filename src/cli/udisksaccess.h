// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "runner.h"

#include <QString>

namespace dm {

// When the target is a block device the user may not open (no sudo, not in the 'disk' group),
// opens it through UDisks2 as GNOME Disks does, polkit asking for the password where a desktop
// agent runs, and puts the descriptor into request.fd; it stays open until the process exits.
// A write test is opened only once --allow-destructive was given, so nobody types a password for
// a run that is refused anyway. Returns the line to tell the user ("opened ... through UDisks2"),
// empty when nothing was needed, or an error that says what to do.
Result<QString> openTargetThroughUdisks(RunRequest& request);

} // namespace dm
