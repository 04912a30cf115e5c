// SPDX-License-Identifier: GPL-3.0-or-later
// Drive health through a stand-in UDisks2 on a private bus of this test's own (any user), serving
// what this machine's udisksd cannot: drives with SMART. The values are those a Samsung 980 PRO
// (NVMe, UDisks2 2.10's NVMe.Controller) and a WD Red (SATA, Drive.Ata through libatasmart) show,
// in the D-Bus types udisksd sends them; each rule is driven through it:
// - NVMe: healthy is Good with every figure; a critical warning, or available spare below its
//   threshold, is Bad;
// - ATA: reallocated sectors are Caution, SMART failing is Bad, SMART turned off is Unknown;
// - UDisks2 before 2.10 (no NVMe.Controller) says so and falls back to smartctl;
// - no UDisks2 on the bus is Unknown with the reason.
// udisks_test.cpp runs the real udisksd.
#include "drivehealth.h"
#include "openbus.h"

#include <QCoreApplication>
#include <QDBusArgument>
#include <QDBusConnection>
#include <QDBusMessage>
#include <QDBusMetaType>
#include <QDBusObjectPath>
#include <QDBusVariant>
#include <QDBusVirtualObject>
#include <QFile>
#include <QMutex>
#include <QTemporaryDir>
#include <QThread>

#include <gtest/gtest.h>

#include <memory>

using namespace dm;

void PrintTo(const QString& s, std::ostream* os) { *os << '"' << s.toStdString() << '"'; }

namespace {

// One entry of Drive.Ata.SmartGetAttributes: (ysqiiixia{sv}).
struct AtaAttribute {
    uchar id = 0;
    QString name;
    quint16 flags = 0;
    qint32 value = 0, worst = 0, threshold = 0;
    qint64 pretty = 0;
    qint32 prettyUnit = 0;
    QVariantMap expansion;
};

} // namespace

Q_DECLARE_METATYPE(AtaAttribute)

namespace {

QDBusArgument& operator<<(QDBusArgument& arg, const AtaAttribute& a)
{
    arg.beginStructure();
    arg << a.id << a.name << a.flags << a.value << a.worst << a.threshold << a.pretty << a.prettyUnit << a.expansion;
    arg.endStructure();
    return arg;
}

const QDBusArgument& operator>>(const QDBusArgument& arg, AtaAttribute& a)
{
    arg.beginStructure();
    arg >> a.id >> a.name >> a.flags >> a.value >> a.worst >> a.threshold >> a.pretty >> a.prettyUnit >> a.expansion;
    arg.endStructure();
    return arg;
}

const QString kAta = QStringLiteral("org.freedesktop.UDisks2.Drive.Ata");
const QString kNvme = QStringLiteral("org.freedesktop.UDisks2.NVMe.Controller");
const QString kDrive = QStringLiteral("org.freedesktop.UDisks2.Drive");

struct FakeDrive {
    QString device; // "/dev/nvme0n1"
    QString id; // the object's name below /org/freedesktop/UDisks2/drives
    QMap<QString, QVariantMap> interfaces; // Drive, Drive.Ata, NVMe.Controller: their properties
    QList<AtaAttribute> ataAttributes;
    QVariantMap nvmeAttributes;
};

// Everything below /org/freedesktop/UDisks2 that health reads: Manager.ResolveDevice and its
// Version, each block device's Drive property, each drive's interfaces and SmartGetAttributes.
class FakeUdisks : public QDBusVirtualObject {
public:
    FakeUdisks(QList<FakeDrive> drives, QString version)
        : m_drives(std::move(drives))
        , m_version(std::move(version))
    {
    }
    QString introspect(const QString&) const override { return {}; }

    QStringList calls() const
    {
        QMutexLocker lock(&m_mutex);
        return m_calls;
    }

