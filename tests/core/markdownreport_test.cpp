// SPDX-License-Identifier: GPL-3.0-or-later
// Checks the Markdown report: the heading with device and date, the settings line, the table header
// (with Mix columns only when mix ran), one row per test row with read and write side by side,
// empty cells for what did not run and "error" for what failed.

#include "fakereport.h"
#include "markdownreport.h"

#include <gtest/gtest.h>

using namespace dm;
using namespace dm::test;

namespace {

QStringList tableRows(const QString& markdown)
{
    QStringList rows;
    for (const QString& line : markdown.split(QLatin1Char('\n'))) {
        if (line.startsWith(QLatin1Char('|')))
            rows << line;
    }
    return rows;
}

} // namespace

TEST(MarkdownReport, HeadingSettingsAndTable)
{
    const QString md = formatMarkdown(fakeReport());
    const QStringList lines = md.split(QLatin1Char('\n'));
    EXPECT_EQ(lines[0], QStringLiteral("## Samsung SSD 980 PRO 1TB (nvme) ext4, 2026/11/29 17:41:08"));
    EXPECT_TRUE(lines[2].contains(QStringLiteral("Profile: Default"))) << lines[2].toStdString();
    EXPECT_TRUE(lines[2].contains(QStringLiteral("1 GiB × 3"))) << lines[2].toStdString();
    EXPECT_TRUE(lines[2].contains(QStringLiteral("random data"))) << lines[2].toStdString();
    EXPECT_TRUE(lines[2].contains(QStringLiteral("direct I/O"))) << lines[2].toStdString();

    const QStringList rows = tableRows(md);
    ASSERT_EQ(rows.size(), 6); // header, alignment, four rows
    EXPECT_EQ(
        rows[0], QStringLiteral("| Test | Read MB/s | Write MB/s | Read IOPS | Write IOPS | Read µs | Write µs |"));
    EXPECT_EQ(rows[1], QStringLiteral("| --- | ---: | ---: | ---: | ---: | ---: | ---: |"));
    EXPECT_EQ(rows[2], QStringLiteral("| SEQ1M Q8T1 | 3552.486 | 2964.340 | 3387.9 | 2827.0 | 2359.08 | 2822.84 |"));
    EXPECT_EQ(rows[3], QStringLiteral("| SEQ1M Q1T1 | 2160.286 | 2187.447 | 2060.2 | 2086.1 | 485.07 | 478.93 |"));
    EXPECT_EQ(rows[4], QStringLiteral("| RND4K Q32T1 | 354.657 | 292.145 | 86586.2 | 71324.5 | 369.52 | 448.51 |"));
    EXPECT_EQ(rows[5], QStringLiteral("| RND4K Q1T1 | 48.779 | 153.028 | 11909.0 | 37360.4 | 83.83 | 26.64 |"));
    EXPECT_TRUE(md.endsWith(QLatin1Char('\n')));
}

TEST(MarkdownReport, MixColumnsOnlyWhenMixRan)
{
    const QStringList rows = tableRows(formatMarkdown(fakeReportWithMix()));
    ASSERT_EQ(rows.size(), 6);
    EXPECT_EQ(rows[0],
        QStringLiteral("| Test | Read MB/s | Write MB/s | Read IOPS | Write IOPS | Read µs | Write µs | Mix MB/s | Mix "
                       "IOPS | Mix µs |"));
    EXPECT_EQ(rows[1].count(QStringLiteral("---")), 10);
    EXPECT_EQ(rows[2],
        QStringLiteral("| SEQ1M Q8T1 | 3552.486 | 2964.340 | 3387.9 | 2827.0 | 2359.08 | 2822.84 | 3001.500 | 2862.5 | "
                       "2793.12 |"));
    EXPECT_FALSE(formatMarkdown(fakeReport()).contains(QStringLiteral("Mix")));
}

TEST(MarkdownReport, EmptyCellsForWhatDidNotRunAndErrorForFailures)
{
    Report r = fakeReport();
    r.mode = Mode::Read;
    r.run.tests.resize(4);
    r.run.tests[2].error = "EIO";
    const QStringList rows = tableRows(formatMarkdown(r));
    ASSERT_EQ(rows.size(), 6);
    EXPECT_EQ(rows[2], QStringLiteral("| SEQ1M Q8T1 | 3552.486 |  | 3387.9 |  | 2359.08 |  |"));
    EXPECT_EQ(rows[4], QStringLiteral("| RND4K Q32T1 | error |  | error |  | error |  |"));
}

TEST(MarkdownReport, RowsFollowTheRunNotAFixedGrid)
{
    Report r = fakeReport();
    const TestRow rnd4kQ32T16 { Pattern::Random, 4 * KiB, 32, 16 };
    r.profile = Profile::Peak;
    r.run.tests = {
        fakeTest({ kSeq1MQ8, Direction::Read, 100 }, 7000.123, 6675.9, 1198.2),
        fakeTest({ rnd4kQ32T16, Direction::Read, 100 }, 2600.5, 634887.2, 805.44),
        fakeTest({ kSeq1MQ8, Direction::Write, 0 }, 5100.5, 4864.2, 1644.1),
    };
    const QStringList rows = tableRows(formatMarkdown(r));
    ASSERT_EQ(rows.size(), 4);
    EXPECT_EQ(rows[2], QStringLiteral("| SEQ1M Q8T1 | 7000.123 | 5100.500 | 6675.9 | 4864.2 | 1198.20 | 1644.10 |"));
    EXPECT_EQ(rows[3], QStringLiteral("| RND4K Q32T16 | 2600.500 |  | 634887.2 |  | 805.44 |  |"));
}

TEST(MarkdownReport, CommentWarningsAndCancel)
{
    Report r = fakeReport();
    EXPECT_FALSE(formatMarkdown(r).contains(QStringLiteral("> ")));
    r.comment = QStringLiteral("USB hub,\nfront port");
    r.run.warnings = { "O_DIRECT is not supported here: buffered I/O was used" };
    r.run.cancelled = true;
    r.run.region.direct = false;
    const QString md = formatMarkdown(r);
    EXPECT_TRUE(md.contains(QStringLiteral("\n> USB hub, front port\n")));
    EXPECT_TRUE(md.contains(QStringLiteral("\n- Warning: O_DIRECT is not supported here: buffered I/O was used\n")));
    EXPECT_TRUE(md.contains(QStringLiteral("\n- Cancelled")));
    EXPECT_TRUE(md.contains(QStringLiteral("buffered I/O,")));
}

TEST(MarkdownReport, HeadingFallsBackToThePath)
{
    Report r = fakeReport();
    r.target = {};
    r.target.path = QStringLiteral("/srv/bench");
    EXPECT_TRUE(formatMarkdown(r).startsWith(QStringLiteral("## /srv/bench, 2026/11/29 17:41:08\n")));
}
