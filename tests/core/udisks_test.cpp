// SPDX-License-Identifier: GPL-3.0-or-later
// The unprivileged raw-device path for real (docs/TESTING.md): udisksd, polkitd and udevd serve a
// RAM-backed loop device, and
// - as root, openDeviceViaUdisks and UdisksOpener hand over a descriptor that reads the device
//   with O_DIRECT, a second exclusive open of a device held for writing is refused as "in use",
//   an unknown device is named, and runTests measures through RunRequest::fd;
// - as user nobody, diskometer-cli is refused with a message about polkit authorisation, runs
//   once a polkit rule allows it (reads, and writes with --allow-destructive), never asks polkit
//   for a write it would refuse anyway, and says what to do when UDisks2 is not running;
// - SleepInhibitor is a harmless no-op without logind, and holds logind's descriptor for exactly
//   its lifetime (a stand-in logind on the bus checks the call and sees the descriptor closed);
// - drive health is answered by udisksd for every disk, as root and as nobody.
// The daemons talk over a private system bus of their own (a dbus-daemon with the system bus's
// policy on a socket in a temporary directory, DBUS_SYSTEM_BUS_ADDRESS pointing at it), so the
// tests neither disturb a machine's real UDisks2 and logind nor collide with a parallel run.
// Everything started is stopped by pid, and the loop device and polkit rule are removed, also
// when a test fails. Skipped when not root or when udisks2, polkitd, dbus or udev is missing.
#include "drivehealth.h"
#include "privatebus.h"
#include "runner.h"
#include "sleepinhibitor.h"
#include "testtargets.h"
#include "udisksopener.h"

#include <QCoreApplication>
#include <QDBusConnection>
#include <QDBusUnixFileDescriptor>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMutex>
#include <QProcess>
#include <QThread>
#include <QTimer>
#include <gtest/gtest.h>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <unistd.h>

#include <cstring>
#include <fstream>
#include <memory>
#include <thread>

using namespace dm;
using namespace dm::test;

namespace {

using namespace std::chrono_literals;

constexpr const char* kRulePrefix = "/etc/polkit-1/rules.d/49-diskometer-test-";

// Rules files a crashed earlier run left behind (their pid is gone): a stale one could grant
// this run's "nobody" test what it must not have.
void sweepStaleRules()
{
    const QDir dir(QStringLiteral("/etc/polkit-1/rules.d"));
    for (const QString& name : dir.entryList({ QStringLiteral("49-diskometer-test-*.rules") }, QDir::Files)) {
        const pid_t pid = name.section(QLatin1Char('-'), 3, 3).section(QLatin1Char('.'), 0, 0).toInt();
        if (pid > 0 && ::kill(pid, 0) != 0 && errno == ESRCH)
            QFile::remove(dir.filePath(name));
    }
}

// The rules file that lets user nobody open our loop device (and nothing else) through UDisks2.
class PolkitRule {
public:
    explicit PolkitRule(const std::string& device)
        : m_path(kRulePrefix + std::to_string(::getpid()) + ".rules")
    {
        std::ofstream out(m_path);
        out << "// Written by Diskometer's udisks_tests (pid " << ::getpid() << "), removed when the test ends.\n"
            << "polkit.addRule(function(action, subject) {\n"
            << "    if (action.id.indexOf(\"org.freedesktop.udisks2.open-device\") == 0 && subject.user == \"nobody\"\n"
            << "        && action.lookup(\"device\") == \"" << device << "\")\n"
            << "        return polkit.Result.YES;\n"
            << "});\n";
    }
    ~PolkitRule() { ::unlink(m_path.c_str()); }
    PolkitRule(const PolkitRule&) = delete;
    PolkitRule& operator=(const PolkitRule&) = delete;

private:
    std::string m_path;
};

// udevd (when none runs), a private system bus, polkitd, udisksd, and a loop device they know.
class Services {
public:
    Services() { start(); }
    ~Services()
    {
        m_udisksd.stop();
        m_polkitd.stop();
        m_bus.stop();
        m_loop.reset();
        m_udevd.stop();
        if (!m_dir.empty())
            run("rm -rf " + m_dir);
    }

