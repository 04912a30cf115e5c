// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "report.h"
#include "targetinfo.h"

#include "runenvelope.h"

#include <QString>
#include <QStringList>

#include <chrono>
#include <vector>

namespace dm {

// One-line warnings about what the target is, for the report (docs/MEASURING.md, "Warnings about
// the circumstances") and the window: a copy-on-write or compressing filesystem (btrfs, ZFS,
// bcachefs, F2FS with compression), an encrypted device (dm-crypt anywhere below the filesystem or
// device), a network or FUSE filesystem, RAM instead of a drive (tmpfs, ramfs, zram, brd, a loop
// device over a file in RAM or through the page cache). Reads only `target` and the sysfs/dev trees
// of `paths`; empty when nothing is worth saying.
QStringList targetWarnings(const TargetDescription& target, const TargetPaths& paths = {});

// What other programs did on the disk(s) under `device` ("/dev/sda2", "sda", "/dev/mapper/root",
// "/dev/dm-1": a partition counts as its whole disk, a device-mapper device as the disks below
// it): /sys/class/block/<disk>/stat sampled twice, `window` apart. Sample before the run starts
// (the run's own I/O would count afterwards) and off a GUI thread (it sleeps for `window`).
struct DiskActivity {
    QString disk; // "sda"
    double readBytesPerSec = 0, writtenBytesPerSec = 0, iosPerSec = 0;
    quint64 inFlight = 0; // the larger of the two samples
};
std::vector<DiskActivity> sampleDeviceActivity(const QString& device, const TargetPaths& paths = {},
    std::chrono::milliseconds window = std::chrono::milliseconds(200));

// The warning about other I/O, when it was enough to move a result (docs/MEASURING.md): at least
// kBusyShare of what the drive did in the run, in bytes or in I/Os per second (each judged where
// its figure is known), or I/O in flight that completed nothing during the window (something
// holds the drive). With no figure known (nothing measured) any I/O counts. Empty when nothing is
// worth saying.
inline constexpr double kBusyShare = 0.01;
// `speed` is what the drive did in the run: the result's `fastest` (runenvelope.h).
QString deviceBusyWarning(const std::vector<DiskActivity>& activity, const DriveSpeed& speed = {});

// Appends `warnings` to the run's, skipping empty ones and ones already there.
void appendWarnings(RunEnvelope& run, const QStringList& warnings);

} // namespace dm
