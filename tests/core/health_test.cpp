// SPDX-License-Identifier: GPL-3.0-or-later
// Drive health without hardware (issue 15 part 2, docs/HEALTH.md):
// - every status rule on its own (NVMe critical warning and spare below threshold are Bad; worn
//   out, media errors and each ATA sector count are Caution; SMART failing is Bad), and Unknown
//   always with a reason;
// - sysfs fixture trees laid out as an NVMe drive (hwmon below the controller), a SATA drive with
//   drivetemp (hwmon/hwmonN below the SCSI device), a partition, a loop device, a dm volume;
// - smartctl's JSON as smartmontools 7.3 writes it for an NVMe and an ATA drive, run as a program
//   (a stand-in script that prints it), and the message when smartctl may not open the device;
// - the JSON the CLI prints.
// The D-Bus side is health_fake_udisks_test.cpp (stand-in UDisks2) and udisks_test.cpp (real udisksd).
#include "drivehealth.h"
#include "fakesys.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <gtest/gtest.h>

using namespace dm;
using dm::test::addNvme;
using dm::test::FakeSys;

// Readable failures: gtest would print a QString as its UTF-16 code units.
void PrintTo(const QString& s, std::ostream* os) { *os << '"' << s.toStdString() << '"'; }

namespace {

QByteArray readData(const char* name)
{
    QFile f(QStringLiteral(DM_TEST_DATA_DIR "/health/") + QLatin1String(name));
    EXPECT_TRUE(f.open(QIODevice::ReadOnly)) << name;
    return f.readAll();
}

DriveHealth assessed(DriveHealth h)
{
    assessHealth(h);
    return h;
}

DriveHealth goodNvme()
{
    DriveHealth h;
    h.sources << QStringLiteral("udisks2");
    h.nvme.criticalWarning = 0;
    h.nvme.availableSpare = 100;
    h.nvme.spareThreshold = 10;
    h.nvme.percentageUsed = 3;
    h.nvme.mediaErrors = 0;
    return h;
}

DriveHealth goodAta()
{
    DriveHealth h;
    h.sources << QStringLiteral("udisks2");
    h.ata.smartFailing = false;
    h.ata.attributesFailing = 0;
    h.ata.reallocatedSectors = 0;
    h.ata.pendingSectors = 0;
    h.ata.uncorrectableSectors = 0;
    return h;
}

// A SATA drive with drivetemp: the sensor sits in a hwmon class directory below the SCSI device,
// next to another driver's sensor that must not be taken for it.
void addSata(FakeSys& sys)
{
    const QString scsi = QStringLiteral("devices/pci0000:00/0000:00:17.0/ata1/host0/target0:0:0/0:0:0:0");
    sys.file(scsi + QStringLiteral("/vendor"), "ATA");
    sys.file(scsi + QStringLiteral("/model"), "WDC WD40EFRX-68N");
    sys.file(scsi + QStringLiteral("/hwmon/hwmon1/name"), "acpitz");
    sys.file(scsi + QStringLiteral("/hwmon/hwmon1/temp1_input"), "99000");
    sys.file(scsi + QStringLiteral("/hwmon/hwmon3/name"), "drivetemp");
    sys.file(scsi + QStringLiteral("/hwmon/hwmon3/temp1_input"), "34000");
    const QString disk = sys.disk(QStringLiteral("sda"), scsi);
    sys.link(disk + QStringLiteral("/device"), QStringLiteral("../.."));
    sys.partition(disk, QStringLiteral("sda1"));
}

// A stand-in smartctl that prints a recorded answer (and the arguments it got, to a file).
class FakeSmartctl {
public:
    explicit FakeSmartctl(const QByteArray& answer)
    {
        QFile json(m_dir.filePath(QStringLiteral("answer.json")));
        EXPECT_TRUE(json.open(QIODevice::WriteOnly));
        json.write(answer);
        json.close();
        QFile script(path());
        EXPECT_TRUE(script.open(QIODevice::WriteOnly));
        script.write("#!/bin/sh\necho \"$@\" > '" + m_dir.filePath(QStringLiteral("args")).toUtf8() + "'\ncat '"
            + json.fileName().toUtf8() + "'\n");
        script.close();
        script.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    }
    QString path() const { return m_dir.filePath(QStringLiteral("smartctl")); }
    QString arguments() const
    {
        QFile f(m_dir.filePath(QStringLiteral("args")));
        return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()).trimmed() : QString();
    }

private:
    QTemporaryDir m_dir;
};

} // namespace

