// SPDX-License-Identifier: GPL-3.0-or-later
// writeReportFile and checkReportPath (issue 12, items 0 and 3): a regular file is replaced
// through a temporary, keeps its mode and is never cut short; anything else is written in place
// and stays what it was. Devices are private nodes made with mknod in a scratch directory (as
// root), never the machine's own /dev nodes; a full filesystem is a tiny tmpfs. The window's
// saves go through the same function.
#include "reportfile.h"
#include "testtargets.h"

#include <QByteArray>
#include <QFile>
#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/sysmacros.h>
#include <sys/un.h>

using namespace dm;
using namespace dm::test;

namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }

QByteArray contents(const std::string& path)
{
    QFile f(q(path));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<unreadable>");
}

mode_t typeOf(const std::string& path)
{
    struct stat st { };
    return ::lstat(path.c_str(), &st) == 0 ? (st.st_mode & S_IFMT) : 0;
}

// mknod in a scratch directory: the same driver as /dev/null or /dev/full, not the same node.
bool makeNode(const std::string& path, mode_t type, unsigned major, unsigned minor)
{
    return ::mknod(path.c_str(), type | 0666, makedev(major, minor)) == 0;
}

#define DM_REQUIRE_MKNOD()                                                                                             \
    do {                                                                                                               \
        if (!isRoot())                                                                                                 \
            GTEST_SKIP() << "needs root to make private device nodes with mknod";                                      \
    } while (0)

} // namespace

