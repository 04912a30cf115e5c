// SPDX-License-Identifier: GPL-3.0-or-later
#include "testregion.h"
#include "targetinuse.h"

#include <fcntl.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

namespace dm {

// Test files and devices are larger than 2 GiB: on 32-bit ARM (armhf) off_t, stat()'s st_size and
// fallocate()'s length are 32-bit unless the build asks for _FILE_OFFSET_BITS=64 (CMakeLists.txt
// does), and a 4 GiB test file would fail with EOVERFLOW or be cut short.
static_assert(sizeof(off_t) == 8, "build with -D_FILE_OFFSET_BITS=64: off_t must hold a drive's size");

std::string sizeText(uint64_t bytes)
{
    char buf[64];
    if (bytes >= GiB)
        std::snprintf(buf, sizeof buf, "%.1f GiB", double(bytes) / double(GiB));
    else
        std::snprintf(buf, sizeof buf, "%.0f MiB", double(bytes) / double(MiB));
    return buf;
}

namespace {

    constexpr uint64_t kAlign = 4096;

    std::string quoted(const std::string& s) { return "'" + s + "'"; }

    // A message for the errno of an open() on the target, saying what to do about it.
    Error openError(const std::string& path, int e, bool writing)
    {
        switch (e) {
        case EACCES:
        case EPERM:
            return targetError("no permission to " + std::string(writing ? "write" : "read") + " " + quoted(path)
                    + ": choose a target you own, or run diskometer-cli with sudo for a device",
                e);
        case EROFS:
            return targetError(quoted(path) + " is on a read-only filesystem: choose a target on a writable one", e);
        case ENOSPC:
        case EDQUOT:
            return targetError(
                "no space left on the filesystem of " + quoted(path) + ": free some space or choose another target", e);
        case EBUSY:
            return targetError(quoted(path)
                    + " is in use (mounted, swap, LVM, RAID or held by another program): stop that use first; "
                      "Diskometer never writes to a device that is in use",
                e);
        case ENOENT:
            return targetError(quoted(path) + " does not exist: give an existing directory, file or block device", e);
        default:
            return targetError("cannot open " + quoted(path) + ": " + std::strerror(e), e);
        }
    }

    Error noDirectIo(const std::string& path)
    {
        return targetError("the filesystem of " + quoted(path)
                + " does not support direct I/O (O_DIRECT), so a test would measure the page cache, not the "
                  "device: choose a target on another filesystem (ext4, xfs, btrfs...)",
            EINVAL);
    }

    // The offset alignment O_DIRECT needs on this file (kernel >= 6.1 tells), else the device's.
    uint32_t directIoAlignment(int fd, dev_t dev)
    {
        struct statx sx { };
        if (statx(fd, "", AT_EMPTY_PATH, STATX_DIOALIGN, &sx) == 0 && (sx.stx_mask & STATX_DIOALIGN)
            && sx.stx_dio_offset_align > 0)
            return sx.stx_dio_offset_align;
        std::ifstream in("/sys/dev/block/" + std::to_string(major(dev)) + ":" + std::to_string(minor(dev))
            + "/queue/logical_block_size");
        uint32_t v = 0;
        if (in >> v && v > 0)
            return v;
        // A partition keeps its queue in the parent's directory.
        std::ifstream parent("/sys/dev/block/" + std::to_string(major(dev)) + ":" + std::to_string(minor(dev))
            + "/../queue/logical_block_size");
        if (parent >> v && v > 0)
            return v;
        return 512;
    }

