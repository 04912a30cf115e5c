// SPDX-License-Identifier: GPL-3.0-or-later
// The registry of test kinds: every kind found by its schema and id, each kind's reports and
// summary from its document, and the comparison's per-kind charts (sweeps MB/s per block size,
// scans by position, sustained writes by GB written) with their Markdown tables.
#include "comparison.h"
#include "fakecopyreport.h"
#include "fakekindreports.h"
#include "fakereport.h"
#include "jsonreport.h"
#include "testkind.h"

#include <gtest/gtest.h>

#include <set>

using namespace dm;
using namespace dm::test;

namespace {

HistoryRecord record(qint64 id, const QByteArray& json, const QString& schema, const QString& name)
{
    HistoryRecord r;
    r.entry.id = id;
    r.entry.schema = schema;
    r.entry.name = name;
    r.json = json;
    return r;
}

} // namespace

TEST(TestKinds, EveryKindIsFoundBySchemaAndId)
{
    std::set<QString> ids;
    for (const TestKind* k : kinds()) {
        EXPECT_TRUE(ids.insert(k->id()).second) << "two kinds named " << k->id().toStdString();
        EXPECT_EQ(kindById(k->id()), k);
        EXPECT_FALSE(k->title().isEmpty());
    }
    EXPECT_EQ(kindForSchema("diskometer.result/1")->id(), "grid");
    EXPECT_EQ(kindForSchema("diskometer.scan/1")->id(), "scan");
    EXPECT_EQ(kindForSchema("diskometer.sustained/1")->id(), "sustained");
    EXPECT_EQ(kindForSchema("diskometer.sweep/1")->id(), "sweep");
    EXPECT_EQ(kindForSchema("fio-3.33")->id(), "fio");
    EXPECT_EQ(kindForSchema("diskometer.capacity/1")->id(), "capacity");
    EXPECT_EQ(kindForSchema("diskometer.files/1")->id(), "files");
    EXPECT_EQ(kindForSchema("diskometer.copy/1")->id(), "copy");
    EXPECT_EQ(kindForSchema("diskometer.health/1"), nullptr); // a newer kind: unknown, not mistaken
    EXPECT_EQ(kindForSchema("diskometer.scan/2"), nullptr);
}

TEST(TestKinds, ReportsAreTheKindsOwnFormattersWithTheHistoryComment)
{
    const SweepReport sweep = fakeSweepReport();
    auto reports = kindById("sweep")->reports(formatSweepJson(sweep), QStringLiteral("edited in the history"));
    ASSERT_TRUE(reports) << reports.error().message;
    EXPECT_EQ(reports->csv, formatSweepCsv(sweep));
    SweepReport edited = sweep;
    edited.header.comment = QStringLiteral("edited in the history");
    EXPECT_EQ(reports->text, formatSweepText(edited));
    EXPECT_TRUE(reports->markdown.startsWith(QStringLiteral("## Block-size sweep: ")))
        << reports->markdown.toStdString();
    EXPECT_TRUE(reports->markdown.contains(QStringLiteral("> edited in the history\n")));
    EXPECT_TRUE(reports->markdown.contains(reports->text));
    // Another kind's document is refused with the schema it wanted.
    auto wrong = kindById("sweep")->reports(formatScanJson(fakeScanReport()), {});
    ASSERT_FALSE(wrong);
    EXPECT_NE(wrong.error().message.find("diskometer.sweep/1"), std::string::npos) << wrong.error().message;
}