// --- The rules, one at a time ----------------------------------------------------------------

TEST(HealthRules, AHealthyNvmeDriveIsGood)
{
    const DriveHealth h = assessed(goodNvme());
    EXPECT_EQ(h.status, HealthStatus::Good);
    EXPECT_EQ(h.reason, QStringLiteral("SMART reports no problem (udisks2)"));
}

TEST(HealthRules, AnNvmeCriticalWarningIsBad)
{
    for (unsigned bit = 0; bit < 6; ++bit) {
        DriveHealth h = goodNvme();
        h.nvme.criticalWarning = 1u << bit;
        h = assessed(h);
        EXPECT_EQ(h.status, HealthStatus::Bad) << "bit " << bit;
        EXPECT_TRUE(h.reason.startsWith(QStringLiteral("NVMe critical warning 0x"))) << h.reason.toStdString();
    }
    DriveHealth h = goodNvme();
    h.nvme.criticalWarning = 0x08;
    EXPECT_TRUE(assessed(h).reason.contains(QStringLiteral("read-only"))) << assessed(h).reason.toStdString();
}

TEST(HealthRules, AvailableSpareBelowItsThresholdIsBad)
{
    DriveHealth h = goodNvme();
    h.nvme.availableSpare = 9;
    h = assessed(h);
    EXPECT_EQ(h.status, HealthStatus::Bad);
    EXPECT_EQ(h.reason, QStringLiteral("available spare 9 % is below the drive's threshold of 10 %"));
    DriveHealth atThreshold = goodNvme();
    atThreshold.nvme.availableSpare = 10; // the spec's "below", CrystalDiskInfo's too
    EXPECT_EQ(assessed(atThreshold).status, HealthStatus::Good);
    DriveHealth noThreshold = goodNvme();
    noThreshold.nvme.availableSpare = 0;
    noThreshold.nvme.spareThreshold = 0; // the drive sets none
    EXPECT_EQ(assessed(noThreshold).status, HealthStatus::Good);
}

TEST(HealthRules, AWornOutNvmeDriveIsCaution)
{
    DriveHealth h = goodNvme();
    h.nvme.percentageUsed = 90;
    EXPECT_EQ(assessed(h).status, HealthStatus::Caution);
    EXPECT_EQ(assessed(h).reason, QStringLiteral("90 % of the rated endurance is used"));
    h.nvme.percentageUsed = 89;
    EXPECT_EQ(assessed(h).status, HealthStatus::Good);
}

TEST(HealthRules, NvmeMediaErrorsAreCaution)
{
    DriveHealth h = goodNvme();
    h.nvme.mediaErrors = 1;
    EXPECT_EQ(assessed(h).status, HealthStatus::Caution);
    EXPECT_EQ(assessed(h).reason, QStringLiteral("1 media and data integrity errors"));
}

TEST(HealthRules, EachAtaSectorCountIsCaution)
{
    for (int which = 0; which < 3; ++which) {
        DriveHealth h = goodAta();
        std::optional<qint64>* counts[]
            = { &h.ata.reallocatedSectors, &h.ata.pendingSectors, &h.ata.uncorrectableSectors };
        *counts[which] = 1;
        h = assessed(h);
        EXPECT_EQ(h.status, HealthStatus::Caution) << which;
        const char* words[] = { "1 reallocated sector(s)", "1 pending sector(s)", "1 uncorrectable sector(s)" };
        EXPECT_EQ(h.reason, QLatin1String(words[which]));
    }
    EXPECT_EQ(assessed(goodAta()).status, HealthStatus::Good);
}

TEST(HealthRules, SmartFailingIsBadAndKeepsTheCautionsInTheReason)
{
    DriveHealth h = goodAta();
    h.ata.smartFailing = true;
    h.ata.attributesFailing = 1;
    h.ata.reallocatedSectors = 3952;
    h = assessed(h);
    EXPECT_EQ(h.status, HealthStatus::Bad);
    EXPECT_EQ(h.reason,
        QStringLiteral("SMART predicts failure (1 attribute(s) at or below threshold); 3952 reallocated sector(s)"));
    DriveHealth attributeOnly = goodAta();
    attributeOnly.ata.attributesFailing = 2; // libatasmart's count without the overall verdict
    EXPECT_EQ(assessed(attributeOnly).status, HealthStatus::Bad);
}

