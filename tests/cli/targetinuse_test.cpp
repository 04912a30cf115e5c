// SPDX-License-Identifier: GPL-3.0-or-later
// A write test is refused on what something else uses (issue 12, items 1 and 2), through the
// real binary on a real rig: an image file under a mounted loop device (its filesystem still
// whole afterwards), a file under an unmounted loop device, an active swap file, a file another
// process has open for writing, a block device under another loop device or a device-mapper
// target. And the reason that stops the user comes first (issue 14, item 6): "mounted" before
// --allow-destructive, a pseudo-filesystem named as such, no direct I/O before
// --allow-destructive.
#include "clirun.h"
#include "testtargets.h"

#include <QProcess>
#include <QThread>
#include <gtest/gtest.h>

using namespace dm::test;

namespace {

const QStringList kWrite { "--tests", "SEQ1M-Q1T1", "--mode", "write", "--count", "1", "--measure", "0.5", "--warmup",
    "0", "--interval", "0", "--size", "16MiB", "--quiet", "--no-history" };

void expectRefused(const CliOutcome& o, const std::string& needle)
{
    EXPECT_EQ(o.exitCode, 2) << o.err.constData();
    EXPECT_TRUE(o.err.contains(needle.c_str())) << "wanted '" << needle << "' in: " << o.err.constData();
}

// An ext2 image file in a scratch directory, on a loop device of its own, optionally mounted.
class ImageOnLoop {
public:
    explicit ImageOnLoop(bool mounted)
    {
        if (!isRoot() || !haveTool("losetup") || !haveTool("mkfs.ext2"))
            return;
        m_image = m_dir.path() + "/fs.img";
        run("truncate -s 32M " + m_image + " && mkfs.ext2 -q -F " + m_image);
        m_loop = run("losetup -f --show " + m_image);
        if (m_loop.empty() || !mounted)
            return;
        m_mountPoint = m_dir.path() + "/mnt";
        run("mkdir " + m_mountPoint);
        if (run("mount " + m_loop + " " + m_mountPoint + " >/dev/null 2>&1; echo $?") != "0") {
            m_mountPoint.clear();
            return;
        }
        run("echo hi > " + m_mountPoint + "/x && sync");
    }
    ~ImageOnLoop()
    {
        if (!m_mountPoint.empty())
            run("umount " + m_mountPoint);
        if (!m_loop.empty())
            run("losetup -d " + m_loop);
    }
    bool ok(bool mounted) const { return !m_loop.empty() && (!mounted || !m_mountPoint.empty()); }
    const std::string& image() const { return m_image; }
    const std::string& loop() const { return m_loop; }
    const std::string& mountPoint() const { return m_mountPoint; }

private:
    ScratchDir m_dir;
    std::string m_image, m_loop, m_mountPoint;
};

} // namespace

TEST(CliTargetInUse, ImageUnderAMountedLoopDeviceIsRefusedAndItsFilesystemSurvives)
{
    ImageOnLoop rig(true);
    if (!rig.ok(true))
        GTEST_SKIP() << "needs root, losetup, mkfs.ext2 and mount";
    const std::string before = run("sha256sum " + rig.image() + " | cut -d' ' -f1");
    const CliOutcome o = runCli(kWrite + QStringList { "--allow-destructive", q(rig.image()) });
    expectRefused(o, "backs the loop device " + rig.loop() + ", mounted on " + rig.mountPoint());
    run("sync && echo 3 > /proc/sys/vm/drop_caches");
    EXPECT_EQ(run("cat " + rig.mountPoint() + "/x"), "hi");
    EXPECT_EQ(run("sha256sum " + rig.image() + " | cut -d' ' -f1"), before);
    // sustained takes the same engine path, and says so before it asks for --allow-destructive.
    expectRefused(runCli({ "sustained", q(rig.image()), "--total", "16MiB", "--quiet", "--no-history" }),
        "backs the loop device " + rig.loop());
}

TEST(CliTargetInUse, ImageUnderAnUnmountedLoopDeviceIsRefused)
{
    ImageOnLoop rig(false);
    if (!rig.ok(false))
        GTEST_SKIP() << "needs root, losetup and mkfs.ext2";
    expectRefused(runCli(kWrite + QStringList { "--allow-destructive", q(rig.image()) }),
        "backs the loop device " + rig.loop() + ": ");
    // Reading it is harmless and still works.
    const CliOutcome read = runCli(QStringList { "--tests", "SEQ1M-Q1T1", "--mode", "read", "--count", "1", "--measure",
        "0.5", "--warmup", "0", "--interval", "0", "--quiet", "--no-history", q(rig.image()) });
    EXPECT_EQ(read.exitCode, 0) << read.err.constData();
}

TEST(CliTargetInUse, ActiveSwapFileIsRefused)
{
    if (!isRoot() || !haveTool("mkswap") || !haveTool("swapon"))
        GTEST_SKIP() << "needs root, mkswap and swapon";
    ScratchDir dir;
    const std::string file = dir.path() + "/swap";
    run("dd if=/dev/zero of=" + file + " bs=1M count=16 status=none && chmod 600 " + file + " && mkswap " + file);
    if (run("swapon " + file + " >/dev/null 2>&1; echo $?") != "0")
        GTEST_SKIP() << "swapon refused a swap file here";
    const CliOutcome o = runCli(kWrite + QStringList { "--allow-destructive", q(file) });
    run("swapoff " + file);
    expectRefused(o, "is an active swap file");
}

