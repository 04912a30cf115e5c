// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "report.h"

#include <QString>

namespace dm {

// Where describeTarget() looks. Tests point these at small fixture trees laid out like /sys and
// /proc, so every kind of device can be described without having the hardware.
struct TargetPaths {
    QString sysRoot = QStringLiteral("/sys");
    QString mountInfo = QStringLiteral("/proc/self/mountinfo");
    // Not consulted yet: kept in the signature so resolving mount sources through /dev (btrfs,
    // device-mapper) can be added without changing every caller.
    QString devRoot = QStringLiteral("/dev");
};

// What a target is and what it sits on, for reports: kind, mount, filesystem, device, model, bus,
// USB link speed, capacity. Never fails: whatever cannot be found out stays empty.
TargetDescription describeTarget(const QString& path, const TargetPaths& paths = {});

// "USB 3.2 Gen 1 (5 Gbps)" for the Mbps a USB device's sysfs `speed` file reports.
QString usbLinkLabel(double mbps);

// The Device line of a report, parts left out when unknown:
// "SanDisk Ultra (usb, USB 3.2 Gen 1 (5 Gbps)) exfat", "Samsung SSD 980 PRO 1TB (nvme) ext4", "tmpfs".
QString deviceSummary(const TargetDescription& target);

} // namespace dm
