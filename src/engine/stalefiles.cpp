// SPDX-License-Identifier: GPL-3.0-or-later
#include "stalefiles.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <climits>
#include <string_view>

namespace dm {

namespace {

    // kill(pid, 0) asks the kernel, which also sees processes /proc may hide from us (hidepid);
    // EPERM means the process exists but belongs to someone else. A reused pid keeps the file:
    // a leftover that stays is harmless, a file removed under a live run is not. A run in another
    // PID namespace (a Flatpak) may look gone, but a live run's file is unlinked microseconds
    // after it is made, so what is found here under our name is a leftover in practice.
    bool processGone(pid_t pid) { return ::kill(pid, 0) != 0 && errno == ESRCH; }

    constexpr std::string_view kPrefix = ".diskometer-";
    constexpr std::string_view kSuffix = ".tmp";
    constexpr std::string_view kDirectorySuffix = ".dir";
    constexpr size_t kRandomDigits = 8;
    // A run directory holds a few levels at most (the run's subdirectories, their files); deeper
    // is not ours, and the bound keeps a crafted tree from exhausting the descriptors.
    constexpr int kMaxDepth = 8;

    pid_t pidInName(std::string_view s, std::string_view suffix)
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

    bool removeTree(int parentFd, const char* name, int depth, int* error)
    {
        const auto fail = [&](int e) {
            if (error && *error == 0)
                *error = e;
            return false;
        };
        if (depth > kMaxDepth)
            return fail(ELOOP);
        // O_NOFOLLOW: a symbolic link swapped in for a directory is not entered.
        const int fd = ::openat(parentFd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (fd < 0)
            return fail(errno);
        DIR* listing = ::fdopendir(fd);
        if (!listing) {
            ::close(fd);
            return fail(errno);
        }
        bool all = true;
        while (const dirent* entry = ::readdir(listing)) {
            const std::string_view n = entry->d_name;
            if (n == "." || n == "..")
                continue;
            if (::unlinkat(fd, entry->d_name, 0) == 0)
                continue;
            if (errno == EISDIR || errno == EPERM) // Linux says EISDIR for a directory, POSIX EPERM
                all = removeTree(fd, entry->d_name, depth + 1, error) && all;
            else
                all = fail(errno);
        }
        ::closedir(listing);
        if (::unlinkat(parentFd, name, AT_REMOVEDIR) != 0)
            return fail(errno);
        return all;
    }

} // namespace

pid_t staleTestFilePid(const std::string& name) { return pidInName(name, kSuffix); }

pid_t staleTestDirectoryPid(const std::string& name) { return pidInName(name, kDirectorySuffix); }

std::string testDirectoryName(unsigned random)
{
    char name[64];
    std::snprintf(name, sizeof name, ".diskometer-%d-%08x.dir", int(::getpid()), random);
    return name;
}

bool removeTestDirectory(int parentFd, const std::string& name, int* error)
{
    if (error)
        *error = 0;
    return removeTree(parentFd, name.c_str(), 0, error);
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
        const pid_t dirPid = staleTestDirectoryPid(name);
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
        // check; removeTestDirectory opens it with O_NOFOLLOW, so never a link swapped in either.
        if (filePid ? ::unlinkat(dirFd, name.c_str(), 0) == 0 : removeTestDirectory(dirFd, name))
            removed.push_back(dir + (dir.ends_with('/') ? "" : "/") + name);
    }
    ::closedir(listing);
    ::close(dirFd);
    return removed;
}

} // namespace dm
