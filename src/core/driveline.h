// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "report.h"

#include <QString>

namespace dm {

// "[/home 43% (104/242GiB)]" for a filesystem, "[/dev/sdb (58GiB)]" for a raw device: where a
// run wrote and how full it was, as the text report's Test line and the drive line say it.
QString targetUsage(const TargetDescription& target);

// The line a posted screenshot explains itself with (issue 15, part 4): the drive, how it is
// connected and its link, its size, the filesystem and how full it is, and its serial number
// when `withSerial` and known. "Samsung SSD 970 EVO 1TB (nvme, PCIe 3.0 x4) ext4 · 1.0 TB ·
// [/home 43% (104/242GiB)]". Empty for a target we know nothing of.
QString driveLine(const TargetDescription& target, bool withSerial);

// "1.0 TB", "32 GB", "512 MB": a drive's size as it is sold (decimal), for the drive line.
QString soldSize(qint64 bytes);

// Whether what this process writes for others to see (reports, the saved image, history
// exports) carries drives' serial numbers. Off unless the user asks: people post these, and a
// serial identifies one drive and its owner for good (report.h). The window's Settings › "Show
// the drive's serial number" and diskometer-cli's --show-serial turn it on. One switch for the
// process, read by every kind's run header (runheader.h) on its worker thread.
void setSerialShown(bool on);
bool serialShown();

} // namespace dm
