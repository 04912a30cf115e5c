// SPDX-License-Identifier: GPL-3.0-or-later
#include "targetinuse.h"

#include <fcntl.h>
#include <linux/magic.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

namespace dm {

namespace {

    namespace fs = std::filesystem;

    std::string quoted(const std::string& s) { return "'" + s + "'"; }

    std::string sysfsDir(dev_t dev) { return "/sys/dev/block/" + std::to_string(major(dev)) + ":" + std::to_string(minor(dev)); }

    std::string firstLine(const fs::path& file)
    {
        std::ifstream in(file);
        std::string line;
        std::getline(in, line);
        return line;
    }

    // dev_t of the device and of every partition on it, from sysfs.
    std::vector<std::pair<dev_t, std::string>> deviceAndPartitions(dev_t dev, const std::string& name)
    {
        std::vector<std::pair<dev_t, std::string>> out { { dev, name } };
        std::error_code ec;
        for (const auto& entry : fs::directory_iterator(sysfsDir(dev), ec)) {
            if (!fs::exists(entry.path() / "partition", ec))
                continue;
            unsigned ma = 0, mi = 0;
            if (std::sscanf(firstLine(entry.path() / "dev").c_str(), "%u:%u", &ma, &mi) == 2)
                out.push_back({ makedev(ma, mi), "/dev/" + entry.path().filename().string() });
        }
        return out;
    }

    // /proc/swaps and /proc/self/mountinfo write a space in a name as \040.
    std::string unescapeOctal(const std::string& s)
    {
        std::string out;
        for (size_t i = 0; i < s.size(); ++i) {
            if (s[i] == '\\' && i + 3 < s.size() && std::isdigit(static_cast<unsigned char>(s[i + 1]))) {
                out += char(std::stoi(s.substr(i + 1, 3), nullptr, 8));
                i += 3;
            } else {
                out += s[i];
            }
        }
        return out;
    }

    struct Mount {
        dev_t dev = 0;
        std::string point, type;
    };

    // /proc/self/mountinfo: "ID PARENT MAJ:MIN ROOT POINT OPTIONS [OPTIONAL...] - TYPE SOURCE ...".
    std::vector<Mount> mounts()
    {
        std::vector<Mount> out;
        std::ifstream in("/proc/self/mountinfo");
        std::string line;
        while (std::getline(in, line)) {
            std::istringstream fields(line);
            std::string id, parent, majmin, root, point, field, type;
            fields >> id >> parent >> majmin >> root >> point;
            while (fields >> field && field != "-") { } // the optional fields end at "-"
            fields >> type;
            unsigned ma = 0, mi = 0;
            if (std::sscanf(majmin.c_str(), "%u:%u", &ma, &mi) == 2)
                out.push_back({ makedev(ma, mi), unescapeOctal(point), type });
        }
        return out;
    }

    std::optional<std::string> mountPointOf(dev_t dev)
    {
        for (const Mount& m : mounts())
            if (m.dev == dev)
                return m.point;
        return std::nullopt;
    }

    struct LoopDevice {
        std::string name; // "/dev/loop3"
        dev_t dev = 0;
        struct stat backing { };
    };

    // The mount that holds `path` (absolute): the longest mount point it is under.
    const Mount* mountOf(const std::vector<Mount>& all, const std::string& path)
    {
        const Mount* best = nullptr;
        for (const Mount& m : all) {
            const bool under = path == m.point
                || (path.rfind(m.point, 0) == 0 && (m.point == "/" || path[m.point.size()] == '/'));
            if (under && (!best || m.point.size() >= best->point.size()))
                best = &m;
        }
        return best;
    }

    // Filesystems where a stat can wait for a server or a daemon that no longer answers (a FUSE
    // rig stalled by a test, an NFS server gone): for as long as it takes, with no timeout.
    bool mayHang(const std::string& type)
    {
        for (const char* t : { "fuse", "nfs", "cifs", "smb3", "9p", "ceph", "afs", "glusterfs" })
            if (type.rfind(t, 0) == 0)
                return true;
        return false;
    }

