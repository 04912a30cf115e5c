// SPDX-License-Identifier: GPL-3.0-or-later
#include "gridarguments.h"

namespace dm {

namespace {

    // Seconds as typed: "1", "0.5", "2.25" (17 digits would print 0.1 as 0.10000000000000001).
    QString seconds(double s) { return QString::number(s, 'g', 12); }

    // The rows of the tests in grid order, each once: expandTests' inverse.
    std::vector<TestRow> rowsOf(const std::vector<TestSpec>& tests)
    {
        std::vector<TestRow> rows;
        for (const TestSpec& t : tests)
            if (std::find(rows.begin(), rows.end(), t.row) == rows.end())
                rows.push_back(t.row);
        return rows;
    }

    QString rowWord(const TestRow& row)
    {
        // "SEQ1M Q8T1" as parseRow takes it in one word: "SEQ1M-Q8T1".
        return QString::fromStdString(rowName(row)).replace(QLatin1Char(' '), QLatin1Char('-'));
    }

} // namespace

QStringList gridCliArguments(const RemoteRequest& g)
{
    QStringList a;
    const bool profileRowsOnly = g.profile != Profile::Custom
        && g.tests == expandTests(profileRows(g.profile, g.preset), g.mode, g.mixReadPercent);
    if (profileRowsOnly) {
        a << QStringLiteral("--profile") << QString::fromLatin1(profileName(g.profile));
        a << QStringLiteral("--preset") << QString::fromLatin1(presetName(g.preset));
    } else {
        QStringList rows;
        for (const TestRow& r : rowsOf(g.tests))
            rows << rowWord(r);
        a << QStringLiteral("--tests") << rows.join(QLatin1Char(','));
    }
    a << QStringLiteral("--mode") << QString::fromLatin1(modeName(g.mode));
    if (g.mixReadPercent)
        a << QStringLiteral("--mix") << QString::number(*g.mixReadPercent);
    const RunSettings& s = g.settings;
    a << QStringLiteral("--count") << QString::number(s.count);
    a << QStringLiteral("--measure") << seconds(s.measureSeconds);
    a << QStringLiteral("--interval") << seconds(s.intervalSeconds);
    a << QStringLiteral("--warmup") << seconds(s.warmupSeconds);
    // In bytes when not whole KiB: sizeLabel() would say "…B", which --size does not take.
    a << QStringLiteral("--size")
      << (s.testSize % KiB ? QString::number(s.testSize) : QString::fromStdString(sizeLabel(s.testSize)));
    a << QStringLiteral("--data") << (s.data == DataFill::Zeros ? QStringLiteral("zeros") : QStringLiteral("random"));
    if (s.seed != 0)
        a << QStringLiteral("--seed") << QString::number(s.seed);
    if (!g.comment.isEmpty())
        a << QStringLiteral("--comment") << g.comment;
    return a;
}

} // namespace dm