    std::string skipReason, failure; // one is set when the services are not ready
    std::string busAddress;
    const std::string& device() const { return m_loop->device(); }
    const std::string& image() const { return m_loop->image(); }
    std::string checksum() const { return m_loop->checksum(); }
    std::string dir() const { return m_dir; }
    std::string dbusDaemon;

private:
    void start()
    {
        if (!isRoot()) {
            skipReason = "needs root to start udisksd, polkitd and a D-Bus system bus (see docs/TESTING.md)";
            return;
        }
        const std::string udisksd = firstExisting({ "/usr/libexec/udisks2/udisksd", "/usr/lib/udisks2/udisksd" });
        const std::string polkitd = firstExisting({ "/usr/lib/polkit-1/polkitd", "/usr/libexec/polkitd" });
        const std::string udevd = firstExisting({ "/lib/systemd/systemd-udevd", "/usr/lib/systemd/systemd-udevd" });
        dbusDaemon = run("command -v dbus-daemon");
        if (udisksd.empty() || polkitd.empty() || udevd.empty() || dbusDaemon.empty() || !haveTool("setpriv")
            || !haveTool("udevadm") || !haveTool("losetup") || ::access("/usr/share/dbus-1/system.conf", R_OK) != 0) {
            skipReason = "needs udisksd, polkitd, dbus-daemon, systemd-udevd, udevadm, setpriv and losetup "
                         "(Debian packages udisks2 polkitd dbus udev util-linux)";
            return;
        }
        sweepStaleRules();

        char tmpl[] = "/tmp/dm-udisks-XXXXXX";
        if (!::mkdtemp(tmpl)) {
            failure = "mkdtemp failed";
            return;
        }
        m_dir = tmpl;
        ::chmod(m_dir.c_str(), 0755); // the bus drops to messagebus, the CLI runs as nobody

        // udisksd learns about block devices from the udev database: it must hold the loop device.
        if (run("udevadm control --ping >/dev/null 2>&1; echo $?") != "0") {
            if (!m_udevd.start({ udevd }, m_dir + "/udevd.log")
                || !waitFor([] { return run("udevadm control --ping >/dev/null 2>&1; echo $?") == "0"; }, 10s)) {
                failure = "systemd-udevd did not start: " + m_udevd.logTail();
                return;
            }
            run("udevadm trigger --action=add --subsystem-match=block && udevadm settle -t 20");
        }
        m_loop = std::make_unique<LoopDevice>("32M");
        if (!m_loop->ok()) {
            skipReason = "losetup could not make a loop device here";
            return;
        }
        run("udevadm settle -t 20");
        // Something to recognise when reading the device back.
        std::fstream image(m_loop->image(), std::ios::in | std::ios::out | std::ios::binary);
        for (int i = 0; i < 4096 / 16; ++i)
            image << "diskometer-test.";
        image.close();

        failure = m_bus.start(dbusDaemon, m_dir);
        if (!failure.empty())
            return;
        busAddress = m_bus.address();
        m_bus.becomeTheSystemBus(); // inherited by the daemons and the CLI
        if (!m_polkitd.start({ polkitd, "--no-debug" }, m_dir + "/polkitd.log")
            || !m_udisksd.start({ udisksd }, m_dir + "/udisksd.log")) {
            failure = "polkitd or udisksd could not be started";
            return;
        }
        const QString device = QString::fromStdString(m_loop->device());
        if (!waitFor([&] { return bool(udisksObjectPath(device)); }, 30s)) {
            failure = "udisksd never saw " + m_loop->device() + ": " + udisksObjectPath(device).error().message
                + "\nudisksd: " + m_udisksd.logTail() + "\npolkitd: " + m_polkitd.logTail();
            return;
        }
    }

    std::string m_dir;
    Daemon m_udevd, m_polkitd, m_udisksd;
    PrivateBus m_bus;
    std::unique_ptr<LoopDevice> m_loop;
};

struct Outcome {
    int exitCode = -1;
    QByteArray out, err;
};

std::atomic<bool> g_noCancel { false };

} // namespace

class Udisks : public ::testing::Test {
protected:
    static void SetUpTestSuite()
    {
        static int argc = 1;
        static char name[] = "udisks_tests";
        static char* argv[] = { name, nullptr };
        if (!QCoreApplication::instance())
            new QCoreApplication(argc, argv); // Qt DBus wants one; it lives as long as the process
        s_services = new Services;
    }
    static void TearDownTestSuite()
    {
        delete s_services;
        s_services = nullptr;
    }
    void SetUp() override
    {
        if (!s_services->skipReason.empty())
            GTEST_SKIP() << s_services->skipReason;
        if (!s_services->failure.empty())
            FAIL() << s_services->failure;
    }

