// SPDX-License-Identifier: GPL-3.0-or-later
// The web page of a comparison: what the window's comparison dialog shows (comparedialog.cpp),
// from the same Comparison and on the same scale (barscale.h).
#include "htmlpage.h"
#include "htmlreport.h"
#include "svgchart.h"

#include <QCoreApplication>

#include <algorithm>

namespace dm {

namespace {

    struct Text {
        Q_DECLARE_TR_FUNCTIONS(dm::HtmlReport)
    };

    QString shortName(const ComparisonRun& run) { return run.shortLabel.isEmpty() ? run.label : run.shortLabel; }

    void writeRuns(HtmlPage& page, const Comparison& c)
    {
        HtmlTable table;
        table.header = { Text::tr("Run"), Text::tr("Date"), Text::tr("Kind"), Text::tr("Drive or target"), Text::tr("Comment") };
        table.textColumns = int(table.header.size());
        for (const ComparisonRun& run : c.runs) {
            const HistoryEntry& e = run.entry;
            table.rows.push_back({ shortName(run), e.created.isValid() ? e.created.toString(QStringLiteral("yyyy-MM-dd HH:mm")) : QString(),
                e.kind, run.label, e.comment });
            table.rowTitles << run.label;
        }
        page.heading(Text::tr("Runs"));
        page.table(table);
    }

    void writeGridBars(HtmlPage& page, const Comparison& c, ComparisonMetric metric, std::optional<BarScale> scale)
    {
        if (c.columns.empty())
            return;
        // The runs that have a figure in the metric (a scan in the comparison has none here).
        std::vector<size_t> runs;
        for (size_t r = 0; r < c.runs.size(); ++r)
            if (std::any_of(c.runs[r].cells.begin(), c.runs[r].cells.end(),
                    [metric](const ComparisonCell& cell) { return cellValue(cell, metric).has_value(); }))
                runs.push_back(r);
        if (runs.empty())
            return;
        BarChart chart { QString(), metricUnit(metric), {}, {}, BarScale::Linear };
        for (size_t r : runs)
            chart.sets.push_back({ shortName(c.runs[r]), c.runs[r].label, int(r) });
        // A row per test and a column per run: a comparison has a dozen tests and a few runs, so
        // this way it stays narrow enough for a phone.
        HtmlTable table;
        table.header << Text::tr("Test");
        for (size_t r : runs)
            table.header << shortName(c.runs[r]) + QStringLiteral(" (") + metricUnit(metric) + QLatin1Char(')');
        std::vector<double> values;
        for (size_t col = 0; col < c.columns.size(); ++col) {
            BarGroup group { c.columns[col].label, {} };
            QStringList row { c.columns[col].label };
            for (size_t r : runs) {
                const ComparisonRun& run = c.runs[r];
                const ComparisonCell cell = col < run.cells.size() ? run.cells[col] : ComparisonCell {};
                const auto v = cellValue(cell, metric);
                group.values.push_back(v);
                if (v)
                    values.push_back(*v);
                row << (v ? chartNumber(*v) : !cell.error.isEmpty() ? Text::tr("failed") : QStringLiteral("-"));
            }
            chart.groups.push_back(std::move(group));
            table.rows.push_back(row);
        }
        chart.scale = scale.value_or(defaultBarScale(values));
        page.heading(Text::tr("Grid of tests"));
        page.markup(barChartHtml(chart));
        page.table(table);
    }

    void writeLineCharts(HtmlPage& page, const Comparison& c)
    {
        for (const ComparisonChart& ch : c.charts) {
            LineChart chart { QString(), kindText(ch.axes.xLabel), kindText(ch.axes.yLabel), ch.axes.xLog2,
                ch.axes.xText, {} };
            HtmlTable table;
            table.header << kindText(ch.axes.xLabel);
            for (const ComparisonLine& l : ch.lines) {
                const ComparisonRun& run = c.runs[l.run];
                const QString name = shortName(run) + QLatin1Char(' ') + kindText(l.series.name);
                chart.lines.push_back({ name, run.label + QLatin1Char(' ') + kindText(l.series.name), l.series.points, int(l.run) });
                table.header << name;
            }
            for (double x : comparisonTableXs(ch)) {
                QStringList row { ch.axes.xText ? ch.axes.xText(x) : chartNumber(x) };
                for (const ComparisonLine& l : ch.lines) {
                    const auto y = seriesValueAt(l.series, x);
                    row << (y ? chartNumber(*y) : QString());
                }
                table.rows.push_back(row);
            }
            page.heading(kindText(ch.axes.title));
            page.markup(lineChartHtml(chart));
            page.table(table);
        }
    }

    void writeKindBars(HtmlPage& page, const Comparison& c, std::optional<BarScale> scale)
    {
        for (const ComparisonBarChart& ch : c.barCharts) {
            BarChart chart { QString(), ch.axes.unit, {}, {}, BarScale::Linear };
            HtmlTable table;
            table.header << Text::tr("Run");
            for (const ComparisonBarRun& r : ch.runs)
                chart.sets.push_back({ shortName(c.runs[r.run]), c.runs[r.run].label, int(r.run) });
            std::vector<double> values;
            for (qsizetype g = 0; g < ch.groups.size(); ++g) {
                BarGroup group { kindText(ch.groups[g]), {} };
                for (const ComparisonBarRun& r : ch.runs) {
                    const auto v = size_t(g) < r.values.size() ? r.values[size_t(g)] : std::nullopt;
                    group.values.push_back(v);
                    if (v)
                        values.push_back(*v);
                }
                chart.groups.push_back(std::move(group));
                table.header << kindText(ch.groups[g]) + QStringLiteral(" (") + ch.axes.unit + QLatin1Char(')');
            }
            chart.scale = scale.value_or(defaultBarScale(values));
            for (const ComparisonBarRun& r : ch.runs) {
                QStringList row { shortName(c.runs[r.run]) };
                for (const auto& v : r.values)
                    row << (v ? chartNumber(*v) : QStringLiteral("-"));
                table.rows.push_back(row);
                table.rowTitles << c.runs[r.run].label;
            }
            page.heading(kindText(ch.axes.title));
            page.markup(barChartHtml(chart));
            page.table(table);
        }
    }

} // namespace

QByteArray formatComparisonHtml(const Comparison& c, ComparisonMetric metric, std::optional<BarScale> scale)
{
    const QString title = Text::tr("Comparison of %n runs", nullptr, int(c.runs.size()));
    HtmlPage page(title, title, QStringLiteral("comparison"), htmlLanguage());
    writeGridBars(page, c, metric, scale);
    writeLineCharts(page, c);
    writeKindBars(page, c, scale);
    QStringList notes;
    for (const ComparisonRun& run : c.runs)
        if (!run.note.isEmpty())
            notes << shortName(run) + QStringLiteral(": ") + run.note;
    page.list(QStringLiteral("notes"), Text::tr("Notes"), notes);
    writeRuns(page, c);
    page.paragraph(Text::tr("Made by Diskometer from its history (diskometer-cli history compare)."), QStringLiteral("muted"));
    return page.finish();
}

} // namespace dm