    bool handleMessage(const QDBusMessage& message, const QDBusConnection& connection) override
    {
        QMutexLocker lock(&m_mutex);
        const QString path = message.path();
        const QString member = message.member();
        const QList<QVariant> args = message.arguments();
        m_calls << member + QLatin1Char(' ') + path;
        QDBusMessage reply = message.createErrorReply(
            QStringLiteral("org.freedesktop.DBus.Error.UnknownMethod"), QStringLiteral("no ") + member);
        if (member == QLatin1String("ResolveDevice")) {
            const QString wanted = qdbus_cast<QVariantMap>(args.value(0)).value(QStringLiteral("path")).toString();
            QList<QDBusObjectPath> found;
            for (const FakeDrive& d : m_drives)
                if (d.device == wanted)
                    found << QDBusObjectPath(blockPath(d));
            reply = message.createReply(QVariant::fromValue(found));
        } else if (member == QLatin1String("Get") && path.endsWith(QLatin1String("/Manager"))) {
            reply = message.createReply(QVariant::fromValue(QDBusVariant(m_version)));
        } else if (const FakeDrive* d = byBlock(path); d && member == QLatin1String("Get")) {
            reply = message.createReply(QVariant::fromValue(QDBusVariant(QVariant::fromValue(QDBusObjectPath(drivePath(*d))))));
        } else if (const FakeDrive* drive = byDrive(path)) {
            const QString interface = member == QLatin1String("GetAll") ? args.value(0).toString() : message.interface();
            if (!drive->interfaces.contains(interface))
                reply = message.createErrorReply(
                    QStringLiteral("org.freedesktop.DBus.Error.InvalidArgs"), QStringLiteral("No such interface"));
            else if (member == QLatin1String("GetAll"))
                reply = message.createReply(drive->interfaces.value(interface));
            else if (member == QLatin1String("SmartGetAttributes") && interface == kAta)
                reply = message.createReply(QVariant::fromValue(drive->ataAttributes));
            else if (member == QLatin1String("SmartGetAttributes") && interface == kNvme)
                reply = message.createReply(drive->nvmeAttributes);
        }
        connection.send(reply);
        return true;
    }

private:
    static QString blockPath(const FakeDrive& d)
    {
        return QStringLiteral("/org/freedesktop/UDisks2/block_devices/") + d.device.section(QLatin1Char('/'), -1);
    }
    static QString drivePath(const FakeDrive& d) { return QStringLiteral("/org/freedesktop/UDisks2/drives/") + d.id; }
    const FakeDrive* byBlock(const QString& path) const
    {
        for (const FakeDrive& d : m_drives)
            if (blockPath(d) == path)
                return &d;
        return nullptr;
    }
    const FakeDrive* byDrive(const QString& path) const
    {
        for (const FakeDrive& d : m_drives)
            if (drivePath(d) == path)
                return &d;
        return nullptr;
    }

