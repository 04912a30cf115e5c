// SPDX-License-Identifier: GPL-3.0-or-later
// Each explanation (explanations.h) on a target described from a sysfs tree laid out as the
// kernel shows the device, with run results that do or do not trip the rule: a USB stick on
// usb-storage (Bulk-Only), one on UAS, a USB 3 drive linked at USB 2.0 speed, a SATA disk with a
// write-through cache, one with queue depth 1; unstable passes, a small test size, short passes.
// Then that every report format carries them.

#include "explanations.h"
#include "explanationsearch.h"
#include "fakereport.h"
#include "jsonreport.h"
#include "markdownreport.h"
#include "targetinfo.h"
#include "textreport.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <unistd.h>

using namespace dm;
using namespace dm::test;

namespace {

// A fake /sys with one disk at a time.
class FakeSys {
public:
    QString root() const { return m_dir.path(); }
    TargetPaths paths() const { return { root(), root() + QStringLiteral("/mountinfo"), root() + QStringLiteral("/dev") }; }

    void file(const QString& relative, const QByteArray& content) const
    {
        const QString path = m_dir.filePath(relative);
        QDir().mkpath(QFileInfo(path).path());
        QFile f(path);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly)) << path.toStdString();
        f.write(content);
    }
    void link(const QString& relative, const QString& target) const
    {
        const QString path = m_dir.filePath(relative);
        QDir().mkpath(QFileInfo(path).path());
        ASSERT_EQ(::symlink(QFile::encodeName(target).constData(), QFile::encodeName(path).constData()), 0);
    }

    // The block layer's files of a disk, as /sys/block/<name>/queue has them.
    void queue(const QString& disk, const char* nrRequests, const char* scheduler, const char* writeCache,
        bool rotational) const
    {
        file(disk + QStringLiteral("/size"), "60063744\n");
        file(disk + QStringLiteral("/queue/nr_requests"), QByteArray(nrRequests) + '\n');
        file(disk + QStringLiteral("/queue/scheduler"), QByteArray(scheduler) + '\n');
        file(disk + QStringLiteral("/queue/write_cache"), QByteArray(writeCache) + '\n');
        file(disk + QStringLiteral("/queue/rotational"), rotational ? "1\n" : "0\n");
        file(disk + QStringLiteral("/queue/logical_block_size"), "512\n");
    }

    // A USB mass-storage stick: the USB device (speed, bcdUSB in `version`), its interface with
    // the driver bound to it, the SCSI device (queue_depth) and the disk below it.
    QString usbStick(const char* speed, const char* version, const char* driver, const char* protocol,
        const char* queueDepth, const char* nrRequests) const
    {
        const QString device = QStringLiteral("devices/pci0000:00/0000:00:14.0/usb2/2-1");
        const QString interface = device + QStringLiteral("/2-1:1.0");
        const QString scsi = interface + QStringLiteral("/host6/target6:0:0/6:0:0:0");
        const QString disk = scsi + QStringLiteral("/block/sdb");
        file(QStringLiteral("devices/pci0000:00/0000:00:14.0/usb2/speed"), "10000\n"); // the root hub
        file(QStringLiteral("devices/pci0000:00/0000:00:14.0/usb2/version"), " 3.10\n");
        file(device + QStringLiteral("/speed"), QByteArray(speed) + '\n');
        file(device + QStringLiteral("/version"), QByteArray(version) + '\n');
        file(interface + QStringLiteral("/bInterfaceClass"), "08\n");
        file(interface + QStringLiteral("/bInterfaceSubClass"), "06\n");
        file(interface + QStringLiteral("/bInterfaceProtocol"), QByteArray(protocol) + '\n');
        link(interface + QStringLiteral("/driver"), QStringLiteral("../../../../../../bus/usb/drivers/") + driver);
        file(scsi + QStringLiteral("/vendor"), "SanDisk \n");
        file(scsi + QStringLiteral("/model"), "Extreme Pro     \n");
        file(scsi + QStringLiteral("/queue_depth"), QByteArray(queueDepth) + '\n');
        queue(disk, nrRequests, "[mq-deadline] none", "write through", false);
        link(disk + QStringLiteral("/device"), QStringLiteral("../../../6:0:0:0"));
        return root() + QLatin1Char('/') + disk;
    }

    // A SATA disk behind libata (AHCI).
    QString sataDisk(const char* queueDepth, const char* nrRequests, const char* writeCache, bool rotational) const
    {
        const QString scsi = QStringLiteral("devices/pci0000:00/0000:00:1f.2/ata1/host0/target0:0:0/0:0:0:0");
        const QString disk = scsi + QStringLiteral("/block/sda");
        file(scsi + QStringLiteral("/vendor"), "ATA     \n");
        file(scsi + QStringLiteral("/model"), "WDC WD40EFRX-68N\n");
        file(scsi + QStringLiteral("/queue_depth"), QByteArray(queueDepth) + '\n');
        queue(disk, nrRequests, "[mq-deadline] kyber bfq none", writeCache, rotational);
        link(disk + QStringLiteral("/device"), QStringLiteral("../../../0:0:0:0"));
        return root() + QLatin1Char('/') + disk;
    }

