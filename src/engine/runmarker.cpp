// SPDX-License-Identifier: GPL-3.0-or-later
#include "runmarker.h"
#include "sysfsdisk.h"


#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

namespace dm {

namespace {

    std::string deviceKey(dev_t dev) { return std::to_string(major(dev)) + ":" + std::to_string(minor(dev)); }

    // A partition's runs share its disk's bandwidth with the other partitions': the key is the
    // disk's. sysfs links /sys/dev/block/MAJ:MIN to the device; a partition has a "partition"
    // file and sits in its disk's directory. Devices sysfs does not list (tmpfs, 0:N) keep theirs.
    std::string wholeDiskKey(dev_t dev)
    {
        const std::filesystem::path dir = diskSysfsDir(dev);
        if (dir.empty())
            return deviceKey(dev);
        std::ifstream parent(dir / "dev");
        std::string key;
        if (parent >> key && key.find(':') != std::string::npos)
            return key;
        return deviceKey(dev);
    }

    // Shared by every user (the directories are world-writable and sticky, as /tmp is), so a
    // run of root and one of a user through UDisks2 see each other.
    bool makeSharedDir(const std::string& path)
    {
        if (::mkdir(path.c_str(), 01777) == 0)
            ::chmod(path.c_str(), 01777); // mkdir's mode passed through the umask
        struct stat st { };
        return ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode) && ::access(path.c_str(), W_OK | X_OK) == 0;
    }

    std::string lockDirectory()
    {
        if (const char* dir = std::getenv("DISKOMETER_LOCK_DIR"); dir && *dir)
            return makeSharedDir(dir) ? dir : std::string();
        // /run/lock is the FHS place for locks (tmpfs, so nothing outlives a reboot); /dev/shm
        // where it is missing (some containers).
        for (const char* dir : { "/run/lock/diskometer", "/dev/shm/diskometer-runs" })
            if (makeSharedDir(dir))
                return dir;
        return {};
    }

    // "1234-0": the pid, then a count, as one process may run twice (the window, tests).
    long pidOf(const std::string& name) { return std::strtol(name.c_str(), nullptr, 10); }

    std::atomic<unsigned> g_counter { 0 };

} // namespace

RunMarker::RunMarker(int fd)
{
    struct stat st { };
    if (::fstat(fd, &st) != 0)
        return;
    m_key = wholeDiskKey(S_ISBLK(st.st_mode) ? st.st_rdev : st.st_dev);
    const std::string base = lockDirectory();
    if (base.empty())
        return;
    const std::string dir = base + "/" + m_key;
    if (!makeSharedDir(dir))
        return;

    const std::string own = std::to_string(::getpid()) + "-" + std::to_string(g_counter++);
    // Locked under a name the others skip, then renamed: a file seen unlocked is always stale.
    const std::string unlocked = dir + "/.new-" + own;
    m_fd = ::open(unlocked.c_str(), O_RDWR | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0666);
    if (m_fd >= 0 && ::flock(m_fd, LOCK_EX | LOCK_NB) == 0
        && ::rename(unlocked.c_str(), (dir + "/" + own).c_str()) == 0) {
        m_path = dir + "/" + own;
    } else {
        if (m_fd >= 0)
            ::close(m_fd);
        ::unlink(unlocked.c_str());
        m_fd = -1;
        return;
    }
    ::fchmod(m_fd, 0666); // the runs that start later append to it, whoever they run as

    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
        const std::string name = entry.path().filename().string();
        if (name == own || name.starts_with('.'))
            continue;
        const int other = ::open(entry.path().c_str(), O_RDWR | O_APPEND | O_CLOEXEC);
        if (other < 0)
            continue;
        if (::flock(other, LOCK_SH | LOCK_NB) == 0) {
            // No one holds it: a run that was killed. Its lock died with it; its file goes now.
            ::unlink(entry.path().c_str());
        } else if (errno == EWOULDBLOCK) {
            m_foundAtStart.push_back(pidOf(name));
            const std::string line = std::to_string(::getpid()) + "\n";
            [[maybe_unused]] const auto written = ::write(other, line.data(), line.size());
        }
        ::close(other);
    }
}

RunMarker::~RunMarker()
{
    if (m_fd < 0)
        return;
    ::unlink(m_path.c_str());
    ::close(m_fd); // releases the lock
}

std::string RunMarker::overlapWarning() const
{
    std::vector<long> pids = m_foundAtStart;
    if (m_fd >= 0) {
        // The runs that started while this one ran wrote their pids here.
        std::string text;
        char buf[256];
        for (off_t at = 0;;) {
            const ssize_t n = ::pread(m_fd, buf, sizeof buf, at);
            if (n <= 0)
                break;
            text.append(buf, size_t(n));
            at += n;
        }
        for (size_t start = 0; start < text.size();) {
            const size_t end = text.find('\n', start);
            if (end == std::string::npos)
                break;
            pids.push_back(std::strtol(text.c_str() + start, nullptr, 10));
            start = end + 1;
        }
    }
    std::sort(pids.begin(), pids.end());
    pids.erase(std::unique(pids.begin(), pids.end()), pids.end());
    if (pids.empty())
        return {};
    std::string list;
    for (const long pid : pids)
        list += (list.empty() ? "" : ", ") + std::to_string(pid);
    return std::string(pids.size() == 1 ? "another Diskometer run (pid " : "other Diskometer runs (pids ") + list
        + ") used this drive at the same time: the drive was shared, so these results are lower than it does "
          "alone; run one test at a time";
}

} // namespace dm
