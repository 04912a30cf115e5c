// SPDX-License-Identifier: GPL-3.0-or-later
// The grid's part of the web page: CrystalDiskMark's tiles (a row per test, a column per
// direction, the figures formatted as the window's tiles format them: tileformat.h), each test's
// MB/s over its time, and every figure in a table.
#include "htmlpage.h"
#include "htmlreport.h"
#include "svgchart.h"
#include "tileformat.h"

#include <QCoreApplication>

#include <algorithm>

namespace dm {

namespace {

    struct Text {
        Q_DECLARE_TR_FUNCTIONS(dm::HtmlReport)
    };

    QString directionText(Direction d)
    {
        switch (d) {
        case Direction::Read:
            return Text::tr("Read");
        case Direction::Write:
            return Text::tr("Write");
        case Direction::Mix:
            break;
        }
        return Text::tr("Mix");
    }

    std::vector<TestRow> rowsInOrder(const Report& report)
    {
        std::vector<TestRow> rows;
        for (const TestResult& t : report.run.tests)
            if (std::find(rows.begin(), rows.end(), t.spec.row) == rows.end())
                rows.push_back(t.spec.row);
        return rows;
    }

    std::vector<Direction> directionsInOrder(const Report& report)
    {
        std::vector<Direction> out;
        for (Direction d : { Direction::Read, Direction::Write, Direction::Mix })
            if (std::any_of(report.run.tests.begin(), report.run.tests.end(),
                    [d](const TestResult& t) { return t.spec.direction == d; }))
                out.push_back(d);
        return out;
    }

    const TestResult* find(const Report& report, const TestRow& row, Direction d)
    {
        for (const TestResult& t : report.run.tests)
            if (t.spec.row == row && t.spec.direction == d)
                return &t;
        return nullptr;
    }

    QString testName(const TestResult& t)
    {
        return QString::fromStdString(rowName(t.spec.row)) + QLatin1Char(' ') + directionText(t.spec.direction);
    }

} // namespace

QString gridTilesHtml(const Report& report)
{
    const std::vector<Direction> directions = directionsInOrder(report);
    QString html = QStringLiteral("<div class=\"tiles%1\" role=\"table\" aria-label=\"%2\">\n")
                       .arg(directions.size() > 2 ? QStringLiteral(" three") : QString(), htmlEscape(Text::tr("Results")));
    html += QStringLiteral("<div role=\"row\" style=\"display:contents\"><span></span>");
    for (Direction d : directions) {
        // "Mix 70%" as the window's column says it: the share of reads is what the figure means.
        QString name = directionText(d);
        if (d == Direction::Mix && report.mixReadPercent)
            name += QStringLiteral(" %1%").arg(*report.mixReadPercent);
        html += QStringLiteral("<span class=\"colhead\" role=\"columnheader\">%1 [MB/s]</span>").arg(htmlEscape(name));
    }
    html += QStringLiteral("</div>\n");
    for (const TestRow& row : rowsInOrder(report)) {
        // "SEQ1M Q8T1" as CrystalDiskMark writes it: the test, and its queue and threads below.
        const QString name = QString::fromStdString(rowName(row));
        const qsizetype space = name.indexOf(QLatin1Char(' '));
        html += QStringLiteral("<div role=\"row\" style=\"display:contents\"><span class=\"rowhead\" role=\"rowheader\">%1<small>%2</small></span>")
                    .arg(htmlEscape(space > 0 ? name.left(space) : name), htmlEscape(space > 0 ? name.mid(space + 1) : QString()));
        for (Direction d : directions) {
            const TestResult* t = find(report, row, d);
            const QString attrs = QStringLiteral(" data-test=\"%1\" data-direction=\"%2\" role=\"cell\"")
                                      .arg(htmlEscape(name), QString::fromLatin1(directionName(d)));
            if (!t) {
                html += QStringLiteral("<div class=\"tile empty\"%1><span class=\"value\">-</span></div>").arg(attrs);
            } else if (!t->ok()) {
                const QString why = t->error ? QString::fromStdString(*t->error) : Text::tr("no pass finished");
                html += QStringLiteral("<div class=\"tile failed\"%1 title=\"%2\"><span class=\"value\">%3</span></div>")
                            .arg(attrs, htmlEscape(why), htmlEscape(Text::tr("failed")));
            } else {
                // No-break spaces: on a phone the line wraps between the figures, never before a unit.
                const QString more = QStringLiteral("%1\u00a0IOPS · %2\u00a0µs")
                                         .arg(formatTileNumber(tileValue(*t, Unit::Iops), Unit::Iops),
                                             formatTileNumber(tileValue(*t, Unit::Microseconds), Unit::Microseconds));
                html += QStringLiteral("<div class=\"tile\"%1 title=\"%2\"><span class=\"value\">%3</span>"
                                       "<span class=\"unit\">MB/s</span><span class=\"more\">%4</span>"
                                       "<span class=\"meter\" style=\"width:%5%\"></span></div>")
                            .arg(attrs, htmlEscape(tileTooltip(*t)), htmlEscape(formatTileValue(*t, Unit::MBps)),
                                htmlEscape(more), QString::number(100.0 * tileBarFraction(*t, Unit::MBps), 'f', 1));
            }
        }
        html += QStringLiteral("</div>\n");
    }
    return html + QStringLiteral("</div>\n");
}

QString gridTimelinesHtml(const Report& report)
{
    QString html;
    for (const TestResult& t : report.run.tests) {
        if (t.timeline.empty())
            continue;
        LineChart chart { testName(t), Text::tr("Seconds"), QStringLiteral("MB/s"), false, nullptr, {} };
        ChartLine line { testName(t), {}, {}, t.spec.direction == Direction::Write ? 1 : 0 };
        for (const LiveSample& s : t.timeline)
            line.points.push_back({ s.t, s.mbPerSec });
        chart.lines.push_back(std::move(line));
        html += lineChartHtml(chart);
    }
    if (html.isEmpty())
        return {};
    return QStringLiteral("<div class=\"timelines\">\n") + html + QStringLiteral("</div>\n");
}

HtmlTable gridFiguresTable(const Report& report)
{
    HtmlTable table;
    table.caption = Text::tr("Every test's best pass");
    table.header = { Text::tr("Test"), QStringLiteral("MB/s"), QStringLiteral("IOPS"), Text::tr("Mean µs"), Text::tr("p99 µs"), Text::tr("Passes") };
    for (const TestResult& t : report.run.tests) {
        if (!t.ok()) {
            table.rows.push_back({ testName(t), Text::tr("failed"), QString(), QString(), QString(), QString() });
            continue;
        }
        const PassResult& best = t.passes[passStatistics(t.passes).bestIndex];
        table.rows.push_back({ testName(t), formatTileNumber(best.mbPerSec(), Unit::MBps),
            formatTileNumber(best.iops(), Unit::Iops), formatTileNumber(best.latency.meanNs / 1000, Unit::Microseconds),
            formatTileNumber(best.latency.p99Ns / 1000, Unit::Microseconds), QString::number(t.passes.size()) });
    }
    return table;
}

} // namespace dm
