// SPDX-License-Identifier: GPL-3.0-or-later
// The power-profile hold against stand-ins on a private bus of this test's own (any user): what
// the real daemons on this machine cannot show. Debian 12's power-profiles-daemon 0.12 only owns
// the older name net.hadess.PowerProfiles, so the newer org.freedesktop.UPower.PowerProfiles (0.20
// and later) and the order in which both are asked are tested here; so are a daemon that refuses
// (polkit says no), one that reports PerformanceDegraded, UPower on battery, and the run header
// that holds the profile and logind's inhibitor for every kind of run and records them.
// powerprofile_test.cpp runs the real daemons where it can.

#include "explanations.h"
#include "powerprofile.h"
#include "reportheader.h"
#include "runheader.h"
#include "openbus.h"
#include "testtargets.h"

#include <QCoreApplication>
#include <QDBusConnection>
#include <QDBusMessage>
#include <QDBusUnixFileDescriptor>
#include <QDBusVariant>
#include <QDBusVirtualObject>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QMutex>
#include <QTemporaryDir>
#include <QThread>

#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <memory>
#include <thread>

extern char** environ;

using namespace dm;
using namespace std::chrono_literals;

namespace {

// One daemon's object: answers Properties.Get from `properties`, HoldProfile with a new cookie
// (or an AccessDenied error when told to refuse, as power-profiles-daemon does when polkit says
// no), ReleaseProfile, and logind's Inhibit with one end of a pipe. It records every call.
class FakeObject : public QDBusVirtualObject {
public:
    explicit FakeObject(QVariantMap properties, bool refuse = false)
        : m_properties(std::move(properties))
        , m_refuse(refuse)
    {
    }
    ~FakeObject() override
    {
        for (int fd : m_kept)
            ::close(fd);
    }

    QStringList calls() const
    {
        QMutexLocker lock(&m_mutex);
        return m_calls;
    }
    void setProperty(const QString& name, const QVariant& value)
    {
        QMutexLocker lock(&m_mutex);
        m_properties[name] = value;
    }

    QString introspect(const QString&) const override { return {}; }

    bool handleMessage(const QDBusMessage& message, const QDBusConnection& connection) override
    {
        QMutexLocker lock(&m_mutex);
        const QString member = message.member();
        const QList<QVariant> args = message.arguments();
        QDBusMessage reply;
        if (message.interface() == QLatin1String("org.freedesktop.DBus.Properties") && member == QLatin1String("Get")) {
            const QString name = args.value(1).toString();
            reply = m_properties.contains(name)
                ? message.createReply(QVariant::fromValue(QDBusVariant(m_properties.value(name))))
                : message.createErrorReply(QStringLiteral("org.freedesktop.DBus.Error.UnknownProperty"), name);
        } else if (member == QLatin1String("HoldProfile")) {
            m_calls << QStringLiteral("HoldProfile %1 %2 %3 on %4")
                           .arg(args.value(0).toString(), args.value(1).toString(), args.value(2).toString(),
                               message.interface());
            if (m_refuse) {
                reply = message.createErrorReply(
                    QStringLiteral("org.freedesktop.DBus.Error.AccessDenied"), QStringLiteral("Not authorized"));
            } else {
                m_properties[QStringLiteral("ActiveProfile")] = args.value(0);
                reply = message.createReply(QVariant::fromValue(uint(++m_cookie)));
            }
        } else if (member == QLatin1String("ReleaseProfile")) {
            m_calls << QStringLiteral("ReleaseProfile %1").arg(args.value(0).toUInt());
            m_properties[QStringLiteral("ActiveProfile")] = QStringLiteral("balanced");
            reply = message.createReply();
        } else if (member == QLatin1String("Inhibit")) {
            int ends[2];
            if (::pipe2(ends, O_CLOEXEC) != 0)
                return false;
            m_calls << QStringLiteral("Inhibit %1").arg(args.value(0).toString());
            m_kept << ends[0];
            reply = message.createReply(QVariant::fromValue(QDBusUnixFileDescriptor(ends[1])));
            ::close(ends[1]);
        } else {
            return false;
        }
        connection.send(reply);
        return true;
    }

private:
    mutable QMutex m_mutex;
    QVariantMap m_properties;
    bool m_refuse;
    unsigned m_cookie = 0;
    QStringList m_calls;
    QList<int> m_kept;
};

using dm::test::OpenBus;

OpenBus* g_bus = nullptr;

// The stand-ins registered for one test on a connection of their own, served by a thread of
// their own while the test's thread blocks in the calls under test.
class Fakes {
public:
    Fakes()
    {
        m_thread.start();
        m_bus = std::make_unique<QDBusConnection>(QDBusConnection::connectToBus(g_bus->address, m_name));
    }
    ~Fakes()
    {
        for (const auto& [service, path] : m_registered) {
            m_bus->unregisterObject(path);
            m_bus->unregisterService(service);
        }
        m_bus.reset();
        QDBusConnection::disconnectFromBus(m_name);
        m_thread.quit();
        m_thread.wait();
    }

