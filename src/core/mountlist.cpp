// SPDX-License-Identifier: GPL-3.0-or-later
#include "mountlist.h"

#include <QDir>
#include <QFileInfo>
#include <QLatin1String>

#include <algorithm>
#include <iterator>
#include <vector>

namespace dm {

namespace {

    // Kernel interfaces and helpers: nothing on them is a user's storage. squashfs is read-only
    // (snaps, live media), so a test file cannot be written; ramfs is RAM with no size limit.
    constexpr const char* pseudoFilesystems[] = {
        "proc",
        "sysfs",
        "devtmpfs",
        "devpts",
        "cgroup",
        "cgroup2",
        "securityfs",
        "debugfs",
        "tracefs",
        "mqueue",
        "hugetlbfs",
        "pstore",
        "bpf",
        "autofs",
        "configfs",
        "fusectl",
        "binfmt_misc",
        "efivarfs",
        "rpc_pipefs",
        "nsfs",
        "ramfs",
        "squashfs",
        "selinuxfs",
    };

    bool isPseudo(const QString& fsType)
    {
        return std::any_of(std::begin(pseudoFilesystems), std::end(pseudoFilesystems),
            [&](const char* name) { return fsType == QLatin1String(name); });
    }

    // Where the system keeps runtime state rather than data. /run/media/<user>/<label> is the
    // exception: that is where udisks mounts the USB sticks and SD cards our users came to test.
    bool isSystemPlace(const QString& mountPoint)
    {
        if (mountPoint.startsWith(QLatin1String("/run/media/")))
            return false;
        for (const char* place : { "/proc", "/sys", "/dev", "/run" }) {
            if (pathIsUnder(mountPoint, QLatin1String(place)))
                return true;
        }
        return false;
    }

    bool isCandidate(const MountEntry& m)
    {
        if (isPseudo(m.fsType) || isSystemPlace(m.mountPoint))
            return false;
        // tmpfs is RAM: elsewhere it is runtime state, but /tmp is where people put scratch files
        // and may want to know how fast that is.
        if (m.fsType == QLatin1String("tmpfs"))
            return m.mountPoint == QLatin1String("/tmp");
        return true;
    }

    // A mount covered by another at the same place (the upper one names it as parent) cannot be
    // reached: a test there would land on the upper filesystem.
    bool isCovered(const MountEntry& m, const std::vector<MountEntry>& mounts)
    {
        return std::any_of(mounts.begin(), mounts.end(),
            [&](const MountEntry& other) { return other.parentId == m.id && other.mountPoint == m.mountPoint; });
    }

    // Which of two mounts of one filesystem to show: the whole filesystem rather than a bind
    // mount of a directory in it, then the shortest path, which is the one people know it by.
    bool isBetterMount(const MountEntry& a, const MountEntry& b)
    {
        const bool aWhole = a.root == QLatin1String("/");
        const bool bWhole = b.root == QLatin1String("/");
        if (aWhole != bWhole)
            return aWhole;
        return a.mountPoint.size() < b.mountPoint.size();
    }

} // namespace

QList<TargetDescription> listFilesystemTargets(const TargetPaths& paths, bool withSerial)
{
    const std::vector<MountEntry> mounts = readMountInfo(paths.mountInfo);

    // One mount per filesystem: the device number names the filesystem, whatever is bind-mounted where.
    std::vector<const MountEntry*> chosen;
    for (const MountEntry& m : mounts) {
        if (!isCandidate(m) || isCovered(m, mounts))
            continue;
        const auto same
            = std::find_if(chosen.begin(), chosen.end(), [&](const MountEntry* c) { return c->device == m.device; });
        if (same == chosen.end())
            chosen.push_back(&m);
        else if (isBetterMount(m, **same))
            *same = &m;
    }

    QList<TargetDescription> targets;
    for (const MountEntry* m : chosen) {
        TargetDescription target = describeMount(*m, paths, withSerial);
        // A filesystem that reports no blocks at all has no room for a test file: kernel and FUSE
        // helpers the list above does not name. Unknown size (statvfs failed) is kept.
        if (target.freeBytes && target.capacityBytes == 0)
            continue;
        targets.push_back(std::move(target));
    }
    // "/" is a prefix of every other mount point, so it sorts first.
    std::sort(targets.begin(), targets.end(),
        [](const TargetDescription& a, const TargetDescription& b) { return a.mountPoint < b.mountPoint; });
    return targets;
}

int targetHolding(const QList<TargetDescription>& targets, const QString& path)
{
    // Mount points are canonical in mountinfo; resolve symlinks (a home under /var/home) the same way.
    QString resolved = QFileInfo(path).canonicalFilePath();
    if (resolved.isEmpty())
        resolved = QDir::cleanPath(QFileInfo(path).absoluteFilePath());
    int best = -1;
    for (int i = 0; i < targets.size(); ++i) {
        const QString& mountPoint = targets[i].mountPoint;
        if (pathIsUnder(resolved, mountPoint) && (best < 0 || mountPoint.size() > targets[best].mountPoint.size()))
            best = i;
    }
    return best;
}

} // namespace dm