TEST(TestKinds, EveryKindSummarizesItsHeadline)
{
    const struct {
        const char* kind;
        QByteArray json;
        double headline;
        const char* label;
        const char* metric;
        double metricValue;
    } cases[] = {
        { "grid", formatJson(fakeReport()), 3552.486, "SEQ1M Q8T1 read", "rnd4k_q1t1_write_mb_per_s", 153.028 },
        { "scan", formatScanJson(fakeScanReport()), (2000.5 + 1800 + 1600.75) / 3, "average read", "min_mb_per_s",
            1600.75 },
        { "sustained", formatSustainedJson(fakeSustainedReport()), 400, "sustained write", "before_mb_per_s", 2000 },
        { "sweep", formatSweepJson(fakeSweepReport()), 400, "best read (16KiB)", "best_write_block_size_bytes", 4096 },
        { "capacity", formatCapacityJson(fakeCapacityReport()), 7.8000005, "verified (fake)", "announced_bytes",
            64e9 },
        { "files", formatFilesJson(fakeFilesReport()), 2000, "created (4 KiB of 1000, sync end)", "read_files_per_s",
            2000 },
        // The three sets' bytes over their seconds: 1 GiB in 5.25 s.
        { "copy", formatCopyJson(fakeCopyReport(true)), 1073741824 / 5.25 / 1e6, "copy (ISO, Program, Game)",
            "program_mb_per_s", 210.916179 / 2.5 },
    };
    for (const auto& c : cases) {
        auto s = kindById(c.kind)->summarize(c.json);
        ASSERT_TRUE(s) << c.kind << ": " << s.error().message;
        ASSERT_TRUE(s->headline) << c.kind;
        EXPECT_NEAR(s->headline->value, c.headline, 0.001) << c.kind;
        EXPECT_EQ(s->headline->label, c.label);
        ASSERT_TRUE(s->metric(c.metric)) << c.kind << " has no " << c.metric;
        EXPECT_NEAR(*s->metric(c.metric), c.metricValue, 0.001) << c.kind;
    }
    // A sweep whose every point failed has nothing to head the list with.
    SweepReport failed = fakeSweepReport();
    for (SweepPoint& p : failed.result.points)
        for (auto* m : { &p.read, &p.write })
            if (*m)
                (*m)->error = "I/O error";
    auto s = kindById("sweep")->summarize(formatSweepJson(failed));
    ASSERT_TRUE(s);
    EXPECT_FALSE(s->headline);
}

TEST(Comparison, SweepsOverlayMBPerSecondPerBlockSize)
{
    SweepReport faster = fakeSweepReport();
    for (SweepPoint& p : faster.result.points)
        for (auto* m : { &p.read, &p.write })
            if (*m)
                (*m)->mbPerSec *= 2;
    const Comparison c = buildComparison({ record(1, formatSweepJson(fakeSweepReport()), "diskometer.sweep/1", "a"),
        record(2, formatSweepJson(faster), "diskometer.sweep/1", "b"),
        record(3, formatJson(fakeReport()), "diskometer.result/1", "grid") });
    ASSERT_EQ(c.runs.size(), 3u);
    EXPECT_FALSE(c.columns.empty()); // the grid run still has its bars
    ASSERT_EQ(c.charts.size(), 1u);
    const ComparisonChart& chart = c.charts[0];
    EXPECT_EQ(chart.kind, "sweep");
    EXPECT_TRUE(chart.axes.xLog2);
    ASSERT_EQ(chart.lines.size(), 4u); // a and b, read and write each
    EXPECT_EQ(chart.lines[0].run, 0u);
    EXPECT_EQ(chart.lines[2].run, 1u);
    EXPECT_EQ(chart.lines[0].series.name, "read");
    EXPECT_DOUBLE_EQ(chart.lines[2].series.points[2].y / chart.lines[0].series.points[2].y, 2.0);
    EXPECT_EQ(comparisonTableXs(chart), (std::vector<double> { 4, 8, 16 })); // KiB
    const QString md = formatComparisonMarkdown(c);
    EXPECT_TRUE(md.contains(QStringLiteral("### Block-size sweep: MB/s by Block size (KiB)"))) << md.toStdString();
    EXPECT_TRUE(md.contains(QStringLiteral("| 16KiB | 400.0 |  | 800.0 |  |"))) << md.toStdString();
    EXPECT_TRUE(md.contains(QStringLiteral("| 4KiB | 100.0 | 100.0 | 200.0 | 200.0 |"))) << md.toStdString();
}

