// SPDX-License-Identifier: GPL-3.0-or-later
// The small-file test's reports (diskometer.files/1): the JSON read back gives the same reports,
// its fields as scripts read them, the text and CSV lines per phase, tmpfs said in the text, and
// documents that are not ours refused with the reason.
#include "comparison.h"
#include "fakekindreports.h"
#include "filesreport.h"
#include "historyentry.h"
#include "testkind.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <gtest/gtest.h>

using namespace dm;
using namespace dm::test;

TEST(FilesReport, JsonReadsBackToTheSameReports)
{
    const FilesReport in = fakeFilesReport();
    const QByteArray json = formatFilesJson(in);
    auto back = parseFilesJson(json);
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(formatFilesJson(*back), json);
    EXPECT_EQ(formatFilesText(*back), formatFilesText(in));
    EXPECT_EQ(formatFilesCsv(*back), formatFilesCsv(in));
    EXPECT_EQ(back->result.request.seed, 0xfedcba9876543210ULL);
    EXPECT_EQ(back->result.phase(FilesPhaseId::Read).latency, in.result.phase(FilesPhaseId::Read).latency);
    EXPECT_FALSE(back->result.phase(FilesPhaseId::Delete).ran);
}

TEST(FilesReport, JsonFieldsAsScriptsReadThem)
{
    const QJsonObject root = QJsonDocument::fromJson(formatFilesJson(fakeFilesReport())).object();
    EXPECT_EQ(root.value(QLatin1String("schema")).toString(), QLatin1String("diskometer.files/1"));
    EXPECT_EQ(root.value(QLatin1String("cache_drop")).toString(), QLatin1String("fadvise"));
    EXPECT_EQ(root.value(QLatin1String("settings")).toObject().value(QLatin1String("sync")).toString(),
        QLatin1String("end"));
    const QJsonArray phases = root.value(QLatin1String("phases")).toArray();
    ASSERT_EQ(phases.size(), 3); // delete never ran
    const QJsonObject create = phases[0].toObject();
    EXPECT_EQ(create.value(QLatin1String("phase")).toString(), QLatin1String("create"));
    EXPECT_DOUBLE_EQ(create.value(QLatin1String("files_per_second")).toDouble(), 2000);
    EXPECT_EQ(create.value(QLatin1String("bytes")).toInteger(), 4096000);
    EXPECT_DOUBLE_EQ(create.value(QLatin1String("latency_us")).toObject().value(QLatin1String("p99_9")).toDouble(),
        4000.5);
    EXPECT_FALSE(phases[2].toObject().value(QLatin1String("complete")).toBool());
    EXPECT_TRUE(root.value(QLatin1String("error")).toString().startsWith(QLatin1String("the read phase stopped")));
}

TEST(FilesReport, TextAndCsvHaveALinePerPhase)
{
    FilesReport r = fakeFilesReport();
    const QString text = formatFilesText(r);
    EXPECT_TRUE(text.contains(QStringLiteral("  Files:    1000 of 4 KiB in 16 folders\n"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("  create         2,000"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("(stopped)"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("POSIX_FADV_DONTNEED")));
    EXPECT_TRUE(text.contains(QStringLiteral("Stopped by an error: the read phase stopped after 400")));
    const QStringList rows = QString::fromUtf8(formatFilesCsv(r)).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    ASSERT_EQ(rows.size(), 4);
    EXPECT_TRUE(rows[3].startsWith(QStringLiteral("read,400,false,0.200000,2000.0,1638400,"))) << rows[3].toStdString();
    r.result.cacheDrop = FilesCacheDrop::None;
    EXPECT_TRUE(formatFilesText(r).contains(QStringLiteral("nothing could be dropped")));
}

TEST(FilesReport, RefusesDocumentsThatAreNotOurs)
{
    const QByteArray good = formatFilesJson(fakeFilesReport());
    const auto refusedWith = [&](const QByteArray& from, const QByteArray& to, const char* says) {
        QByteArray bad = good;
        bad.replace(from, to);
        ASSERT_NE(bad, good) << from.toStdString();
        auto r = parseFilesJson(bad);
        ASSERT_FALSE(r) << from.toStdString();
        EXPECT_NE(r.error().message.find(says), std::string::npos) << r.error().message;
    };
    refusedWith("\"sync\": \"end\"", "\"sync\": \"always\"", "settings.sync");
    refusedWith("\"phase\": \"stat\"", "\"phase\": \"create\"", "listed twice");
    refusedWith("\"phase\": \"stat\"", "\"phase\": \"copy\"", "not create, stat, read or delete");
    refusedWith("\"cache_drop\": \"fadvise\"", "\"cache_drop\": \"direct\"", "cache_drop");
    refusedWith("diskometer.files/1", "diskometer.files/2", "diskometer.files/1");
}

// `history show --text` and the Markdown come from the kind's reports().
TEST(FilesReport, KindReportsAreTheFormatters)
{
    const FilesReport r = fakeFilesReport();
    auto reports = kindById(QStringLiteral("files"))->reports(formatFilesJson(r), {});
    ASSERT_TRUE(reports) << reports.error().message;
    EXPECT_EQ(reports->text, formatFilesText(r));
    EXPECT_EQ(reports->csv, formatFilesCsv(r));
    EXPECT_TRUE(reports->markdown.startsWith(QStringLiteral("## Small files: "))) << reports->markdown.toStdString();
}

// Runs compare as bars per phase, in files a second: a phase that did not run (the delete, after
// the read's error) has no bar, and a run twice as fast has bars twice as high.
TEST(FilesReport, RunsCompareAsBarsPerPhase)
{
    FilesReport faster = fakeFilesReport();
    for (FilesPhaseResult& ph : faster.result.phases)
        ph.seconds /= 2;
    HistoryRecord a;
    a.entry.id = 1;
    a.entry.schema = QString::fromLatin1(kFilesSchema);
    a.entry.name = QStringLiteral("a");
    a.json = formatFilesJson(fakeFilesReport());
    HistoryRecord b = a;
    b.entry.id = 2;
    b.entry.name = QStringLiteral("b");
    b.json = formatFilesJson(faster);
    const Comparison c = buildComparison({ a, b });
    ASSERT_EQ(c.barCharts.size(), 1u);
    const ComparisonBarChart& chart = c.barCharts[0];
    EXPECT_EQ(chart.kind, "files");
    EXPECT_EQ(chart.groups, (QStringList { "Create", "Stat", "Read" }));
    ASSERT_EQ(chart.runs.size(), 2u);
    ASSERT_EQ(chart.runs[0].values.size(), 3u);
    EXPECT_DOUBLE_EQ(*chart.runs[0].values[0], 2000.0); // 1000 files in 0.5 s
    EXPECT_DOUBLE_EQ(*chart.runs[1].values[2] / *chart.runs[0].values[2], 2.0);
}
