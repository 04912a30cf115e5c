// SPDX-License-Identifier: GPL-3.0-or-later
// The small-file test's known answer (tests/support/throttle-rig): on an ext4 filesystem over a
// RAM-backed loop device whose writes are held to a known number a second, `files --sync file`
// cannot create files faster than that (each file's fsync is at least one write) and creates them
// at about that rate; the report's device_io shows a write per file at least. Skips,
// saying why, where the rig cannot run (not root, no throttle) or the machine is too busy.
#include "testtargets.h"
#include "throttlerig.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <gtest/gtest.h>

using namespace dm::test;

TEST(FilesKnownAnswer, SyncFileCreatesAreBoundedByTheWriteIopsLimit)
{
    if (!haveTool("mkfs.ext4"))
        GTEST_SKIP() << "needs mkfs.ext4";
    if (const std::string busy = tooBusyForKnownAnswer(); !busy.empty())
        GTEST_SKIP() << busy;
    constexpr int kLimit = 300; // write I/Os a second
    constexpr int kFiles = 600; // 2 s at the limit: the throttle's 0.1 s slices are 5 % of it
    RigLimits limits;
    limits.writeIops = kLimit;
    // Inside the rig's cgroup: an ext4 filesystem on the throttled device, the test, and the
    // filesystem gone again (the rig removes the device after the command, whatever it returns).
    const QString script = QStringLiteral(
        "set -e; mnt=$(mktemp -d /tmp/dm-files-rig-XXXXXX); "
        "mkfs.ext4 -q -F -E lazy_itable_init=1,lazy_journal_init=1 \"$DM_RIG_DEVICE\"; "
        "mount \"$DM_RIG_DEVICE\" \"$mnt\"; rc=0; "
        "\"$0\" files \"$mnt\" --files %1 --file-size 4KiB --dirs 4 --sync file --json - --quiet --no-history "
        "|| rc=$?; ls -A \"$mnt\" | grep -v lost+found >&2 || true; umount \"$mnt\"; rmdir \"$mnt\"; exit $rc")
                               .arg(kFiles);
    const RigOutcome o = runThrottled(limits, { "sh", "-c", script, QStringLiteral(DM_CLI_PATH) }, QStringLiteral("64M"));
    if (o.skipped())
        GTEST_SKIP() << o.skipReason();
    ASSERT_EQ(o.exitCode, 0) << o.err.constData();
    EXPECT_TRUE(o.err.trimmed().isEmpty()) << "left in the filesystem: " << o.err.constData();
    const QJsonObject doc = QJsonDocument::fromJson(o.out).object();
    const QJsonObject create = doc["phases"].toArray()[0].toObject();
    ASSERT_EQ(create["phase"].toString(), "create");
    ASSERT_EQ(create["files"].toInteger(), kFiles);
    const double rate = create["files_per_second"].toDouble();
    const double seconds = create["seconds"].toDouble();
    // At least one write a file: never above the limit (one throttle slice of 0.1 s of credit).
    EXPECT_LE(rate, kLimit * (1.0 + 0.1 / seconds) + 1) << "files/s " << rate << " over " << seconds << " s";
    // ...and near it: the limit is what holds the rate (unthrottled, this loop device takes
    // thousands a second). Measured 230-330 files/s at 300: one throttled data write per file,
    // sometimes a wait for the journal (ext4's jbd2 thread writes it, outside the rig's cgroup).
    EXPECT_GE(rate, kLimit * 0.5) << "files/s " << rate << " over " << seconds << " s";
    // The device's own account of the phase: at least one write per file, and the journal's beside.
    const QJsonObject device = doc["device_io"].toObject()["create"].toObject();
    ASSERT_FALSE(device.isEmpty()) << o.out.constData();
    EXPECT_GE(device["writes"].toDouble(), kFiles) << o.out.constData();
    EXPECT_EQ(device["own_writes"].toInteger(), kFiles) << o.out.constData();
    // The filesystem's journal is the test's own work, not another program's: no warning says so.
    for (const QJsonValue w : doc["warnings"].toArray())
        EXPECT_FALSE(w.toString().contains(QStringLiteral("something else used the drive"))) << w.toString().toStdString();
}
