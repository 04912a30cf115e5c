// SPDX-License-Identifier: GPL-3.0-or-later
// The power-profile hold against the real daemons: power-profiles-daemon (Debian 12's 0.12 owns
// the older name net.hadess.PowerProfiles), UPower and polkitd on a private system bus of this
// test's own (a dbus-daemon with the system bus's policy on a socket in a temporary directory,
// DBUS_SYSTEM_BUS_ADDRESS pointing at it). power-profiles-daemon runs with UMOCKDEV_DIR (its
// state file goes there instead of /var/lib) and POWER_PROFILE_DAEMON_FAKE_DRIVER=1 (the "fake"
// driver, which offers "performance" on a machine without platform_profile or intel_pstate, and
// toggles PerformanceDegraded when it reads "d" on stdin). Checked with powerprofilesctl: the hold
// is there while a hold object or diskometer-cli's run lives, and gone after it, after Ctrl-C and
// after SIGKILL. Needs root (the bus policy lets only root own the daemons' names).

#include "powerprofile.h"
#include "privatebus.h"
#include "testtargets.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <functional>
#include <thread>

using namespace dm;
using namespace dm::test;
using namespace std::chrono_literals;

namespace {

class Services {
public:
    Services()
    {
        const std::string dbusDaemon = run("command -v dbus-daemon");
        const std::string polkitd = firstExisting({ "/usr/lib/polkit-1/polkitd", "/usr/libexec/polkitd" });
        m_ppdPath = firstExisting({ "/usr/libexec/power-profiles-daemon", "/usr/lib/power-profiles-daemon" });
        const std::string upowerd = firstExisting({ "/usr/libexec/upowerd", "/usr/lib/upower/upowerd" });
        if (!isRoot()) {
            skipReason = "needs root: the system bus policy lets only root own power-profiles-daemon's and UPower's names";
            return;
        }
        if (dbusDaemon.empty() || polkitd.empty() || m_ppdPath.empty() || upowerd.empty()
            || run("command -v powerprofilesctl").empty()) {
            skipReason = "needs dbus-daemon, polkitd, power-profiles-daemon (with powerprofilesctl) and upower "
                         "(tools/debian-packages-test.txt)";
            return;
        }
        m_dir = QDir(m_tmp.path()).canonicalPath();
        // polkitd drops to its own user before it connects: a socket in a directory only root may
        // enter (QTemporaryDir's 0700) would keep it off the bus, and it would exit without a word.
        QFile::setPermissions(m_dir,
            QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadGroup | QFile::ExeGroup
                | QFile::ReadOther | QFile::ExeOther);
        failure = m_bus.start(dbusDaemon, m_dir.toStdString());
        if (!failure.empty())
            return;
        busAddress = m_bus.address();
        m_bus.becomeTheSystemBus(); // inherited by the daemons and the CLI
        QDir(m_dir).mkpath(QStringLiteral("umockdev"));
        ::setenv("UMOCKDEV_DIR", (m_dir + "/umockdev").toLocal8Bit().constData(), 1);
        ::setenv("POWER_PROFILE_DAEMON_FAKE_DRIVER", "1", 1);
        // power-profiles-daemon asks polkit whether a hold is allowed, through an authority it looks
        // up once at start: polkitd must own its name first.
        const bool started = m_polkitd.start({ polkitd, "--no-debug" }, (m_dir + "/polkitd.log").toStdString())
            && waitFor([] { return run("gdbus introspect --system -d org.freedesktop.PolicyKit1 -o "
                                       "/org/freedesktop/PolicyKit1/Authority >/dev/null && echo up")
                                == "up"; },
                20s)
            && m_upowerd.start({ upowerd }, (m_dir + "/upowerd.log").toStdString()) && startPpd();
        ::unsetenv("UMOCKDEV_DIR"); // for the daemons only
        ::unsetenv("POWER_PROFILE_DAEMON_FAKE_DRIVER");
        if (!started) {
            failure = "polkitd, upowerd or power-profiles-daemon did not start: " + m_ppdDaemon.logTail()
                + "\npolkitd: " + m_polkitd.logTail();
            return;
        }
        if (!waitFor([] { return powerctl("get") == "balanced"; }, 20s)
            || !waitFor([] { return run("gdbus introspect --system -d org.freedesktop.UPower -o /org/freedesktop/UPower "
                                        ">/dev/null && echo up")
                                 == "up"; },
                20s))
            failure = "the daemons did not answer: ppd " + m_ppdDaemon.logTail() + "\nupowerd " + m_upowerd.logTail();
    }

