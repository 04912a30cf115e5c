// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Real targets for tests: a scratch directory on the disk, and (as root) a RAM-backed loop
// device, a mounted filesystem on one, made and removed by RAII so a failing test cleans up too.
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

namespace dm::test {

inline std::string run(const std::string& command)
{
    std::string out;
    if (FILE* p = ::popen((command + " 2>/dev/null").c_str(), "r")) {
        char buf[512];
        while (std::fgets(buf, sizeof buf, p))
            out += buf;
        ::pclose(p);
    }
    while (!out.empty() && (out.back() == '\n' || out.back() == ' '))
        out.pop_back();
    return out;
}

inline bool isRoot() { return ::geteuid() == 0; }

inline bool haveTool(const std::string& tool) { return !run("command -v " + tool).empty(); }

// A directory on the ordinary disk (under the build tree, not /tmp, which may be tmpfs).
class ScratchDir {
public:
    ScratchDir()
    {
        std::string tmpl = (std::filesystem::current_path() / "dm-scratch-XXXXXX").string();
        if (::mkdtemp(tmpl.data()))
            m_path = tmpl;
    }
    ~ScratchDir()
    {
        std::error_code ec;
        if (!m_path.empty())
            std::filesystem::remove_all(m_path, ec);
    }
    const std::string& path() const { return m_path; }
    size_t entryCount() const
    {
        size_t n = 0;
        for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(m_path))
            ++n;
        return n;
    }

private:
    std::string m_path;
};

// A loop device over a file in /dev/shm (RAM), optionally with a given logical block size.
// Sets one attribute of a block device's queue (/sys/block/NAME/queue/FILE) and puts the old
// value back when it goes: a loop device keeps its queue settings once detached, and the next
// test (of any checkout) to get it would find them. A stalled device with a queue of 4 blocks
// io_submit itself, which is how the stall tests once failed in CI. Put back only once the
// device answers: writing the queue waits for the I/O in it.
class QueueSetting {
public:
    QueueSetting(const std::string& device, const std::string& file, const std::string& value)
        : m_path("/sys/block/" + device.substr(device.rfind('/') + 1) + "/queue/" + file)
    {
        std::ifstream in(m_path);
        std::getline(in, m_old);
        // write_cache reads back as "write back" / "write through", which it also takes.
        m_set = !m_old.empty() && write(value) && read() == value;
    }
    ~QueueSetting()
    {
        if (m_set)
            write(m_old);
    }
    QueueSetting(const QueueSetting&) = delete;
    QueueSetting& operator=(const QueueSetting&) = delete;
    bool set() const { return m_set; }

private:
    bool write(const std::string& value) const
    {
        std::ofstream out(m_path);
        out << value << '\n';
        out.flush();
        return bool(out);
    }
    std::string read() const
    {
        std::ifstream in(m_path);
        std::string line;
        std::getline(in, line);
        return line;
    }
    std::string m_path, m_old;
    bool m_set = false;
};

class LoopDevice {
public:
    explicit LoopDevice(const std::string& size = "256M", int sectorSize = 0)
    {
        if (!isRoot() || !haveTool("losetup"))
            return;
        char tmpl[] = "/dev/shm/dm-test-XXXXXX";
        const int fd = ::mkstemp(tmpl);
        if (fd < 0)
            return;
        ::close(fd);
        m_image = tmpl;
        run("truncate -s " + size + " " + m_image);
        const std::string sector = sectorSize ? " --sector-size " + std::to_string(sectorSize) : "";
        m_device = run("losetup -f --show" + sector + " " + m_image);
    }
    ~LoopDevice()
    {
        if (m_frozen)
            run("fsfreeze -u " + m_mountPoint);
        if (!m_mountPoint.empty()) {
            run("umount " + m_mountPoint);
            ::rmdir(m_mountPoint.c_str());
        }
        // Only while the device still holds our image: a test may have detached it already, and
        // with parallel tests the same loopN may by now be another test's device.
        if (!m_device.empty() && backsOurImage())
            run("losetup -d " + m_device);
        if (!m_image.empty())
            ::unlink(m_image.c_str());
    }
    bool ok() const { return !m_device.empty(); }
    const std::string& device() const { return m_device; }
    const std::string& image() const { return m_image; }

    // mkfs + mount; returns the mount point or "" on failure.
    std::string mount(const std::string& fsType = "ext4", const std::string& options = "")
    {
        // ext4 would otherwise initialise its inode tables in the background after mounting,
        // writing to the device while a test compares checksums.
        const std::string extra = fsType.rfind("ext", 0) == 0 ? "-F -E lazy_itable_init=0,lazy_journal_init=0 " : "-f ";
        if (run("mkfs." + fsType + " -q " + extra + m_device + " >/dev/null 2>&1; echo $?") != "0")
            return {};
        char tmpl[] = "/tmp/dm-mnt-XXXXXX";
        if (!::mkdtemp(tmpl))
            return {};
        const std::string opts = options.empty() ? "" : " -o " + options;
        if (run("mount" + opts + " " + m_device + " " + tmpl + " >/dev/null 2>&1; echo $?") != "0") {
            ::rmdir(tmpl);
            return {};
        }
        m_mountPoint = tmpl;
        return m_mountPoint;
    }

    // Stops the mounted filesystem's own writes (journal, lazy init, superblock updates), so a
    // checksum of the device changes only if someone else writes to it.
    bool freeze()
    {
        m_frozen = !m_mountPoint.empty() && run("fsfreeze -f " + m_mountPoint + " >/dev/null 2>&1; echo $?") == "0";
        return m_frozen;
    }

    std::string checksum() const { return run("sha256sum " + m_device + " | cut -d' ' -f1"); }

private:
    bool backsOurImage() const
    {
        std::ifstream in("/sys/block/" + m_device.substr(m_device.rfind('/') + 1) + "/loop/backing_file");
        std::string line;
        std::getline(in, line);
        return !line.empty() && line.rfind(m_image, 0) == 0; // the kernel may append " (deleted)"
    }

    std::string m_image, m_device, m_mountPoint;
    bool m_frozen = false;
};

#define DM_REQUIRE_ROOT_LOOP(loop)                                                                                     \
    do {                                                                                                               \
        if (!dm::test::isRoot())                                                                                       \
            GTEST_SKIP() << "needs root to make a loop device (see docs/TESTING.md)";                                  \
        if (!(loop).ok())                                                                                              \
            GTEST_SKIP() << "losetup could not make a loop device here";                                               \
    } while (0)

} // namespace dm::test