    static const Services& services() { return *s_services; }
    static QString device() { return QString::fromStdString(s_services->device()); }

    // diskometer-cli as user nobody, on the given bus (ours unless told).
    static Outcome runCliAsNobody(const QStringList& args, const std::string& busAddress = {})
    {
        QProcess p;
        auto env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("DBUS_SYSTEM_BUS_ADDRESS"),
            QString::fromStdString(busAddress.empty() ? s_services->busAddress : busAddress));
        env.insert(QStringLiteral("HOME"), QStringLiteral("/nonexistent"));
        env.remove(QStringLiteral("XDG_RUNTIME_DIR"));
        p.setProcessEnvironment(env);
        p.setWorkingDirectory(QStringLiteral("/"));
        p.start(QStringLiteral("setpriv"),
            QStringList { "--reuid=65534", "--regid=65534", "--clear-groups", QStringLiteral(DM_CLI_PATH) } + args);
        p.waitForFinished(120000);
        Outcome o;
        o.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        o.out = p.readAllStandardOutput();
        o.err = p.readAllStandardError();
        return o;
    }

    static bool nobodyCanRunTheCli() { return runCliAsNobody({ "--version" }).exitCode == 0; }

    static QStringList quickRead()
    {
        return { "--mode", "read", "--tests", "RND4K-Q1T1", "--count", "1", "--measure", "0.5", "--warmup", "0",
            "--interval", "0", "--json", "-", device() };
    }

private:
    static inline Services* s_services = nullptr;
};

TEST_F(Udisks, FindsTheDeviceBothWays)
{
    auto resolved = udisksObjectPath(device());
    ASSERT_TRUE(resolved) << resolved.error().message;
    EXPECT_TRUE(resolved->endsWith(QStringLiteral("/block_devices/") + device().section(QLatin1Char('/'), -1)))
        << resolved->toStdString();
    // The GetManagedObjects fallback for UDisks2 older than 2.7 finds the same object.
    auto enumerated = udisksObjectPath(device(), true);
    ASSERT_TRUE(enumerated) << enumerated.error().message;
    EXPECT_EQ(*enumerated, *resolved);

    for (bool enumerate : { false, true }) {
        auto unknown = udisksObjectPath(QString::fromStdString(services().image()), enumerate);
        ASSERT_FALSE(unknown);
        EXPECT_NE(unknown.error().message.find("UDisks2 does not know"), std::string::npos) << unknown.error().message;
    }
}

TEST_F(Udisks, RootGetsADescriptorThatReadsTheDevice)
{
    QString explanation;
    auto fd = openDeviceViaUdisks(device(), false, &explanation);
    ASSERT_TRUE(fd) << fd.error().message << " / " << explanation.toStdString();
    const int flags = ::fcntl(*fd, F_GETFL);
    EXPECT_EQ(flags & O_ACCMODE, O_RDONLY);
    EXPECT_TRUE(flags & O_DIRECT);
    EXPECT_TRUE(::fcntl(*fd, F_GETFD) & FD_CLOEXEC);
    void* buffer = nullptr;
    ASSERT_EQ(::posix_memalign(&buffer, 4096, 4096), 0);
    const ssize_t got = ::pread(*fd, buffer, 4096, 0);
    EXPECT_EQ(got, 4096) << std::strerror(errno);
    EXPECT_EQ(std::string(static_cast<const char*>(buffer), 16), "diskometer-test.");
    std::free(buffer);
    ::close(*fd);
}

TEST_F(Udisks, DeviceHeldForWritingIsReportedInUse)
{
    auto writer = openDeviceViaUdisks(device(), true);
    ASSERT_TRUE(writer) << writer.error().message;
    EXPECT_EQ(::fcntl(*writer, F_GETFL) & O_ACCMODE, O_RDWR);
    EXPECT_TRUE(::fcntl(*writer, F_GETFL) & O_DIRECT);
    // O_EXCL: a second writer is refused by the kernel, and the message says why.
    auto second = openDeviceViaUdisks(device(), true);
    ASSERT_FALSE(second);
    EXPECT_EQ(second.error().errnum, EBUSY);
    EXPECT_NE(second.error().message.find("is in use"), std::string::npos) << second.error().message;
    ::close(*writer);
}