TEST(CliTargetInUse, FileOpenForWritingByAnotherProcessIsRefusedNamingIt)
{
    ScratchDir dir;
    const std::string file = dir.path() + "/data";
    run("dd if=/dev/zero of=" + file + " bs=1M count=16 status=none");
    QProcess holder; // holds the file open for writing, as a program still saving it would
    holder.start("sh", { "-c", q("exec 3>>" + file + "; echo ready; exec sleep 60") });
    ASSERT_TRUE(holder.waitForReadyRead(10000));
    const CliOutcome o = runCli(kWrite + QStringList { "--allow-destructive", q(file) });
    expectRefused(o, "is open for writing by process " + std::to_string(holder.processId()) + " (sleep)");
    holder.kill();
    holder.waitForFinished();
    // Once it is closed, the same command runs.
    const CliOutcome after = runCli(kWrite + QStringList { "--allow-destructive", q(file) });
    EXPECT_EQ(after.exitCode, 0) << after.err.constData();
}

TEST(CliTargetInUse, DeviceUnderAnotherLoopDeviceIsRefusedAndUnchanged)
{
    LoopDevice lower("32M");
    DM_REQUIRE_ROOT_LOOP(lower);
    run("mkfs.ext2 -q -F " + lower.device()); // a signature, which would otherwise be warned about
    const std::string upper = run("losetup -f --show " + lower.device());
    ASSERT_FALSE(upper.empty());
    const std::string before = lower.checksum();
    const CliOutcome o = runCli(kWrite + QStringList { "--allow-destructive", q(lower.device()) });
    run("losetup -d " + upper);
    expectRefused(o, lower.device() + " backs the loop device " + upper);
    EXPECT_FALSE(o.err.contains("will destroy")) << "a refused write destroys nothing: " << o.err.constData();
    EXPECT_EQ(lower.checksum(), before);
}

TEST(CliTargetInUse, DeviceWithADeviceMapperHolderIsRefused)
{
    LoopDevice lower("32M");
    DM_REQUIRE_ROOT_LOOP(lower);
    if (!haveTool("dmsetup"))
        GTEST_SKIP() << "needs dmsetup";
    const std::string name = "dm-test-12a-" + std::to_string(::getpid());
    if (run("dmsetup create " + name + " --table '0 65536 linear " + lower.device() + " 0' >/dev/null 2>&1; echo $?")
        != "0")
        GTEST_SKIP() << "device-mapper is not usable here";
    const std::string before = lower.checksum();
    const CliOutcome o = runCli(kWrite + QStringList { "--allow-destructive", q(lower.device()) });
    run("dmsetup remove " + name);
    expectRefused(o, lower.device() + " is held by /dev/dm-");
    EXPECT_EQ(lower.checksum(), before);
}

TEST(CliTargetInUse, TheReasonThatStopsTheUserComesFirst)
{
    LoopDevice loop("64M");
    DM_REQUIRE_ROOT_LOOP(loop);
    if (loop.mount("ext4").empty())
        GTEST_SKIP() << "mkfs.ext4 or mount failed here";
    // Without --allow-destructive: "mounted" is what stops them, not the missing flag.
    const CliOutcome mounted = runCli(kWrite + QStringList { q(loop.device()) });
    expectRefused(mounted, "is mounted on");
    EXPECT_FALSE(mounted.err.contains("--allow-destructive")) << mounted.err.constData();

    const CliOutcome cpuinfo = runCli(kWrite + QStringList { "/proc/cpuinfo" });
    expectRefused(cpuinfo, "is on proc, a pseudo-filesystem");
    EXPECT_FALSE(cpuinfo.err.contains("--allow-destructive")) << cpuinfo.err.constData();
    const CliOutcome proc = runCli(kWrite + QStringList { "/proc" });
    expectRefused(proc, "a pseudo-filesystem");
    EXPECT_FALSE(proc.err.contains("free space")) << proc.err.constData();
}

TEST(CliTargetInUse, NoDirectIoIsSaidBeforeAllowDestructive)
{
    if (!isRoot() || !haveTool("mksquashfs"))
        GTEST_SKIP() << "needs root and squashfs-tools (mksquashfs) for a filesystem without O_DIRECT";
    ScratchDir dir;
    run("mkdir " + dir.path() + "/src && dd if=/dev/urandom of=" + dir.path() + "/src/data bs=1M count=17 status=none");
    run("mksquashfs " + dir.path() + "/src " + dir.path() + "/fs.sqsh -noappend -quiet");
    run("mkdir " + dir.path() + "/mnt");
    if (run("mount -o loop,ro " + dir.path() + "/fs.sqsh " + dir.path() + "/mnt >/dev/null 2>&1; echo $?") != "0")
        GTEST_SKIP() << "cannot mount squashfs here";
    const CliOutcome o = runCli(kWrite + QStringList { q(dir.path() + "/mnt/data") });
    run("umount " + dir.path() + "/mnt");
    expectRefused(o, "does not support direct I/O");
    EXPECT_FALSE(o.err.contains("--allow-destructive")) << o.err.constData();
}
