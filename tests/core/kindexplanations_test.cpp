// SPDX-License-Identifier: GPL-3.0-or-later
// The explanations of the other kinds (surface scan, sustained write, block-size sweep, capacity check): the
// rules about the connection, the device's queue and cache and the power conditions apply to the
// I/O each kind issued, and every report of the kind says them as the grid's do: JSON "warnings"
// and "notes", the text report's Warning/Note lines. A report read back says each once.
#include "capacityreport.h"
#include "explanations.h"
#include "fakekindreports.h"
#include "scanreport.h"
#include "sustainedreport.h"
#include "sweepreport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <gtest/gtest.h>

using namespace dm;
using namespace dm::test;

namespace {

const QString kBulkOnly = QStringLiteral("this USB drive runs on the usb-storage driver (Bulk-Only Transport");
const QString kWriteThrough = QStringLiteral("the device's write cache is off (queue/write_cache: write through)");
const QString kBattery = QStringLiteral("the machine ran on battery");

// A USB stick on Bulk-Only Transport with its write cache off, tested on battery.
ReportHeader stickOnBattery()
{
    ReportHeader h = fakeHeader();
    h.target.bus = QStringLiteral("usb");
    h.target.uas = false;
    h.target.queue.writeCache = QStringLiteral("write through");
    h.system.power.onBattery = true;
    return h;
}

QStringList arrayOf(const QByteArray& json, const char* key)
{
    QStringList out;
    for (const QJsonValue v : QJsonDocument::fromJson(json).object().value(QLatin1String(key)).toArray())
        out << v.toString();
    return out;
}

bool anyStartsWith(const QStringList& list, const QString& prefix)
{
    return std::any_of(list.begin(), list.end(), [&](const QString& s) { return s.startsWith(prefix); });
}

} // namespace

TEST(KindExplanations, TheConditionsRulesLookAtTheIoTheRunIssued)
{
    TargetDescription t;
    t.queue.writeCache = QStringLiteral("write through");
    t.queue.requests = 4;
    const TestSpec seqWriteQ8 { { Pattern::Sequential, 1 * MiB, 8, 1 }, Direction::Write };
    const TestSpec seqReadQ1 { { Pattern::Sequential, 1 * MiB, 1, 1 }, Direction::Read };
    const auto write = explainConditions(t, {}, { seqWriteQ8 });
    ASSERT_EQ(write.size(), 2u);
    EXPECT_TRUE(write[0].text.startsWith(QStringLiteral("the device takes at most 4 commands at once")));
    EXPECT_TRUE(write[1].text.startsWith(kWriteThrough));
    for (const Explanation& e : write)
        EXPECT_TRUE(e.tests.empty()) << "about the whole run: " << e.text.toStdString();
    // Reads at depth 1 are held by neither.
    EXPECT_TRUE(explainConditions(t, {}, { seqReadQ1 }).empty());
    PowerDescription battery;
    battery.onBattery = true;
    const auto onBattery = explainConditions({}, battery, { seqReadQ1 });
    ASSERT_EQ(onBattery.size(), 1u);
    EXPECT_EQ(onBattery[0].kind, Explanation::Kind::Warning);
    EXPECT_TRUE(onBattery[0].text.startsWith(kBattery));
}

TEST(KindExplanations, SustainedWriteReportsCarryThemAndReadBackOnce)
{
    SustainedReport report = fakeSustainedReport();
    report.header = stickOnBattery();
    report.result.warnings = { "the run's own warning" };
    const QString text = formatSustainedText(report);
    EXPECT_TRUE(text.contains(QStringLiteral("  Warning: the run's own warning\n"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("  Warning: ") + kBattery)) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("  Note: ") + kBulkOnly)) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("  Note: ") + kWriteThrough)) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("  Power: on battery\n"))) << text.toStdString();

    const QByteArray json = formatSustainedJson(report);
    const QStringList warnings = arrayOf(json, "warnings");
    EXPECT_EQ(warnings.value(0), QStringLiteral("the run's own warning"));
    EXPECT_TRUE(anyStartsWith(warnings, kBattery)) << warnings.join(QLatin1Char('\n')).toStdString();
    EXPECT_TRUE(anyStartsWith(arrayOf(json, "notes"), kWriteThrough));

    const auto back = parseSustainedJson(json);
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(back->result.warnings, report.result.warnings) << "the explanations' warnings are made again, not kept";
    EXPECT_EQ(formatSustainedText(*back), text);
    EXPECT_EQ(formatSustainedJson(*back), json);
}