TEST_F(Udisks, RunTestsMeasuresThroughTheDescriptor)
{
    auto fd = openDeviceViaUdisks(device(), false);
    ASSERT_TRUE(fd) << fd.error().message;
    RunRequest req;
    req.target = services().device();
    req.fd = *fd;
    req.tests = { { *parseRow("RND4K-Q8T1"), Direction::Read, 100 } };
    req.settings.count = 1;
    req.settings.measureSeconds = 0.5;
    req.settings.warmupSeconds = 0;
    req.settings.intervalSeconds = 0;
    req.settings.testSize = 16 * MiB;
    auto run = runTests(req, {}, g_noCancel);
    ::close(*fd);
    ASSERT_TRUE(run) << run.error().message;
    EXPECT_EQ(run->region.kind, RegionInfo::Kind::BlockDevice);
    ASSERT_TRUE(run->tests.at(0).ok()) << run->tests[0].error.value_or("");
    EXPECT_GT(run->tests[0].passes[0].iops(), 1000.0);
}

TEST_F(Udisks, OpenerAnswersOnceAndAsynchronously)
{
    UdisksOpener opener;
    int fd = -1, answers = 0;
    QString failure;
    QEventLoop loop;
    QObject::connect(&opener, &UdisksOpener::opened, &loop, [&](int f) {
        fd = f;
        ++answers;
        loop.quit();
    });
    QObject::connect(&opener, &UdisksOpener::failed, &loop, [&](const QString& m) {
        failure = m;
        ++answers;
        loop.quit();
    });
    opener.open(device(), false);
    opener.open(device(), false); // supersedes the first: one answer only
    EXPECT_TRUE(opener.isPending());
    EXPECT_EQ(answers, 0) << "answered inside open()";
    QTimer::singleShot(30000, &loop, &QEventLoop::quit);
    loop.exec();
    QTimer::singleShot(500, &loop, &QEventLoop::quit); // time for a stray second answer
    loop.exec();
    EXPECT_EQ(answers, 1);
    EXPECT_FALSE(opener.isPending());
    ASSERT_GE(fd, 0) << failure.toStdString();
    EXPECT_TRUE(::fcntl(fd, F_GETFL) & O_DIRECT);
    ::close(fd);

    opener.open(QString::fromStdString(services().image()), false);
    QTimer::singleShot(30000, &loop, &QEventLoop::quit);
    loop.exec();
    EXPECT_EQ(answers, 2);
    EXPECT_TRUE(failure.contains(QStringLiteral("UDisks2 does not know"))) << failure.toStdString();
}

// Declared before the test that adds the rule: gtest runs them in this order.
TEST_F(Udisks, NobodyWithoutAPolkitRuleIsRefused)
{
    if (!nobodyCanRunTheCli())
        GTEST_SKIP() << "user nobody cannot run " << DM_CLI_PATH << " (a parent directory is closed to others)";
    const Outcome o = runCliAsNobody(quickRead());
    EXPECT_EQ(o.exitCode, 2) << o.err.constData();
    EXPECT_TRUE(o.err.contains("no permission to read '" + device().toUtf8() + "', and not authorised by polkit"))
        << o.err.constData();
    EXPECT_TRUE(o.out.isEmpty()) << o.out.constData();
}

TEST_F(Udisks, NobodyIsNotAskedForAWriteThatWouldBeRefused)
{
    if (!nobodyCanRunTheCli())
        GTEST_SKIP() << "user nobody cannot run " << DM_CLI_PATH << " (a parent directory is closed to others)";
    const Outcome o = runCliAsNobody({ "--mode", "write", "--tests", "SEQ1M-Q1T1", "--quiet", device() });
    EXPECT_EQ(o.exitCode, 2) << o.err.constData();
    EXPECT_TRUE(o.err.contains("--allow-destructive")) << o.err.constData();
    EXPECT_FALSE(o.err.contains("polkit")) << o.err.constData();
}