    // Every bound loop device and what its backing file is now (stat of the name sysfs gives).
    // A backing file on a FUSE or network filesystem is stat-ed only where `target` is on that
    // same mount (the caller already reached it): one hung mount of someone else's must not hang
    // this check, and a file there cannot be the target anyway.
    std::vector<LoopDevice> loopDevices(const std::string& target)
    {
        std::vector<LoopDevice> out;
        std::error_code ec;
        const std::vector<Mount> all = mounts();
        const std::string absoluteTarget = fs::weakly_canonical(fs::absolute(target, ec), ec).string();
        const Mount* targetMount = mountOf(all, absoluteTarget);
        for (const auto& entry : fs::directory_iterator("/sys/block", ec)) {
            const std::string name = entry.path().filename().string();
            if (name.rfind("loop", 0) != 0)
                continue;
            const std::string backing = firstLine(entry.path() / "loop" / "backing_file");
            if (backing.empty())
                continue;
            const Mount* backingMount = mountOf(all, backing);
            if (backingMount && mayHang(backingMount->type) && backingMount != targetMount)
                continue;
            LoopDevice loop;
            unsigned ma = 0, mi = 0;
            if (::stat(backing.c_str(), &loop.backing) != 0
                || std::sscanf(firstLine(entry.path() / "dev").c_str(), "%u:%u", &ma, &mi) != 2)
                continue;
            loop.name = "/dev/" + name;
            loop.dev = makedev(ma, mi);
            out.push_back(loop);
        }
        return out;
    }

    std::string loopUse(const std::string& what, const LoopDevice& loop)
    {
        const auto mountPoint = mountPointOf(loop.dev);
        return what + " backs the loop device " + loop.name + (mountPoint ? ", mounted on " + *mountPoint : "")
            + ": a write test under it would destroy what it holds; "
            + (mountPoint ? "unmount " + *mountPoint + " and " : "") + "detach it first (losetup -d " + loop.name
            + "), or run --mode read";
    }

    struct SwapEntry {
        std::string name, type;
    };
    std::vector<SwapEntry> activeSwaps()
    {
        std::vector<SwapEntry> out;
        std::ifstream in("/proc/swaps");
        std::string line;
        std::getline(in, line); // the header
        while (std::getline(in, line)) {
            std::istringstream fields(line);
            SwapEntry e;
            if (fields >> e.name >> e.type)
                out.push_back({ unescapeOctal(e.name), e.type });
        }
        return out;
    }

    bool sameFile(const struct stat& a, const struct stat& b) { return a.st_dev == b.st_dev && a.st_ino == b.st_ino; }

    // Processes (other than this one) with `file` open for writing, as "1234 (vim)", as far as
    // /proc lets this user see.
    std::vector<std::string> writersOf(const struct stat& file)
    {
        std::vector<std::string> out;
        std::error_code ec;
        const std::string self = std::to_string(::getpid());
        for (const auto& proc : fs::directory_iterator("/proc", ec)) {
            const std::string pid = proc.path().filename().string();
            if (pid.find_first_not_of("0123456789") != std::string::npos || pid == self)
                continue;
            std::error_code fdEc;
            for (const auto& fd : fs::directory_iterator(proc.path() / "fd", fdEc)) {
                struct stat st { };
                if (::stat(fd.path().c_str(), &st) != 0 || !sameFile(st, file))
                    continue;
                std::ifstream info(proc.path() / "fdinfo" / fd.path().filename());
                std::string key;
                unsigned long flags = 0;
                while (info >> key)
                    if (key == "flags:" && (info >> std::oct >> flags))
                        break;
                if ((flags & O_ACCMODE) != O_RDONLY) {
                    out.push_back(pid + " (" + firstLine(proc.path() / "comm") + ")");
                    break;
                }
            }
        }
        return out;
    }

    enum class Lease { Taken, Refused, Unknown };

    // A read lease is refused (EAGAIN) while anyone has the file open for writing: the kernel's
    // own answer, which sees every process, also those /proc hides from this user. Unknown
    // where leases cannot be asked (not the owner, a filesystem without leases).
    Lease readLease(const std::string& path)
    {
        const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
        if (fd < 0) // EWOULDBLOCK: someone holds a write lease, so they write it
            return errno == EWOULDBLOCK ? Lease::Refused : Lease::Unknown;
        // Should another process open the file for writing in the instant we hold the lease, the
        // kernel tells us with a signal: SIGURG is ignored unless someone asked for it, where
        // the default SIGIO would end the program.
        ::fcntl(fd, F_SETSIG, SIGURG);
        Lease lease = Lease::Taken;
        if (::fcntl(fd, F_SETLEASE, F_RDLCK) == 0)
            ::fcntl(fd, F_SETLEASE, F_UNLCK);
        else
            lease = errno == EAGAIN ? Lease::Refused : Lease::Unknown;
        ::close(fd);
        return lease;
    }