    // Our own copy of a block device descriptor someone else opened (UDisks2 opens it as root on
    // the user's behalf, with the flags we asked for, but the daemon is not ours to trust
    // blindly): its access mode must allow the run, and it must do direct I/O.
    Result<int> adoptDescriptor(int callerFd, const std::string& path, bool writing)
    {
        const int flags = ::fcntl(callerFd, F_GETFL);
        if (flags < 0)
            return targetError("the descriptor handed over for " + quoted(path) + " is not open", errno);
        const int mode = flags & O_ACCMODE;
        if (writing && mode != O_RDWR)
            return targetError("the descriptor for " + quoted(path)
                    + " was opened read-only, so a write test cannot use it: open the device for reading and "
                      "writing, or run --mode read",
                EBADF);
        if (!writing && mode == O_WRONLY)
            return targetError(
                "the descriptor for " + quoted(path) + " was opened write-only, so a read test cannot use it", EBADF);
        const int fd = ::fcntl(callerFd, F_DUPFD_CLOEXEC, 0);
        if (fd < 0)
            return targetError("cannot use the descriptor for " + quoted(path) + ": " + std::strerror(errno), errno);
        // The flag lives in the open file description, so this also changes the caller's copy,
        // which is what the caller asked for by handing it to a benchmark.
        if (!(flags & O_DIRECT)) {
            const bool set = ::fcntl(fd, F_SETFL, flags | O_DIRECT) == 0 && (::fcntl(fd, F_GETFL) & O_DIRECT);
            if (set)
                return fd;
            ::close(fd);
            return targetError(quoted(path)
                    + " was opened without direct I/O (O_DIRECT) and it cannot be switched on, so a test would "
                      "measure the page cache, not the device: open it with O_DIRECT",
                EINVAL);
        }
        return fd;
    }

} // namespace

TestRegion::~TestRegion()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

Result<std::unique_ptr<TestRegion>> TestRegion::open(const TargetRequest& req)
{
    const std::string& path = req.path;
    struct stat st { };
    if (req.fd >= 0) {
        // Only block devices come pre-opened: that is where a user may lack the permission.
        if (::fstat(req.fd, &st) != 0)
            return targetError("the descriptor handed over for " + quoted(path) + " is not open", errno);
        if (!S_ISBLK(st.st_mode))
            return targetError("the descriptor handed over for " + quoted(path) + " is not a block device", ENOTBLK);
        struct stat named { };
        if (::stat(path.c_str(), &named) == 0 && (!S_ISBLK(named.st_mode) || named.st_rdev != st.st_rdev))
            return targetError("the descriptor handed over for " + quoted(path) + " belongs to another device", EINVAL);
    } else if (::stat(path.c_str(), &st) != 0)
        return openError(path, errno, false);

    std::unique_ptr<TestRegion> region(new TestRegion);
    RegionInfo& info = region->m_info;
    info.path = path;

    // The reason that will stop the user whatever else they change comes first (issue 14, item
    // 6): a pseudo-filesystem before free space or direct I/O, something using the target
    // before --allow-destructive.
    if (S_ISDIR(st.st_mode) || S_ISREG(st.st_mode))
        if (auto pseudo = pseudoFilesystemOf(path))
            return targetError(*pseudo, ENODEV);

    if (S_ISDIR(st.st_mode)) {
        info.kind = RegionInfo::Kind::Directory;
        struct statvfs vfs { };
        if (::statvfs(path.c_str(), &vfs) != 0)
            return openError(path, errno, true);
        if (vfs.f_flag & ST_RDONLY)
            return targetError(quoted(path)
                    + " is on a read-only filesystem, so no test file can be made there: "
                      "choose a directory on a writable filesystem",
                EROFS);
        if (::access(path.c_str(), W_OK | X_OK) != 0)
            return targetError("no permission to create the test file in " + quoted(path)
                    + ": choose a directory you can write to, such as your home directory",
                errno);
        const uint64_t size = req.size / kAlign * kAlign;
        const uint64_t freeBytes = uint64_t(vfs.f_bavail) * vfs.f_frsize;
        if (freeBytes < size + kFreeSpaceMargin)
            return targetError("not enough free space in " + quoted(path) + ": the test file needs " + sizeText(size)
                    + " plus " + sizeText(kFreeSpaceMargin) + " to spare, and " + sizeText(freeBytes)
                    + " is free; choose a smaller --size or another target",
                ENOSPC);

        int fd = ::open(path.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
        if (fd < 0 && (errno == EOPNOTSUPP || errno == EISDIR || errno == EINVAL)) {
            // No O_TMPFILE here (FUSE, NFS, old kernels): a named file, unlinked as soon as it is open.
            std::random_device rd;
            char name[64];
            std::snprintf(name, sizeof name, ".diskometer-%d-%08x.tmp", int(::getpid()), rd());
            const std::string filePath = (std::filesystem::path(path) / name).string();
            fd = ::open(filePath.c_str(), O_CREAT | O_EXCL | O_RDWR | O_CLOEXEC, 0600);
            if (fd >= 0) {
                info.testFilePath = filePath;
                ::unlink(filePath.c_str());
            }
        }
        if (fd < 0)
            return openError(path, errno, true);
        region->m_fd = fd;
        // Setting O_DIRECT afterwards tells "no direct I/O" apart from every other open failure.
        if (::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_DIRECT) != 0)
            return noDirectIo(path);
        if (::fallocate(fd, 0, 0, off_t(size)) != 0 && (errno == ENOSPC || errno == EDQUOT))
            return targetError("not enough free space in " + quoted(path) + " for a test file of " + sizeText(size)
                    + ": choose a smaller --size or another target",
                errno);
        // fallocate only reserves: the runner writes every block before the first test.
        struct stat fst { };
        ::fstat(fd, &fst);
        info.deviceId = fst.st_dev;
        info.logicalBlockSize = directIoAlignment(fd, fst.st_dev);
        info.length = size;
        region->m_needsFill = true;
        return region;
    }

    if (S_ISREG(st.st_mode)) {
        info.kind = RegionInfo::Kind::File;
        // Whether direct I/O works is asked read-only, before anything is agreed to be written.
        if (const int probe = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_DIRECT | O_NONBLOCK); probe >= 0)
            ::close(probe);
        else if (errno == EINVAL)
            return noDirectIo(path);
        if (req.writes) {
            if (auto use = regularFileInUse(path))
                return targetError(*use, EBUSY);
            if (!req.allowDestructive)
                return usageError("a write test would overwrite the contents of " + quoted(path)
                    + ": pass --allow-destructive if that is what you want, or give a directory to test in");
        }
        const int flags = (req.writes ? O_RDWR : O_RDONLY) | O_CLOEXEC;
        int fd = ::open(path.c_str(), flags | O_DIRECT);
        if (fd < 0)
            return openError(path, errno, req.writes);
        region->m_fd = fd;
        const uint64_t fileSize = uint64_t(st.st_size) / kAlign * kAlign;
        if (req.sizeGiven && req.size > fileSize)
            return usageError(quoted(path) + " holds only " + sizeText(fileSize) + ": choose a --size of at most that");
        info.length = req.sizeGiven ? req.size / kAlign * kAlign : fileSize;
        if (info.length == 0)
            return targetError(quoted(path) + " is empty: give a file of at least 16 MiB, or a directory to test in");
        if (uint64_t(st.st_blocks) * 512 < uint64_t(st.st_size))
            region->m_warnings.push_back("the test file is sparse: reads of its holes never reach the device");
        info.deviceId = st.st_dev;
        info.logicalBlockSize = directIoAlignment(fd, st.st_dev);
        return region;
    }