TEST(HealthRules, NothingReadIsUnknownWithTheReasonsWhy)
{
    DriveHealth h;
    h.temperatureC = 40; // a temperature alone says nothing about health
    h.unavailable << QStringLiteral("UDisks2 is not running") << QStringLiteral("smartctl is not installed");
    h = assessed(h);
    EXPECT_EQ(h.status, HealthStatus::Unknown);
    EXPECT_EQ(h.reason, QStringLiteral("no SMART data: UDisks2 is not running; smartctl is not installed"));
    EXPECT_FALSE(assessed(DriveHealth {}).reason.isEmpty());
}

// --- sysfs -------------------------------------------------------------------------------------

TEST(HealthSysfs, NvmeTemperatureAndWarningFromTheControllersHwmon)
{
    FakeSys sys;
    addNvme(sys);
    const HwmonReading r = readHwmonTemperature(QStringLiteral("nvme0n1"), sys.root());
    ASSERT_TRUE(r.temperatureC);
    EXPECT_DOUBLE_EQ(*r.temperatureC, 43.85);
    ASSERT_TRUE(r.warningC);
    EXPECT_DOUBLE_EQ(*r.warningC, 81.85);
}

TEST(HealthSysfs, DrivetempIsFoundAndAnotherDriversSensorIsNot)
{
    FakeSys sys;
    addSata(sys);
    const HwmonReading r = readHwmonTemperature(QStringLiteral("sda"), sys.root());
    ASSERT_TRUE(r.temperatureC);
    EXPECT_DOUBLE_EQ(*r.temperatureC, 34.0);
    EXPECT_FALSE(r.warningC);
}

TEST(HealthSysfs, ASensorThatIsNotReadyGivesNoTemperature)
{
    FakeSys sys;
    addSata(sys);
    sys.file(QStringLiteral("devices/pci0000:00/0000:00:17.0/ata1/host0/target0:0:0/0:0:0:0/hwmon/hwmon3/temp1_input"),
        "-273150");
    EXPECT_FALSE(readHwmonTemperature(QStringLiteral("sda"), sys.root()).temperatureC);
}

TEST(HealthSysfs, APartitionMeansItsDrive)
{
    FakeSys sys;
    addNvme(sys);
    addSata(sys);
    EXPECT_EQ(wholeDiskName(QStringLiteral("sda1"), sys.root()), QStringLiteral("sda"));
    EXPECT_EQ(wholeDiskName(QStringLiteral("nvme0n1p2"), sys.root()), QStringLiteral("nvme0n1"));
    EXPECT_EQ(wholeDiskName(QStringLiteral("sda"), sys.root()), QStringLiteral("sda"));
    EXPECT_EQ(wholeDiskName(QStringLiteral("sdz"), sys.root()), QString());
    HealthSources sources { sys.root(), false, QStringLiteral("-") };
    const DriveHealth h = readDriveHealth(QStringLiteral("/dev/sda1"), sources);
    EXPECT_EQ(h.device, QStringLiteral("/dev/sda"));
    EXPECT_EQ(h.model, QStringLiteral("WDC WD40EFRX-68N")); // libata's "ATA" vendor left out
    EXPECT_EQ(h.temperatureC, std::optional<double>(34.0));
    EXPECT_EQ(h.temperatureSource, QStringLiteral("hwmon"));
    EXPECT_EQ(h.status, HealthStatus::Unknown);
}

TEST(HealthSysfs, ALoopDeviceIsUnknownAndSaysWhereItsFileIs)
{
    FakeSys sys;
    sys.virtualDisk(QStringLiteral("loop7"));
    sys.file(QStringLiteral("devices/virtual/block/loop7/loop/backing_file"), "/srv/images/stick.img");
    HealthSources sources { sys.root(), true, QString() }; // would ask UDisks2 and smartctl: must not
    const DriveHealth h = readDriveHealth(QStringLiteral("/dev/loop7"), sources);
    EXPECT_EQ(h.status, HealthStatus::Unknown);
    EXPECT_EQ(h.reason,
        QStringLiteral("no SMART data: /dev/loop7 is a loop device on /srv/images/stick.img: it has no SMART data or "
                       "temperature of its own; run health on the drive that holds the file"));
    EXPECT_EQ(h.unavailable.size(), 1);
}