TEST_F(Udisks, NobodyRunsOnceAPolkitRuleAllowsIt)
{
    if (!nobodyCanRunTheCli())
        GTEST_SKIP() << "user nobody cannot run " << DM_CLI_PATH << " (a parent directory is closed to others)";
    PolkitRule rule(services().device());
    // polkitd reloads its rules when the directory changes, a moment after the file appears.
    Outcome o;
    QElapsedTimer waited;
    waited.start();
    do
        o = runCliAsNobody(quickRead());
    while (o.exitCode == 2 && o.err.contains("polkit") && waited.elapsed() < 10000);
    ASSERT_EQ(o.exitCode, 0) << o.err.constData();
    EXPECT_TRUE(o.err.contains("opened " + device().toUtf8() + " for reading through UDisks2")) << o.err.constData();
    const auto results = QJsonDocument::fromJson(o.out).object()[QStringLiteral("results")].toArray();
    ASSERT_EQ(results.size(), 1) << o.out.constData();
    EXPECT_EQ(results[0].toObject()[QStringLiteral("direction")].toString(), QStringLiteral("read"));
    EXPECT_GT(results[0].toObject()[QStringLiteral("iops")].toDouble(), 1000.0);

    // Writing goes the same way, opened exclusively, and only with consent.
    const std::string before = services().checksum();
    const Outcome w = runCliAsNobody({ "--mode", "write", "--allow-destructive", "--tests", "SEQ1M-Q1T1", "--count",
        "1", "--measure", "0.5", "--warmup", "0", "--interval", "0", "--size", "16MiB", "--quiet", device() });
    ASSERT_EQ(w.exitCode, 0) << w.err.constData();
    EXPECT_TRUE(w.err.contains("opened " + device().toUtf8() + " for reading and writing through UDisks2"))
        << w.err.constData();
    EXPECT_NE(services().checksum(), before);
}

// Health (docs/HEALTH.md) through the real daemon: UDisks2 itself says no drive stands behind a
// loop device; each disk of this machine is answered by udisksd (SMART figures, or why there are
// none: a virtio disk has neither Drive.Ata nor NVMe.Controller, or udisksd does not know it), never
// "not running"; and user nobody gets the same
// answer from diskometer-cli health with no password and no polkit rule.
TEST_F(Udisks, HealthHearsFromTheDaemonForEveryDisk)
{
    DriveHealth loop;
    readUdisksHealth(device(), loop);
    EXPECT_EQ(loop.unavailable, QStringList { QStringLiteral("UDisks2 knows no drive behind ") + device() });
    QStringList disks = healthDrives();
    disks.removeIf([](const QString& d) { return d.startsWith(QLatin1String("/dev/loop")); });
    if (disks.isEmpty())
        GTEST_SKIP() << "this machine has no disk but loop devices";
    for (const QString& d : disks) {
        const DriveHealth h = readDriveHealth(d, { QStringLiteral("/sys"), true, QStringLiteral("-") });
        const QString said = h.sources.join(QLatin1Char(' ')) + h.unavailable.join(QLatin1Char(' '));
        EXPECT_TRUE(h.sources.contains(QStringLiteral("udisks2")) || said.contains(QStringLiteral("UDisks2 offers no SMART"))
            || said.contains(QStringLiteral("has no NVMe health")) || said.contains(QStringLiteral("SMART is turned off"))
            || said.contains(QStringLiteral("UDisks2 does not know"))) // a disk udev never announced to it
            << d.toStdString() << ": " << h.reason.toStdString();
        EXPECT_FALSE(said.contains(QStringLiteral("not running"))) << h.reason.toStdString();
    }
    const DriveHealth asRoot = readDriveHealth(disks.first(), { QStringLiteral("/sys"), true, QStringLiteral("-") });
    const Outcome o = runCliAsNobody({ QStringLiteral("health"), disks.first(), QStringLiteral("--json") });
    ASSERT_TRUE(o.exitCode == 0 || o.exitCode == 1) << o.err.toStdString();
    const QJsonObject d = QJsonDocument::fromJson(o.out).object().value(QLatin1String("drives")).toArray().at(0).toObject();
    EXPECT_EQ(d.value(QLatin1String("status")).toString(), healthStatusId(asRoot.status)) << o.out.toStdString();
    const QStringList unavailable = d.value(QLatin1String("unavailable")).toVariant().toStringList();
    for (const QString& u : asRoot.unavailable) // nobody's may add what smartctl says
        EXPECT_TRUE(unavailable.contains(u)) << u.toStdString() << "\n" << o.out.toStdString();
}

TEST_F(Udisks, SaysWhatToDoWhenUdisksIsNotRunning)
{
    if (!nobodyCanRunTheCli())
        GTEST_SKIP() << "user nobody cannot run " << DM_CLI_PATH << " (a parent directory is closed to others)";
    // A second bus with the same policy and nothing on it: a desktop without udisks2.
    PrivateBus bus;
    const std::string failure = bus.start(services().dbusDaemon, services().dir(), "empty_bus");
    ASSERT_TRUE(failure.empty()) << failure;
    const Outcome o = runCliAsNobody(quickRead(), bus.address());
    EXPECT_EQ(o.exitCode, 2) << o.err.constData();
    EXPECT_TRUE(o.err.contains("UDisks2 is not running: run diskometer-cli with sudo, or add yourself to the 'disk' "
                               "group (then log out and in)"))
        << o.err.constData();
}

