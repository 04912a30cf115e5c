// SPDX-License-Identifier: GPL-3.0-or-later
// Whether a block device is a virtual machine's disk (TargetDescription::virtualDisk), for
// describeTarget() (targetinfo.cpp), from its place in sysfs, its model and the machine's DMI.
#include "virtualdisk.h"

#include "sysfsvalue.h"

#include <QDir>
#include <QFileInfo>

#include <utility>

namespace dm {

namespace {

    // The hypervisor the machine's firmware names (DMI, as systemd-detect-virt reads it first),
    // empty on bare metal or where there is no DMI (many ARM boards, Firecracker).
    QString dmiHypervisor(const QString& canonicalRoot)
    {
        const QString id = canonicalRoot + QStringLiteral("/class/dmi/id/");
        const QString both = readSysfsValue(id + QStringLiteral("sys_vendor")) + QLatin1Char(' ')
            + readSysfsValue(id + QStringLiteral("product_name"));
        static const std::pair<const char*, const char*> known[] = { { "QEMU", "QEMU" }, { "KVM", "KVM" },
            { "VMware", "VMware" }, { "VirtualBox", "VirtualBox" }, { "innotek", "VirtualBox" }, { "Xen", "Xen" },
            { "Microsoft Corporation Virtual Machine", "Hyper-V" }, { "Amazon EC2", "Amazon EC2" },
            { "Google Compute Engine", "Google Compute Engine" } };
        for (const auto& [needle, name] : known)
            if (both.contains(QLatin1String(needle)))
                return QLatin1String(name);
        return {};
    }

} // namespace

// What makes a disk a virtual machine's (TargetDescription::virtualDisk). The bus or driver
// first (virtio, Xen's vbd, Hyper-V's VMBus), then the model the hypervisor gives its
// emulated disks. The machine being virtual is not enough: a drive passed through to a guest
// keeps its own model and is measured as itself; DMI only names the hypervisor of a disk
// whose model says no more than "Virtual disk". systemd-detect-virt is not run: it speaks of
// the machine (and of containers, where the disk is the host's own), and it reads the same DMI.
QString virtualDiskKindOf(const QString& relative, const QString& diskName, const TargetDescription& dev,
    const QString& canonicalRoot)
{
    if (dev.bus == QLatin1String("virtio"))
        return QStringLiteral("virtio");
    if (relative.contains(QLatin1String("/vbd-")) || diskName.startsWith(QLatin1String("xvd")))
        return QStringLiteral("Xen");
    // storvsc's SCSI disks sit below VMBus; an NVMe drive handed to the guest (Azure's local
    // NVMe, DDA) sits below a PCI bus that VMBus carries, and is a drive of its own.
    if (const qsizetype vmbus = relative.indexOf(QLatin1String("/VMBUS:"), 0, Qt::CaseInsensitive);
        vmbus >= 0 && relative.indexOf(QLatin1String("/pci"), vmbus, Qt::CaseInsensitive) < 0)
        return QStringLiteral("Hyper-V");
    const QString name = dev.vendor + QLatin1Char(' ') + dev.model;
    if (name.contains(QLatin1String("VMware"), Qt::CaseInsensitive))
        return QStringLiteral("VMware");
    if (name.contains(QLatin1String("QEMU")))
        return QStringLiteral("QEMU");
    if (name.contains(QLatin1String("VBOX")))
        return QStringLiteral("VirtualBox");
    if (dev.vendor == QLatin1String("Msft"))
        return QStringLiteral("Hyper-V");
    if (dev.model.contains(QLatin1String("Virtual disk"), Qt::CaseInsensitive)
        || dev.model.contains(QLatin1String("Virtual-disk"), Qt::CaseInsensitive)) {
        const QString hypervisor = dmiHypervisor(canonicalRoot);
        return hypervisor.isEmpty() ? QStringLiteral("hypervisor unknown") : hypervisor;
    }
    return {};
}

QString singleDeviceBeneath(const QString& diskDir)
{
    const QString slaves = diskDir + QStringLiteral("/slaves");
    const QStringList below = QDir(slaves).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    return below.size() == 1 ? QFileInfo(slaves + QLatin1Char('/') + below.front()).canonicalFilePath() : QString();
}

} // namespace dm