private:
    QTemporaryDir m_dir;
};

TestSpec read(TestRow row) { return { row, Direction::Read, 100 }; }
TestSpec write(TestRow row) { return { row, Direction::Write, 0 }; }

// The four Default rows read and written, RND4K Q32T1 write at `q32Write` MB/s against Q1T1's 45.9.
RunResult defaultRun(double q32Write)
{
    RunResult run;
    run.settings.testSize = 1 * GiB;
    run.region.length = 1 * GiB;
    run.tests = {
        fakeTest(read(kSeq1MQ8), 420.0, 400.5, 2000),
        fakeTest(read(kSeq1MQ1), 300.0, 286.1, 3500),
        fakeTest(read(kRnd4KQ32), 30.1, 7348.6, 4350),
        fakeTest(read(kRnd4KQ1), 29.8, 7275.4, 137),
        fakeTest(write(kSeq1MQ8), 380.0, 362.4, 2200),
        fakeTest(write(kSeq1MQ1), 280.0, 267.0, 3700),
        fakeTest(write(kRnd4KQ32), q32Write, q32Write * 244.1, 700),
        fakeTest(write(kRnd4KQ1), 45.9, 11206.1, 89),
    };
    return run;
}

constexpr size_t kRnd4KQ32Write = 6;



} // namespace

TEST(Explanations, BulkOnlyUsbLimitsQueueDepthAndNamesTheReason)
{
    FakeSys sys;
    const TargetDescription t
        = describeBlockDevice(sys.usbStick("5000", " 3.20", "usb-storage", "50", "1", "2"), sys.paths());
    ASSERT_EQ(t.uas, false);
    EXPECT_EQ(t.queue.deviceQueueDepth, 1);
    EXPECT_EQ(t.queue.requests, 2);
    EXPECT_EQ(t.queue.scheduler, QStringLiteral("mq-deadline"));
    EXPECT_EQ(deviceSummary(t), QStringLiteral("SanDisk Extreme Pro (usb, USB 3.2 Gen 1 (5 Gbps), BOT)"));

    // seeds/001: RND4K Q32T1 write 46.7 MB/s, the same as Q1T1.
    const auto all = explainRun(t, defaultRun(46.7));
    const Explanation* general = findText(all, QStringLiteral("Bulk-Only Transport, no UAS"));
    ASSERT_NE(general, nullptr) << dump(all).toStdString();
    EXPECT_EQ(general->kind, Explanation::Kind::Note);
    EXPECT_TRUE(general->text.contains(QStringLiteral("cannot be faster than Q1")));
    EXPECT_TRUE(general->text.contains(QStringLiteral("UAS-capable")));
    const Explanation* row = findText(all, QStringLiteral("RND4K Q32T1 write: 46.7 MB/s, within 10 % of RND4K Q1T1 write"));
    ASSERT_NE(row, nullptr) << dump(all).toStdString();
    EXPECT_TRUE(row->text.contains(QStringLiteral("Bulk-Only Transport carries one command at a time")));
    EXPECT_EQ(row->tests, std::vector<size_t> { kRnd4KQ32Write });

    // A Q32 row 20 % above its Q1 row was not held at Q1: no row note, the general one stays.
    const auto faster = explainRun(t, defaultRun(55.1));
    EXPECT_EQ(findText(faster, QStringLiteral("RND4K Q32T1 write: ")), nullptr) << dump(faster).toStdString();
    EXPECT_NE(findText(faster, QStringLiteral("Bulk-Only Transport, no UAS")), nullptr);
}

