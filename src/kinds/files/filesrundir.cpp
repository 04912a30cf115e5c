// SPDX-License-Identifier: GPL-3.0-or-later
#include "filesrundir.h"

#include <fcntl.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace dm {

Status FilesRunDir::make(const std::string& target, uint32_t dirs)
{
    if (auto made = m_dir.make(target, "small-file test"); !made)
        return made;
    for (uint32_t d = 0; d < dirs; ++d) {
        char name[16];
        std::snprintf(name, sizeof name, "d%05u", d);
        if (::mkdirat(fd(), name, 0700) != 0) {
            const int e = errno;
            return targetError("cannot make the test's subfolders in '" + path() + "': " + std::strerror(e)
                    + (e == ENOSPC ? std::string(": the filesystem is full; free some space or inodes") : std::string()),
                e);
        }
    }
    return Ok {};
}

void FilesRunDir::filePath(char (&out)[32], uint32_t file, uint32_t filesPerDir)
{
    std::snprintf(out, sizeof out, "d%05u/f%08u", file / filesPerDir, file);
}

} // namespace dm
