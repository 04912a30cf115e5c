// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace dm {

// What the block layer and the device driver say about how a disk takes I/O, from its sysfs
// directory: the facts that can hold a queue-depth or write row below what the drive itself does.
struct QueueFacts {
    // SCSI (SATA, USB, SAS) only: how many commands the driver lets the device have at once
    // (`device/queue_depth`); 1 for a USB stick on the usb-storage driver. 0 when not known.
    int deviceQueueDepth = 0;
    // How many requests the block layer queues per hardware queue (`queue/nr_requests`). 0 = unknown.
    int requests = 0;
    // "write back" or "write through" (`queue/write_cache`): a write-through device reports a
    // write done only once it is on the medium. Empty when not known.
    QString writeCache;
    // The active I/O scheduler ("mq-deadline", "bfq", "none"): the bracketed one of `queue/scheduler`.
    QString scheduler;
};

// Reads those files of `diskDir` (a whole disk's directory, as /sys/block/sda leads to). Files
// that are missing leave their fields unknown.
QueueFacts readQueueFacts(const QString& diskDir);

// "[mq-deadline] none" -> "mq-deadline"; "none" (a single choice has no brackets) -> "none".
QString activeScheduler(const QString& schedulerFile);

// The header's queue line, parts left out when unknown:
// "depth 1, 2 requests, write cache: write through, scheduler mq-deadline, rotational".
QString queueSummary(const QueueFacts& queue, bool rotational);

} // namespace dm