    bool startPpd() { return m_ppdDaemon.start({ m_ppdPath, "-v" }, (m_dir + "/ppd.log").toStdString()); }
    void typeToPpd(const char* keys) const { m_ppdDaemon.type(keys); }
    void stopPpd() { m_ppdDaemon.stop(); }

    static std::string powerctl(const std::string& args) { return run("powerprofilesctl " + args); }

    std::string skipReason, failure, busAddress;
    QString dir() const { return m_dir; }

private:
    QTemporaryDir m_tmp;
    QString m_dir;
    std::string m_ppdPath;
    PrivateBus m_bus;
    Daemon m_polkitd, m_upowerd, m_ppdDaemon;
};

Services* g_services = nullptr;

class PowerProfiles : public ::testing::Test {
protected:
    static void SetUpTestSuite()
    {
        static int argc = 1;
        static char name[] = "power_tests";
        static char* argv[] = { name, nullptr };
        if (!QCoreApplication::instance())
            new QCoreApplication(argc, argv);
        g_services = new Services;
    }
    static void TearDownTestSuite()
    {
        delete g_services;
        g_services = nullptr;
    }
    void SetUp() override
    {
        if (!g_services->skipReason.empty())
            GTEST_SKIP() << g_services->skipReason;
        if (!g_services->failure.empty())
            FAIL() << g_services->failure;
    }
    // What powerprofilesctl says about holds: the application id of each ("io.github.diskometer").
    static std::string holds() { return Services::powerctl("list-holds"); }
    static bool ourHold() { return holds().find("io.github.diskometer") != std::string::npos; }
};

// diskometer-cli, started on a small directory, with the given extra options; JSON to `json`.
QProcess* startCli(const QString& dir, const QString& json, const QStringList& extra)
{
    auto* p = new QProcess;
    // Two tests of a second each: long enough to see the hold, short enough for the suite.
    QStringList args { dir, QStringLiteral("--tests"), QStringLiteral("SEQ1M-Q8T1"), QStringLiteral("--size"),
        QStringLiteral("16MiB"),
        QStringLiteral("--measure"), QStringLiteral("1"), QStringLiteral("--warmup"), QStringLiteral("0.2"),
        QStringLiteral("--interval"), QStringLiteral("0"), QStringLiteral("--count"), QStringLiteral("1"),
        QStringLiteral("--no-history"), QStringLiteral("--quiet"), QStringLiteral("--json"), json };
    p->start(QStringLiteral(DM_CLI_PATH), args + extra);
    return p;
}

#ifdef DM_APP_PATH
// The window, offscreen, on a small directory: one short read row, saved as JSON, then it quits.
// Its settings and history go to `dir` too, never the user's.
QProcess* startWindow(const QString& dir, const QString& json, const QStringList& extra)
{
    auto* p = new QProcess;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    env.insert(QStringLiteral("XDG_DATA_HOME"), dir + QStringLiteral("/data"));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), dir + QStringLiteral("/config"));
    QDir(dir).mkpath(QStringLiteral("runtime"));
    QFile::setPermissions(dir + QStringLiteral("/runtime"),
        QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    env.insert(QStringLiteral("XDG_RUNTIME_DIR"), dir + QStringLiteral("/runtime"));
    p->setProcessEnvironment(env);
    p->start(QStringLiteral(DM_APP_PATH),
        QStringList { QStringLiteral("--allow-root"), QStringLiteral("--target"), dir, QStringLiteral("--mode"),
            QStringLiteral("read"), QStringLiteral("--size"), QStringLiteral("16MiB"), QStringLiteral("--count"),
            QStringLiteral("1"), QStringLiteral("--measure"), QStringLiteral("0.5"), QStringLiteral("--warmup"),
            QStringLiteral("0"), QStringLiteral("--interval"), QStringLiteral("0"), QStringLiteral("--start"),
            QStringLiteral("--quit-when-done"), QStringLiteral("--save-json"), json }
            + extra);
    return p;
}