TEST(Explanations, UasStickHasNoQueueNote)
{
    FakeSys sys;
    const TargetDescription t = describeBlockDevice(sys.usbStick("5000", " 3.20", "uas", "62", "30", "60"), sys.paths());
    ASSERT_EQ(t.uas, true);
    EXPECT_EQ(deviceSummary(t), QStringLiteral("SanDisk Extreme Pro (usb, USB 3.2 Gen 1 (5 Gbps), UAS)"));
    const auto all = explainRun(t, defaultRun(46.7));
    EXPECT_EQ(findText(all, QStringLiteral("Bulk-Only")), nullptr) << dump(all).toStdString();
    EXPECT_EQ(findText(all, QStringLiteral("at a time")), nullptr) << dump(all).toStdString();
    EXPECT_EQ(findText(all, QStringLiteral("USB 2.0 speed")), nullptr) << dump(all).toStdString();
}

TEST(Explanations, Usb3DeviceOnAUsb2LinkIsSaid)
{
    FakeSys sys;
    // On a USB 2.0 connection a USB 3 device says bcdUSB 2.10 (USB 3.2 spec 9.6.1).
    const TargetDescription t = describeBlockDevice(sys.usbStick("480", " 2.10", "uas", "62", "30", "60"), sys.paths());
    EXPECT_EQ(t.link, QStringLiteral("USB 2.0 (480 Mbps)"));
    EXPECT_EQ(t.usbVersion, QStringLiteral("2.10"));
    const auto all = explainRun(t, defaultRun(46.7));
    const Explanation* link = findText(all, QStringLiteral("linked at USB 2.0 speed"));
    ASSERT_NE(link, nullptr) << dump(all).toStdString();
    EXPECT_EQ(link->kind, Explanation::Kind::Warning);
    EXPECT_TRUE(link->text.contains(QStringLiteral("another port or cable")));

    // A bridge that keeps saying USB 3 on the slow link is named as one.
    FakeSys other;
    const TargetDescription three
        = describeBlockDevice(other.usbStick("480", " 3.20", "usb-storage", "50", "1", "2"), other.paths());
    const auto said = explainRun(three, defaultRun(46.7));
    EXPECT_NE(findText(said, QStringLiteral("this USB 3.20 device is linked at USB 2.0 speed")), nullptr)
        << dump(said).toStdString();

    // A USB 2 stick (bcdUSB 2.00) at its own speed is not told to find a faster port.
    FakeSys usb2;
    const TargetDescription stick
        = describeBlockDevice(usb2.usbStick("480", " 2.00", "usb-storage", "50", "1", "2"), usb2.paths());
    EXPECT_EQ(findText(explainRun(stick, defaultRun(46.7)), QStringLiteral("USB 2.0 speed")), nullptr);
}

TEST(Explanations, WriteThroughCacheIsNotedOnWriteRows)
{
    FakeSys sys;
    const TargetDescription t = describeBlockDevice(sys.sataDisk("32", "64", "write through", false), sys.paths());
    EXPECT_EQ(t.queue.writeCache, QStringLiteral("write through"));
    EXPECT_EQ(queueSummary(t.queue, t.rotational),
        QStringLiteral("depth 32, 64 requests, write cache: write through, scheduler mq-deadline, non-rotational"));
    const auto all = explainRun(t, defaultRun(46.7));
    const Explanation* cache = findText(all, QStringLiteral("write cache is off"));
    ASSERT_NE(cache, nullptr) << dump(all).toStdString();
    EXPECT_EQ(cache->tests, (std::vector<size_t> { 4, 5, 6, 7 }));
    // Depth 32 holds no Default row back.
    EXPECT_EQ(findText(all, QStringLiteral("commands")), nullptr) << dump(all).toStdString();

    FakeSys back;
    const TargetDescription wb = describeBlockDevice(back.sataDisk("32", "64", "write back", false), back.paths());
    EXPECT_EQ(findText(explainRun(wb, defaultRun(46.7)), QStringLiteral("write cache")), nullptr);
}