TEST(HealthSysfs, AVolumeNamesTheDrivesBelowIt)
{
    FakeSys sys;
    sys.virtualDisk(QStringLiteral("dm-0"));
    sys.file(QStringLiteral("devices/virtual/block/dm-0/slaves/sda2/x"), "");
    sys.file(QStringLiteral("devices/virtual/block/dm-0/slaves/sdb2/x"), "");
    const DriveHealth h = readDriveHealth(QStringLiteral("/dev/dm-0"), { sys.root(), true, QString() });
    EXPECT_EQ(h.status, HealthStatus::Unknown);
    EXPECT_TRUE(h.reason.contains(QStringLiteral("/dev/dm-0 is a volume on /dev/sda2, /dev/sdb2")))
        << h.reason.toStdString();
}

TEST(HealthSysfs, TheDriveListLeavesOutRamDisksAndEmptyLoops)
{
    FakeSys sys;
    addNvme(sys);
    sys.virtualDisk(QStringLiteral("zram0"));
    sys.virtualDisk(QStringLiteral("loop3"), "0");
    sys.virtualDisk(QStringLiteral("loop4"));
    EXPECT_EQ(healthDrives(sys.root()), (QStringList { QStringLiteral("/dev/loop4"), QStringLiteral("/dev/nvme0n1") }));
}

// --- smartctl ------------------------------------------------------------------------------------

TEST(HealthSmartctl, AnNvmeDrivesLog)
{
    DriveHealth h;
    ASSERT_TRUE(parseSmartctlJson(readData("smartctl-nvme-good.json"), h));
    EXPECT_EQ(h.interface, QStringLiteral("nvme"));
    EXPECT_EQ(h.model, QStringLiteral("Samsung SSD 980 PRO 1TB"));
    EXPECT_EQ(h.nvme.criticalWarning, std::optional<unsigned>(0));
    EXPECT_EQ(h.nvme.availableSpare, std::optional<int>(100));
    EXPECT_EQ(h.nvme.spareThreshold, std::optional<int>(10));
    EXPECT_EQ(h.nvme.percentageUsed, std::optional<int>(2));
    EXPECT_EQ(h.nvme.dataWrittenBytes, std::optional<quint64>(28417251ull * 512000ull)); // ~14.5 TB
    EXPECT_EQ(h.nvme.mediaErrors, std::optional<quint64>(0));
    EXPECT_EQ(h.powerOnHours, std::optional<qint64>(3512));
    EXPECT_EQ(h.temperatureC, std::optional<double>(41));
    EXPECT_EQ(h.sources, QStringList { QStringLiteral("smartctl") });
    EXPECT_EQ(assessed(h).status, HealthStatus::Good);
}

TEST(HealthSmartctl, AWornNvmeDriveWithLowSpareIsBad)
{
    DriveHealth h;
    ASSERT_TRUE(parseSmartctlJson(readData("smartctl-nvme-spare-low.json"), h));
    h = assessed(h);
    EXPECT_EQ(h.status, HealthStatus::Bad);
    EXPECT_EQ(h.reason,
        QStringLiteral("NVMe critical warning 0x01 (available spare below its threshold); available spare 4 % is below "
                       "the drive's threshold of 10 %; 97 % of the rated endurance is used; 12 media and data "
                       "integrity errors"));
}

TEST(HealthSmartctl, AtaSectorCountsAndTheDrivesVerdict)
{
    DriveHealth h;
    ASSERT_TRUE(parseSmartctlJson(readData("smartctl-ata-reallocated.json"), h));
    EXPECT_EQ(h.interface, QStringLiteral("ata"));
    EXPECT_EQ(h.ata.reallocatedSectors, std::optional<qint64>(8));
    EXPECT_EQ(h.ata.pendingSectors, std::optional<qint64>(0));
    EXPECT_EQ(h.ata.smartFailing, std::optional<bool>(false));
    EXPECT_EQ(h.powerOnHours, std::optional<qint64>(41873));
    EXPECT_EQ(assessed(h).status, HealthStatus::Caution);

    DriveHealth failing;
    ASSERT_TRUE(parseSmartctlJson(readData("smartctl-ata-failing.json"), failing));
    EXPECT_EQ(failing.ata.attributesFailing, std::optional<int>(1));
    failing = assessed(failing);
    EXPECT_EQ(failing.status, HealthStatus::Bad);
    EXPECT_TRUE(failing.reason.contains(QStringLiteral("24 pending sector(s)"))) << failing.reason.toStdString();
}

