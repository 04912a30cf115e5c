// SPDX-License-Identifier: GPL-3.0-or-later
// The capacity check's reports (diskometer.capacity/1): the JSON read back field for field, the
// verdict in plain words for a probe and a fill, the CSV row, and documents that are refused.
#include "capacityreport.h"
#include "fakekindreports.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <gtest/gtest.h>

using namespace dm;
using namespace dm::test;

TEST(CapacityReport, JsonReadsBackAsItWasWritten)
{
    const CapacityReport in = fakeCapacityReport();
    const QByteArray json = formatCapacityJson(in);
    auto back = parseCapacityJson(json);
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(formatCapacityJson(*back), json);
    const CapacityResult& r = back->result;
    EXPECT_EQ(r.mode, CapacityMode::Probe);
    EXPECT_EQ(r.wrapBytes, in.result.wrapBytes);
    EXPECT_EQ(r.lostRanges, in.result.lostRanges);
    EXPECT_EQ(r.blocks, in.result.blocks);
    EXPECT_EQ(r.request.seed, 0xfedcba9876543210ULL);
    const QJsonObject s = QJsonDocument::fromJson(json).object()["summary"].toObject();
    EXPECT_EQ(s["verdict"].toString(), "fake");
    EXPECT_EQ(s["announced_bytes"].toInteger(), 64'000'000'000LL);
    EXPECT_EQ(s["first_lost_offset"].toInteger(), 7'800'000'512LL);
    EXPECT_EQ(s["overwritten"].toInteger(), 12);
    EXPECT_DOUBLE_EQ(s["write_mb_per_s"].toDouble(), 15012.0 * 4096 / 4 / 1e6);
}

TEST(CapacityReport, TheVerdictIsSaidInPlainWords)
{
    CapacityReport rep = fakeCapacityReport();
    EXPECT_EQ(capacityVerdictSentence(rep.result),
        "FAKE: holds 7.8 GB of the 64.0 GB it announces (what is written past 7.8 GB lands on the start again)");
    const QString text = formatCapacityText(rep);
    EXPECT_TRUE(text.contains(QStringLiteral("  Verdict:  FAKE: holds 7.8 GB of the 64.0 GB it announces")))
        << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("  Lost:     56.2 GB from 7.8 GB to 64.0 GB (overwritten)")))
        << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("Restored: 15012 blocks put back as they were\n"))) << text.toStdString();

    CapacityResult fill;
    fill.mode = CapacityMode::Fill;
    fill.announcedBytes = fill.bytesWritten = fill.bytesRead = 2'000'000'000;
    fill.blocks[size_t(BlockClass::Ok)] = fill.bytesRead / 4096;
    fill.verifiedBytes = fill.bytesRead;
    EXPECT_EQ(capacityVerdictSentence(fill), "OK: all 2.0 GB written to its free space came back intact");
    fill.blocks[size_t(BlockClass::Corrupted)] = 256;
    fill.lostBytes = 1'048'576;
    fill.firstLostOffset = 1'500'000'256;
    fill.lostRanges = { { 1'500'000'256, 1'048'576, BlockClass::Corrupted } };
    fill.lostRangeCount = 1;
    EXPECT_EQ(capacityVerdictSentence(fill),
        "DAMAGED: 1.0 MB of the 2.0 GB did not come back intact, the first from offset 1.5 GB");
    fill.blocks[size_t(BlockClass::Overwritten)] = 10;
    fill.verifiedBytes = 500'000'000;
    EXPECT_EQ(capacityVerdictSentence(fill),
        "FAKE: only 500.0 MB of the 2.0 GB written to its free space came back; it holds less than it announces "
        "(later writes overwrote earlier ones)");
    fill.cancelled = true;
    EXPECT_TRUE(capacityVerdictSentence(fill).endsWith(QStringLiteral("(of what was checked before it stopped)")));
    EXPECT_EQ(capacityVerdictSentence(CapacityResult {}),
        "NO VERDICT: the check stopped before anything was read back");
}

TEST(CapacityReport, CsvIsOneSummaryRow)
{
    const QList<QByteArray> lines = formatCapacityCsv(fakeCapacityReport()).trimmed().split('\n');
    ASSERT_EQ(lines.size(), 2);
    EXPECT_EQ(lines[0],
        "mode,announced_bytes,verified_bytes,lost_bytes,first_lost_offset,ok,corrupted,overwritten,missing,"
        "write_mb_per_s,read_mb_per_s,verdict");
    EXPECT_EQ(lines[1], "probe,64000000000,7800000512,56199999488,7800000512,15000,0,12,0,15.372,30.745,fake");
}

TEST(CapacityReport, DocumentsThatAreNotACheckAreRefused)
{
    QJsonObject doc = QJsonDocument::fromJson(formatCapacityJson(fakeCapacityReport())).object();
    const auto refused = [](const QJsonObject& o, const char* needle) {
        auto r = parseCapacityJson(QJsonDocument(o).toJson());
        ASSERT_FALSE(r);
        EXPECT_NE(r.error().message.find(needle), std::string::npos) << r.error().message;
    };
    QJsonObject noSummary = doc;
    noSummary.remove(QStringLiteral("summary"));
    refused(noSummary, "summary");
    QJsonObject badMode = doc;
    QJsonObject settings = badMode["settings"].toObject();
    settings["mode"] = QStringLiteral("guess");
    badMode["settings"] = settings;
    refused(badMode, "mode");
    QJsonObject badRange = doc;
    badRange["lost_ranges"] = QJsonArray { QJsonObject { { "offset", 0 }, { "bytes", 4096 }, { "class", "ok" } } };
    refused(badRange, "class");
    QJsonObject tooMuch = doc;
    QJsonObject s = tooMuch["summary"].toObject();
    s["verified_bytes"] = qint64(65'000'000'000LL);
    tooMuch["summary"] = s;
    refused(tooMuch, "more bytes than it announces");
    QJsonObject other = doc;
    other["schema"] = QStringLiteral("diskometer.scan/1");
    refused(other, "diskometer.capacity/1");
}
