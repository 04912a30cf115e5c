// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The rules about what reached the drive and what the drive is, for explanations.cpp.

#include "deviceio.h"
#include "explanations.h"

namespace dm::explain {

// A note per test (or phase) whose requests the kernel joined or split beyond the tolerance.
void requestShapeRules(const std::vector<DeviceSeen>& seen, std::vector<Explanation>& out);
// One warning when the device moved more than the tests did during any of them, naming the worst
// and marking every row it happened on.
void foreignIoRule(const std::vector<DeviceSeen>& seen, std::vector<Explanation>& out);
// A note on each grid row above half of the engine's own ceiling at its depth and threads
// (RunResult::ceilings): the processor's figure, not the drive's.
void processorBoundRule(const RunResult& run, std::vector<Explanation>& out);
// A warning when the target is a virtual machine's disk (TargetDescription::virtualDisk).
void virtualDiskRule(const TargetDescription& target, std::vector<Explanation>& out);

// What makes the target a virtual disk ("virtio", "Xen", "VMware", "Hyper-V", "QEMU",
// "VirtualBox"), empty for a physical drive or one not known to be virtual. Reports from before
// the field name their bus only: virtio is virtual by its nature.
QString virtualDiskKind(const TargetDescription& target);

} // namespace dm::explain