TEST(Explanations, QueueDepthOneDeviceLimitsTheDeepRows)
{
    FakeSys sys;
    // NCQ off (libata.force=noncq, or a bridge without it): the SCSI layer allows one command.
    const TargetDescription t = describeBlockDevice(sys.sataDisk("1", "2", "write back", true), sys.paths());
    EXPECT_EQ(t.queue.deviceQueueDepth, 1);
    const auto all = explainRun(t, defaultRun(46.7));
    const Explanation* limit = findText(all, QStringLiteral("one command at a time (device/queue_depth 1)"));
    ASSERT_NE(limit, nullptr) << dump(all).toStdString();
    // SEQ1M Q8T1 and RND4K Q32T1, read and write.
    EXPECT_EQ(limit->tests, (std::vector<size_t> { 0, 2, 4, 6 }));
    const Explanation* row = findText(all, QStringLiteral("RND4K Q32T1 write: 46.7 MB/s, within 10 %"));
    ASSERT_NE(row, nullptr) << dump(all).toStdString();
    EXPECT_TRUE(row->text.contains(QStringLiteral("at most 1 command")));
    // RND4K Q32T1 read (30.1) is within 10 % of Q1T1 read (29.8) too.
    EXPECT_NE(findText(all, QStringLiteral("RND4K Q32T1 read: 30.1 MB/s")), nullptr);
    // Rotational: random rows are bound by seek time.
    const Explanation* seek = findText(all, QStringLiteral("seek time"));
    ASSERT_NE(seek, nullptr);
    EXPECT_EQ(seek->tests, (std::vector<size_t> { 2, 3, 6, 7 }));
}

TEST(Explanations, UnstablePassesAreFlaggedOnTheirRow)
{
    const TargetDescription t; // nothing known about the device
    RunResult run = defaultRun(46.7);
    EXPECT_EQ(findText(explainRun(t, run), QStringLiteral("varied")), nullptr); // fakeTest's spread: 0.9-1.0

    // Best and worst more than 25 % apart, though the CV of eight passes stays under 10 %.
    auto& passes = run.tests[1].passes;
    passes = std::vector<PassResult>(7, fakePass(300, 286, 3500));
    passes.push_back(fakePass(238, 227, 3500));
    ASSERT_LT(passStatistics(passes).cvPercent, explain::kMaxCvPercent);
    auto all = explainRun(t, run);
    const Explanation* spread = findText(all, QStringLiteral("SEQ1M Q1T1 read: the passes varied"));
    ASSERT_NE(spread, nullptr) << dump(all).toStdString();
    EXPECT_EQ(spread->kind, Explanation::Kind::Warning);
    EXPECT_EQ(spread->tests, std::vector<size_t> { 1 });
    EXPECT_TRUE(spread->text.contains(QStringLiteral("run again")));

    // 24 % apart and a CV over 10 %: flagged for the CV.
    passes = { fakePass(300, 286, 3500), fakePass(242, 230, 3500), fakePass(300, 286, 3500), fakePass(242, 230, 3500) };
    ASSERT_GT(passStatistics(passes).cvPercent, explain::kMaxCvPercent);
    EXPECT_NE(findText(explainRun(t, run), QStringLiteral("SEQ1M Q1T1 read: the passes varied")), nullptr);
    // 10 % apart: stable.
    passes = { fakePass(300, 286, 3500), fakePass(270, 257, 3500), fakePass(285, 271, 3500) };
    EXPECT_EQ(findText(explainRun(t, run), QStringLiteral("varied")), nullptr);
}

TEST(Explanations, SmallTestSizeAndShortPassesAreFlagged)
{
    const TargetDescription t;
    RunResult run = defaultRun(46.7);
    EXPECT_EQ(findText(explainRun(t, run), QStringLiteral("test size")), nullptr);
    run.region.length = 64 * MiB;
    auto all = explainRun(t, run);
    const Explanation* size = findText(all, QStringLiteral("the test size (64 MiB) is smaller than the cache"));
    ASSERT_NE(size, nullptr) << dump(all).toStdString();
    EXPECT_TRUE(size->tests.empty());
    run.region.length = 256 * MiB;
    EXPECT_EQ(findText(explainRun(t, run), QStringLiteral("test size")), nullptr);

    // A one-second pass of RND4K Q1T1 on a slow stick: 2.5 MB.
    run.tests[3].passes = { fakePass(0.25, 61, 16000), fakePass(0.26, 63, 15800) };
    all = explainRun(t, run);
    const Explanation* pass = findText(all, QStringLiteral("RND4K Q1T1 read: a pass moved only 2.50 MB"));
    ASSERT_NE(pass, nullptr) << dump(all).toStdString();
    EXPECT_EQ(pass->tests, std::vector<size_t> { 3 });
}