    struct PseudoFs {
        uint32_t magic;
        const char* name;
    };
    constexpr PseudoFs kPseudoFilesystems[] = {
        { PROC_SUPER_MAGIC, "proc" },
        { SYSFS_MAGIC, "sysfs" },
        { DEBUGFS_MAGIC, "debugfs" },
        { TRACEFS_MAGIC, "tracefs" },
        { CGROUP_SUPER_MAGIC, "cgroup" },
        { CGROUP2_SUPER_MAGIC, "cgroup2" },
        { SECURITYFS_MAGIC, "securityfs" },
        { BPF_FS_MAGIC, "bpf" },
        { PSTOREFS_MAGIC, "pstore" },
        { EFIVARFS_MAGIC, "efivarfs" },
        { DEVPTS_SUPER_MAGIC, "devpts" },
    };

} // namespace

std::optional<std::string> blockDeviceInUse(dev_t device, const std::string& path)
{
    const auto devices = deviceAndPartitions(device, path);
    for (const auto& [dev, name] : devices)
        if (auto mountPoint = mountPointOf(dev))
            return name + " is mounted on " + *mountPoint
                + ": unmount it first; Diskometer never writes to a mounted device";
    for (const auto& [dev, name] : devices) {
        std::vector<std::string> holders;
        std::error_code ec;
        for (const auto& holder : fs::directory_iterator(sysfsDir(dev) + "/holders", ec))
            holders.push_back("/dev/" + holder.path().filename().string());
        if (!holders.empty()) {
            std::string list;
            for (const auto& h : holders)
                list += (list.empty() ? "" : ", ") + h;
            return name + " is held by " + list
                + " (device-mapper, LVM, RAID or a cache built on it): a write test would destroy it; stop that "
                  "device first (dmsetup, vgchange -an, mdadm --stop), or run --mode read";
        }
    }
    for (const LoopDevice& loop : loopDevices(path))
        if (S_ISBLK(loop.backing.st_mode))
            for (const auto& [dev, name] : devices)
                if (loop.backing.st_rdev == dev)
                    return loopUse(name, loop);
    for (const SwapEntry& swap : activeSwaps()) {
        struct stat st { };
        if (::stat(swap.name.c_str(), &st) == 0 && S_ISBLK(st.st_mode))
            for (const auto& [dev, name] : devices)
                if (st.st_rdev == dev)
                    return name + " is an active swap area: swapoff " + swap.name + " first, or run --mode read";
    }
    return std::nullopt;
}

std::optional<std::string> regularFileInUse(const std::string& path)
{
    struct stat file { };
    if (::stat(path.c_str(), &file) != 0 || !S_ISREG(file.st_mode))
        return std::nullopt;
    for (const LoopDevice& loop : loopDevices(path))
        if (S_ISREG(loop.backing.st_mode) && sameFile(loop.backing, file))
            return loopUse(quoted(path), loop);
    for (const SwapEntry& swap : activeSwaps()) {
        struct stat st { };
        if (::stat(swap.name.c_str(), &st) == 0 && sameFile(st, file))
            return quoted(path) + " is an active swap file: a write test would corrupt the memory swapped to it; "
                                  "swapoff " + swap.name + " first, or run --mode read";
    }
    // /proc is read only when the kernel says someone writes, or cannot say: it names them.
    const Lease lease = readLease(path);
    if (lease == Lease::Taken)
        return std::nullopt;
    const std::vector<std::string> writers = writersOf(file);
    if (lease == Lease::Unknown && writers.empty())
        return std::nullopt;
    std::string who;
    for (const auto& w : writers)
        who += (who.empty() ? "process " : ", ") + w;
    return quoted(path) + " is open for writing by " + (who.empty() ? "another process" : who)
        + ": a write test would mix its data with that program's; close it there first, or run --mode read";
}

std::optional<std::string> writeTargetInUse(const std::string& path)
{
    struct stat st { };
    if (::stat(path.c_str(), &st) != 0)
        return std::nullopt;
    if (S_ISBLK(st.st_mode))
        return blockDeviceInUse(st.st_rdev, path);
    return regularFileInUse(path);
}

std::optional<std::string> pseudoFilesystemOf(const std::string& path)
{
    struct statfs sfs { };
    if (::statfs(path.c_str(), &sfs) != 0)
        return std::nullopt;
    for (const PseudoFs& p : kPseudoFilesystems)
        if (filesystemMagic(sfs.f_type) == p.magic)
            return quoted(path) + " is on " + p.name
                + ", a pseudo-filesystem: the kernel makes up its files as they are read, and none of it is stored "
                  "on a drive, so there is nothing to measure; choose a directory, file or device on a drive (see "
                  "diskometer-cli targets)";
    return std::nullopt;
}

} // namespace dm