TEST(HealthSmartctl, RunAsAProgramWithoutWakingTheDrive)
{
    FakeSys sys;
    addNvme(sys);
    FakeSmartctl smartctl(readData("smartctl-nvme-spare-low.json"));
    const DriveHealth h = readDriveHealth(QStringLiteral("/dev/nvme0n1p2"), { sys.root(), false, smartctl.path() });
    EXPECT_EQ(smartctl.arguments(), QStringLiteral("--json=c -a -n standby /dev/nvme0n1"));
    EXPECT_EQ(h.status, HealthStatus::Bad);
    EXPECT_EQ(h.temperatureC, std::optional<double>(43.85)); // hwmon's, read first
    EXPECT_EQ(h.nvme.warningTemperatureC, std::optional<int>(82)); // hwmon's temp1_max
}

TEST(HealthSmartctl, NotPermittedSaysHowToReadItAsRoot)
{
    FakeSys sys;
    addNvme(sys);
    FakeSmartctl smartctl(readData("smartctl-permission-denied.json"));
    const DriveHealth h = readDriveHealth(QStringLiteral("/dev/nvme0n1"), { sys.root(), false, smartctl.path() });
    EXPECT_EQ(h.status, HealthStatus::Unknown);
    EXPECT_EQ(h.reason,
        QStringLiteral("no SMART data: smartctl may not open /dev/nvme0n1 as this user (run `sudo diskometer-cli "
                       "health /dev/nvme0n1` to read it as root)"));
}

TEST(HealthSmartctl, NotInstalledIsSaid)
{
    FakeSys sys;
    addNvme(sys);
    const DriveHealth h = readDriveHealth(
        QStringLiteral("/dev/nvme0n1"), { sys.root(), false, QStringLiteral("/nonexistent/smartctl") });
    EXPECT_EQ(h.status, HealthStatus::Unknown);
    EXPECT_TRUE(h.reason.contains(QStringLiteral("smartctl could not be started"))) << h.reason.toStdString();
}

// --- JSON ------------------------------------------------------------------------------------------

TEST(HealthJson, EveryDriveWithItsFiguresAndNullForWhatNobodyRead)
{
    DriveHealth nvme;
    nvme.device = QStringLiteral("/dev/nvme0n1");
    ASSERT_TRUE(parseSmartctlJson(readData("smartctl-nvme-good.json"), nvme));
    assessHealth(nvme);
    DriveHealth loop;
    loop.device = QStringLiteral("/dev/loop0");
    loop.unavailable << QStringLiteral("a loop device");
    assessHealth(loop);
    const QJsonObject root = QJsonDocument::fromJson(formatHealthJson({ nvme, loop })).object();
    EXPECT_EQ(root.value(QLatin1String("schema")).toString(), QStringLiteral("diskometer.health/1"));
    const QJsonArray drives = root.value(QLatin1String("drives")).toArray();
    ASSERT_EQ(drives.size(), 2);
    const QJsonObject n = drives[0].toObject();
    EXPECT_EQ(n.value(QLatin1String("device")).toString(), QStringLiteral("/dev/nvme0n1"));
    EXPECT_EQ(n.value(QLatin1String("model")).toString(), QStringLiteral("Samsung SSD 980 PRO 1TB"));
    EXPECT_EQ(n.value(QLatin1String("status")).toString(), QStringLiteral("good"));
    EXPECT_EQ(n.value(QLatin1String("temperature_c")).toDouble(), 41.0);
    EXPECT_EQ(n.value(QLatin1String("power_on_hours")).toDouble(), 3512.0);
    const QJsonObject log = n.value(QLatin1String("nvme")).toObject();
    EXPECT_EQ(log.value(QLatin1String("available_spare_threshold")).toDouble(), 10.0);
    EXPECT_EQ(log.value(QLatin1String("data_written_bytes")).toDouble(), 28417251.0 * 512000.0);
    const QJsonObject l = drives[1].toObject();
    EXPECT_EQ(l.value(QLatin1String("status")).toString(), QStringLiteral("unknown"));
    EXPECT_EQ(l.value(QLatin1String("reason")).toString(), QStringLiteral("no SMART data: a loop device"));
    EXPECT_TRUE(l.value(QLatin1String("temperature_c")).isNull());
    EXPECT_FALSE(l.contains(QLatin1String("nvme")));
}