namespace {

int openDescriptorCount() { return int(QDir(QStringLiteral("/proc/self/fd")).count()); }

// Stands in for logind's Manager on our bus: records the call and keeps the read end of a pipe
// whose write end it hands out, so the test sees when every copy of that end is closed.
class FakeLogind : public QObject {
    Q_OBJECT
    Q_CLASSINFO("D-Bus Interface", "org.freedesktop.login1.Manager")
public:
    ~FakeLogind() override
    {
        if (m_kept >= 0)
            ::close(m_kept);
    }
    QStringList call() const
    {
        QMutexLocker lock(&m_mutex);
        return m_call;
    }
    int kept() const
    {
        QMutexLocker lock(&m_mutex);
        return m_kept;
    }

public Q_SLOTS:
    QDBusUnixFileDescriptor Inhibit(const QString& what, const QString& who, const QString& why, const QString& mode)
    {
        int ends[2];
        if (::pipe2(ends, O_CLOEXEC) != 0)
            return {};
        QDBusUnixFileDescriptor handed(ends[1]); // keeps a copy of its own
        ::close(ends[1]);
        QMutexLocker lock(&m_mutex);
        m_call = { what, who, why, mode };
        m_kept = ends[0];
        return handed;
    }

private:
    mutable QMutex m_mutex;
    QStringList m_call;
    int m_kept = -1;
};

} // namespace

TEST_F(Udisks, SleepInhibitorWithoutLogindIsAHarmlessNoOp)
{
    const int before = openDescriptorCount();
    QElapsedTimer took;
    took.start();
    {
        SleepInhibitor inhibitor;
        EXPECT_FALSE(inhibitor.active());
        EXPECT_TRUE(inhibitor.whyNot().contains(QStringLiteral("logind is not running")))
            << inhibitor.whyNot().toStdString();
    }
    EXPECT_LT(took.elapsed(), 2000) << "a missing logind must not hold up the run";
    EXPECT_EQ(openDescriptorCount(), before);
}

TEST_F(Udisks, SleepInhibitorHoldsLogindsDescriptorForItsLifetime)
{
    QThread thread; // serves the stand-in while this thread blocks in SleepInhibitor's call
    auto* fake = new FakeLogind;
    fake->moveToThread(&thread);
    QObject::connect(&thread, &QThread::finished, fake, &QObject::deleteLater);
    thread.start();
    const QString connectionName = QStringLiteral("dm-fake-logind");
    bool owned = false;
    {
        QDBusConnection bus = QDBusConnection::connectToBus(QDBusConnection::SystemBus, connectionName);
        owned = bus.registerService(QStringLiteral("org.freedesktop.login1"))
            && bus.registerObject(QStringLiteral("/org/freedesktop/login1"), fake, QDBusConnection::ExportAllSlots);
        if (owned) {
            {
                SleepInhibitor inhibitor;
                EXPECT_TRUE(inhibitor.active()) << inhibitor.whyNot().toStdString();
                EXPECT_TRUE(inhibitor.whyNot().isEmpty());
                EXPECT_EQ(fake->call(),
                    QStringList({ "sleep:idle", "Diskometer", "A storage benchmark is running", "block" }));
                pollfd held { fake->kept(), POLLIN, 0 };
                EXPECT_EQ(::poll(&held, 1, 0), 0) << "the inhibitor's descriptor is already closed";
            }
            // Every write end closed: the read end sees the hang-up, as logind would.
            pollfd released { fake->kept(), POLLIN, 0 };
            EXPECT_EQ(::poll(&released, 1, 2000), 1);
            EXPECT_TRUE(released.revents & POLLHUP);
            bus.unregisterObject(QStringLiteral("/org/freedesktop/login1"));
            bus.unregisterService(QStringLiteral("org.freedesktop.login1"));
        }
    }
    QDBusConnection::disconnectFromBus(connectionName);
    thread.quit();
    thread.wait();
    if (!owned)
        GTEST_SKIP() << "the bus policy does not let root own org.freedesktop.login1 (no login1.conf)";
}

#include "udisks_test.moc"
