// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "report.h"
#include "targetinfo.h"

#include <QList>

namespace dm {

// Every mounted filesystem a user could test on, described (free/total space, device model), for
// the window's target list. Pseudo and kernel filesystems (proc, sysfs, cgroup, devpts, ...),
// read-only squashfs images (snaps) and bind-mount duplicates of the same filesystem are left out;
// the list is sorted by mount point, "/" first.
// Serial numbers are read only when `withSerial`.
QList<TargetDescription> listFilesystemTargets(const TargetPaths& paths = {}, bool withSerial = false);

// The entry of that list which holds `path` (longest mount-point prefix), e.g. the home
// directory's filesystem for the default target; -1 when none does.
int targetHolding(const QList<TargetDescription>& targets, const QString& path);

} // namespace dm