// A run in a virtual machine whose host took CPU time meanwhile: one warning, on the rows where
// it happened, with the worst share; at or below 5 % (or on bare metal, 0) nothing.
TEST(Explanations, StealTimeOfAVirtualMachineIsAReasonToRunAgain)
{
    const TargetDescription t;
    RunResult run = defaultRun(46.7);
    EXPECT_EQ(findText(explainRun(t, run), QStringLiteral("steal")), nullptr);
    run.tests[3].passes[0].stealPercent = explain::kMaxStealPercent; // at the threshold: not flagged
    EXPECT_EQ(findText(explainRun(t, run), QStringLiteral("steal")), nullptr);

    run.tests[3].passes[1].stealPercent = 18.04;
    run.tests[7].passes[0].stealPercent = 6.5;
    run.tests[0].passes[0].stealPercent = 2.0;
    const auto all = explainRun(t, run);
    const Explanation* steal = findText(all, QStringLiteral("(steal time)"));
    ASSERT_NE(steal, nullptr) << dump(all).toStdString();
    EXPECT_EQ(steal->kind, Explanation::Kind::Warning);
    EXPECT_EQ(steal->tests, (std::vector<size_t> { 3, 7 }));
    EXPECT_TRUE(steal->text.contains(QStringLiteral("up to 18.0 % of its CPU time"))) << steal->text.toStdString();
    EXPECT_TRUE(steal->text.contains(QStringLiteral("during 2 of the 8 tests"))) << steal->text.toStdString();
}

TEST(Explanations, EveryReportFormatCarriesThem)
{
    FakeSys sys;
    Report report = fakeReport();
    const QString path = report.target.path;
    report.target = describeBlockDevice(sys.usbStick("5000", " 3.20", "usb-storage", "50", "1", "2"), sys.paths());
    report.run.tests[6].passes = { fakePass(46.7, 11400, 700, true), fakePass(46.2, 11280, 710, true) };
    report.run.tests[7].passes = { fakePass(45.9, 11206, 89, true) };
    report.run.region.length = 32 * MiB;
    report.run.warnings = { "an engine warning" };
    const auto all = explainRun(report.target, report.run);
    ASSERT_FALSE(all.empty());

    const QString text = formatText(report);
    EXPECT_TRUE(text.contains(QStringLiteral("    Queue: depth 1, 2 requests, write cache: write through, scheduler "
                                             "mq-deadline, non-rotational\n")))
        << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("   Device: SanDisk Extreme Pro (usb, USB 3.2 Gen 1 (5 Gbps), BOT)\n")));
    EXPECT_TRUE(text.contains(QStringLiteral("  Warning: an engine warning\n")));
    for (size_t n = 0; n < all.size(); ++n)
        EXPECT_TRUE(text.contains(QStringLiteral("[%1] ").arg(n + 1) + all[n].text)) << text.toStdString();
    // The Q32 write row carries the numbers of what is said about it.
    const QString marks = [&] {
        QStringList numbers;
        for (int m : explanationMarks(all, 6))
            numbers << QString::number(m);
        return numbers.join(QLatin1Char(','));
    }();
    EXPECT_TRUE(text.contains(QStringLiteral("<   700.00 us> [") + marks + QStringLiteral("]\n"))) << text.toStdString();

    const QJsonObject json = QJsonDocument::fromJson(formatJson(report)).object();
    const QJsonArray warnings = json.value(QStringLiteral("warnings")).toArray();
    EXPECT_TRUE(warnings.contains(QStringLiteral("an engine warning")));
    for (const QString& w : explanationTexts(all, Explanation::Kind::Warning))
        EXPECT_TRUE(warnings.contains(w)) << w.toStdString();
    EXPECT_EQ(json.value(QStringLiteral("notes")).toArray().size(),
        explanationTexts(all, Explanation::Kind::Note).size());
    EXPECT_EQ(json.value(QStringLiteral("target")).toObject().value(QStringLiteral("queue")).toObject().value(
                  QStringLiteral("device_queue_depth")),
        1);
    EXPECT_FALSE(json.value(QStringLiteral("results")).toArray()[6].toObject().value(QStringLiteral("flags")).toArray().isEmpty());
    // Read back, the run is explained the same way and its own warnings are not doubled.
    const auto back = parseJson(formatJson(report));
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(back->run.warnings, report.run.warnings);
    EXPECT_EQ(explainRun(back->target, back->run), all);

    const QString md = formatMarkdown(report);
    EXPECT_TRUE(md.contains(QStringLiteral("| RND4K Q32T1 [") + marks)) << md.toStdString();
    for (size_t n = 0; n < all.size(); ++n)
        EXPECT_TRUE(md.contains(QStringLiteral("[%1]: ").arg(n + 1) + all[n].text)) << md.toStdString();
    EXPECT_TRUE(md.contains(QStringLiteral("Queue: depth 1")));
    (void)path;
}

