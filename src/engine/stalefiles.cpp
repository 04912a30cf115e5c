// SPDX-License-Identifier: GPL-3.0-or-later
#include "stalefiles.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
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
    constexpr size_t kRandomDigits = 8;

} // namespace

pid_t staleTestFilePid(const std::string& name)
{
    const std::string_view s(name);
    if (s.size() <= kPrefix.size() + kSuffix.size() || !s.starts_with(kPrefix) || !s.ends_with(kSuffix))
        return 0;
    const std::string_view middle = s.substr(kPrefix.size(), s.size() - kPrefix.size() - kSuffix.size());
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
        const pid_t pid = staleTestFilePid(name);
        if (pid <= 0 || pid == ::getpid())
            continue;
        struct stat st { };
        // Not following symlinks: a link with our name is not our file, and neither is its target.
        if (::fstatat(dirFd, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(st.st_mode) || st.st_uid != me)
            continue;
        if (!processGone(pid))
            continue;
        // unlinkat without AT_REMOVEDIR never removes a directory, even one swapped in since the check.
        if (::unlinkat(dirFd, name.c_str(), 0) == 0)
            removed.push_back(dir + (dir.ends_with('/') ? "" : "/") + name);
    }
    ::closedir(listing);
    ::close(dirFd);
    return removed;
}

} // namespace dm
