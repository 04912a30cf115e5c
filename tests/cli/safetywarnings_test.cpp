// SPDX-License-Identifier: GPL-3.0-or-later
// The warnings diskometer-cli gives about its target, through the real binary: a loud WARNING on
// stderr before a write test destroys a filesystem or partition table on a device (and the same
// in the report), none for a blank device or when the write is refused anyway, and report
// warnings about what the target is (a tmpfs is RAM, a loop device over a file in RAM).
#include "clirun.h"
#include "testtargets.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>

#include <gtest/gtest.h>

using namespace dm::test;

namespace {

// What a run answered, and the warnings of the JSON report it wrote on stdout.
struct Warned : CliOutcome {
    QStringList warnings;
};

Warned withWarnings(CliOutcome o)
{
    Warned w { std::move(o), {} };
    for (const QJsonValue v : QJsonDocument::fromJson(w.out).object()["warnings"].toArray())
        w.warnings << v.toString();
    return w;
}

// A short grid run with its JSON report on stdout.
Warned runGrid(const QStringList& args)
{
    return withWarnings(runCli(QStringList { "--count", "1", "--measure", "0.5", "--warmup", "0", "--interval", "0",
                                   "--size", "16MiB", "--quiet", "--json", "-" }
        + args));
}

} // namespace

TEST(CliSafetyWarnings, WriteTestOnAFormattedDeviceWarnsFirst)
{
    LoopDevice loop("64M");
    DM_REQUIRE_ROOT_LOOP(loop);
    if (!haveTool("mkfs.ext4"))
        GTEST_SKIP() << "mkfs.ext4 (e2fsprogs) is not installed";
    ASSERT_EQ(run("mkfs.ext4 -q -F " + loop.device() + " >/dev/null 2>&1; echo $?"), "0");
    const QString dev = q(loop.device());

    // Refused without consent: no warning, nothing written.
    const std::string before = loop.checksum();
    auto refused = runGrid({ "--mode", "write", "--tests", "SEQ1M-Q1T1", dev });
    EXPECT_EQ(refused.exitCode, 2);
    EXPECT_FALSE(refused.err.contains("WARNING")) << refused.err.constData();
    EXPECT_EQ(loop.checksum(), before);

    auto o = runGrid({ "--allow-destructive", "--mode", "write", "--tests", "SEQ1M-Q1T1", dev });
    ASSERT_EQ(o.exitCode, 0) << o.err.constData();
    EXPECT_TRUE(o.err.startsWith(
        "WARNING: " + dev.toUtf8() + " holds an ext4 filesystem; --allow-destructive will destroy it\n"))
        << o.err.constData();
    EXPECT_TRUE(
        o.warnings.contains(dev + " held an ext4 filesystem when the run started; its write tests overwrite it"))
        << o.warnings.join('\n').toStdString();
    // The loop device's file is in /dev/shm: the report says it measured RAM.
    EXPECT_TRUE(o.warnings.filter(QStringLiteral("a file in RAM, not a drive")).size() == 1)
        << o.warnings.join('\n').toStdString();
    EXPECT_NE(loop.checksum(), before) << "the write test did not write";
}

TEST(CliSafetyWarnings, BlankDeviceAndReadTestsGiveNoWarning)
{
    LoopDevice loop("64M");
    DM_REQUIRE_ROOT_LOOP(loop);
    const QString dev = q(loop.device());
    auto blank = runGrid({ "--allow-destructive", "--mode", "write", "--tests", "SEQ1M-Q1T1", dev });
    ASSERT_EQ(blank.exitCode, 0) << blank.err.constData();
    EXPECT_FALSE(blank.err.contains("WARNING")) << blank.err.constData();
    EXPECT_TRUE(blank.warnings.filter(QStringLiteral(" held ")).isEmpty()) << blank.warnings.join('\n').toStdString();

    if (!haveTool("mkswap"))
        GTEST_SKIP() << "mkswap (util-linux) is not installed";
    ASSERT_EQ(run("mkswap " + loop.device() + " >/dev/null 2>&1; echo $?"), "0");
    auto read = runGrid({ "--allow-destructive", "--mode", "read", "--tests", "SEQ1M-Q1T1", dev });
    ASSERT_EQ(read.exitCode, 0) << read.err.constData();
    EXPECT_FALSE(read.err.contains("WARNING")) << "a read test destroys nothing: " << read.err.constData();
}

TEST(CliSafetyWarnings, TmpfsIsReportedAsRam)
{
    char tmpl[] = "/dev/shm/dm-cli-XXXXXX";
    if (!::mkdtemp(tmpl))
        GTEST_SKIP() << "cannot make a directory in /dev/shm";
    const std::string dir = tmpl;
    auto o = runGrid({ "--mode", "read", "--tests", "RND4K-Q1T1", q(dir) });
    EXPECT_EQ(::rmdir(dir.c_str()), 0) << "the test file was left behind in " << dir;
    if (o.exitCode == 2 && o.err.contains("direct I/O"))
        GTEST_SKIP() << "tmpfs has no O_DIRECT before Linux 6.6";
    ASSERT_EQ(o.exitCode, 0) << o.err.constData();
    EXPECT_TRUE(o.warnings.contains(QStringLiteral("tmpfs is RAM, not a drive: results measure memory")))
        << o.warnings.join('\n').toStdString();
}

namespace {

// Another kind's command with --json - (no grid options), its report's warnings.
Warned runKind(const QStringList& args)
{
    return withWarnings(runCli(args + QStringList { "--quiet", "--no-history", "--json", "-" }));
}

} // namespace

// Issue 13: core attaches the same run header to every kind, so the sustained write and the
// sweep on a tmpfs say they measured RAM, as the grid does, and a scan of a loop device over a
// file in RAM says so too.
TEST(CliSafetyWarnings, EveryKindReportsItsTargetWarnings)
{
    char tmpl[] = "/dev/shm/dm-cli-kinds-XXXXXX";
    if (!::mkdtemp(tmpl))
        GTEST_SKIP() << "cannot make a directory in /dev/shm";
    const std::string dir = tmpl;
    auto sustained = runKind({ "sustained", "--total", "16MiB", q(dir) });
    auto sweep = runKind(
        { "sweep", "--min", "4KiB", "--max", "8KiB", "--size", "16MiB", "--measure", "0.5", "--warmup", "0", q(dir) });
    EXPECT_EQ(::rmdir(dir.c_str()), 0) << "a test file was left behind in " << dir;
    if (sustained.exitCode == 2 && sustained.err.contains("direct I/O"))
        GTEST_SKIP() << "tmpfs has no O_DIRECT before Linux 6.6";
    const QString ram = QStringLiteral("tmpfs is RAM, not a drive: results measure memory");
    for (const auto* o : { &sustained, &sweep }) {
        ASSERT_EQ(o->exitCode, 0) << o->err.constData();
        EXPECT_TRUE(o->warnings.contains(ram)) << o->warnings.join('\n').toStdString();
    }

    LoopDevice loop("64M");
    if (!loop.ok())
        GTEST_SKIP() << "the scan needs a loop device (root and losetup)";
    auto scan = runKind({ "scan", q(loop.device()), "--samples", "3", "--sample-size", "1MiB", "--access-samples", "0" });
    ASSERT_EQ(scan.exitCode, 0) << scan.err.constData();
    EXPECT_EQ(scan.warnings.filter(QStringLiteral("a file in RAM, not a drive")).size(), 1)
        << scan.warnings.join('\n').toStdString();
}
