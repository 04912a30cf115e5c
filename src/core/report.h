// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "presets.h"
#include "powerprofile.h"
#include "queueinfo.h"
#include "results.h"
#include "runhealth.h"

#include <QDateTime>
#include <QString>
#include <QStringList>
#include <optional>

namespace dm {

// What was tested, as a person would describe it. Filled from /proc/self/mountinfo and sysfs.
struct TargetDescription {
    QString path; // as the user gave it
    QString kind; // "directory", "file", "block-device"
    QString mountPoint; // of the filesystem holding the target; empty for an unmounted device
    QString filesystem; // "ext4", "xfs", ...; empty for a raw device
    QString mountOptions; // "rw,relatime"
    QString device; // "/dev/vda", "/dev/loop3", "/dev/nvme0n1p2"
    QString model; // "Samsung SSD 980 PRO 1TB"; empty when unknown
    QString vendor;
    // Only filled when asked for: people post these descriptions, and a serial number identifies
    // one particular drive (and its owner) for good.
    QString serial;
    QString bus; // "nvme", "sata", "usb", "mmc", "virtio", "loop", "scsi", "" when unknown
    // A virtual machine's disk, and what says so: "virtio", "Xen", "VMware", "Hyper-V", "QEMU",
    // "VirtualBox"; empty for a physical drive (one passed through to a guest too) or unknown.
    QString virtualDisk;
    QString link; // "USB 3.2 Gen 1 (5 Gbps)"; empty when not known or not USB
    // USB only: true when the stick or case runs the UAS protocol, false for the older, slower
    // Bulk-Only Transport (the usb-storage driver); empty when not USB or not known.
    std::optional<bool> uas;
    // USB only: the link speed the device negotiated (the number `link` names; 0 = unknown) and
    // the USB version its descriptor claims ("3.20", "2.10"), which tell a USB 3 drive held to
    // USB 2.0 speed by the port or cable (explanations.h).
    double linkMbps = 0;
    QString usbVersion;
    QueueFacts queue; // how the device takes I/O: queue depth, write cache, scheduler
    bool rotational = false;
    bool readOnly = false; // the device (or partition) is read-only in the kernel
    bool removable = false; // the kernel's removable flag: card readers, many USB sticks
    unsigned logicalBlockSize = 0; // bytes, from the device's queue; 0 when unknown
    unsigned physicalBlockSize = 0;
    qint64 capacityBytes = 0; // filesystem size, or device size for a raw device
    std::optional<qint64> freeBytes; // filesystem free space; empty for a raw device
    // What df calls used: the blocks not free, root's reserve not among them (capacity - free
    // would count the reserve as used: 8 % where df says 1 %). Empty for a raw device.
    std::optional<qint64> usedBytes;
    qint64 sizeBytes = 0; // the block device's (or partition's) size; 0 when there is none
    QStringList partitions; // a whole disk's partitions, kernel names ("nvme0n1p1"), in order
    QString wholeDisk; // a partition's disk ("/dev/nvme0n1"); empty for a whole disk
    QStringList mountPoints; // every place the device is mounted (mountPoint is the first)
};

struct SystemDescription {
    QString os; // PRETTY_NAME from os-release, e.g. "Debian GNU/Linux 12 (bookworm)"
    QString kernel; // uname -r
    QString cpu; // model name, for reports that want it
    PowerDescription power; // the power profile, battery, CPU governor and suspend inhibit during the run
};

// What every Diskometer report says besides its figures: who made it, when, on what system and
// target (runheader.h makes it on the job's thread). The grid's Report is one with the grid's
// figures; the other tests' reports (scan, sustained write, sweep, capacity) carry one.
struct ReportHeader {
    QString toolVersion; // DM_VERSION
    QString engine; // the engine that ran
    QDateTime date; // local time with offset; when the run started
    SystemDescription system;
    TargetDescription target;
    RunHealth health; // the drive's health and temperature at the run's start and end, and between
    QString comment;
};

// The one value every grid report (text, Markdown, JSON, CSV) is made from: the engine's output
// plus the run's header.
struct Report : ReportHeader {
    Report() { engine = QStringLiteral("libaio"); }

    ReportHeader& header() { return *this; }
    const ReportHeader& header() const { return *this; }

    RunResult run;
    Profile profile = Profile::Default;
    Preset preset = Preset::Default;
    Mode mode = Mode::All;
    std::optional<int> mixReadPercent; // set when mix tests were asked for
    // The program that measured: "Diskometer", or "fio" for fio output imported into the history,
    // so a report made from an imported run never claims to be ours.
    QString toolName = QStringLiteral("Diskometer");
};

} // namespace dm
