// SPDX-License-Identifier: GPL-3.0-or-later
#include "filesrundir.h"

#include "stalefiles.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <memory>
#include <mutex>
#include <random>
#include <thread>

namespace dm {

Status FilesRunDir::make(const std::string& target, uint32_t dirs)
{
    remove();
    m_parentFd = ::open(target.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (m_parentFd < 0)
        return targetError("cannot open the folder '" + target + "': " + std::strerror(errno), errno);
    std::random_device rd;
    m_name = testDirectoryName(rd());
    m_path = target + (target.ends_with('/') ? "" : "/") + m_name;
    if (::mkdirat(m_parentFd, m_name.c_str(), 0700) != 0) {
        const int e = errno;
        ::close(m_parentFd);
        m_parentFd = -1;
        m_name.clear();
        if (e == EACCES || e == EPERM || e == EROFS)
            return targetError("cannot make the test's folder in '" + target + "' (" + std::strerror(e)
                    + "): choose a folder you can write to, such as your home directory",
                e);
        return targetError("cannot make the test's folder in '" + target + "': " + std::strerror(e), e);
    }
    m_fd = ::openat(m_parentFd, m_name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (m_fd < 0)
        return targetError("cannot open the test's folder '" + m_path + "': " + std::strerror(errno), errno);
    for (uint32_t d = 0; d < dirs; ++d) {
        char name[16];
        std::snprintf(name, sizeof name, "d%05u", d);
        if (::mkdirat(m_fd, name, 0700) != 0) {
            const int e = errno;
            return targetError("cannot make the test's subfolders in '" + m_path + "': " + std::strerror(e)
                    + (e == ENOSPC ? std::string(": the filesystem is full; free some space or inodes") : std::string()),
                e);
        }
    }
    return Ok {};
}

bool FilesRunDir::remove(int* error)
{
    if (error)
        *error = 0;
    bool removed = true;
    if (m_fd >= 0)
        ::close(m_fd);
    m_fd = -1;
    if (m_parentFd >= 0) {
        if (!m_name.empty())
            removed = removeTestDirectory(m_parentFd, m_name, error);
        ::close(m_parentFd);
    }
    m_parentFd = -1;
    m_name.clear();
    return removed;
}

void FilesRunDir::filePath(char (&out)[32], uint32_t file, uint32_t filesPerDir)
{
    std::snprintf(out, sizeof out, "d%05u/f%08u", file / filesPerDir, file);
}

} // namespace dm
