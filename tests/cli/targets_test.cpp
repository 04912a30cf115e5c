// SPDX-License-Identifier: GPL-3.0-or-later
// `diskometer-cli targets`: the tables and the JSON made from hand-built descriptions (a UAS
// stick with a read-only partition, a SATA HDD), then the real binary on this machine: JSON that
// parses with its schema, the current directory's filesystem in it, a fresh loop device (as root)
// with its size, block size and bus; both headings in the text; serial numbers only when asked;
// bad usage refused with one line.
#include "clirun.h"
#include "mountlist.h"
#include "targetinfo.h"
#include "targetscommand.h"
#include "testtargets.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>

#include <gtest/gtest.h>

using namespace dm;
using namespace dm::test;

namespace {

QJsonObject parse(const QByteArray& json)
{
    QJsonParseError error {};
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    EXPECT_EQ(error.error, QJsonParseError::NoError) << error.errorString().toStdString();
    return doc.object();
}

QJsonObject findEntry(const QJsonArray& list, const char* key, const QString& value)
{
    for (const QJsonValue v : list) {
        if (v.toObject().value(QLatin1String(key)).toString() == value)
            return v.toObject();
    }
    return {};
}

// A USB 3 stick on UAS with one read-only, mounted partition, and a bare SATA HDD.
QList<TargetDescription> sampleDevices()
{
    TargetDescription stick;
    stick.kind = QStringLiteral("block-device");
    stick.device = stick.path = QStringLiteral("/dev/sdb");
    stick.vendor = QStringLiteral("SanDisk");
    stick.model = QStringLiteral("Extreme Pro");
    stick.serial = QStringLiteral("4C530001230617117445");
    stick.bus = QStringLiteral("usb");
    stick.link = QStringLiteral("USB 3.2 Gen 1 (5 Gbps)");
    stick.uas = true;
    stick.removable = true;
    stick.logicalBlockSize = 512;
    stick.physicalBlockSize = 512;
    stick.sizeBytes = stick.capacityBytes = qint64(128) * 1024 * 1024 * 1024;
    stick.partitions = QStringList { QStringLiteral("sdb1") };

    TargetDescription part = stick;
    part.device = part.path = QStringLiteral("/dev/sdb1");
    part.partitions.clear();
    part.wholeDisk = QStringLiteral("/dev/sdb");
    part.readOnly = true;
    part.mountPoint = QStringLiteral("/media/stick");
    part.mountPoints = QStringList { part.mountPoint };
    part.filesystem = QStringLiteral("exfat");

    TargetDescription hdd;
    hdd.kind = QStringLiteral("block-device");
    hdd.device = hdd.path = QStringLiteral("/dev/sda");
    hdd.vendor = QStringLiteral("ATA");
    hdd.model = QStringLiteral("WDC WD40EFRX-68N");
    hdd.bus = QStringLiteral("sata");
    hdd.rotational = true;
    hdd.logicalBlockSize = 512;
    hdd.physicalBlockSize = 4096;
    hdd.sizeBytes = hdd.capacityBytes = qint64(4000787030016);
    return { hdd, stick, part };
}

QString lineWith(const QString& text, const QString& needle)
{
    for (const QString& line : text.split(QLatin1Char('\n'))) {
        if (line.contains(needle))
            return line;
    }
    return {};
}

} // namespace

