// SPDX-License-Identifier: GPL-3.0-or-later
// The drive line's text (core/driveline.h) and the serial number kept out of exports.
#include "driveline.h"
#include "targetjson.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <gtest/gtest.h>

using namespace dm;

TEST(DriveLine, SizesAreSaidAsDrivesAreSold)
{
    EXPECT_EQ(soldSize(1'000'204'886'016), QStringLiteral("1.0 TB"));
    EXPECT_EQ(soldSize(256'060'514'304), QStringLiteral("256 GB"));
    EXPECT_EQ(soldSize(31'914'983'424), QStringLiteral("32 GB"));
    EXPECT_EQ(soldSize(3'840'000'000'000), QStringLiteral("3.8 TB"));
    EXPECT_EQ(soldSize(0), QString());
}

TEST(DriveLine, NamesTheDriveItsLinkSizeFilesystemAndUsage)
{
    TargetDescription t;
    t.path = t.mountPoint = QStringLiteral("/home");
    t.kind = QStringLiteral("directory");
    t.model = QStringLiteral("Samsung SSD 970 EVO 1TB");
    t.bus = QStringLiteral("nvme");
    t.filesystem = QStringLiteral("ext4");
    t.device = QStringLiteral("/dev/nvme0n1");
    t.sizeBytes = 1'000'204'886'016;
    t.capacityBytes = 242LL << 30;
    t.freeBytes = 138LL << 30;
    t.usedBytes = 104LL << 30;
    t.serial = QStringLiteral("S466NX0K123456");
    EXPECT_EQ(driveLine(t, false),
        QStringLiteral("Samsung SSD 970 EVO 1TB (nvme) ext4 · 1.0 TB · [/home 43% (104/242GiB)]"));
    EXPECT_EQ(driveLine(t, true),
        QStringLiteral("Samsung SSD 970 EVO 1TB (nvme) ext4 · 1.0 TB · S/N S466NX0K123456 · [/home 43% (104/242GiB)]"));
    // A partition's size is not the drive's: the filesystem's, in the usage, says enough.
    t.wholeDisk = QStringLiteral("/dev/nvme0n1");
    EXPECT_FALSE(driveLine(t, false).contains(QStringLiteral("1.0 TB")));
    EXPECT_EQ(driveLine(TargetDescription {}, false), QString()) << "nothing known, nothing said";
}

TEST(DriveLine, AnExportLeavesTheSerialOutUnlessAsked)
{
    TargetDescription t;
    t.path = QStringLiteral("/dev/sdb");
    t.serial = QStringLiteral("4C530001230308117384");
    QJsonObject root { { QStringLiteral("schema"), QStringLiteral("diskometer.result/1") },
        { QStringLiteral("target"), targetDescriptionJson(t) } };
    const QByteArray stored = QJsonDocument(root).toJson();
    const QByteArray out = reportJsonForExport(stored, false);
    EXPECT_FALSE(out.contains("4C530001230308117384")) << out.toStdString();
    const QJsonObject target = QJsonDocument::fromJson(out).object().value(QLatin1String("target")).toObject();
    EXPECT_TRUE(target.value(QLatin1String("serial")).isNull());
    EXPECT_EQ(target.value(QLatin1String("path")).toString(), QStringLiteral("/dev/sdb")) << "the rest as stored";
    EXPECT_EQ(reportJsonForExport(stored, true), stored);
    // Nothing to drop: the stored bytes as they are.
    t.serial.clear();
    root.insert(QStringLiteral("target"), targetDescriptionJson(t));
    const QByteArray none = QJsonDocument(root).toJson(QJsonDocument::Compact);
    EXPECT_EQ(reportJsonForExport(none, false), none);
}
