// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "report.h"
#include "targetinfo.h"

#include <QList>

namespace dm {

// Every block device a user could test on, from sysfs: each whole disk followed by its partitions
// (in partition order), each described as describeBlockDevice() does (kind "block-device"), with
// the mount point(s), filesystem and options of those that are mounted. Physical disks come first,
// then loop, device-mapper and RAID devices; names in natural order (sda, sdb, ..., sdaa).
// Left out: RAM disks (ram*, zram*), NVMe multipath paths the kernel hides, and every device of
// size 0 (a loop device with no backing file, an optical drive or card reader without a medium,
// an inactive device-mapper or RAID device). Serial numbers are read only when `withSerial`.
QList<TargetDescription> listBlockDevices(const TargetPaths& paths = {}, bool withSerial = false);

} // namespace dm
