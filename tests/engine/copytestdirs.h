// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Targets for the copy benchmark's tests (engine, CLI, window): a folder in RAM, and (as root) a
// tmpfs of a chosen size, for the space checks; both removed by RAII, so a failing test cleans up.
#include "testtargets.h"

#include <filesystem>
#include <string>

namespace dm::test {

// A fresh folder under /dev/shm (tmpfs on every distribution we run on).
class ShmDir {
public:
    ShmDir()
    {
        char tmpl[] = "/dev/shm/dm-copy-XXXXXX";
        if (::mkdtemp(tmpl))
            m_path = tmpl;
    }
    ~ShmDir()
    {
        std::error_code ec;
        if (!m_path.empty())
            std::filesystem::remove_all(m_path, ec);
    }
    const std::string& path() const { return m_path; }

private:
    std::string m_path;
};

// A tmpfs of `size` ("40m") mounted on a folder of its own; ok() is false without root.
class SmallTmpfs {
public:
    explicit SmallTmpfs(const std::string& size)
    {
        if (!isRoot())
            return;
        char tmpl[] = "/tmp/dm-copy-tmpfs-XXXXXX";
        if (!::mkdtemp(tmpl))
            return;
        if (run("mount -t tmpfs -o size=" + size + " dm-copy-test " + tmpl + " >/dev/null 2>&1; echo $?") != "0") {
            ::rmdir(tmpl);
            return;
        }
        m_path = tmpl;
    }
    ~SmallTmpfs()
    {
        if (!m_path.empty()) {
            run("umount " + m_path + " || umount -l " + m_path);
            ::rmdir(m_path.c_str());
        }
    }
    bool ok() const { return !m_path.empty(); }
    const std::string& path() const { return m_path; }

private:
    std::string m_path;
};

// What a folder holds, the names only (lost+found left out: mkfs makes it).
inline std::vector<std::string> entriesOf(const std::string& dir)
{
    std::vector<std::string> names;
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator(dir, ec))
        if (e.path().filename() != "lost+found")
            names.push_back(e.path().filename().string());
    return names;
}

} // namespace dm::test