QJsonObject powerOf(const QString& json)
{
    QFile f(json);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll())
        .object()
        .value(QStringLiteral("system"))
        .toObject()
        .value(QStringLiteral("power"))
        .toObject();
}
#endif

} // namespace

TEST_F(PowerProfiles, HoldIsVisibleWhileItLivesAndGoneAfter)
{
    ASSERT_FALSE(ourHold()) << holds();
    {
        PowerProfileHold hold(QStringLiteral("Diskometer test"));
        ASSERT_TRUE(hold.held()) << hold.whyNot().toStdString();
        EXPECT_TRUE(ourHold()) << holds();
        EXPECT_EQ(Services::powerctl("get"), "performance");
        const PowerDescription power = describePower(hold.held(), std::nullopt);
        EXPECT_EQ(power.profile, QStringLiteral("performance"));
        EXPECT_TRUE(power.held);
        EXPECT_EQ(power.degraded, QString());
        // UPower on a machine without a battery: on mains.
        ASSERT_TRUE(power.onBattery.has_value());
        EXPECT_FALSE(*power.onBattery);
        EXPECT_TRUE(powerSummary(power).startsWith(QStringLiteral("performance (held), on AC")))
            << powerSummary(power).toStdString();
    }
    EXPECT_FALSE(ourHold()) << holds();
    EXPECT_EQ(Services::powerctl("get"), "balanced");
}

TEST_F(PowerProfiles, DegradedPerformanceIsRecorded)
{
    PowerProfileHold hold(QStringLiteral("Diskometer test"));
    ASSERT_TRUE(hold.held()) << hold.whyNot().toStdString();
    g_services->typeToPpd("d"); // the fake driver's "toggle degradation"
    ASSERT_TRUE(waitFor([] { return describePower(true, std::nullopt).degraded == QLatin1String("lap-detected"); }, 10s));
    g_services->typeToPpd("d");
    EXPECT_TRUE(waitFor([] { return describePower(true, std::nullopt).degraded.isEmpty(); }, 10s));
}

TEST_F(PowerProfiles, CliHoldsDuringTheRunAndRecordsIt)
{
    QTemporaryDir work;
    const QString json = work.filePath(QStringLiteral("run.json"));
    std::unique_ptr<QProcess> cli(startCli(work.path(), json, {}));
    ASSERT_TRUE(cli->waitForStarted());
    EXPECT_TRUE(waitFor([] { return ourHold(); }, 20s)) << holds();
    ASSERT_TRUE(cli->waitForFinished(120000));
    EXPECT_EQ(cli->exitCode(), 0) << cli->readAllStandardError().toStdString();
    EXPECT_FALSE(ourHold()) << holds();

    QFile f(json);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    const QJsonObject system = QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("system")).toObject();
    const QJsonObject power = system.value(QStringLiteral("power")).toObject();
    EXPECT_EQ(power.value(QStringLiteral("profile")).toString(), QStringLiteral("performance"));
    EXPECT_EQ(power.value(QStringLiteral("held")).toBool(), true);
    EXPECT_TRUE(power.value(QStringLiteral("degraded")).isNull());
    EXPECT_EQ(power.value(QStringLiteral("on_battery")).toBool(true), false);
    EXPECT_EQ(power.value(QStringLiteral("sleep_inhibited")), QJsonValue(false)); // no logind on this bus
    EXPECT_TRUE(system.contains(QStringLiteral("cpu_governor")));
}

TEST_F(PowerProfiles, NoPowerHoldLeavesTheProfileAlone)
{
    QTemporaryDir work;
    const QString json = work.filePath(QStringLiteral("run.json"));
    std::unique_ptr<QProcess> cli(startCli(work.path(), json, { QStringLiteral("--no-power-hold") }));
    ASSERT_TRUE(cli->waitForStarted());
    bool seen = false;
    while (!cli->waitForFinished(200))
        seen = seen || ourHold();
    EXPECT_FALSE(seen);
    EXPECT_EQ(cli->exitCode(), 0) << cli->readAllStandardError().toStdString();
    QFile f(json);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    const QJsonObject power = QJsonDocument::fromJson(f.readAll())
                                  .object()
                                  .value(QStringLiteral("system"))
                                  .toObject()
                                  .value(QStringLiteral("power"))
                                  .toObject();
    EXPECT_EQ(power.value(QStringLiteral("profile")).toString(), QStringLiteral("balanced"));
    EXPECT_EQ(power.value(QStringLiteral("held")).toBool(true), false);
}

