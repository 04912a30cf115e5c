// SPDX-License-Identifier: GPL-3.0-or-later
// The drive's health in every report (issue 15, part 2) and its temperature during the run
// (part 3): what a run records (runhealth.h), how the reports say it, when it warns, and the
// sampler reading a sysfs fixture's hwmon sensor while its value changes.
#include "blocksizesweep.h"
#include "fakesys.h"
#include "jsonreport.h"
#include "report.h"
#include "runhealth.h"
#include "scanreport.h"
#include "sustainedreport.h"
#include "sweepreport.h"
#include "targetinfo.h"
#include "temperaturesampler.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <gtest/gtest.h>

#include <mutex>
#include <thread>

using namespace dm;
using dm::test::addNvme;
using dm::test::FakeSys;

namespace {

const QString kFine = QStringLiteral("SMART reports no problem (udisks2)");

RunHealth warmingRun(double from, double to, std::vector<TemperatureSample> between = {})
{
    RunHealth h;
    h.device = QStringLiteral("/dev/nvme0n1");
    h.model = QStringLiteral("Samsung SSD 980 PRO 1TB");
    h.start = HealthMoment { HealthStatus::Good, kFine, from };
    h.end = HealthMoment { HealthStatus::Good, kFine, to };
    h.temperatures = std::move(between);
    return h;
}

TEST(RunHealth, TheJsonReadsBackAsItWasWritten)
{
    RunHealth h = warmingRun(41.85, 46.85, { { 0, 41.85 }, { 2.01, 49 }, { 4.02, 46.85 } });
    h.warningTemperatureC = 82;
    h.end->status = HealthStatus::Caution;
    h.end->reason = QStringLiteral("1 reallocated sector");
    const QJsonValue json = runHealthJson(h);
    ASSERT_TRUE(json.isObject());
    EXPECT_EQ(json[QLatin1String("start")][QLatin1String("status")].toString(), QStringLiteral("good"));
    EXPECT_EQ(json[QLatin1String("end")][QLatin1String("status")].toString(), QStringLiteral("caution"));
    EXPECT_DOUBLE_EQ(json[QLatin1String("hottest_c")].toDouble(), 49);
    const RunHealth back = runHealthFromJson(json);
    EXPECT_EQ(back.device, h.device);
    EXPECT_EQ(back.model, h.model);
    EXPECT_EQ(back.start, h.start);
    EXPECT_EQ(back.end, h.end);
    EXPECT_EQ(back.warningTemperatureC, h.warningTemperatureC);
    EXPECT_EQ(back.temperatures, h.temperatures);
}

TEST(RunHealth, NothingReadIsNullAndReadsBackAsNothing)
{
    EXPECT_TRUE(runHealthJson(RunHealth {}).isNull());
    EXPECT_FALSE(runHealthFromJson(QJsonValue()).known());
    // A report from before health was recorded has no "health" at all.
    EXPECT_FALSE(runHealthFromJson(QJsonValue(QJsonValue::Undefined)).known());
}

TEST(RunHealth, TheReportLineSaysTheStartAndTheEnd)
{
    EXPECT_EQ(healthSummary(warmingRun(38.2, 37.9)), QStringLiteral("Good, 38 °C at the start and the end"))
        << "the same status and the same whole degrees are said once";
    EXPECT_EQ(healthSummary(warmingRun(38, 44, { { 0, 38 }, { 2, 47 }, { 4, 44 } })),
        QStringLiteral("Good, 38 °C at the start; Good, 44 °C at the end (hottest 47 °C)"));
    EXPECT_EQ(healthSummary(warmingRun(38, 44, { { 0, 38 }, { 2, 44 } })),
        QStringLiteral("Good, 38 °C at the start; Good, 44 °C at the end"))
        << "no hottest when the end was the hottest";
    EXPECT_TRUE(healthSummary(RunHealth {}).isEmpty());

    RunHealth worn = warmingRun(40, 40);
    worn.end->status = HealthStatus::Caution;
    worn.end->reason = QStringLiteral("12 pending sectors");
    EXPECT_EQ(
        healthSummary(worn), QStringLiteral("Good, 40 °C at the start; Caution, 40 °C at the end: 12 pending sectors"));

    RunHealth vm;
    const HealthMoment unknown { HealthStatus::Unknown,
        QStringLiteral("no SMART data: /dev/vda is a virtual machine's disk: the host's drive has the SMART data"),
        std::nullopt };
    vm.start = vm.end = unknown;
    EXPECT_EQ(healthSummary(vm),
        QStringLiteral("Unknown at the start and the end (no SMART data; diskometer-cli health says why)"));
}

TEST(RunHealth, AHealthThatGotWorseDuringTheRunIsWarned)
{
    RunHealth h = warmingRun(40, 40);
    EXPECT_TRUE(healthWarnings(h).isEmpty());
    h.end->status = HealthStatus::Bad;
    h.end->reason = QStringLiteral("SMART: the drive predicts its failure");
    const QStringList w = healthWarnings(h);
    ASSERT_EQ(w.size(), 1);
    EXPECT_TRUE(w[0].contains(QStringLiteral("from Good to Bad"))) << w[0].toStdString();
    EXPECT_TRUE(w[0].contains(h.end->reason));

    // Unknown then Good (UDisks2 came up during the run) is not a change of health.
    h.start->status = HealthStatus::Unknown;
    h.end->status = HealthStatus::Good;
    EXPECT_TRUE(healthWarnings(h).isEmpty());
}

TEST(RunHealth, ADriveAtItsWarningTemperatureOrMuchWarmerIsWarnedOfThrottling)
{
    RunHealth hot = warmingRun(60, 70, { { 0, 60 }, { 2, 83 }, { 4, 70 } });
    hot.warningTemperatureC = 82;
    QStringList w = healthWarnings(hot);
    ASSERT_EQ(w.size(), 1);
    EXPECT_TRUE(w[0].contains(QStringLiteral("83 °C"))) << w[0].toStdString();
    EXPECT_TRUE(w[0].contains(QStringLiteral("warning temperature (82 °C)"))) << w[0].toStdString();

    hot.start->temperatureC = 70.4;
    hot.temperatures = { { 0, 70.4 }, { 2, 81.4 } };
    EXPECT_TRUE(healthWarnings(hot).isEmpty()) << "below the threshold and 11 °C warmer";

    const RunHealth warmed = warmingRun(35, 45, { { 0, 35 }, { 2, 50 }, { 4, 45 } });
    w = healthWarnings(warmed);
    ASSERT_EQ(w.size(), 1);
    EXPECT_TRUE(w[0].contains(QStringLiteral("from 35 °C to 50 °C"))) << w[0].toStdString();
    EXPECT_TRUE(healthWarnings(warmingRun(35, 49.5)).isEmpty()) << "14.5 °C is under the 15 °C rise";
    RunHealth told = warmed;
    told.warningTemperatureC = 75;
    EXPECT_TRUE(healthWarnings(told).isEmpty()) << "15 °C warmer, far below the drive's own 75 °C";
}

TEST(RunHealth, ATargetOnNoDriveHasNoHealthToRead)
{
    TargetDescription tmpfs;
    tmpfs.device = QStringLiteral("tmpfs");
    EXPECT_FALSE(readTargetHealth(tmpfs, {}).has_value());
    TargetDescription nfs;
    nfs.device = QStringLiteral("server:/export");
    EXPECT_FALSE(readTargetHealth(nfs, {}).has_value());
}

TEST(RunHealth, TheTemperatureAtATimeIsTheLastReadingBefore)
{
    const std::vector<TemperatureSample> t { { 0.1, 40 }, { 2.1, 42 }, { 4.1, 45 } };
    EXPECT_EQ(temperatureAt(t, 0), std::optional<double>(40)) << "before the first: the first";
    EXPECT_EQ(temperatureAt(t, 2.1), std::optional<double>(42));
    EXPECT_EQ(temperatureAt(t, 4.0), std::optional<double>(42));
    EXPECT_EQ(temperatureAt(t, 99), std::optional<double>(45));
    EXPECT_FALSE(temperatureAt({}, 1));
}

TEST(RunHealth, TheSustainedWritesJsonTimelineCarriesTheTemperature)
{
    SustainedReport report;
    report.result.timeline = { { 1, 100 * MiB, 100 }, { 3, 200 * MiB, 50 } };
    report.result.bytesWritten = 200 * MiB;
    report.result.seconds = 3;
    QJsonArray timeline = QJsonDocument::fromJson(formatSustainedJson(report))[QLatin1String("timeline")].toArray();
    ASSERT_EQ(timeline.size(), 2);
    EXPECT_FALSE(timeline[0].toObject().contains(QLatin1String("temperature_c"))) << "no sensor, no field";

    report.header.health = warmingRun(40, 58, { { 0, 40 }, { 2, 55 }, { 4, 58 } });
    const QByteArray json = formatSustainedJson(report);
    timeline = QJsonDocument::fromJson(json)[QLatin1String("timeline")].toArray();
    ASSERT_EQ(timeline.size(), 2);
    EXPECT_DOUBLE_EQ(timeline[0][QLatin1String("temperature_c")].toDouble(), 40);
    EXPECT_DOUBLE_EQ(timeline[1][QLatin1String("temperature_c")].toDouble(), 55);
    const auto back = parseSustainedJson(json);
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(back->header.health.temperatures, report.header.health.temperatures);
}

TEST(RunHealth, TheScansJsonSamplesCarryTheTemperature)
{
    ScanReport report;
    ScanSample first, second;
    first.t = 1;
    second.t = 3;
    second.offset = 100 * MiB;
    report.result.samples = { first, second };
    QJsonArray samples = QJsonDocument::fromJson(formatScanJson(report))[QLatin1String("samples")].toArray();
    ASSERT_EQ(samples.size(), 2);
    EXPECT_FALSE(samples[0].toObject().contains(QLatin1String("temperature_c"))) << "no sensor, no field";
    report.header.health = warmingRun(40, 58, { { 0, 40 }, { 2, 55 }, { 4, 58 } });
    samples = QJsonDocument::fromJson(formatScanJson(report))[QLatin1String("samples")].toArray();
    ASSERT_EQ(samples.size(), 2);
    EXPECT_DOUBLE_EQ(samples[0][QLatin1String("temperature_c")].toDouble(), 40);
    EXPECT_DOUBLE_EQ(samples[1][QLatin1String("temperature_c")].toDouble(), 55);
}

// A grid test's samples are timed from the test's start (t), the readings from the run's: the
// test's startSeconds joins the two clocks, in the JSON and on the chart alike.
TEST(RunHealth, AGridTestsTimelineCarriesTheTemperatureOfItsOwnMoment)
{
    TestResult test;
    test.spec = { *parseRow("SEQ1M-Q8T1"), Direction::Read, 100 };
    test.startSeconds = 1.5;
    test.timeline = { { 0.25, 100, 100, 0 }, { 1.0, 100, 100, 1 }, { 3.0, 100, 100, 1 } };
    EXPECT_TRUE(temperaturesAlong(test, {}).empty()) << "no sensor, no line";
    const std::vector<TemperatureSample> run { { 0, 40 }, { 2, 45 }, { 4, 50 } };
    const std::vector<TemperatureSample> along = temperaturesAlong(test, run);
    ASSERT_EQ(along.size(), 3u);
    // 1.75 s into the run: the reading at 0 s; 2.5 s: the one at 2 s; 4.5 s: the one at 4 s.
    EXPECT_EQ(along[0], (TemperatureSample { 0.25, 40 }));
    EXPECT_EQ(along[1], (TemperatureSample { 1.0, 45 }));
    EXPECT_EQ(along[2], (TemperatureSample { 3.0, 50 }));

    Report report;
    report.run.tests = { test };
    QJsonArray timeline
        = QJsonDocument::fromJson(formatJson(report))[QLatin1String("results")][0][QLatin1String("timeline")].toArray();
    ASSERT_EQ(timeline.size(), 3);
    EXPECT_FALSE(timeline[0].toObject().contains(QLatin1String("temperature_c"))) << "no sensor, no field";
    report.health = warmingRun(40, 50, run);
    const QByteArray json = formatJson(report);
    const QJsonObject result = QJsonDocument::fromJson(json)[QLatin1String("results")][0].toObject();
    EXPECT_DOUBLE_EQ(result[QLatin1String("start_seconds")].toDouble(), 1.5);
    timeline = result[QLatin1String("timeline")].toArray();
    ASSERT_EQ(timeline.size(), 3);
    EXPECT_DOUBLE_EQ(timeline[0][QLatin1String("temperature_c")].toDouble(), 40);
    EXPECT_DOUBLE_EQ(timeline[1][QLatin1String("temperature_c")].toDouble(), 45);
    EXPECT_DOUBLE_EQ(timeline[2][QLatin1String("temperature_c")].toDouble(), 50);
    // Read back, a stored run draws the same line.
    const auto back = parseJson(json);
    ASSERT_TRUE(back) << back.error().message;
    ASSERT_EQ(back->run.tests.size(), 1u);
    EXPECT_EQ(back->run.tests[0].startSeconds, 1.5);
    EXPECT_EQ(temperaturesAlong(back->run.tests[0], back->health.temperatures), along);

    // A report from before start_seconds, with its run's readings: no line, rather than every
    // test drawn against the run's first seconds; and saved again, no temperature_c either.
    QJsonObject root = QJsonDocument::fromJson(json).object();
    QJsonArray results = root[QLatin1String("results")].toArray();
    QJsonObject first = results[0].toObject();
    first.remove(QLatin1String("start_seconds"));
    results[0] = first;
    root[QLatin1String("results")] = results;
    const auto old = parseJson(QJsonDocument(root).toJson());
    ASSERT_TRUE(old) << old.error().message;
    EXPECT_FALSE(old->run.tests[0].startSeconds);
    EXPECT_FALSE(old->health.temperatures.empty());
    EXPECT_TRUE(temperaturesAlong(old->run.tests[0], old->health.temperatures).empty());
    const QJsonObject again = QJsonDocument::fromJson(formatJson(*old))[QLatin1String("results")][0].toObject();
    EXPECT_TRUE(again[QLatin1String("start_seconds")].isNull());
    EXPECT_FALSE(again[QLatin1String("timeline")][0].toObject().contains(QLatin1String("temperature_c")));
}

TEST(RunHealth, ASweepsPointsCarryTheTemperatureInTheMiddleOfTheirTest)
{
    TestResult test;
    test.spec = { *parseRow("RND4K-Q1T1"), Direction::Read, 100 };
    test.startSeconds = 10;
    test.timeline = { { 0.25, 10, 2500, 0 }, { 4.0, 10, 2500, 1 } };
    PassResult pass;
    pass.seconds = 1;
    pass.bytes = 10'000'000;
    pass.ios = 2500;
    test.passes = { pass };
    const SweepMeasurement m = sweepMeasurement(test);
    EXPECT_EQ(m.atSeconds, 12) << "the middle of its 4 s, 10 s into the sweep";

    SweepReport report;
    report.result.points = { { 4096, m, std::nullopt } };
    report.header.health = warmingRun(40, 60, { { 0, 40 }, { 11, 52 }, { 13, 60 } });
    const QByteArray json = formatSweepJson(report);
    const QJsonObject read
        = QJsonDocument::fromJson(json)[QLatin1String("points")][0][QLatin1String("read")].toObject();
    EXPECT_DOUBLE_EQ(read[QLatin1String("at_seconds")].toDouble(), 12);
    EXPECT_DOUBLE_EQ(read[QLatin1String("temperature_c")].toDouble(), 52);
    const auto back = parseSweepJson(json);
    ASSERT_TRUE(back) << back.error().message;
    ASSERT_EQ(back->result.points.size(), 1u);
    ASSERT_TRUE(back->result.points[0].read);
    EXPECT_EQ(back->result.points[0].read->atSeconds, 12);
    // A failed measurement has no temperature, and one without its moment (older files) neither.
    SweepMeasurement failed = m;
    failed.error = "short read";
    SweepMeasurement untimed = m;
    untimed.atSeconds.reset();
    report.result.points = { { 4096, failed, untimed } };
    const QJsonObject point = QJsonDocument::fromJson(formatSweepJson(report))[QLatin1String("points")][0].toObject();
    EXPECT_FALSE(point[QLatin1String("read")].toObject().contains(QLatin1String("temperature_c")));
    EXPECT_FALSE(point[QLatin1String("write")].toObject().contains(QLatin1String("temperature_c")));
    EXPECT_TRUE(point[QLatin1String("write")][QLatin1String("at_seconds")].isNull());
    report.header.health = {};
    EXPECT_FALSE(QJsonDocument::fromJson(formatSweepJson(report))[QLatin1String("points")][0][QLatin1String("read")]
                     .toObject()
                     .contains(QLatin1String("temperature_c")));
}

TEST(TemperatureSampler, ReadsTheSensorWhileItChanges)
{
    FakeSys sys;
    addNvme(sys); // 43.85 °C
    const QString input = QStringLiteral("devices/pci0000:00/0000:00:01.1/0000:01:00.0/nvme/nvme0/hwmon2/temp1_input");
    std::vector<TemperatureSample> seen;
    {
        TemperatureSampler sampler(QStringLiteral("nvme0n1"), sys.root(), std::chrono::milliseconds(20));
        const auto until = [&](double celsius) {
            for (int i = 0; i < 500; ++i) { // 5 s at most
                seen = sampler.samples();
                if (!seen.empty() && seen.back().celsius == celsius)
                    return true;
                std::this_thread::sleep_for(std::chrono::milliseconds(10));
            }
            return false;
        };
        ASSERT_TRUE(until(43.85));
        sys.file(input, "61000");
        ASSERT_TRUE(until(61));
    } // joins the thread
    ASSERT_GE(seen.size(), 2u);
    EXPECT_DOUBLE_EQ(seen.front().celsius, 43.85);
    EXPECT_LT(seen.front().seconds, 0.5) << "the first sample is taken at the start";
    for (size_t i = 1; i < seen.size(); ++i)
        EXPECT_GT(seen[i].seconds, seen[i - 1].seconds);
}

// A page draws the temperature while its test runs: every reading is handed on as it is made,
// the same readings samples() returns afterwards.
TEST(TemperatureSampler, HandsEachReadingToItsListener)
{
    FakeSys sys;
    addNvme(sys); // 43.85 °C
    std::mutex mutex;
    std::vector<TemperatureSample> heard;
    std::vector<TemperatureSample> kept;
    {
        TemperatureSampler sampler(
            QStringLiteral("nvme0n1"), sys.root(), std::chrono::milliseconds(10), [&](const TemperatureSample& s) {
                const std::lock_guard lock(mutex);
                heard.push_back(s);
            });
        for (int i = 0; i < 500 && sampler.samples().size() < 3; ++i)
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        kept = sampler.samples();
    } // joins the thread: nothing is heard after
    ASSERT_GE(kept.size(), 3u);
    ASSERT_GE(heard.size(), kept.size());
    for (size_t i = 0; i < kept.size(); ++i)
        EXPECT_EQ(heard[i], kept[i]);
    EXPECT_DOUBLE_EQ(heard.front().celsius, 43.85);
}

TEST(TemperatureSampler, ADriveWithoutASensorGivesNoSamples)
{
    FakeSys sys;
    sys.virtualDisk(QStringLiteral("loop0"));
    TemperatureSampler sampler(QStringLiteral("loop0"), sys.root(), std::chrono::milliseconds(5));
    std::this_thread::sleep_for(std::chrono::milliseconds(60));
    EXPECT_TRUE(sampler.samples().empty());
}

} // namespace