    mutable QMutex m_mutex;
    QList<FakeDrive> m_drives;
    QString m_version;
    QStringList m_calls;
};

dm::test::OpenBus* g_bus = nullptr;

// The stand-in, owning org.freedesktop.UDisks2 on a connection and thread of its own while the
// test's thread blocks in the calls under test.
class Service {
public:
    Service(QList<FakeDrive> drives, QString version = QStringLiteral("2.10.1"))
    {
        m_thread.start();
        m_bus = std::make_unique<QDBusConnection>(QDBusConnection::connectToBus(g_bus->address, m_name));
        m_object = new FakeUdisks(std::move(drives), std::move(version));
        m_object->moveToThread(&m_thread);
        QObject::connect(&m_thread, &QThread::finished, m_object, &QObject::deleteLater);
        EXPECT_TRUE(m_bus->registerVirtualObject(
            QStringLiteral("/org/freedesktop/UDisks2"), m_object, QDBusConnection::SubPath));
        EXPECT_TRUE(m_bus->registerService(QStringLiteral("org.freedesktop.UDisks2")));
    }
    ~Service()
    {
        m_bus->unregisterObject(QStringLiteral("/org/freedesktop/UDisks2"), QDBusConnection::UnregisterTree);
        m_bus->unregisterService(QStringLiteral("org.freedesktop.UDisks2"));
        m_bus.reset();
        QDBusConnection::disconnectFromBus(m_name);
        m_thread.quit();
        m_thread.wait();
    }
    QStringList calls() const { return m_object->calls(); }

private:
    const QString m_name = QStringLiteral("dm-fake-udisks");
    QThread m_thread;
    std::unique_ptr<QDBusConnection> m_bus;
    FakeUdisks* m_object = nullptr;
};

// A Samsung 980 PRO 1TB as UDisks2 2.10 serves it: NVMe.Controller's properties (temperature in
// kelvin, critical warning as words) and SmartGetAttributes' dictionary (bytes, not data units).
FakeDrive samsung980Pro()
{
    FakeDrive d;
    d.device = QStringLiteral("/dev/nvme0n1");
    d.id = QStringLiteral("Samsung_SSD_980_PRO_1TB_S5GXNF0R000000X");
    d.interfaces[kDrive] = { { QStringLiteral("Vendor"), QString() },
        { QStringLiteral("Model"), QStringLiteral("Samsung SSD 980 PRO 1TB") } };
    d.interfaces[kNvme] = {
        { QStringLiteral("SmartUpdated"), QVariant::fromValue<quint64>(1764630000) },
        { QStringLiteral("SmartCriticalWarning"), QStringList {} },
        { QStringLiteral("SmartPowerOnHours"), QVariant::fromValue<quint64>(3512) },
        { QStringLiteral("SmartTemperature"), QVariant::fromValue<quint16>(314) },
    };
    d.nvmeAttributes = {
        { QStringLiteral("avail_spare"), QVariant::fromValue<uchar>(100) },
        { QStringLiteral("spare_thresh"), QVariant::fromValue<uchar>(10) },
        { QStringLiteral("percent_used"), QVariant::fromValue<uchar>(2) },
        { QStringLiteral("total_data_read"), QVariant::fromValue<quint64>(11015356416000ull) },
        { QStringLiteral("total_data_written"), QVariant::fromValue<quint64>(14549632512000ull) },
        { QStringLiteral("media_errors"), QVariant::fromValue<quint64>(0) },
        { QStringLiteral("num_err_log_entries"), QVariant::fromValue<quint64>(2813) },
        { QStringLiteral("wctemp"), QVariant::fromValue<quint16>(355) },
        { QStringLiteral("cctemp"), QVariant::fromValue<quint16>(358) },
    };
    return d;
}

// A WD Red 4 TB as UDisks2 serves it through libatasmart: Drive.Ata's properties (power-on in
// seconds, temperature in kelvin) and the attribute table with its pretty values.
FakeDrive wdRed()
{
    FakeDrive d;
    d.device = QStringLiteral("/dev/sda");
    d.id = QStringLiteral("WDC_WD40EFRX_68N32N0_WD_WCC7K0000000");
    d.interfaces[kDrive] = { { QStringLiteral("Vendor"), QString() },
        { QStringLiteral("Model"), QStringLiteral("WDC WD40EFRX-68N32N0") } };
    d.interfaces[kAta] = {
        { QStringLiteral("SmartSupported"), true },
        { QStringLiteral("SmartEnabled"), true },
        { QStringLiteral("SmartUpdated"), QVariant::fromValue<quint64>(1764630000) },
        { QStringLiteral("SmartFailing"), false },
        { QStringLiteral("SmartPowerOnSeconds"), QVariant::fromValue<quint64>(41873ull * 3600 + 1200) },
        { QStringLiteral("SmartTemperature"), 307.15 },
        { QStringLiteral("SmartNumAttributesFailing"), 0 },
        { QStringLiteral("SmartNumBadSectors"), QVariant::fromValue<qint64>(0) },
    };
    // pretty unit 3 = sectors, 2 = milliseconds, 4 = millikelvin
    d.ataAttributes = {
        { 5, QStringLiteral("reallocated-sector-count"), 0x33, 200, 200, 140, 0, 3, {} },
        { 9, QStringLiteral("power-on-hours"), 0x32, 43, 43, 0, 41873ll * 3600000, 2, {} },
        { 194, QStringLiteral("temperature-celsius-2"), 0x22, 118, 102, 0, 307150, 4, {} },
        { 197, QStringLiteral("current-pending-sector"), 0x32, 200, 200, 0, 0, 3, {} },
        { 198, QStringLiteral("offline-uncorrectable"), 0x30, 200, 200, 0, 0, 3, {} },
    };
    return d;
}

DriveHealth readThroughUdisks(const QString& device)
{
    DriveHealth h;
    readUdisksHealth(device, h);
    assessHealth(h);
    return h;
}

class FakeUdisksHealth : public ::testing::Test {
protected:
    static void SetUpTestSuite()
    {
        static int argc = 1;
        static char name[] = "health_fake_udisks_tests";
        static char* argv[] = { name, nullptr };
        g_bus = new dm::test::OpenBus; // before Qt's first system bus
        if (!QCoreApplication::instance())
            new QCoreApplication(argc, argv);
        qDBusRegisterMetaType<AtaAttribute>();
        qDBusRegisterMetaType<QList<AtaAttribute>>();
    }
    static void TearDownTestSuite()
    {
        delete g_bus;
        g_bus = nullptr;
    }
    void SetUp() override
    {
        if (!g_bus->up())
            GTEST_SKIP() << "dbus-daemon (package dbus) did not start a private bus";
    }
};

} // namespace