TEST(ReportFile, RegularFileIsReplacedKeepingItsModeAndNoTemporaryIsLeft)
{
    ScratchDir dir;
    const std::string file = dir.path() + "/r.json";
    ASSERT_TRUE(writeReportFile(q(file), "old").isEmpty());
    ::chmod(file.c_str(), 0640);
    ASSERT_TRUE(writeReportFile(q(file), "new report").isEmpty());
    EXPECT_EQ(contents(file), "new report");
    struct stat st { };
    ASSERT_EQ(::stat(file.c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 07777, 0640u);
    EXPECT_EQ(dir.entryCount(), 1u);
}

TEST(ReportFile, SymlinkToARegularFileStaysASymlink)
{
    ScratchDir dir;
    const std::string file = dir.path() + "/real.json", link = dir.path() + "/link.json";
    ASSERT_TRUE(writeReportFile(q(file), "old").isEmpty());
    ASSERT_EQ(::symlink("real.json", link.c_str()), 0);
    ASSERT_TRUE(writeReportFile(q(link), "through the link").isEmpty());
    EXPECT_EQ(typeOf(link), mode_t(S_IFLNK));
    EXPECT_EQ(contents(file), "through the link");
    EXPECT_EQ(dir.entryCount(), 2u);
}

TEST(ReportFile, DirectoryAndMissingDirectoryAreRefusedByName)
{
    ScratchDir dir;
    EXPECT_TRUE(writeReportFile(q(dir.path()), "x").contains("is a directory"));
    EXPECT_TRUE(checkReportPath(q(dir.path())).contains("is a directory"));
    const QString missing = q(dir.path() + "/no/such/r.json");
    EXPECT_TRUE(checkReportPath(missing).contains("does not exist")) << checkReportPath(missing).toStdString();
    const QString error = writeReportFile(missing, "x");
    EXPECT_TRUE(error.contains(missing) && error.contains("No such file")) << error.toStdString();
}

TEST(ReportFile, PrivateNullAndFullNodesAreWrittenInPlaceAndStayDevices)
{
    DM_REQUIRE_MKNOD();
    ScratchDir dir;
    const std::string null = dir.path() + "/null", full = dir.path() + "/full";
    ASSERT_TRUE(makeNode(null, S_IFCHR, 1, 3));
    ASSERT_TRUE(makeNode(full, S_IFCHR, 1, 7));
    const std::string link = dir.path() + "/to-null";
    ASSERT_EQ(::symlink(null.c_str(), link.c_str()), 0);

    EXPECT_TRUE(checkReportPath(q(null)).isEmpty());
    EXPECT_TRUE(writeReportFile(q(null), "a report").isEmpty());
    EXPECT_TRUE(writeReportFile(q(link), "a report").isEmpty());
    // A device reports a full disk on write(): the message names the node and the reason.
    const QString error = writeReportFile(q(full), "a report");
    EXPECT_TRUE(error.contains(q(full)) && error.contains("No space left on device")) << error.toStdString();

    EXPECT_EQ(typeOf(null), mode_t(S_IFCHR));
    EXPECT_EQ(typeOf(full), mode_t(S_IFCHR));
    EXPECT_EQ(typeOf(link), mode_t(S_IFLNK));
    EXPECT_EQ(dir.entryCount(), 3u); // no temporary beside them
}

TEST(ReportFile, PrivateBlockNodeIsWrittenInPlace)
{
    LoopDevice loop("4M");
    DM_REQUIRE_ROOT_LOOP(loop);
    ScratchDir dir;
    struct stat st { };
    ASSERT_EQ(::stat(loop.device().c_str(), &st), 0);
    const std::string node = dir.path() + "/disk";
    ASSERT_TRUE(makeNode(node, S_IFBLK, major(st.st_rdev), minor(st.st_rdev)));
    ASSERT_TRUE(writeReportFile(q(node), "REPORT-ON-A-BLOCK-DEVICE").isEmpty());
    EXPECT_EQ(typeOf(node), mode_t(S_IFBLK));
    EXPECT_EQ(run("head -c 24 " + loop.device()), "REPORT-ON-A-BLOCK-DEVICE");
}

TEST(ReportFile, FifoIsWrittenInPlaceAndTheCheckDoesNotEndItsReader)
{
    ScratchDir dir;
    const std::string fifo = dir.path() + "/pipe";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    // With no reader, opening the write end would block: the check must not open it.
    EXPECT_TRUE(checkReportPath(q(fifo)).isEmpty());
    // The read end opened without waiting, so a writer that replaced the FIFO cannot hang us.
    const int reader = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    ASSERT_GE(reader, 0);
    const QString error = writeReportFile(q(fifo), "through a FIFO");
    EXPECT_TRUE(error.isEmpty()) << error.toStdString();
    char buf[64] = {};
    const ssize_t n = ::read(reader, buf, sizeof buf);
    ::close(reader);
    EXPECT_EQ(QByteArray(buf, int(std::max<ssize_t>(n, 0))), "through a FIFO");
    EXPECT_EQ(typeOf(fifo), mode_t(S_IFIFO));
    EXPECT_EQ(dir.entryCount(), 1u);
}

TEST(ReportFile, SocketIsRefusedWithWhatCanBeGiven)
{
    ScratchDir dir;
    const std::string path = dir.path() + "/sock";
    const int s = ::socket(AF_UNIX, SOCK_STREAM, 0);
    sockaddr_un addr { };
    addr.sun_family = AF_UNIX;
    if (path.size() >= sizeof addr.sun_path)
        GTEST_SKIP() << "the scratch path is too long for a socket name";
    std::strcpy(addr.sun_path, path.c_str());
    ASSERT_EQ(::bind(s, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
    EXPECT_TRUE(checkReportPath(q(path)).contains("socket")) << checkReportPath(q(path)).toStdString();
    EXPECT_TRUE(writeReportFile(q(path), "x").contains("socket"));
    EXPECT_EQ(typeOf(path), mode_t(S_IFSOCK));
    ::close(s);
}

// A report that does not fit leaves the good one in place, whole, and no temporary.
TEST(ReportFile, FullFilesystemKeepsTheOldReportAndSaysSo)
{
    if (!isRoot())
        GTEST_SKIP() << "needs root to mount a tiny tmpfs";
    ScratchDir dir;
    const std::string mnt = dir.path() + "/mnt";
    ASSERT_EQ(::mkdir(mnt.c_str(), 0700), 0);
    if (::mount("dm-test-full", mnt.c_str(), "tmpfs", 0, "size=64k") != 0)
        GTEST_SKIP() << "cannot mount tmpfs here";
    struct Unmount {
        std::string path;
        ~Unmount() { ::umount(path.c_str()); }
    } unmount { mnt };
    const std::string file = mnt + "/r.json";
    ASSERT_TRUE(writeReportFile(q(file), "the good report").isEmpty());
    run("dd if=/dev/zero of=" + mnt + "/filler bs=4k count=64");
    const QByteArray big(256 * 1024, 'x');
    const QString error = writeReportFile(q(file), big);
    EXPECT_TRUE(error.contains(q(file)) && error.contains("No space left on device")) << error.toStdString();
    EXPECT_EQ(contents(file), "the good report");
    EXPECT_EQ(run("ls -A " + mnt + " | wc -l"), "2"); // r.json and the filler, no temporary
}

// A file the user owns in a directory they may not write is written in place (issue 14, 4).
TEST(ReportFile, OwnFileInADirectoryWithoutWritePermission)
{
    if (!isRoot() || !haveTool("setpriv"))
        GTEST_SKIP() << "needs root to drop to another user";
    ScratchDir dir;
    const std::string file = dir.path() + "/mine.json";
    ASSERT_TRUE(writeReportFile(q(file), "old").isEmpty());
    ASSERT_EQ(::chown(file.c_str(), 65534, 65534), 0); // nobody owns it: the test is about their write
    ::chmod(dir.path().c_str(), 0755);
    // The writer runs in a child as nobody: the permission checks are the kernel's, not ours.
    const pid_t child = ::fork();
    if (child == 0) {
        if (::setgid(65534) != 0 || ::setuid(65534) != 0)
            ::_exit(3);
        if (!checkReportPath(q(file)).isEmpty())
            ::_exit(4);
        ::_exit(writeReportFile(q(file), "written by its owner").isEmpty() ? 0 : 5);
    }
    int status = 0;
    ASSERT_EQ(::waitpid(child, &status, 0), child);
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 0);
    EXPECT_EQ(contents(file), "written by its owner");
    // And a new name in that directory is refused before anything starts, saying why.
    const pid_t second = ::fork();
    if (second == 0) {
        if (::setgid(65534) != 0 || ::setuid(65534) != 0)
            ::_exit(3);
        ::_exit(checkReportPath(q(dir.path() + "/new.json")).contains("no permission") ? 0 : 6);
    }
    ASSERT_EQ(::waitpid(second, &status, 0), second);
    EXPECT_EQ(WEXITSTATUS(status), 0);
}
