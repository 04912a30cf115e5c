// SPDX-License-Identifier: GPL-3.0-or-later
#include "testdirectory.h"

#include "stalefiles.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <random>

namespace dm {

Status TestDirectory::make(const std::string& target, const std::string& what)
{
    remove();
    m_parentFd = ::open(target.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (m_parentFd < 0)
        return targetError("cannot open the folder '" + target + "': " + std::strerror(errno), errno);
    m_name = testDirectoryName(std::random_device {}());
    m_path = target + (target.ends_with('/') ? "" : "/") + m_name;
    if (::mkdirat(m_parentFd, m_name.c_str(), 0700) != 0) {
        const int e = errno;
        ::close(m_parentFd);
        m_parentFd = -1;
        m_name.clear();
        if (e == EACCES || e == EPERM || e == EROFS)
            return targetError("cannot make the " + what + "'s folder in '" + target + "' (" + std::strerror(e)
                    + "): choose a folder you can write to, such as your home directory",
                e);
        return targetError("cannot make the " + what + "'s folder in '" + target + "': " + std::strerror(e), e);
    }
    m_fd = ::openat(m_parentFd, m_name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (m_fd < 0)
        return targetError("cannot open the " + what + "'s folder '" + m_path + "': " + std::strerror(errno), errno);
    return Ok {};
}

bool TestDirectory::remove(int* error)
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

} // namespace dm