TEST(KindExplanations, ScanSaysTheWriteCacheOnlyWhenItWroteBack)
{
    ScanReport report = fakeScanReport();
    report.header = stickOnBattery();
    report.result.request.writeBack = false;
    EXPECT_FALSE(formatScanText(report).contains(kWriteThrough)) << "a scan that only read";
    EXPECT_TRUE(formatScanText(report).contains(QStringLiteral("  Note: ") + kBulkOnly));
    report.result.request.writeBack = true;
    EXPECT_TRUE(formatScanText(report).contains(QStringLiteral("  Note: ") + kWriteThrough));
    const QByteArray json = formatScanJson(report);
    EXPECT_TRUE(anyStartsWith(arrayOf(json, "notes"), kWriteThrough));
    const auto back = parseScanJson(json);
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(formatScanJson(*back), json);
}

TEST(KindExplanations, SweepReportsCarryThem)
{
    SweepReport report = fakeSweepReport();
    report.header = stickOnBattery();
    const QString text = formatSweepText(report);
    EXPECT_TRUE(text.contains(QStringLiteral("  Note: ") + kWriteThrough)) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("  Warning: ") + kBattery)) << text.toStdString();
    const QByteArray json = formatSweepJson(report);
    const auto back = parseSweepJson(json);
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(formatSweepJson(*back), json);
    // Only reads: the write cache does not matter.
    for (SweepPoint& p : report.result.points)
        p.write.reset();
    EXPECT_FALSE(formatSweepText(report).contains(kWriteThrough));
}

TEST(KindExplanations, CapacityReportsCarryThemForTheIoOfTheirMode)
{
    CapacityReport report = fakeCapacityReport();
    report.header = stickOnBattery();
    report.header.target.uas = true; // on Bulk-Only Transport its own note would say the queue's
    report.header.target.queue.requests = 2;
    report.result.warnings = { "the run's own warning" };
    const QString kQueue = QStringLiteral("the device takes at most 2 commands at once");
    // A fill streams 4 MiB at a time, 4 in flight: more than this device takes.
    report.result.mode = CapacityMode::Fill;
    const QString fill = formatCapacityText(report);
    EXPECT_TRUE(fill.contains(QStringLiteral("  Warning: the run's own warning\n"))) << fill.toStdString();
    EXPECT_TRUE(fill.contains(QStringLiteral("  Warning: ") + kBattery)) << fill.toStdString();
    EXPECT_TRUE(fill.contains(QStringLiteral("  Note: ") + kWriteThrough)) << fill.toStdString();
    EXPECT_TRUE(fill.contains(kQueue)) << fill.toStdString();
    // A probe moves one 4 KiB block at a time: the device's queue holds nothing back.
    report.result.mode = CapacityMode::Probe;
    const QString probe = formatCapacityText(report);
    EXPECT_FALSE(probe.contains(kQueue)) << probe.toStdString();
    EXPECT_TRUE(probe.contains(QStringLiteral("  Warning: ") + kBattery)) << probe.toStdString();

    report.result.mode = CapacityMode::Fill;
    const QByteArray json = formatCapacityJson(report);
    EXPECT_EQ(arrayOf(json, "warnings").value(0), QStringLiteral("the run's own warning"));
    EXPECT_TRUE(anyStartsWith(arrayOf(json, "warnings"), kBattery));
    EXPECT_TRUE(anyStartsWith(arrayOf(json, "notes"), kWriteThrough));
    const auto back = parseCapacityJson(json);
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(back->result.warnings, report.result.warnings) << "the explanations' warnings are made again, not kept";
    EXPECT_EQ(formatCapacityJson(*back), json);
    EXPECT_EQ(formatCapacityText(*back), fill);
}

// The queue a row's depth ran into is in every kind's text header, as in the grid's (a sweep's
// Q32 point on a depth-1 device reads as the grid's row does).
TEST(KindExplanations, EveryKindsTextSaysTheDevicesQueue)
{
    ReportHeader h = stickOnBattery();
    h.target.queue.deviceQueueDepth = 1;
    h.target.queue.scheduler = QStringLiteral("mq-deadline");
    const QString line = QStringLiteral("  Queue: depth 1, write cache: write through, scheduler mq-deadline, non-rotational\n");
    SustainedReport sustained = fakeSustainedReport();
    sustained.header = h;
    ScanReport scan = fakeScanReport();
    scan.header = h;
    SweepReport sweep = fakeSweepReport();
    sweep.header = h;
    CapacityReport capacity = fakeCapacityReport();
    capacity.header = h;
    for (const QString& text :
        { formatSustainedText(sustained), formatScanText(scan), formatSweepText(sweep), formatCapacityText(capacity) })
        EXPECT_TRUE(text.contains(line)) << text.toStdString();
    // Nothing known of the queue (a folder on tmpfs): no line.
    sweep.header.target.queue = {};
    EXPECT_FALSE(formatSweepText(sweep).contains(QStringLiteral("Queue:")));
}