TEST(Comparison, ScansAndSustainedWritesReadOffTheirLines)
{
    const Comparison c = buildComparison({ record(1, formatScanJson(fakeScanReport()), "diskometer.scan/1", "s"),
        record(2, formatSustainedJson(fakeSustainedReport()), "diskometer.sustained/1", "w") });
    ASSERT_EQ(c.charts.size(), 2u);
    EXPECT_EQ(c.charts[0].kind, "scan"); // in the order of kinds()
    EXPECT_EQ(c.charts[1].kind, "sustained");
    const Series& read = c.charts[0].lines[0].series;
    EXPECT_DOUBLE_EQ(*seriesValueAt(read, 50), 1800);
    EXPECT_DOUBLE_EQ(*seriesValueAt(read, 25), (2000.5 + 1800) / 2);
    EXPECT_FALSE(seriesValueAt(read, 101));
    EXPECT_EQ(c.charts[0].lines[1].series.name, "write-back");
    const ComparisonChart& w = c.charts[1];
    EXPECT_EQ(comparisonTableXs(w).size(), 11u);
    EXPECT_NEAR(comparisonTableXs(w).back(), 26.0, 1e-9); // 40 × 0.5 GB, then 60 × 0.1 GB
    EXPECT_TRUE(c.runs[0].note.contains(QStringLiteral("Surface scan"))) << c.runs[0].note.toStdString();
    const QString md = formatComparisonMarkdown(c);
    EXPECT_TRUE(md.contains(QStringLiteral("### Sustained write: MB/s by GB written"))) << md.toStdString();
    EXPECT_TRUE(md.contains(QStringLiteral("| 0.0 GB |  |"))) << md.toStdString(); // before the first sample
}

TEST(Comparison, AShortWritesStepsReadApart)
{
    SustainedReport shortWrite = fakeSustainedReport();
    shortWrite.result.timeline = { { 0.03, 64ULL << 20, 2065 } }; // 64 MiB: one sample
    const Comparison c
        = buildComparison({ record(1, formatSustainedJson(shortWrite), "diskometer.sustained/1", "w") });
    ASSERT_EQ(c.charts.size(), 1u);
    const QString md = formatComparisonMarkdown(c);
    EXPECT_EQ(md.count(QStringLiteral("| 0.0 GB |")), 1) << md.toStdString(); // only the start
    EXPECT_TRUE(md.contains(QStringLiteral("| 0.0067 GB |"))) << md.toStdString();
    EXPECT_TRUE(md.contains(QStringLiteral("| 0.067 GB | 2065.0 |"))) << md.toStdString();
}

TEST(Comparison, RunsOfOneTargetAreToldApartByCommentOrId)
{
    std::vector<HistoryRecord> records;
    for (const qint64 id : { 4, 7, 9 }) {
        records.push_back(record(id, formatSustainedJson(fakeSustainedReport()), "diskometer.sustained/1", QString()));
        records.back().entry.targetPath = QStringLiteral("/home");
    }
    records[0].entry.comment = QStringLiteral("USB 2.0 port");
    records.push_back(record(11, formatSustainedJson(fakeSustainedReport()), "diskometer.sustained/1", "other"));
    const Comparison c = buildComparison(records);
    ASSERT_EQ(c.runs.size(), 4u);
    EXPECT_EQ(c.runs[0].label, "USB 2.0 port");
    EXPECT_EQ(c.runs[1].label, "/home #7");
    EXPECT_EQ(c.runs[2].label, "/home #9");
    EXPECT_EQ(c.runs[3].label, "other"); // alone: left as it is
    const QString md = formatComparisonMarkdown(c);
    EXPECT_TRUE(md.contains(QStringLiteral("| /home #7 write MB/s |"))) << md.toStdString();
}