TEST(TargetsCommand, TextTablesDescribeEachDevice)
{
    TargetDescription fs;
    fs.mountPoint = QStringLiteral("/media/stick");
    fs.filesystem = QStringLiteral("exfat");
    fs.device = QStringLiteral("/dev/sdb1");
    fs.capacityBytes = qint64(100) * 1024 * 1024 * 1024;
    fs.freeBytes = qint64(25) * 1024 * 1024 * 1024;
    fs.model = QStringLiteral("Extreme Pro");
    fs.vendor = QStringLiteral("SanDisk");
    fs.bus = QStringLiteral("usb");
    fs.link = QStringLiteral("USB 3.2 Gen 1 (5 Gbps)");
    fs.uas = true;
    const QString text = formatTargetsText({ fs }, sampleDevices(), false);

    EXPECT_TRUE(text.startsWith(QStringLiteral("Filesystems\n"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("\n\nBlock devices\n"))) << text.toStdString();
    const QString fsLine = lineWith(text, QStringLiteral("/media/stick  exfat"));
    EXPECT_TRUE(fsLine.contains(QStringLiteral("25.0 GiB  100.0 GiB"))) << fsLine.toStdString();
    EXPECT_TRUE(fsLine.contains(QStringLiteral("SanDisk Extreme Pro"))) << fsLine.toStdString();

    const QString blocks = text.mid(text.indexOf(QStringLiteral("Block devices\n")));
    const QString hdd = lineWith(blocks, QStringLiteral("/dev/sda "));
    EXPECT_TRUE(hdd.contains(QStringLiteral("3.6 TiB"))) << hdd.toStdString();
    EXPECT_TRUE(hdd.contains(QStringLiteral("WDC WD40EFRX-68N"))) << hdd.toStdString();
    EXPECT_FALSE(hdd.contains(QStringLiteral("ATA WDC"))); // libata's vendor says nothing
    EXPECT_TRUE(hdd.contains(QStringLiteral("HDD"))) << hdd.toStdString();
    EXPECT_TRUE(hdd.contains(QStringLiteral("512/4096"))) << hdd.toStdString();

    const QString stick = lineWith(blocks, QStringLiteral("/dev/sdb "));
    EXPECT_TRUE(stick.contains(QStringLiteral("USB 3.2 Gen 1 (5 Gbps), UAS"))) << stick.toStdString();
    EXPECT_TRUE(stick.contains(QStringLiteral("SSD")));
    EXPECT_TRUE(stick.contains(QStringLiteral("removable")));
    EXPECT_FALSE(stick.contains(QStringLiteral("4C53"))) << "serial shown without being asked";

    // The partition is indented below its disk and shows only what is its own.
    const QString part = lineWith(blocks, QStringLiteral("/dev/sdb1"));
    EXPECT_TRUE(part.startsWith(QStringLiteral("    /dev/sdb1"))) << part.toStdString();
    EXPECT_TRUE(part.contains(QStringLiteral("ro"))) << part.toStdString();
    EXPECT_TRUE(part.endsWith(QStringLiteral("/media/stick (exfat)"))) << part.toStdString();
    EXPECT_FALSE(part.contains(QStringLiteral("Extreme Pro")));

    // Columns line up: every row of the block table has its size ending where the heading does.
    const QString heading = lineWith(blocks, QStringLiteral("  Device "));
    const qsizetype sizeEnd = heading.indexOf(QStringLiteral("Size")) + 4;
    EXPECT_EQ(hdd.indexOf(QStringLiteral("3.6 TiB")) + 7, sizeEnd);
    EXPECT_EQ(stick.indexOf(QStringLiteral("128.0 GiB")) + 9, sizeEnd);
    EXPECT_FALSE(text.contains(QStringLiteral(" \n"))) << "trailing spaces";

    const QString withSerial = formatTargetsText({ fs }, sampleDevices(), true);
    const QString serialBlocks = withSerial.mid(withSerial.indexOf(QStringLiteral("Block devices\n")));
    EXPECT_TRUE(lineWith(serialBlocks, QStringLiteral("/dev/sdb ")).contains(QStringLiteral("4C530001230617117445")));
    EXPECT_TRUE(lineWith(serialBlocks, QStringLiteral("  Device ")).contains(QStringLiteral("Serial")));

    EXPECT_TRUE(formatTargetsText({}, {}, false).contains(QStringLiteral("(none found)")));
}

TEST(TargetsCommand, JsonUsesTheResultReportsTargetObject)
{
    const QJsonObject root = parse(formatTargetsJson({}, sampleDevices()));
    EXPECT_EQ(root.value("schema").toString(), QStringLiteral("diskometer.targets/1"));
    EXPECT_TRUE(root.value("filesystems").isArray());
    const QJsonArray devices = root.value("block_devices").toArray();
    ASSERT_EQ(devices.size(), 3);
    const QJsonObject stick = devices[1].toObject();
    EXPECT_EQ(stick.value("device").toString(), QStringLiteral("/dev/sdb"));
    EXPECT_EQ(stick.value("uas").toBool(false), true);
    EXPECT_EQ(stick.value("link").toString(), QStringLiteral("USB 3.2 Gen 1 (5 Gbps)"));
    EXPECT_EQ(stick.value("partitions").toArray().first().toString(), QStringLiteral("sdb1"));
    EXPECT_EQ(stick.value("size_bytes").toInteger(), qint64(128) * 1024 * 1024 * 1024);
    EXPECT_TRUE(devices[0].toObject().value("uas").isNull()); // SATA: not a USB question
    EXPECT_EQ(devices[0].toObject().value("physical_block_size").toInteger(), 4096);
    EXPECT_EQ(devices[2].toObject().value("whole_disk").toString(), QStringLiteral("/dev/sdb"));
    EXPECT_EQ(devices[2].toObject().value("read_only").toBool(false), true);
}

TEST(TargetsCommand, RealJsonListsTheCurrentFilesystem)
{
    const CliOutcome o = runCli({ "targets", "--json" });
    ASSERT_EQ(o.exitCode, 0) << o.err.constData();
    EXPECT_TRUE(o.err.isEmpty()) << o.err.constData();
    const QJsonObject root = parse(o.out);
    EXPECT_EQ(root.value("schema").toString(), QStringLiteral("diskometer.targets/1"));
    ASSERT_TRUE(root.value("block_devices").isArray());

    // The filesystem holding the current directory, as the window would pick it by default.
    const QList<TargetDescription> expected = listFilesystemTargets();
    const int here = targetHolding(expected, QDir::currentPath());
    ASSERT_GE(here, 0) << "the current directory is on no listed filesystem";
    const QJsonObject fs = findEntry(root.value("filesystems").toArray(), "mount_point", expected[here].mountPoint);
    ASSERT_FALSE(fs.isEmpty()) << o.out.constData();
    EXPECT_EQ(fs.value("filesystem").toString(), expected[here].filesystem);
    EXPECT_EQ(fs.value("kind").toString(), QStringLiteral("directory"));
    EXPECT_GT(fs.value("capacity_bytes").toInteger(), 0);
    EXPECT_TRUE(fs.value("free_bytes").isDouble());

    // Privacy: without --show-serial no serial number is anywhere in the output.
    for (const char* group : { "filesystems", "block_devices" }) {
        for (const QJsonValue v : root.value(QLatin1String(group)).toArray())
            EXPECT_TRUE(v.toObject().value("serial").isNull()) << v.toObject().value("device").toString().toStdString();
    }
    const CliOutcome text = runCli({ "targets" });
    ASSERT_EQ(text.exitCode, 0);
    EXPECT_FALSE(text.out.contains("Serial"));
}

TEST(TargetsCommand, RealLoopDeviceIsListed)
{
    test::LoopDevice loop("64M", 4096);
    DM_REQUIRE_ROOT_LOOP(loop);
    const QString device = QString::fromStdString(loop.device());

    const CliOutcome o = runCli({ "targets", "--json" });
    ASSERT_EQ(o.exitCode, 0) << o.err.constData();
    const QJsonObject entry = findEntry(parse(o.out).value("block_devices").toArray(), "device", device);
    ASSERT_FALSE(entry.isEmpty()) << device.toStdString() << " missing from: " << o.out.constData();
    EXPECT_EQ(entry.value("bus").toString(), QStringLiteral("loop"));
    EXPECT_EQ(entry.value("kind").toString(), QStringLiteral("block-device"));
    EXPECT_EQ(entry.value("size_bytes").toInteger(), qint64(64) * 1024 * 1024);
    EXPECT_EQ(entry.value("logical_block_size").toInteger(), 4096);
    EXPECT_TRUE(entry.value("mount_points").toArray().isEmpty());

    const CliOutcome text = runCli({ "targets" });
    ASSERT_EQ(text.exitCode, 0) << text.err.constData();
    const QString out = QString::fromUtf8(text.out);
    EXPECT_TRUE(out.contains(QStringLiteral("Filesystems\n"))) << out.toStdString();
    EXPECT_TRUE(out.contains(QStringLiteral("\nBlock devices\n"))) << out.toStdString();
    const QString line = lineWith(out, device + QLatin1Char(' '));
    EXPECT_TRUE(line.contains(QStringLiteral("64.0 MiB"))) << line.toStdString();
    EXPECT_TRUE(line.contains(QStringLiteral("4096/"))) << line.toStdString();
    EXPECT_TRUE(line.contains(QStringLiteral("loop"))) << line.toStdString();
}

TEST(TargetsCommand, TextHasBothGroupsAndSerialOnlyWhenAsked)
{
    const CliOutcome o = runCli({ "targets" });
    ASSERT_EQ(o.exitCode, 0) << o.err.constData();
    EXPECT_TRUE(o.out.startsWith("Filesystems\n")) << o.out.constData();
    EXPECT_TRUE(o.out.contains("\n\nBlock devices\n")) << o.out.constData();
    EXPECT_TRUE(o.out.contains("Mount point")) << o.out.constData();

    const CliOutcome shown = runCli({ "targets", "--show-serial" });
    ASSERT_EQ(shown.exitCode, 0) << shown.err.constData();
    EXPECT_TRUE(shown.out.contains("Serial")) << shown.out.constData();
}

TEST(TargetsCommand, BadUsageIsOneLineAndExitTwo)
{
    for (const QStringList& args : { QStringList { "targets", "--bogus" }, QStringList { "targets", "/dev/sda" } }) {
        const CliOutcome o = runCli(args);
        EXPECT_EQ(o.exitCode, 2) << args.join(' ').toStdString();
        EXPECT_TRUE(o.err.startsWith("diskometer-cli: ")) << o.err.constData();
        EXPECT_EQ(o.err.count('\n'), 1) << o.err.constData();
        EXPECT_TRUE(o.out.isEmpty());
    }
    const CliOutcome help = runCli({ "targets", "--help" });
    EXPECT_EQ(help.exitCode, 0);
    EXPECT_TRUE(help.out.contains("--show-serial")) << help.out.constData();
}