TEST_F(FakeUdisksHealth, AHealthyNvmeDriveIsGoodWithEveryFigure)
{
    Service udisks({ samsung980Pro() });
    QTemporaryDir noSys;
    // smartctl "-": had health gone past UDisks2 to smartctl, the figures would be missing.
    const DriveHealth h = readDriveHealth(QStringLiteral("/dev/nvme0n1"), { noSys.path(), true, QStringLiteral("-") });
    EXPECT_EQ(h.status, HealthStatus::Good) << h.reason.toStdString();
    EXPECT_EQ(h.reason, QStringLiteral("SMART reports no problem (udisks2)"));
    EXPECT_EQ(h.model, QStringLiteral("Samsung SSD 980 PRO 1TB"));
    EXPECT_EQ(h.interface, QStringLiteral("nvme"));
    ASSERT_TRUE(h.temperatureC);
    EXPECT_NEAR(*h.temperatureC, 40.85, 0.01);
    EXPECT_EQ(h.temperatureSource, QStringLiteral("udisks2"));
    EXPECT_EQ(h.powerOnHours, std::optional<qint64>(3512));
    EXPECT_EQ(h.nvme.criticalWarning, std::optional<unsigned>(0));
    EXPECT_EQ(h.nvme.availableSpare, std::optional<int>(100));
    EXPECT_EQ(h.nvme.spareThreshold, std::optional<int>(10));
    EXPECT_EQ(h.nvme.percentageUsed, std::optional<int>(2));
    EXPECT_EQ(h.nvme.dataWrittenBytes, std::optional<quint64>(14549632512000ull));
    EXPECT_EQ(h.nvme.mediaErrors, std::optional<quint64>(0));
    EXPECT_EQ(h.nvme.warningTemperatureC, std::optional<int>(82));
    EXPECT_TRUE(udisks.calls().contains(
        QStringLiteral("SmartGetAttributes /org/freedesktop/UDisks2/drives/Samsung_SSD_980_PRO_1TB_S5GXNF0R000000X")));
}

TEST_F(FakeUdisksHealth, AnNvmeCriticalWarningIsBad)
{
    FakeDrive d = samsung980Pro();
    d.interfaces[kNvme][QStringLiteral("SmartCriticalWarning")] = QStringList { QStringLiteral("temperature"), QStringLiteral("readonly") };
    Service udisks({ d });
    const DriveHealth h = readThroughUdisks(QStringLiteral("/dev/nvme0n1"));
    EXPECT_EQ(h.status, HealthStatus::Bad);
    EXPECT_EQ(h.nvme.criticalWarning, std::optional<unsigned>(0x0a));
    EXPECT_EQ(h.reason,
        QStringLiteral("NVMe critical warning 0x0a (temperature beyond a threshold, media placed in read-only mode)"));
}

TEST_F(FakeUdisksHealth, SpareBelowItsThresholdIsBad)
{
    FakeDrive d = samsung980Pro();
    d.nvmeAttributes[QStringLiteral("avail_spare")] = QVariant::fromValue<uchar>(5);
    Service udisks({ d });
    const DriveHealth h = readThroughUdisks(QStringLiteral("/dev/nvme0n1"));
    EXPECT_EQ(h.status, HealthStatus::Bad);
    EXPECT_EQ(h.reason, QStringLiteral("available spare 5 % is below the drive's threshold of 10 %"));
}

TEST_F(FakeUdisksHealth, AHealthyAtaDriveIsGood)
{
    Service udisks({ wdRed() });
    const DriveHealth h = readThroughUdisks(QStringLiteral("/dev/sda"));
    EXPECT_EQ(h.status, HealthStatus::Good) << h.reason.toStdString();
    EXPECT_EQ(h.interface, QStringLiteral("ata"));
    EXPECT_EQ(h.model, QStringLiteral("WDC WD40EFRX-68N32N0"));
    EXPECT_EQ(h.powerOnHours, std::optional<qint64>(41873));
    ASSERT_TRUE(h.temperatureC);
    EXPECT_NEAR(*h.temperatureC, 34.0, 0.01);
    EXPECT_EQ(h.ata.reallocatedSectors, std::optional<qint64>(0));
    EXPECT_EQ(h.ata.pendingSectors, std::optional<qint64>(0));
    EXPECT_EQ(h.ata.uncorrectableSectors, std::optional<qint64>(0));
}

