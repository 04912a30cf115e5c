// SPDX-License-Identifier: GPL-3.0-or-later
#include "comparison.h"

#include "historyimport.h"

#include <QStringList>

#include <algorithm>
#include <cmath>

namespace dm {

namespace {

    QString directionLabel(const ComparisonColumn& c)
    {
        switch (c.direction) {
        case Direction::Read:
            return QStringLiteral("Read");
        case Direction::Write:
            return QStringLiteral("Write");
        case Direction::Mix:
            return QStringLiteral("Mix %1%").arg(c.readPercent);
        }
        return {};
    }

    ComparisonColumn columnOf(const TestSpec& spec)
    {
        ComparisonColumn c;
        c.row = spec.row;
        c.direction = spec.direction;
        c.readPercent = spec.direction == Direction::Mix ? spec.readPercent
            : spec.direction == Direction::Read          ? 100
                                                         : 0;
        c.label = QString::fromStdString(rowName(spec.row)) + QLatin1Char(' ') + directionLabel(c);
        return c;
    }

    ComparisonCell cellOf(const TestResult& t)
    {
        ComparisonCell cell;
        if (t.error)
            cell.error = QString::fromStdString(*t.error);
        if (t.passes.empty())
            return cell;
        const PassResult& p = t.passes[passStatistics(t.passes).bestIndex];
        cell.mbPerSec = p.mbPerSec();
        cell.iops = p.iops();
        cell.latencyUs = p.latency.meanNs / 1000.0;
        return cell;
    }

    // Markdown cells come from users and devices: a pipe or line break would break the table.
    QString mdCell(QString text) { return text.simplified().replace(QLatin1Char('|'), QStringLiteral("\\|")); }

    QString csvField(const QString& text)
    {
        if (!text.contains(QLatin1Char(',')) && !text.contains(QLatin1Char('"')) && !text.contains(QLatin1Char('\n'))
            && !text.contains(QLatin1Char('\r')))
            return text;
        return QLatin1Char('"') + QString(text).replace(QLatin1Char('"'), QStringLiteral("\"\"")) + QLatin1Char('"');
    }

    QString number(const std::optional<double>& v, int decimals)
    {
        return v ? QString::number(*v, 'f', decimals) : QString();
    }

    QString dateText(const QDateTime& d)
    {
        return d.isValid() ? d.toString(QStringLiteral("yyyy-MM-dd HH:mm")) : QString();
    }

} // namespace

QString runLabel(const HistoryEntry& e)
{
    QString label = e.name;
    if (label.isEmpty() && !e.deviceModel.isEmpty()) {
        QStringList how;
        if (!e.bus.isEmpty())
            how << e.bus;
        if (!e.link.isEmpty())
            how << e.link;
        label
            = e.deviceModel + (how.isEmpty() ? QString() : QStringLiteral(" (") + how.join(QStringLiteral(", ")) + ')');
    }
    if (label.isEmpty())
        label = e.targetPath;
    if (!e.host.isEmpty() && !label.startsWith(e.host + QLatin1Char(':')))
        label += QStringLiteral(" @ ") + e.host;
    return label;
}

namespace {

    // Runs of one target look alike ("/home"): a legend, a table's columns and its rows must tell
    // them apart. The comment says what a person meant ("USB 2.0 port"), and alone, since the
    // shared path would only push a legend past the chart's width; the id is the last resort.
    void tellRunsApart(std::vector<ComparisonRun>& runs)
    {
        const auto clashes = [&runs](const ComparisonRun& run) {
            return std::count_if(runs.begin(), runs.end(), [&](const ComparisonRun& o) { return o.label == run.label; })
                > 1;
        };
        std::vector<bool> clashing;
        for (const ComparisonRun& run : runs)
            clashing.push_back(clashes(run));
        for (size_t i = 0; i < runs.size(); ++i)
            if (clashing[i] && !runs[i].entry.comment.isEmpty())
                runs[i].label = runs[i].entry.comment;
        // Judged before any changes: the last of three alike clashes with no one once the second
        // has its id.
        for (size_t i = 0; i < runs.size(); ++i)
            clashing[i] = clashes(runs[i]);
        for (size_t i = 0; i < runs.size(); ++i)
            if (clashing[i])
                runs[i].label += QStringLiteral(" #%1").arg(runs[i].entry.id);
    }