    if (S_ISBLK(st.st_mode)) {
        info.kind = RegionInfo::Kind::BlockDevice;
        info.deviceId = st.st_rdev;
        if (req.writes) {
            // O_EXCL below catches most users, but not a loop device on top: checked first.
            if (auto use = blockDeviceInUse(st.st_rdev, path))
                return targetError(*use, EBUSY);
            if (!req.allowDestructive)
                return usageError("a write test destroys the data on " + quoted(path)
                    + ": pass --allow-destructive if you mean it, or run --mode read");
        }
        if (req.fd >= 0) {
            auto fd = adoptDescriptor(req.fd, path, req.writes);
            if (!fd)
                return fd.error();
            region->m_fd = *fd;
        } else {
            // O_EXCL on a block device claims it: the kernel refuses while anything holds it.
            const int flags = (req.writes ? O_RDWR | O_EXCL : O_RDONLY) | O_CLOEXEC | O_DIRECT;
            const int fd = ::open(path.c_str(), flags);
            if (fd < 0)
                return openError(path, errno, req.writes);
            region->m_fd = fd;
        }
        const int fd = region->m_fd;
        uint64_t devSize = 0;
        int lbs = 512;
        if (::ioctl(fd, BLKGETSIZE64, &devSize) != 0 || ::ioctl(fd, BLKSSZGET, &lbs) != 0)
            return targetError("cannot read the size of " + quoted(path) + ": " + std::strerror(errno), errno);
        int readOnly = 0;
        if (req.writes && ::ioctl(fd, BLKROGET, &readOnly) == 0 && readOnly)
            return targetError(
                quoted(path) + " is read-only (write-protect switch or kernel setting): run --mode read", EROFS);
        info.logicalBlockSize = uint32_t(lbs);
        devSize = devSize / kAlign * kAlign;
        if (req.sizeGiven && req.size > devSize)
            return usageError(quoted(path) + " holds only " + sizeText(devSize) + ": choose a --size of at most that");
        info.length = std::min(req.size / kAlign * kAlign, devSize);
        if (info.length == 0)
            return targetError(quoted(path) + " has no capacity (is the medium inserted?)");
        return region;
    }

    return targetError(quoted(path)
        + " is neither a directory, a regular file nor a block device: "
          "give a directory to test in, an existing file, or a device such as /dev/sdb");
}

} // namespace dm