    FakeObject* add(const char* service, const char* path, QVariantMap properties, bool refuse = false)
    {
        auto* object = new FakeObject(std::move(properties), refuse);
        object->moveToThread(&m_thread);
        QObject::connect(&m_thread, &QThread::finished, object, &QObject::deleteLater);
        EXPECT_TRUE(m_bus->registerVirtualObject(QLatin1String(path), object)) << path;
        EXPECT_TRUE(m_bus->registerService(QLatin1String(service))) << service;
        m_registered.emplace_back(QLatin1String(service), QLatin1String(path));
        return object;
    }
    FakeObject* addPowerProfiles(int which, QVariantMap properties = {}, bool refuse = false)
    {
        properties.insert(QStringLiteral("ActiveProfile"), QStringLiteral("balanced"));
        if (!properties.contains(QStringLiteral("PerformanceDegraded")))
            properties.insert(QStringLiteral("PerformanceDegraded"), QString());
        return add(kPowerProfilesServices[which].service, kPowerProfilesServices[which].path, properties, refuse);
    }

private:
    const QString m_name = QStringLiteral("dm-fake-power");
    QThread m_thread;
    std::unique_ptr<QDBusConnection> m_bus;
    std::vector<std::pair<QString, QString>> m_registered;
};

constexpr int kUPower = 0; // kPowerProfilesServices[0]: org.freedesktop.UPower.PowerProfiles
constexpr int kHadess = 1; // kPowerProfilesServices[1]: net.hadess.PowerProfiles

class FakePower : public ::testing::Test {
protected:
    static void SetUpTestSuite()
    {
        static int argc = 1;
        static char name[] = "power_fake_tests";
        static char* argv[] = { name, nullptr };
        g_bus = new OpenBus; // before Qt's first system bus
        if (!QCoreApplication::instance())
            new QCoreApplication(argc, argv);
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
        setPowerHoldEnabled(true);
    }
};

const QString kReason = QStringLiteral("Diskometer is measuring /tmp");

} // namespace

TEST_F(FakePower, TheNewerNameIsAskedFirstAndReleasedWithItsCookie)
{
    Fakes fakes;
    FakeObject* upower = fakes.addPowerProfiles(kUPower);
    FakeObject* hadess = fakes.addPowerProfiles(kHadess);
    {
        PowerProfileHold hold(kReason);
        ASSERT_TRUE(hold.held()) << hold.whyNot().toStdString();
        EXPECT_TRUE(hold.whyNot().isEmpty());
        EXPECT_EQ(upower->calls(),
            QStringList { QStringLiteral("HoldProfile performance %1 io.github.diskometer on "
                                         "org.freedesktop.UPower.PowerProfiles")
                              .arg(kReason) });
        PowerDescription power;
        readPowerProfile(power);
        EXPECT_EQ(power.profile, QStringLiteral("performance"));
    }
    EXPECT_EQ(upower->calls().value(1), QStringLiteral("ReleaseProfile 1"));
    EXPECT_TRUE(hadess->calls().isEmpty()) << hadess->calls().join(QLatin1Char('\n')).toStdString();
}

TEST_F(FakePower, TheOlderNameIsTheFallback)
{
    Fakes fakes;
    FakeObject* hadess = fakes.addPowerProfiles(kHadess);
    {
        PowerProfileHold hold(kReason);
        ASSERT_TRUE(hold.held()) << hold.whyNot().toStdString();
        ASSERT_EQ(hadess->calls().size(), 1);
        EXPECT_TRUE(hadess->calls()[0].endsWith(QStringLiteral("on net.hadess.PowerProfiles")));
    }
    EXPECT_EQ(hadess->calls().value(1), QStringLiteral("ReleaseProfile 1"));
}

TEST_F(FakePower, ARefusalIsReportedAndNotAskedAgainUnderTheOtherName)
{
    Fakes fakes;
    FakeObject* upower = fakes.addPowerProfiles(kUPower, {}, true);
    FakeObject* hadess = fakes.addPowerProfiles(kHadess);
    {
        PowerProfileHold hold(kReason);
        EXPECT_FALSE(hold.held());
        EXPECT_EQ(hold.whyNot(),
            QStringLiteral("power-profiles-daemon did not hold the performance profile: Not authorized"));
        EXPECT_EQ(hold.notHeld(), QStringLiteral("refused: Not authorized"));
    }
    EXPECT_EQ(upower->calls().size(), 1); // no ReleaseProfile for a hold that never was
    EXPECT_TRUE(hadess->calls().isEmpty());
}