    // The legend's and the table's name for each run (issue 30): only what tells these runs
    // apart, the full label being the tooltip's. The name the user gave, else the drive's model
    // (without its bus and link, which are long), else the target, and the host of a remote run;
    // where runs share that, their comment (as tellRunsApart does); where they still look
    // alike, the date: the day where it tells them apart, with the time where two share a day;
    // the id is the last resort.
    void shortenLabels(std::vector<ComparisonRun>& runs)
    {
        std::vector<QString> names;
        for (const ComparisonRun& run : runs) {
            const HistoryEntry& e = run.entry;
            QString name = !e.name.isEmpty() ? e.name : !e.deviceModel.isEmpty() ? e.deviceModel : e.targetPath;
            if (!e.host.isEmpty() && !name.startsWith(e.host + QLatin1Char(':')))
                name += QStringLiteral(" @ ") + e.host;
            names.push_back(name);
        }
        // Each step judges the names as the step before left them: a run is changed only if it
        // shares its name with another.
        const auto alike = [&names](size_t i, auto&& same) {
            for (size_t j = 0; j < names.size(); ++j)
                if (j != i && names[j] == names[i] && same(j))
                    return true;
            return false;
        };
        const auto anyone = [](size_t) { return true; };
        const auto step = [&](auto&& next) {
            std::vector<QString> changed = names;
            for (size_t i = 0; i < names.size(); ++i)
                if (alike(i, anyone))
                    changed[i] = next(i);
            names = std::move(changed);
        };
        step([&](size_t i) { return runs[i].entry.comment.isEmpty() ? names[i] : runs[i].entry.comment.simplified(); });
        const auto day = [&runs](size_t i) {
            const QDateTime& d = runs[i].entry.created;
            return d.isValid() ? d.toString(QStringLiteral("yyyy-MM-dd")) : QString();
        };
        step([&](size_t i) {
            if (day(i).isEmpty())
                return names[i];
            const bool sharesDay = alike(i, [&](size_t j) { return day(j) == day(i); });
            return names[i] + QStringLiteral(" · ") + (sharesDay ? dateText(runs[i].entry.created) : day(i));
        });
        step([&](size_t i) { return names[i] + QStringLiteral(" #%1").arg(runs[i].entry.id); });
        for (size_t i = 0; i < runs.size(); ++i)
            runs[i].shortLabel = names[i];
    }

} // namespace

Comparison buildComparison(const std::vector<HistoryRecord>& records)
{
    Comparison c;
    std::vector<std::optional<Report>> reports;
    for (const HistoryRecord& record : records) {
        ComparisonRun run;
        run.entry = record.entry;
        run.label = runLabel(record.entry);
        const TestKind* kind = kindForSchema(record.entry.schema);
        if (kind && kind->barAxes()) {
            reports.push_back(std::nullopt);
            if (auto bars = kind->bars(record.json)) {
                auto chart = std::find_if(c.barCharts.begin(), c.barCharts.end(),
                    [&](const ComparisonBarChart& ch) { return ch.kind == kind->id(); });
                if (chart == c.barCharts.end())
                    chart = c.barCharts.insert(
                        c.barCharts.end(), ComparisonBarChart { kind->id(), *kind->barAxes(), {}, {} });
                ComparisonBarRun barRun { c.runs.size(), {} };
                for (const KindBar& b : *bars) {
                    qsizetype at = chart->groups.indexOf(b.name);
                    if (at < 0) {
                        chart->groups << b.name;
                        at = chart->groups.size() - 1;
                    }
                    barRun.values.resize(size_t(chart->groups.size()));
                    barRun.values[size_t(at)] = b.value;
                }
                chart->runs.push_back(std::move(barRun));
                run.note = QStringLiteral("%1: compared in its bars").arg(kind->title());
            } else {
                run.note = QString::fromStdString(bars.error().message);
            }
            c.runs.push_back(std::move(run));
            continue;
        }
        if (kind && kind->seriesAxes()) {
            reports.push_back(std::nullopt);
            if (auto lines = kind->series(record.json)) {
                auto chart = std::find_if(
                    c.charts.begin(), c.charts.end(), [&](const ComparisonChart& ch) { return ch.kind == kind->id(); });
                if (chart == c.charts.end())
                    chart = c.charts.insert(c.charts.end(), ComparisonChart { kind->id(), *kind->seriesAxes(), {} });
                for (Series& s : *lines)
                    chart->lines.push_back({ c.runs.size(), std::move(s) });
                run.note = QStringLiteral("%1: compared in its chart").arg(kind->title());
            } else {
                run.note = QString::fromStdString(lines.error().message);
            }
            c.runs.push_back(std::move(run));
            continue;
        }
        auto report = reportFromRecord(record);
        if (report) {
            for (const TestResult& t : report->run.tests) {
                const ComparisonColumn column = columnOf(t.spec);
                if (std::find(c.columns.begin(), c.columns.end(), column) == c.columns.end())
                    c.columns.push_back(column);
            }
            reports.push_back(std::move(*report));
        } else {
            run.note = QString::fromStdString(report.error().message);
            reports.push_back(std::nullopt);
        }
        c.runs.push_back(std::move(run));
    }
    // Grid order: by row as first seen, read before write before mix, so a row's bars stand together.
    std::vector<TestRow> rowOrder;
    for (const ComparisonColumn& col : c.columns)
        if (std::find(rowOrder.begin(), rowOrder.end(), col.row) == rowOrder.end())
            rowOrder.push_back(col.row);
    std::stable_sort(c.columns.begin(), c.columns.end(), [&](const ComparisonColumn& a, const ComparisonColumn& b) {
        const auto ra = std::find(rowOrder.begin(), rowOrder.end(), a.row) - rowOrder.begin();
        const auto rb = std::find(rowOrder.begin(), rowOrder.end(), b.row) - rowOrder.begin();
        if (ra != rb)
            return ra < rb;
        return int(a.direction) < int(b.direction);
    });

    for (size_t i = 0; i < c.runs.size(); ++i) {
        ComparisonRun& run = c.runs[i];
        run.cells.resize(c.columns.size());
        if (!reports[i])
            continue;
        for (const TestResult& t : reports[i]->run.tests) {
            const auto at = std::find(c.columns.begin(), c.columns.end(), columnOf(t.spec)) - c.columns.begin();
            // A test run twice in one run (it should not be): the first one counts, as in the grid.
            if (run.cells[size_t(at)].empty())
                run.cells[size_t(at)] = cellOf(t);
        }
    }
    tellRunsApart(c.runs);
    shortenLabels(c.runs);
    // Charts in the order of kinds(), whatever order the runs came in.
    const auto order = [](const QString& id) {
        return std::find(kinds().begin(), kinds().end(), kindById(id)) - kinds().begin();
    };
    std::stable_sort(c.charts.begin(), c.charts.end(),
        [&](const ComparisonChart& a, const ComparisonChart& b) { return order(a.kind) < order(b.kind); });
    std::stable_sort(c.barCharts.begin(), c.barCharts.end(),
        [&](const ComparisonBarChart& a, const ComparisonBarChart& b) { return order(a.kind) < order(b.kind); });
    for (ComparisonBarChart& chart : c.barCharts) // a group a later run brought: empty for the earlier
        for (ComparisonBarRun& r : chart.runs)
            r.values.resize(size_t(chart.groups.size()));
    return c;
}

std::optional<double> seriesValueAt(const Series& s, double x)
{
    const auto& p = s.points;
    if (p.empty() || x < p.front().x - 1e-9 || x > p.back().x + 1e-9)
        return std::nullopt;
    for (size_t i = 0; i < p.size(); ++i) {
        if (std::abs(p[i].x - x) < 1e-9)
            return p[i].y;
        if (i + 1 < p.size() && p[i].x < x && x < p[i + 1].x) {
            const double f = (x - p[i].x) / (p[i + 1].x - p[i].x);
            return p[i].y + f * (p[i + 1].y - p[i].y);
        }
    }
    return std::nullopt;
}

std::vector<double> comparisonTableXs(const ComparisonChart& chart)
{
    std::vector<double> xs;
    if (chart.axes.xLog2) { // every block size any run has
        for (const ComparisonLine& l : chart.lines)
            for (const SeriesPoint& p : l.series.points)
                if (std::find(xs.begin(), xs.end(), p.x) == xs.end())
                    xs.push_back(p.x);
        std::sort(xs.begin(), xs.end());
        return xs;
    }
    double hi = 0;
    for (const ComparisonLine& l : chart.lines)
        if (!l.series.points.empty())
            hi = std::max(hi, l.series.points.back().x);
    // Ten steps from 0 to the furthest x any line reaches.
    for (int i = 0; i <= 10 && hi > 0; ++i)
        xs.push_back(hi * i / 10.0);
    return xs;
}

std::optional<double> cellValue(const ComparisonCell& cell, ComparisonMetric metric)
{
    switch (metric) {
    case ComparisonMetric::Iops:
        return cell.iops;
    case ComparisonMetric::LatencyUs:
        return cell.latencyUs;
    case ComparisonMetric::MBps:
        break;
    }
    return cell.mbPerSec;
}

QString metricUnit(ComparisonMetric metric)
{
    switch (metric) {
    case ComparisonMetric::Iops:
        return QStringLiteral("IOPS");
    case ComparisonMetric::LatencyUs:
        return QStringLiteral("µs");
    case ComparisonMetric::MBps:
        break;
    }
    return QStringLiteral("MB/s");
}

QString formatComparisonMarkdown(const Comparison& c, ComparisonMetric metric)
{
    const QString unit = metricUnit(metric);
    QStringList header { QStringLiteral("Run"), QStringLiteral("Date") };
    for (const ComparisonColumn& col : c.columns)
        header << col.label + QLatin1Char(' ') + unit;
    QStringList lines;
    lines << QStringLiteral("| ") + header.join(QStringLiteral(" | ")) + QStringLiteral(" |");
    QStringList align { QStringLiteral("---"), QStringLiteral("---") };
    while (align.size() < header.size())
        align << QStringLiteral("---:");
    lines << QStringLiteral("| ") + align.join(QStringLiteral(" | ")) + QStringLiteral(" |");
    QStringList notes;
    bool fio = false;
    for (const ComparisonRun& run : c.runs) {
        const bool isFio = run.entry.source == QLatin1String(kSourceFio);
        fio = fio || isFio;
        QStringList line { mdCell(run.label) + (isFio ? QStringLiteral(" (fio)") : QString()),
            dateText(run.entry.created) };
        for (const ComparisonCell& cell : run.cells) {
            if (!cell.error.isEmpty() && !cell.mbPerSec)
                line << QStringLiteral("error");
            else
                line << number(cellValue(cell, metric), metric == ComparisonMetric::Iops ? 0 : 1);
        }
        lines << QStringLiteral("| ") + line.join(QStringLiteral(" | ")) + QStringLiteral(" |");
        if (!run.note.isEmpty())
            // A run not stored (remote --no-history) has no id to name it by: its label alone.
            notes << (run.entry.id > 0
                    ? QStringLiteral("- Run %1 (%2): %3").arg(run.entry.id).arg(mdCell(run.label), mdCell(run.note))
                    : QStringLiteral("- %1: %2").arg(mdCell(run.label), mdCell(run.note)));
    }
    lines << QString();
    lines << QStringLiteral("MB/s = 1,000,000 bytes/s; each figure is the best pass of its test%1.")
                 .arg(fio ? QStringLiteral("; (fio) marks runs measured by fio and imported") : QString());
    if (!notes.isEmpty())
        lines << QString() << notes;
    for (const ComparisonChart& chart : c.charts) {
        lines << QString()
              << QStringLiteral("### %1: %2 by %3").arg(chart.axes.title, chart.axes.yLabel, chart.axes.xLabel)
              << QString();
        QStringList head { mdCell(chart.axes.xLabel) };
        QStringList chartAlign { QStringLiteral("---:") };
        for (const ComparisonLine& l : chart.lines) {
            head << mdCell(c.runs[l.run].label) + QLatin1Char(' ') + l.series.name + QLatin1Char(' ')
                    + chart.axes.yLabel;
            chartAlign << QStringLiteral("---:");
        }
        lines << QStringLiteral("| ") + head.join(QStringLiteral(" | ")) + QStringLiteral(" |")
              << QStringLiteral("| ") + chartAlign.join(QStringLiteral(" | ")) + QStringLiteral(" |");
        for (const double x : comparisonTableXs(chart)) {
            QStringList row { chart.axes.xText ? chart.axes.xText(x) : QString::number(x) };
            for (const ComparisonLine& l : chart.lines)
                row << number(seriesValueAt(l.series, x), 1);
            lines << QStringLiteral("| ") + row.join(QStringLiteral(" | ")) + QStringLiteral(" |");
        }
        if (!chart.axes.xLog2)
            lines << QString()
                  << QStringLiteral("Figures between two samples are read off the straight line between them.");
    }
    // A bar chart as a table: a row per run, a column per group.
    for (const ComparisonBarChart& chart : c.barCharts) {
        lines << QString() << QStringLiteral("### %1: %2").arg(chart.axes.title, chart.axes.unit) << QString();
        QStringList head { QStringLiteral("Run") };
        QStringList chartAlign { QStringLiteral("---") };
        for (const QString& g : chart.groups) {
            head << mdCell(g) + QLatin1Char(' ') + chart.axes.unit;
            chartAlign << QStringLiteral("---:");
        }
        lines << QStringLiteral("| ") + head.join(QStringLiteral(" | ")) + QStringLiteral(" |")
              << QStringLiteral("| ") + chartAlign.join(QStringLiteral(" | ")) + QStringLiteral(" |");
        for (const ComparisonBarRun& r : chart.runs) {
            QStringList row { mdCell(c.runs[r.run].label) };
            for (const std::optional<double>& v : r.values)
                row << number(v, 1);
            lines << QStringLiteral("| ") + row.join(QStringLiteral(" | ")) + QStringLiteral(" |");
        }
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

QByteArray formatComparisonCsv(const Comparison& c)
{
    QStringList header { QStringLiteral("id"), QStringLiteral("date"), QStringLiteral("run"), QStringLiteral("kind"),
        QStringLiteral("source"), QStringLiteral("host"), QStringLiteral("device"), QStringLiteral("target") };
    for (const ComparisonColumn& col : c.columns)
        header << col.label + QStringLiteral(" MB/s") << col.label + QStringLiteral(" IOPS")
               << col.label + QStringLiteral(" us");
    QStringList lines;
    auto join = [](const QStringList& fields) {
        QStringList quoted;
        for (const QString& f : fields)
            quoted << csvField(f);
        return quoted.join(QLatin1Char(','));
    };
    lines << join(header);
    for (const ComparisonRun& run : c.runs) {
        const HistoryEntry& e = run.entry;
        QStringList line { QString::number(e.id),
            e.created.isValid() ? e.created.toOffsetFromUtc(e.created.offsetFromUtc()).toString(Qt::ISODate)
                                : QString(),
            run.label, e.kind, e.source, e.host, e.deviceModel, e.targetPath };
        for (const ComparisonCell& cell : run.cells) {
            if (!cell.error.isEmpty() && !cell.mbPerSec) {
                line << QStringLiteral("error") << QStringLiteral("error") << QStringLiteral("error");
                continue;
            }
            line << number(cell.mbPerSec, 3) << number(cell.iops, 1) << number(cell.latencyUs, 2);
        }
        lines << join(line);
    }
    return (lines.join(QStringLiteral("\r\n")) + QStringLiteral("\r\n")).toUtf8();
}

void addTotalRow(Comparison& c)
{
    if (c.runs.size() < 2)
        return;
    ComparisonRun total;
    total.label = QStringLiteral("All hosts (sum)");
    // The hosts' own source (fio's, or Diskometer's over ssh), when they share one.
    total.entry.source = c.runs.front().entry.source;
    total.entry.kind = c.runs.front().entry.kind;
    for (const ComparisonRun& run : c.runs)
        if (run.entry.source != total.entry.source)
            total.entry.source.clear();
    total.entry.created = c.runs.front().entry.created;
    total.cells.resize(c.columns.size());
    for (size_t col = 0; col < c.columns.size(); ++col) {
        ComparisonCell& sum = total.cells[col];
        for (const ComparisonRun& run : c.runs) {
            const ComparisonCell& cell = run.cells[col];
            if (cell.mbPerSec)
                sum.mbPerSec = sum.mbPerSec.value_or(0) + *cell.mbPerSec;
            if (cell.iops)
                sum.iops = sum.iops.value_or(0) + *cell.iops;
        }
    }
    c.runs.push_back(std::move(total));
}

} // namespace dm
