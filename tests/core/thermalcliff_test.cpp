// SPDX-License-Identifier: GPL-3.0-or-later
// A sustained write's cliff told apart from throttling (issue 15, part 3): the same fall of the
// rate (2,000 to 400 MB/s, 10 s in) is the cache running out on a drive that stayed cool, and
// thermal throttling on one that reached its warning temperature or warmed by 15 °C by then.
#include "fakekindreports.h"
#include "thermalcliff.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <gtest/gtest.h>

using namespace dm;
using namespace dm::test;

namespace {

// Readings every 2 s from `start` °C, rising by `perReading` each, until 24 s.
SustainedReport warming(double start, double perReading, std::optional<int> warning = std::nullopt)
{
    SustainedReport report = fakeSustainedReport();
    RunHealth& h = report.header.health;
    h.device = QStringLiteral("/dev/nvme0n1");
    h.start = HealthMoment { HealthStatus::Good, {}, start };
    h.warningTemperatureC = warning;
    for (int i = 0; i <= 12; ++i)
        h.temperatures.push_back({ 2.0 * i, start + perReading * i });
    return report;
}

QJsonObject summaryOf(const SustainedReport& report)
{
    return QJsonDocument::fromJson(formatSustainedJson(report)).object().value(QLatin1String("summary")).toObject();
}

} // namespace

TEST(ThermalCliff, AFallAtTheWarningTemperatureIsThrottling)
{
    // 40 °C, +7 every 2 s: 75 °C at 10 s, where the rate falls; the drive warns at 75 °C.
    const SustainedReport report = warming(40, 7, 75);
    ASSERT_TRUE(report.result.cliff.cacheBytes);
    const auto thermal = thermalCliff(report.result, report.header.health);
    ASSERT_TRUE(thermal);
    EXPECT_TRUE(thermal->atWarning);
    EXPECT_GE(thermal->celsius, 75);
    EXPECT_DOUBLE_EQ(thermal->startCelsius, 40);
    const QString text = formatSustainedText(report);
    EXPECT_TRUE(text.contains(QStringLiteral("thermal throttling"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("(its warning temperature is 75 °C)"))) << text.toStdString();
    EXPECT_FALSE(text.contains(QStringLiteral("runs out after"))) << "not called a cache";
    EXPECT_EQ(summaryOf(report).value(QLatin1String("cliff_cause")).toString(), QStringLiteral("thermal"));
    EXPECT_GE(summaryOf(report).value(QLatin1String("cliff_temperature_c")).toDouble(), 75);
    // Read back, the verdict is made again from the timeline and the readings.
    const auto back = parseSustainedJson(formatSustainedJson(report));
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(formatSustainedText(*back), text);
}

TEST(ThermalCliff, AFifteenDegreeRiseWithoutAWarningTemperatureIsThrottling)
{
    const SustainedReport report = warming(41, 4); // 61 °C at 10 s, 65 °C one reading later
    const auto thermal = thermalCliff(report.result, report.header.health);
    ASSERT_TRUE(thermal);
    EXPECT_FALSE(thermal->atWarning);
    EXPECT_EQ(thermalCliffWhy(*thermal), QStringLiteral("the drive warmed from 41 °C to 65 °C"));
}

TEST(ThermalCliff, ACoolDriveOrNoSensorKeepsItsCacheCliff)
{
    for (const SustainedReport& report : { warming(41, 1, 75), fakeSustainedReport() }) {
        ASSERT_TRUE(report.result.cliff.cacheBytes);
        EXPECT_FALSE(thermalCliff(report.result, report.header.health));
        EXPECT_TRUE(formatSustainedText(report).contains(QStringLiteral("runs out after")));
        EXPECT_EQ(summaryOf(report).value(QLatin1String("cliff_cause")).toString(), QStringLiteral("cache"));
        EXPECT_TRUE(summaryOf(report).value(QLatin1String("cliff_temperature_c")).isNull());
    }
    // A drive that gives its warning temperature (75 °C) and stayed below it: a 20 °C rise while
    // it filled its cache is not throttling.
    const SustainedReport warned = warming(38, 4, 75);
    EXPECT_FALSE(thermalCliff(warned.result, warned.header.health));
    // Heat that came only after the fall did not make it.
    SustainedReport late = warming(40, 0);
    late.header.health.temperatures.push_back({ 20, 90 });
    EXPECT_FALSE(thermalCliff(late.result, late.header.health));
}