TEST_F(FakePower, WithoutADaemonNothingIsHeldAtOnce)
{
    QElapsedTimer took;
    took.start();
    PowerProfileHold hold(kReason);
    EXPECT_FALSE(hold.held());
    EXPECT_EQ(hold.whyNot(), QStringLiteral("power-profiles-daemon is not running, so the power profile is not held"));
    EXPECT_LT(took.elapsed(), 2000) << "a missing daemon must not hold up the run";
    const PowerDescription power = describePower(false, std::nullopt, hold.notHeld());
    EXPECT_EQ(power.profile, QString());
    EXPECT_EQ(power.onBattery, std::nullopt);
    // The report says why the profile was not held, in its Power line and its JSON.
    EXPECT_EQ(powerSummary(power), QStringLiteral("performance not held (no power-profiles-daemon)"));
    ReportHeader header;
    header.system.power = power;
    const QByteArray json = QJsonDocument(reportHeaderJson("test/1", header, {}, {}, false)).toJson();
    EXPECT_TRUE(json.contains("\"not_held\": \"no power-profiles-daemon\"")) << json.toStdString();
    ReportHeader back;
    RegionInfo region;
    std::vector<std::string> warnings;
    bool cancelled = false;
    readReportHeader(QJsonDocument::fromJson(json).object(), back, region, warnings, cancelled);
    EXPECT_EQ(back.system.power.notHeld, QStringLiteral("no power-profiles-daemon"));
    // Held: nothing to explain, whatever the caller passed.
    EXPECT_TRUE(describePower(true, std::nullopt, QStringLiteral("x")).notHeld.isEmpty());
}

// What every kind of run gets (the grid, the sweep, the scan, sustained write, CLI or window):
// RunHeaderProbe holds the profile and logind's inhibitor while it lives and records the
// conditions the run had, battery and degradation included, which the explanations then name.
TEST_F(FakePower, TheRunHeaderHoldsForTheRunAndRecordsTheConditions)
{
    Fakes fakes;
    FakeObject* ppd = fakes.addPowerProfiles(
        kHadess, { { QStringLiteral("PerformanceDegraded"), QStringLiteral("high-operating-temperature") } });
    fakes.add("org.freedesktop.UPower", "/org/freedesktop/UPower", { { QStringLiteral("OnBattery"), true } });
    FakeObject* logind = fakes.add("org.freedesktop.login1", "/org/freedesktop/login1", {});
    dm::test::ScratchDir dir;
    ReportHeader header;
    {
        RunHeaderProbe probe(QString::fromStdString(dir.path()));
        ASSERT_EQ(ppd->calls().size(), 1) << "held from before the run's first I/O";
        EXPECT_TRUE(ppd->calls()[0].contains(QStringLiteral("Diskometer is measuring ")));
        EXPECT_EQ(logind->calls(), QStringList { QStringLiteral("Inhibit sleep:idle") });
        RunEnvelope run;
        header = probe.finish(run, QString());
        EXPECT_EQ(ppd->calls().size(), 1) << "still held while the reports are made";
    }
    EXPECT_EQ(ppd->calls().value(1), QStringLiteral("ReleaseProfile 1"));
    const PowerDescription& power = header.system.power;
    EXPECT_EQ(power.profile, QStringLiteral("performance")); // read while the hold stood
    EXPECT_TRUE(power.held);
    EXPECT_EQ(power.degraded, QStringLiteral("high-operating-temperature"));
    EXPECT_EQ(power.onBattery, std::optional<bool>(true));
    EXPECT_EQ(power.sleepInhibited, std::optional<bool>(true));
    const QStringList warnings
        = explanationTexts(explainRun(header.target, RunResult {}, power), Explanation::Kind::Warning);
    EXPECT_TRUE(warnings.join(QLatin1Char('\n')).contains(QStringLiteral("ran on battery")))
        << warnings.join(QLatin1Char('\n')).toStdString();
    EXPECT_TRUE(warnings.join(QLatin1Char('\n')).contains(QStringLiteral("degraded (high-operating-temperature)")));
}

TEST_F(FakePower, TurnedOffTheRunHeaderHoldsNothing)
{
    Fakes fakes;
    FakeObject* ppd = fakes.addPowerProfiles(kUPower);
    setPowerHoldEnabled(false);
    dm::test::ScratchDir dir;
    ReportHeader header;
    {
        RunHeaderProbe probe(QString::fromStdString(dir.path()));
        RunEnvelope run;
        header = probe.finish(run, QString());
    }
    setPowerHoldEnabled(true);
    EXPECT_TRUE(ppd->calls().isEmpty()) << ppd->calls().join(QLatin1Char('\n')).toStdString();
    EXPECT_EQ(header.system.power.profile, QStringLiteral("balanced"));
    EXPECT_FALSE(header.system.power.held);
    EXPECT_EQ(header.system.power.sleepInhibited, std::optional<bool>(false)); // no logind on this bus
}
