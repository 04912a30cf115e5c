// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "report.h"

#include <QString>

namespace dm {

// What makes the disk at `relative` (its sysfs path below the root), named `diskName` and
// described as `dev` (bus, vendor, model), a virtual machine's: "virtio", "Xen", "Hyper-V",
// "VMware", "QEMU", "VirtualBox", the DMI's hypervisor for a model that says only "Virtual disk";
// empty for a physical drive, a passed-through one included. `canonicalRoot` is the sysfs root.
QString virtualDiskKindOf(
    const QString& relative, const QString& diskName, const TargetDescription& dev, const QString& canonicalRoot);

// The canonical sysfs directory of the one device beneath a volume (`diskDir`/slaves: LVM linear,
// dm-crypt), empty when there are none or several.
QString singleDeviceBeneath(const QString& diskDir);

} // namespace dm