TEST_F(FakeUdisksHealth, ReallocatedAndPendingSectorsAreCaution)
{
    FakeDrive d = wdRed();
    d.ataAttributes[0].pretty = 8;
    d.ataAttributes[3].pretty = 2;
    Service udisks({ d });
    const DriveHealth h = readThroughUdisks(QStringLiteral("/dev/sda"));
    EXPECT_EQ(h.status, HealthStatus::Caution);
    EXPECT_EQ(h.reason, QStringLiteral("8 reallocated sector(s); 2 pending sector(s)"));
}

TEST_F(FakeUdisksHealth, SmartFailingIsBad)
{
    FakeDrive d = wdRed();
    d.interfaces[kAta][QStringLiteral("SmartFailing")] = true;
    d.interfaces[kAta][QStringLiteral("SmartNumAttributesFailing")] = 1;
    d.ataAttributes[0].value = 100; // below its threshold of 140
    d.ataAttributes[0].pretty = 1450;
    Service udisks({ d });
    const DriveHealth h = readThroughUdisks(QStringLiteral("/dev/sda"));
    EXPECT_EQ(h.status, HealthStatus::Bad);
    EXPECT_EQ(h.reason,
        QStringLiteral("SMART predicts failure (1 attribute(s) at or below threshold); 1450 reallocated sector(s)"));
}

TEST_F(FakeUdisksHealth, SmartTurnedOffIsUnknownAndSaysHowToTurnItOn)
{
    FakeDrive d = wdRed();
    d.interfaces[kAta][QStringLiteral("SmartEnabled")] = false;
    Service udisks({ d });
    const DriveHealth h = readThroughUdisks(QStringLiteral("/dev/sda"));
    EXPECT_EQ(h.status, HealthStatus::Unknown);
    EXPECT_TRUE(h.reason.contains(QStringLiteral("SMART is turned off on the drive"))) << h.reason.toStdString();
}

// Debian 12's UDisks2 2.9.4 has no NVMe.Controller: the reason says so, and smartctl (here a
// stand-in printing smartmontools 7.3's answer) fills in.
TEST_F(FakeUdisksHealth, BeforeUdisks210NvmeHealthComesFromSmartctl)
{
    FakeDrive d = samsung980Pro();
    d.interfaces.remove(kNvme);
    Service udisks({ d }, QStringLiteral("2.9.4"));
    DriveHealth without;
    readUdisksHealth(QStringLiteral("/dev/nvme0n1"), without);
    EXPECT_EQ(without.unavailable, QStringList { QStringLiteral("UDisks2 2.9.4 has no NVMe health (2.10 and later have it)") });

    QTemporaryDir dir;
    QFile script(dir.filePath(QStringLiteral("smartctl")));
    ASSERT_TRUE(script.open(QIODevice::WriteOnly));
    script.write("#!/bin/sh\ncat '" DM_TEST_DATA_DIR "/health/smartctl-nvme-spare-low.json'\n");
    script.close();
    script.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    const DriveHealth h = readDriveHealth(QStringLiteral("/dev/nvme0n1"), { dir.path(), true, script.fileName() });
    EXPECT_EQ(h.status, HealthStatus::Bad);
    EXPECT_EQ(h.sources, QStringList { QStringLiteral("smartctl") });
    EXPECT_EQ(h.model, QStringLiteral("Samsung SSD 980 PRO 1TB")); // UDisks2's name stays
}

TEST_F(FakeUdisksHealth, WithoutUdisksTheReasonSaysSo)
{
    const DriveHealth h = readThroughUdisks(QStringLiteral("/dev/sda"));
    EXPECT_EQ(h.status, HealthStatus::Unknown);
    EXPECT_EQ(h.reason,
        QStringLiteral("no SMART data: UDisks2 is not running (Debian package udisks2), so SMART cannot be read "
                       "without root"));
}

TEST_F(FakeUdisksHealth, ADeviceUdisksDoesNotKnow)
{
    Service udisks({ wdRed() });
    const DriveHealth h = readThroughUdisks(QStringLiteral("/dev/sdq"));
    EXPECT_EQ(h.status, HealthStatus::Unknown);
    EXPECT_EQ(h.reason, QStringLiteral("no SMART data: UDisks2 does not know /dev/sdq"));
}