TEST(Explanations, PowerConditionsAreReasonsResultsMayBeLower)
{
    const TargetDescription t;
    const RunResult run = defaultRun(46.7);
    PowerDescription power;
    power.profile = QStringLiteral("performance");
    power.held = true;
    power.onBattery = false;
    power.cpuGovernor = QStringLiteral("schedutil");
    EXPECT_TRUE(explainRun(t, run, power).empty()) << dump(explainRun(t, run, power)).toStdString();

    power.onBattery = true;
    power.degraded = QStringLiteral("high-operating-temperature");
    power.cpuGovernor = QStringLiteral("powersave, performance");
    auto all = explainRun(t, run, power);
    const Explanation* battery = findText(all, QStringLiteral("ran on battery"));
    ASSERT_NE(battery, nullptr) << dump(all).toStdString();
    EXPECT_EQ(battery->kind, Explanation::Kind::Warning);
    EXPECT_NE(findText(all, QStringLiteral("ran degraded (high-operating-temperature)")), nullptr);
    const Explanation* governor = findText(all, QStringLiteral("governor is powersave"));
    ASSERT_NE(governor, nullptr);
    EXPECT_EQ(governor->kind, Explanation::Kind::Note);

    power = {};
    power.profile = QStringLiteral("power-saver");
    EXPECT_NE(findText(explainRun(t, run, power), QStringLiteral("power-saver profile")), nullptr);

    // The text report's Power line and the JSON's system.power, read back the same.
    Report report = fakeReport();
    report.system.power = { QStringLiteral("performance"), true, QStringLiteral("lap-detected"), false,
        QStringLiteral("powersave"), true, {} };
    EXPECT_TRUE(formatText(report).contains(QStringLiteral(
        "    Power: performance (held), degraded: lap-detected, on AC, governor powersave, suspend inhibited\n")))
        << formatText(report).toStdString();
    const QJsonObject system = QJsonDocument::fromJson(formatJson(report)).object().value(QStringLiteral("system")).toObject();
    const QJsonObject p = system.value(QStringLiteral("power")).toObject();
    EXPECT_EQ(p.value(QStringLiteral("profile")).toString(), QStringLiteral("performance"));
    EXPECT_EQ(p.value(QStringLiteral("held")).toBool(), true);
    EXPECT_EQ(p.value(QStringLiteral("degraded")).toString(), QStringLiteral("lap-detected"));
    EXPECT_EQ(p.value(QStringLiteral("on_battery")), QJsonValue(false));
    EXPECT_EQ(system.value(QStringLiteral("cpu_governor")).toString(), QStringLiteral("powersave"));
    const auto back = parseJson(formatJson(report));
    ASSERT_TRUE(back);
    EXPECT_EQ(back->system.power, report.system.power);
}

TEST(Explanations, ZeroFillIsNamedAsCrystalDiskMarkDoes)
{
    Report report = fakeReport();
    // The title, then the project's address where the build has one (DM_PROJECT_URL).
    const QString url = QStringLiteral(DM_PROJECT_URL);
    const QString title = QStringLiteral("Diskometer 0.1.0 (libaio)");
    const QString header = formatText(report).split(QLatin1Char('\n'))[1];
    if (url.isEmpty())
        EXPECT_EQ(header, title);
    else
        EXPECT_TRUE(header.startsWith(title + QLatin1Char(' ')) && header.endsWith(url)) << header.toStdString();
    EXPECT_FALSE(formatText(report).contains(QStringLiteral("<0Fill>")));
    report.run.settings.data = DataFill::Zeros;
    const QStringList lines = formatText(report).split(QLatin1Char('\n'));
    if (url.isEmpty()) {
        EXPECT_EQ(lines[1], title + QStringLiteral(" <0Fill>"));
    } else {
        EXPECT_TRUE(lines[1].startsWith(title + QStringLiteral(" <0Fill> "))) << lines[1].toStdString();
        EXPECT_EQ(lines[1].size(), 78);
    }
    // "(x3)" and "Measure 5 sec / Interval 5 sec": the passes and their length, as CrystalDiskMark says them.
    EXPECT_EQ(RunSettings {}.count, 3);
}
