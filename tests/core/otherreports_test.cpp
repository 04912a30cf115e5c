// SPDX-License-Identifier: GPL-3.0-or-later
// The reports of the scan, sustained write and sweep: JSON that reads back to the same values
// (the history stores and reloads them), the shared header blocks, CSV with '.' decimals and one
// row per sample, the text summary, and refusal of another schema.
#include "fakekindreports.h"
#include "jsonreport.h"
#include "scanreport.h"
#include "sustainedreport.h"
#include "sweepreport.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QTimeZone>
#include <gtest/gtest.h>

using namespace dm;

namespace {

ScanReport scanReport() { return dm::test::fakeScanReport(); }
ReportHeader header() { return dm::test::fakeHeader(); }

} // namespace

TEST(ScanReport, JsonRoundTrips)
{
    const ScanReport in = scanReport();
    const QByteArray json = formatScanJson(in);
    const QJsonObject root = QJsonDocument::fromJson(json).object();
    EXPECT_EQ(root["schema"].toString(), "diskometer.scan/1");
    EXPECT_EQ(root["date"].toString(), "2026-11-29T17:41:08+01:00");
    EXPECT_EQ(root["tool"].toObject()["engine"].toString(), "libaio");
    EXPECT_EQ(root["target"].toObject()["region_bytes"].toInteger(), qint64(GiB));
    EXPECT_DOUBLE_EQ(root["summary"].toObject()["min_mb_per_s"].toDouble(), 1600.75);
    EXPECT_DOUBLE_EQ(root["summary"].toObject()["average_access_ms"].toDouble(), 0.1);

    auto back = parseScanJson(json);
    ASSERT_TRUE(back) << back.error().message;
    const ScanResult& r = back->result;
    ASSERT_EQ(r.samples.size(), 3u);
    EXPECT_EQ(r.samples[2].offset, GiB - 10 * MiB);
    EXPECT_DOUBLE_EQ(r.samples[0].readMbPerSec, 2000.5);
    EXPECT_DOUBLE_EQ(*r.samples[0].writeMbPerSec, 1500.25);
    EXPECT_DOUBLE_EQ(r.samples[1].percent, 50);
    ASSERT_EQ(r.access.size(), 2u);
    EXPECT_EQ(r.access[1].offset, 512 * MiB);
    EXPECT_NEAR(r.access[0].latencyNs, 120000, 1e-6);
    EXPECT_EQ(r.request.seed, 0xfedcba9876543210ULL);
    EXPECT_TRUE(r.request.writeBack);
    EXPECT_EQ(r.region.kind, RegionInfo::Kind::BlockDevice);
    EXPECT_EQ(r.warnings, in.result.warnings);
    EXPECT_EQ(back->header.comment, in.header.comment);
    EXPECT_EQ(back->header.date, in.header.date);
    // Written again, the same document.
    EXPECT_EQ(formatScanJson(*back), json);
}

TEST(ScanReport, CsvHasOneRowPerSampleAndDotDecimals)
{
    QLocale::setDefault(QLocale(QLocale::German));
    const QByteArray csv = formatScanCsv(scanReport());
    QLocale::setDefault(QLocale::c());
    const QList<QByteArray> lines = csv.trimmed().split('\n');
    ASSERT_EQ(lines.size(), 1 + 3 + 2);
    EXPECT_EQ(lines[0], "kind,position_bytes,position_percent,read_mb_per_s,write_mb_per_s,access_ms");
    EXPECT_EQ(lines[1], "rate,0,0.000,2000.500,1500.250,");
    EXPECT_EQ(lines[5], "access,536870912,50.000,,,0.0800");
}

TEST(ScanReport, TextSummaryListsMinAverageMaxAndAccessTime)
{
    const QString text = formatScanText(scanReport());
    EXPECT_TRUE(text.contains(QStringLiteral("min 1600.8 / average 1800.4 / max 2000.5 MB/s over 3 samples")))
        << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("Write-back:  average 1400.1 MB/s"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("Access time: average 0.100 ms over 2"))) << text.toStdString();
}