#ifdef DM_APP_PATH
// The window holds the profile as the CLI does, and --no-power-hold (issue 16) turns that off
// for the session, as the setting does.
TEST_F(PowerProfiles, WindowHoldsUnlessToldNotTo)
{
    for (const bool hold : { true, false }) {
        QTemporaryDir work;
        const QString json = work.filePath(QStringLiteral("run.json"));
        std::unique_ptr<QProcess> window(
            startWindow(work.path(), json, hold ? QStringList {} : QStringList { QStringLiteral("--no-power-hold") }));
        ASSERT_TRUE(window->waitForStarted());
        bool seen = false;
        while (!window->waitForFinished(100))
            seen = seen || ourHold();
        EXPECT_EQ(window->exitCode(), 0) << window->readAllStandardError().toStdString();
        EXPECT_EQ(seen, hold) << (hold ? "no hold was seen while the window ran" : "the window held the profile")
                              << "; holds now: " << holds();
        const QJsonObject power = powerOf(json);
        ASSERT_FALSE(power.isEmpty()) << "no report with system.power in " << json.toStdString();
        EXPECT_EQ(power.value(QStringLiteral("held")).toBool(!hold), hold);
        EXPECT_EQ(power.value(QStringLiteral("profile")).toString(),
            hold ? QStringLiteral("performance") : QStringLiteral("balanced"));
        EXPECT_FALSE(ourHold()) << "the hold outlived the window: " << holds();
    }
}
#endif

TEST_F(PowerProfiles, HoldGoesWithCtrlCAndWithSigkill)
{
    for (int sig : { SIGINT, SIGKILL }) {
        QTemporaryDir work;
        std::unique_ptr<QProcess> cli(startCli(work.path(), work.filePath(QStringLiteral("run.json")),
            { QStringLiteral("--measure"), QStringLiteral("5"), QStringLiteral("--count"), QStringLiteral("3") }));
        ASSERT_TRUE(cli->waitForStarted());
        ASSERT_TRUE(waitFor([] { return ourHold(); }, 20s)) << holds();
        ::kill(pid_t(cli->processId()), sig);
        ASSERT_TRUE(cli->waitForFinished(30000));
        // SIGKILL leaves no time to release: the daemon drops the hold when our bus name goes.
        EXPECT_TRUE(waitFor([] { return !ourHold(); }, 10s)) << "signal " << sig << ": " << holds();
        EXPECT_EQ(Services::powerctl("get"), "balanced");
    }
}

TEST_F(PowerProfiles, WithoutTheDaemonNothingIsHeldAndTheReportSaysWhy)
{
    g_services->stopPpd();
    PowerProfileHold hold(QStringLiteral("Diskometer test"));
    EXPECT_FALSE(hold.held());
    EXPECT_EQ(hold.whyNot(), QStringLiteral("power-profiles-daemon is not running, so the power profile is not held"));
    const PowerDescription power = describePower(false, true);
    EXPECT_EQ(power.profile, QString());
    EXPECT_TRUE(power.onBattery.has_value()); // UPower still answers
    g_services->startPpd();
}

TEST(PowerProfile, CpuGovernorFromSysfs)
{
    QTemporaryDir dir;
    const auto write = [&](const QString& cpu, const QByteArray& governor) {
        const QString path = dir.path() + QStringLiteral("/devices/system/cpu/") + cpu + QStringLiteral("/cpufreq");
        QDir().mkpath(path);
        QFile f(path + QStringLiteral("/scaling_governor"));
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(governor + '\n');
    };
    EXPECT_EQ(readCpuGovernor(dir.path()), QString()); // no cpufreq (a VM)
    write(QStringLiteral("cpu0"), "powersave");
    write(QStringLiteral("cpu1"), "powersave");
    QDir().mkpath(dir.path() + QStringLiteral("/devices/system/cpu/cpufreq")); // not a CPU
    EXPECT_EQ(readCpuGovernor(dir.path()), QStringLiteral("powersave"));
    write(QStringLiteral("cpu2"), "performance");
    EXPECT_EQ(readCpuGovernor(dir.path()), QStringLiteral("powersave, performance"));
}
