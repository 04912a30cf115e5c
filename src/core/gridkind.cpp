// SPDX-License-Identifier: GPL-3.0-or-later
// The grid of tests (CrystalDiskMark's layout) as a test kind: diskometer.result/1.
#include "gridkind.h"

#include "jsonreport.h"
#include "markdownreport.h"
#include "textreport.h"

namespace dm {

namespace {

    struct Figure {
        const char* metric;
        TestRow row;
        Direction direction;
        const char* label;
    };
    const Figure kFigures[] = {
        { "seq1m_q8t1_read_mb_per_s", { Pattern::Sequential, 1 * MiB, 8, 1 }, Direction::Read, "SEQ1M Q8T1 read" },
        { "seq1m_q8t1_write_mb_per_s", { Pattern::Sequential, 1 * MiB, 8, 1 }, Direction::Write, "SEQ1M Q8T1 write" },
        { "rnd4k_q1t1_read_mb_per_s", { Pattern::Random, 4 * KiB, 1, 1 }, Direction::Read, "RND4K Q1T1 read" },
        { "rnd4k_q1t1_write_mb_per_s", { Pattern::Random, 4 * KiB, 1, 1 }, Direction::Write, "RND4K Q1T1 write" },
    };

    double headlineMbPerSec(const TestResult& t) { return t.passes[passStatistics(t.passes).bestIndex].mbPerSec(); }

} // namespace

RunSummary summarizeGrid(const Report& report)
{
    RunSummary s;
    for (const Figure& f : kFigures)
        for (const TestResult& t : report.run.tests)
            if (t.spec.row == f.row && t.spec.direction == f.direction && t.ok()) {
                const double v = headlineMbPerSec(t);
                s.metrics.push_back({ QLatin1String(f.metric), v });
                if (!s.headline && f.direction == Direction::Read && f.row.pattern == Pattern::Sequential)
                    s.headline = Headline { v, QStringLiteral("MB/s"), QLatin1String(f.label) };
                break;
            }
    if (!s.headline)
        if (auto w = s.metric(QLatin1String(kFigures[1].metric)))
            s.headline = Headline { *w, QStringLiteral("MB/s"), QLatin1String(kFigures[1].label) };
    if (!s.headline)
        for (const TestResult& t : report.run.tests)
            if (t.ok()) {
                s.headline = Headline { headlineMbPerSec(t), QStringLiteral("MB/s"),
                    QString::fromStdString(rowName(t.spec.row)) + QLatin1Char(' ')
                        + QString::fromLatin1(directionName(t.spec.direction)) };
                break;
            }
    return s;
}

GridShapedKind::GridShapedKind(QString id, QString schema, QString title, Parse parse)
    : m_id(std::move(id))
    , m_schema(std::move(schema))
    , m_title(std::move(title))
    , m_parse(parse)
{
}

Result<KindReports> GridShapedKind::reports(const QByteArray& json, const QString& comment) const
{
    auto report = m_parse(json);
    if (!report)
        return report.error();
    if (!comment.isEmpty())
        report->comment = comment;
    return KindReports { {}, formatText(*report), formatMarkdown(*report) };
}

Result<RunSummary> GridShapedKind::summarize(const QByteArray& json) const
{
    auto report = m_parse(json);
    if (!report)
        return report.error();
    return summarizeGrid(*report);
}

const TestKind& gridKind()
{
    static const GridShapedKind kind(QStringLiteral("grid"), QString::fromLatin1(kResultSchema),
        kindString(QT_TRANSLATE_NOOP("dm::TestKind", "Benchmark")), parseJson);
    return kind;
}

} // namespace dm
