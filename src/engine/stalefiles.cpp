// SPDX-License-Identifier: GPL-3.0-or-later
#include "stalefiles.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <random>
#include <climits>
#include <string_view>

namespace dm {

namespace {

    // kill(pid, 0) asks the kernel, which also sees processes /proc may hide from us (hidepid);
    // EPERM means the process exists but belongs to someone else. A reused pid keeps the file:
    // a leftover that stays is harmless, a file removed under a live run is not. A run in another
    // PID namespace (a Flatpak) may look gone, but a live run's file is unlinked microseconds
    // after it is made, so what is found here under our name is a leftover in practice. A test
    // directory lives as long as its run: one in another PID namespace is the one case it misses.
    bool processGone(pid_t pid) { return ::kill(pid, 0) != 0 && errno == ESRCH; }

    constexpr std::string_view kPrefix = ".diskometer-";
    constexpr std::string_view kSuffix = ".tmp";
    constexpr std::string_view kDirSuffix = ".dir";
    constexpr size_t kRandomDigits = 8;
    // Test directories are shallow (a copy test's folders nest a few levels); deeper than this
    // is not ours, and the recursion stays bounded.
    constexpr int kMaxDepth = 64;

    pid_t pidOfName(std::string_view s, std::string_view suffix)
    {
        if (s.size() <= kPrefix.size() + suffix.size() || !s.starts_with(kPrefix) || !s.ends_with(suffix))
            return 0;
        const std::string_view middle = s.substr(kPrefix.size(), s.size() - kPrefix.size() - suffix.size());
        const size_t dash = middle.find('-');
        if (dash == std::string_view::npos || dash == 0 || middle.size() - dash - 1 != kRandomDigits)
            return 0;
        const std::string_view pidText = middle.substr(0, dash);
        if (pidText.front() == '0')
            return 0; // "%d" never writes a leading zero
        long long pid = 0;
        for (char c : pidText) {
            if (c < '0' || c > '9')
                return 0;
            pid = pid * 10 + (c - '0');
            if (pid > INT_MAX)
                return 0;
        }
        for (char c : middle.substr(dash + 1))
            if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')))
                return 0;
        return pid_t(pid);
    }

    bool removeBelow(int parentFd, const char* name, int depth)
    {
        if (depth > kMaxDepth) {
            errno = ELOOP;
            return false;
        }
        // O_NOFOLLOW: a symlink swapped in for a folder is not entered (open fails with ELOOP or
        // ENOTDIR, and unlinkat below removes the link itself).
        const int fd = ::openat(parentFd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (fd < 0)
            return false;
        DIR* listing = ::fdopendir(fd);
        if (!listing) {
            ::close(fd);
            return false;
        }
        bool ok = true;
        while (const dirent* entry = ::readdir(listing)) {
            const std::string_view n = entry->d_name;
            if (n == "." || n == "..")
                continue;
            if (::unlinkat(fd, entry->d_name, 0) == 0 || errno == ENOENT)
                continue;
            // EISDIR (Linux's answer for a directory) or EPERM: a folder, emptied first.
            if (!removeBelow(fd, entry->d_name, depth + 1) || ::unlinkat(fd, entry->d_name, AT_REMOVEDIR) != 0)
                ok = false;
        }
        ::closedir(listing);
        return ok;
    }

} // namespace

pid_t staleTestFilePid(const std::string& name) { return pidOfName(name, kSuffix); }
pid_t staleTestDirPid(const std::string& name) { return pidOfName(name, kDirSuffix); }

std::string testDirectoryName()
{
    std::random_device rd;
    char name[64];
    std::snprintf(name, sizeof name, ".diskometer-%d-%08x.dir", int(::getpid()), unsigned(rd()));
    return name;
}

bool removeTestDirectory(int parentFd, const std::string& name)
{
    const bool emptied = removeBelow(parentFd, name.c_str(), 0);
    const int err = errno;
    if (::unlinkat(parentFd, name.c_str(), AT_REMOVEDIR) == 0 || errno == ENOENT)
        return true;
    if (!emptied)
        errno = err;
    return false;
}

std::vector<std::string> sweepStaleTestFiles(const std::string& dir)
{
    std::vector<std::string> removed;
    // Through a descriptor of the directory, so every check and the unlink are about the same
    // directory even if its path is renamed or replaced meanwhile.
    const int dirFd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dirFd < 0)
        return removed;
    DIR* listing = ::fdopendir(::dup(dirFd));
    if (!listing) {
        ::close(dirFd);
        return removed;
    }
    const uid_t me = ::geteuid();
    while (const dirent* entry = ::readdir(listing)) {
        const std::string name = entry->d_name;
        const pid_t filePid = staleTestFilePid(name);
        const pid_t dirPid = staleTestDirPid(name);
        const pid_t pid = filePid ? filePid : dirPid;
        if (pid <= 0 || pid == ::getpid())
            continue;
        struct stat st { };
        // Not following symlinks: a link with our name is not our file, and neither is its target.
        if (::fstatat(dirFd, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0 || st.st_uid != me
            || !(filePid ? S_ISREG(st.st_mode) : S_ISDIR(st.st_mode)))
            continue;
        if (!processGone(pid))
            continue;
        // unlinkat without AT_REMOVEDIR never removes a directory, even one swapped in since the
        // check; a test directory's removal opens each folder with O_NOFOLLOW.
        if (filePid ? ::unlinkat(dirFd, name.c_str(), 0) == 0 : removeTestDirectory(dirFd, name))
            removed.push_back(dir + (dir.ends_with('/') ? "" : "/") + name);
    }
    ::closedir(listing);
    ::close(dirFd);
    return removed;
}

} // namespace dm
