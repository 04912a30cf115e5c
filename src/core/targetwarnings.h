// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "report.h"
#include "targetinfo.h"

#include <QString>
#include <QStringList>

#include <chrono>

namespace dm {

// One-line warnings about what the target is, for the report (MEASUREMENT.md "any warning") and
// the window: a copy-on-write or compressing filesystem (btrfs, ZFS, bcachefs, F2FS with
// compression), an encrypted device (dm-crypt anywhere below the filesystem or device), a
// network or FUSE filesystem, RAM instead of a drive (tmpfs, ramfs, zram, brd, a loop device over
// a file in RAM or through the page cache). Reads only `target` and the sysfs/dev trees of
// `paths`; empty when nothing is worth saying.
QStringList targetWarnings(const TargetDescription& target, const TargetPaths& paths = {});

// Samples /sys/class/block/<disk>/stat twice, `window` apart, for the disk(s) under `device`
// ("/dev/sda2", "sda", "/dev/mapper/root", "/dev/dm-1": a partition counts as its whole disk, a
// device-mapper device as the disks below it) and warns when other I/O completed or was in
// flight meanwhile. Call it before the run starts (the run's own I/O would count afterwards) and
// off a GUI thread (it sleeps for `window`). Empty when the disk was idle or cannot be found.
QString deviceBusyWarning(const QString& device, const TargetPaths& paths = {},
    std::chrono::milliseconds window = std::chrono::milliseconds(200));

// Appends `warnings` to the run's, skipping empty ones and ones already there.
void appendWarnings(RunEnvelope& run, const QStringList& warnings);

} // namespace dm
