// SPDX-License-Identifier: GPL-3.0-or-later
// The copy test's reports and kind (src/kinds/copy): the JSON read back as written, the kind's
// reports with the history's comment, its summary when a set failed, and the comparison's bars
// per set, a bar per run.
#include "comparison.h"
#include "fakecopyreport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <gtest/gtest.h>

using namespace dm;
using namespace dm::test;

TEST(CopyReport, JsonReadsBackAsWritten)
{
    const CopyReport in = fakeCopyReport();
    const QByteArray json = formatCopyJson(in);
    const QJsonObject root = QJsonDocument::fromJson(json).object();
    EXPECT_EQ(root.value(QLatin1String("schema")).toString(), "diskometer.copy/1");
    const QJsonArray sets = root.value(QLatin1String("sets")).toArray();
    ASSERT_EQ(sets.size(), 3);
    const QJsonObject program = sets.at(1).toObject();
    EXPECT_EQ(program.value(QLatin1String("set")).toString(), "program");
    EXPECT_DOUBLE_EQ(program.value(QLatin1String("mb_per_s")).toDouble(), 210.916179 / 2.5);
    EXPECT_EQ(program.value(QLatin1String("files")).toInt(), 839);
    EXPECT_EQ(program.value(QLatin1String("folders")).toInt(), 119);
    EXPECT_TRUE(sets.at(2).toObject().value(QLatin1String("mb_per_s")).isNull()); // not copied
    EXPECT_TRUE(root.value(QLatin1String("summary")).toObject().value(QLatin1String("total_mb_per_s")).isNull());
    EXPECT_TRUE(root.value(QLatin1String("filesystem")).toObject().value(QLatin1String("clone_capable")).toBool());

    auto back = parseCopyJson(json);
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(formatCopyJson(*back), json);
    EXPECT_EQ(back->result.request.seed, 0xfedcba9876543210ULL);
    ASSERT_EQ(back->result.sets.size(), 3u);
    EXPECT_EQ(back->result.sets[0].kind, CopySetKind::Iso);
    EXPECT_FALSE(back->result.sets[2].done);
    EXPECT_EQ(back->result.error, in.result.error);

    // Another kind's document, and a set with an unknown name, are refused with what is wrong.
    auto wrong = parseCopyJson(formatCapacityJson(fakeCapacityReport()));
    ASSERT_FALSE(wrong);
    EXPECT_NE(wrong.error().message.find("diskometer.copy/1"), std::string::npos) << wrong.error().message;
    QByteArray renamed = json;
    renamed.replace("\"set\": \"game\"", "\"set\": \"music\"");
    auto unknown = parseCopyJson(renamed);
    ASSERT_FALSE(unknown);
    EXPECT_NE(unknown.error().message.find("neither"), std::string::npos) << unknown.error().message;
}

TEST(CopyReport, TextSaysHowItCopiedAndWhatACloneWouldDo)
{
    const QString text = formatCopyText(fakeCopyReport());
    EXPECT_TRUE(text.contains(QStringLiteral("ISO:      2 files in 1 folder, 479.3 MB: 383.5 MB/s")))
        << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("Game:     119 files in 32 folders, 383.5 MB: not copied")));
    EXPECT_TRUE(text.contains(QStringLiteral("syncfs")));
    EXPECT_TRUE(text.contains(QStringLiteral("btrfs can clone files")));
    EXPECT_TRUE(text.contains(QStringLiteral("Stopped by an error: copying the Game set failed after 40 of 119")));
    CopyReport ext4 = fakeCopyReport(true);
    ext4.result.cloneCapable = false;
    ext4.result.filesystem = "ext4";
    const QString plain = formatCopyText(ext4);
    EXPECT_FALSE(plain.contains(QStringLiteral("clone")));
    EXPECT_TRUE(plain.contains(QStringLiteral("All:      204.5 MB/s"))) << plain.toStdString();
}

TEST(CopyKind, ReportsSummaryAndComparisonBars)
{
    const TestKind* kind = kindById(QStringLiteral("copy"));
    ASSERT_NE(kind, nullptr);
    const QByteArray json = formatCopyJson(fakeCopyReport());
    auto reports = kind->reports(json, QStringLiteral("edited in the history"));
    ASSERT_TRUE(reports) << reports.error().message;
    EXPECT_TRUE(reports->text.startsWith(QStringLiteral("Copy test of /mnt/ssd/bench")));
    EXPECT_TRUE(reports->text.contains(QStringLiteral("Comment: edited in the history")));
    EXPECT_TRUE(reports->csv.startsWith("set,files,folders,bytes,seconds,sync_seconds,mb_per_s\niso,2,1,"));
    EXPECT_TRUE(reports->markdown.startsWith(QStringLiteral("## Copy test: ")));

    // A set failed: no headline (the three together are not known), the copied sets' metrics.
    auto partial = kind->summarize(json);
    ASSERT_TRUE(partial);
    EXPECT_FALSE(partial->headline);
    EXPECT_NEAR(*partial->metric(QStringLiteral("iso_mb_per_s")), 479.349028 / 1.25, 1e-9);
    EXPECT_FALSE(partial->metric(QStringLiteral("game_mb_per_s")));

    // Two runs compared: a line each, the sets as x, named in the table.
    CopyReport faster = fakeCopyReport(true);
    for (CopySetResult& s : faster.result.sets)
        s.seconds /= 2;
    HistoryRecord a, b;
    a.entry.id = 1;
    a.entry.schema = QString::fromLatin1(kCopySchema);
    a.entry.name = QStringLiteral("a");
    a.json = formatCopyJson(fakeCopyReport(true));
    b = a;
    b.entry.id = 2;
    b.entry.name = QStringLiteral("b");
    b.json = formatCopyJson(faster);
    const Comparison c = buildComparison({ a, b });
    EXPECT_TRUE(c.charts.empty()); // no line: the sets are not points of a curve
    ASSERT_EQ(c.barCharts.size(), 1u);
    const ComparisonBarChart& chart = c.barCharts[0];
    EXPECT_EQ(chart.kind, "copy");
    EXPECT_EQ(chart.groups, (QStringList { "ISO", "Program", "Game" }));
    ASSERT_EQ(chart.runs.size(), 2u);
    EXPECT_EQ(chart.runs[1].run, 1u);
    ASSERT_EQ(chart.runs[1].values.size(), 3u);
    EXPECT_DOUBLE_EQ(*chart.runs[1].values[1] / *chart.runs[0].values[1], 2.0);
    EXPECT_EQ(c.runs[0].note, QStringLiteral("Copy test: compared in its bars"));
    const QString md = formatComparisonMarkdown(c);
    EXPECT_TRUE(md.contains(QStringLiteral("### Copy test: MB/s\n\n| Run | ISO MB/s | Program MB/s | Game MB/s |")))
        << md.toStdString();
    // A run whose Game set failed has no Game bar; its others stand.
    HistoryRecord cut = a;
    cut.entry.id = 3;
    cut.json = formatCopyJson(fakeCopyReport());
    const Comparison p = buildComparison({ cut, b });
    ASSERT_EQ(p.barCharts.size(), 1u);
    EXPECT_FALSE(p.barCharts[0].runs[0].values[2]);
    EXPECT_TRUE(p.barCharts[0].runs[1].values[2]);
}
