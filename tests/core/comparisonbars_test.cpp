// SPDX-License-Identifier: GPL-3.0-or-later
// Bars a kind gives the comparison (TestKind::bars, testkind.h): DocumentKind reads them from a
// kind's own report and hands back a document's error; the comparison's Markdown tables them, a
// row per run and a column per group, a run without a group's figure left blank.
#include "comparison.h"
#include "documentkind.h"
#include "fakekindreports.h"

#include <gtest/gtest.h>

using namespace dm;
using namespace dm::test;

namespace {

// A kind made for this test over the sweep's document: a bar per block size, its read MB/s.
class SweepAsBars final : public DocumentKind<SweepReport> {
public:
    SweepAsBars()
        : DocumentKind(
            { QStringLiteral("bars"), QString::fromLatin1(kSweepSchema), QStringLiteral("Bars"), std::nullopt },
            parseSweepJson, formatSweepText, formatSweepCsv)
    {
    }
    std::optional<BarAxes> barAxes() const override
    {
        return BarAxes { QStringLiteral("Bars"), QStringLiteral("MB/s") };
    }

protected:
    RunSummary summary(const SweepReport&) const override { return {}; }
    std::vector<KindBar> barValues(const SweepReport& r) const override
    {
        std::vector<KindBar> out;
        for (const SweepPoint& p : r.result.points)
            if (p.read)
                out.push_back({ QString::number(p.blockSize / 1024) + QStringLiteral(" KiB"), p.read->mbPerSec });
        return out;
    }
};

} // namespace

TEST(ComparisonBars, AKindReadsItsBarsFromItsDocument)
{
    const SweepAsBars kind;
    auto bars = kind.bars(formatSweepJson(fakeSweepReport()));
    ASSERT_TRUE(bars) << bars.error().message;
    ASSERT_EQ(bars->size(), 3u);
    EXPECT_EQ((*bars)[0], (KindBar { QStringLiteral("4 KiB"), 100.0 }));
    EXPECT_EQ((*bars)[2].name, QStringLiteral("16 KiB"));
    auto wrong = kind.bars(formatScanJson(fakeScanReport()));
    ASSERT_FALSE(wrong);
    EXPECT_NE(wrong.error().message.find(kSweepSchema), std::string::npos) << wrong.error().message;
    // A kind without bars has none, whatever the document.
    EXPECT_FALSE(kindById(QStringLiteral("sweep"))->barAxes());
}

TEST(ComparisonBars, MarkdownTablesEachKindsBarsARowPerRun)
{
    Comparison c;
    for (const char* name : { "stick A", "stick B" }) {
        ComparisonRun run;
        run.entry.id = qint64(c.runs.size() + 1);
        run.label = QString::fromLatin1(name);
        c.runs.push_back(run);
    }
    c.barCharts.push_back({ QStringLiteral("bars"), { QStringLiteral("Bars"), QStringLiteral("MB/s") },
        { QStringLiteral("small"), QStringLiteral("large") },
        { { 0, { 12.34, 456.0 } }, { 1, { std::nullopt, 789.06 } } } });
    const QString md = formatComparisonMarkdown(c);
    EXPECT_TRUE(
        md.contains(QStringLiteral("### Bars: MB/s\n\n| Run | small MB/s | large MB/s |\n| --- | ---: | ---: |\n"
                                   "| stick A | 12.3 | 456.0 |\n| stick B |  | 789.1 |\n")))
        << md.toStdString();
}
