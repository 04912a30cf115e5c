// SPDX-License-Identifier: GPL-3.0-or-later
// Two runs on one drive notice each other (issue 14): the one that starts second at once, the
// one already running when it ends; a run on another drive does not count, and the file of a
// run that was killed (its flock gone with it) is removed, not taken for a run.
#include "runmarker.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fcntl.h>
#include <filesystem>
#include <string>
#include <unistd.h>

using namespace dm;
namespace fs = std::filesystem;

namespace {

// A private lock directory, so that runs of other checkouts (or of the real program) do not
// count here and ours do not count there.
class RunMarkerTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        std::string tmpl = (fs::current_path() / "dm-locks-XXXXXX").string();
        ASSERT_TRUE(::mkdtemp(tmpl.data()));
        m_dir = tmpl;
        ::setenv("DISKOMETER_LOCK_DIR", m_dir.c_str(), 1);
        m_disk = ::open(fs::current_path().c_str(), O_RDONLY | O_DIRECTORY);
        m_ram = ::open("/dev/shm", O_RDONLY | O_DIRECTORY);
        ASSERT_GE(m_disk, 0);
    }
    void TearDown() override
    {
        ::unsetenv("DISKOMETER_LOCK_DIR");
        ::close(m_disk);
        if (m_ram >= 0)
            ::close(m_ram);
        std::error_code ec;
        fs::remove_all(m_dir, ec);
    }
    size_t filesFor(const std::string& key) const
    {
        size_t n = 0;
        std::error_code ec;
        for ([[maybe_unused]] const auto& e : fs::directory_iterator(m_dir + "/" + key, ec))
            ++n;
        return n;
    }
    std::string m_dir;
    int m_disk = -1, m_ram = -1;
};

} // namespace

TEST_F(RunMarkerTest, AloneThereIsNoWarning)
{
    const RunMarker run(m_disk);
    EXPECT_FALSE(run.driveKey().empty());
    EXPECT_EQ(run.overlapWarning(), "");
    EXPECT_EQ(filesFor(run.driveKey()), 1u);
}

TEST_F(RunMarkerTest, BothRunsOnOneDriveAreWarned)
{
    const std::string pid = std::to_string(::getpid());
    std::string key;
    {
        const RunMarker first(m_disk);
        {
            const RunMarker second(m_disk); // starts while the first runs
            EXPECT_NE(second.overlapWarning().find("another Diskometer run (pid " + pid + ")"), std::string::npos)
                << second.overlapWarning();
        }
        // The second has ended; the first still learns of it when it ends.
        EXPECT_NE(first.overlapWarning().find("used this drive at the same time"), std::string::npos)
            << first.overlapWarning();
        key = first.driveKey();
    }
    EXPECT_EQ(filesFor(key), 0u) << "each run removes its own file";
}

TEST_F(RunMarkerTest, ARunOnAnotherDriveIsNotCounted)
{
    if (m_ram < 0)
        GTEST_SKIP() << "no /dev/shm here";
    const RunMarker disk(m_disk);
    const RunMarker ram(m_ram);
    ASSERT_NE(disk.driveKey(), ram.driveKey());
    EXPECT_EQ(ram.overlapWarning(), "");
    EXPECT_EQ(disk.overlapWarning(), "");
}

TEST_F(RunMarkerTest, TheFileOfAKilledRunIsRemovedNotCounted)
{
    std::string key;
    {
        const RunMarker probe(m_disk);
        key = probe.driveKey();
    }
    // What a run killed with SIGKILL leaves: its file, and no lock on it (flock dies with it).
    const std::string stale = m_dir + "/" + key + "/999999-0";
    {
        const int fd = ::open(stale.c_str(), O_CREAT | O_WRONLY, 0666);
        ASSERT_GE(fd, 0);
        ::close(fd);
    }
    const RunMarker run(m_disk);
    EXPECT_EQ(run.overlapWarning(), "");
    EXPECT_FALSE(fs::exists(stale));
}