TEST(SustainedReport, JsonRoundTripsAndFindsTheCliffAgain)
{
    SustainedReport in;
    in.header = header();
    SustainedResult& r = in.result;
    r.request.totalBytes = 200 * 250'000'000ULL;
    r.request.seed = 99;
    for (int i = 1; i <= 100; ++i) {
        const double rate = i <= 40 ? 2000 : 400;
        const uint64_t prev = r.timeline.empty() ? 0 : r.timeline.back().bytes;
        r.timeline.push_back({ 0.25 * i, prev + uint64_t(rate * 1e6 * 0.25), rate });
    }
    r.bytesWritten = r.timeline.back().bytes;
    r.seconds = 25;
    r.cliff = findCacheCliff(ratePoints(r.timeline));
    ASSERT_TRUE(r.cliff.cacheBytes);

    const QByteArray json = formatSustainedJson(in);
    const QJsonObject summary = QJsonDocument::fromJson(json).object()["summary"].toObject();
    EXPECT_EQ(summary["cache_bytes"].toInteger(), qint64(40 * 500'000'000LL));
    EXPECT_DOUBLE_EQ(summary["after_mb_per_s"].toDouble(), 400);
    EXPECT_TRUE(summary["cliff_note"].isNull());
    auto back = parseSustainedJson(json);
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(back->result.timeline.size(), 100u);
    EXPECT_EQ(back->result.bytesWritten, r.bytesWritten);
    EXPECT_EQ(back->result.cliff.cacheBytes, r.cliff.cacheBytes);
    EXPECT_EQ(formatSustainedJson(*back), json);

    const QList<QByteArray> csv = formatSustainedCsv(in).trimmed().split('\n');
    ASSERT_EQ(csv.size(), 101);
    EXPECT_EQ(csv[0], "t_seconds,bytes_written,gb_written,mb_per_s");
    EXPECT_EQ(csv[1], "0.250,500000000,0.5000,2000.000");
    const QString text = formatSustainedText(in);
    EXPECT_TRUE(text.contains(QStringLiteral("runs out after about 20.00 GB: 2000.0 MB/s before, 400.0 MB/s after")))
        << text.toStdString();
}

TEST(SweepReport, JsonRoundTripsWithOnePointPerBlockSize)
{
    SweepReport in;
    in.header = header();
    SweepResult& r = in.result;
    r.request.pattern = Pattern::Random;
    r.request.minBlockSize = 4 * KiB;
    r.request.maxBlockSize = 16 * KiB;
    r.request.settings.seed = 12345;
    for (uint32_t bs : sweepBlockSizes(4 * KiB, 16 * KiB)) {
        const SweepMeasurement m { 100.0 * bs / 4096, 25000, 40000, 90000, std::nullopt, std::nullopt, std::nullopt };
        // Built in place, not from `cond ? nullopt : m`: GCC 12 at -O2 warns that the temporary
        // optional's string "may be used uninitialized" (it cannot be; the warning is false).
        SweepPoint& point = r.points.emplace_back();
        point.blockSize = bs;
        point.read = m;
        if (bs != 8 * KiB)
            point.write = m;
    }
    r.points[2].write->error = "write failed at offset 0: I/O error";
    const QByteArray json = formatSweepJson(in);
    EXPECT_EQ(QJsonDocument::fromJson(json).object()["schema"].toString(), "diskometer.sweep/1");
    auto back = parseSweepJson(json);
    ASSERT_TRUE(back) << back.error().message;
    ASSERT_EQ(back->result.points.size(), 3u);
    EXPECT_EQ(back->result.points[1].blockSize, 8 * KiB);
    EXPECT_FALSE(back->result.points[1].write);
    EXPECT_DOUBLE_EQ(back->result.points[2].read->mbPerSec, 400);
    EXPECT_EQ(back->result.points[2].write->error, r.points[2].write->error);
    EXPECT_EQ(back->result.request.pattern, Pattern::Random);
    EXPECT_EQ(formatSweepJson(*back), json);
    EXPECT_EQ(formatSweepCsv(in).split('\n')[1], "4096,100.000,25000.0,100.000,25000.0");
    EXPECT_TRUE(formatSweepText(in).contains(QStringLiteral("16KiB write failed: write failed")))
        << formatSweepText(in).toStdString();
}

TEST(OtherReports, AnotherSchemaIsRefused)
{
    const QByteArray scan = formatScanJson(scanReport());
    auto asSweep = parseSweepJson(scan);
    ASSERT_FALSE(asSweep);
    EXPECT_NE(asSweep.error().message.find("diskometer.sweep/1"), std::string::npos) << asSweep.error().message;
    EXPECT_FALSE(parseJson(scan));
    EXPECT_FALSE(parseScanJson("not json"));
}
