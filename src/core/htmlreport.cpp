// SPDX-License-Identifier: GPL-3.0-or-later
// The web page of one report document, whatever its kind: the kind is looked up by the
// document's schema (testkind.h) and gives everything the page shows, so no kind is named here.
#include "htmlreport.h"

#include "driveline.h"
#include "explanations.h"
#include "fioimport.h"
#include "htmlpage.h"
#include "powerprofile.h"
#include "queueinfo.h"
#include "reportheader.h"
#include "runhealth.h"
#include "runwarningtext.h"
#include "svgchart.h"
#include "targetinfo.h"
#include "targetjson.h"
#include "testkind.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

namespace dm {

namespace {

    struct Text {
        Q_DECLARE_TR_FUNCTIONS(dm::HtmlReport)
    };

    // The header every kind's document has (reportheader.h), or the grid-shaped kind's Report's.
    struct PageHeader {
        ReportHeader header;
        QString toolName = QStringLiteral("Diskometer");
        QStringList warnings, notes;
    };

    QStringList jsonStrings(const QJsonValue& value)
    {
        QStringList out;
        for (const QJsonValue v : value.toArray())
            if (v.isString())
                out << v.toString();
        return out;
    }

    // Our documents say their warnings and notes in English (the CLI's); the engine's own are
    // worded in the page's language where runwarningtext.h knows them.
    QStringList translatedWarnings(const QStringList& warnings)
    {
        QStringList out;
        for (const QString& w : warnings)
            out << runWarningText(w.toStdString());
        return out;
    }

    // What the text report says under its figures, as terms: when, with what, on what.
    std::vector<std::pair<QString, QString>> conditionTerms(const PageHeader& p)
    {
        const ReportHeader& h = p.header;
        std::vector<std::pair<QString, QString>> terms;
        const auto add = [&terms](const QString& term, const QString& value) {
            if (!value.trimmed().isEmpty())
                terms.emplace_back(term, value);
        };
        add(Text::tr("Date"), h.date.isValid() ? h.date.toString(QStringLiteral("yyyy/MM/dd HH:mm:ss")) : QString());
        add(Text::tr("Tool"), (p.toolName + QLatin1Char(' ') + h.toolVersion).trimmed());
        add(Text::tr("Engine"), h.engine);
        add(Text::tr("Target"), h.target.path);
        add(Text::tr("Drive"), deviceSummary(h.target));
        add(Text::tr("Filesystem"),
            h.target.filesystem.isEmpty() || h.target.mountOptions.isEmpty()
                ? h.target.filesystem
                : h.target.filesystem + QStringLiteral(" (") + h.target.mountOptions + QLatin1Char(')'));
        add(Text::tr("Queue"), queueSummary(h.target.queue, h.target.rotational));
        add(Text::tr("Health"), healthSummary(h.health));
        add(Text::tr("Power"), powerSummary(h.system.power));
        add(Text::tr("System"),
            h.system.os + (h.system.kernel.isEmpty() ? QString() : QStringLiteral(" · ") + h.system.kernel));
        add(Text::tr("CPU"), h.system.cpu);
        return terms;
    }

    void writeHeader(HtmlPage& page, const PageHeader& p)
    {
        const QString line = driveLine(p.header.target, serialShown());
        page.paragraph(line.isEmpty() ? p.header.target.path : line, QStringLiteral("drive"));
        page.paragraph(p.header.comment, QStringLiteral("comment"));
        if (p.header.date.isValid())
            page.paragraph(p.header.date.toString(QStringLiteral("yyyy/MM/dd HH:mm:ss")) + QStringLiteral(" · ") + p.toolName
                    + QLatin1Char(' ') + p.header.toolVersion,
                QStringLiteral("date"));
    }

    // A kind's lines as a chart and a table: one row per x every line has a point at (the
    // samples), one column per line.
    void writeLines(HtmlPage& page, const SeriesAxes& axes, const std::vector<Series>& series)
    {
        LineChart chart { QString(), kindText(axes.xLabel), kindText(axes.yLabel), axes.xLog2, axes.xText, {} };
        HtmlTable table;
        table.header << kindText(axes.xLabel);
        std::vector<double> xs;
        for (size_t i = 0; i < series.size(); ++i) {
            chart.lines.push_back({ kindText(series[i].name), {}, series[i].points, int(i) });
            table.header << kindText(series[i].name) + QStringLiteral(" (") + kindText(axes.yLabel) + QLatin1Char(')');
            for (const SeriesPoint& p : series[i].points)
                xs.push_back(p.x);
        }
        page.markup(lineChartHtml(chart));
        std::sort(xs.begin(), xs.end());
        xs.erase(std::unique(xs.begin(), xs.end()), xs.end());
        for (double x : xs) {
            QStringList row { axes.xText ? axes.xText(x) : chartNumber(x) };
            for (const Series& s : series) {
                const auto at = std::find_if(s.points.begin(), s.points.end(), [x](const SeriesPoint& p) { return p.x == x; });
                row << (at == s.points.end() ? QString() : chartNumber(at->y));
            }
            table.rows.push_back(row);
        }
        // A scan has hundreds of samples: the table folds away behind its summary past a screenful.
        page.table(table, table.rows.size() > 16, Text::tr("Figures of the chart (%n rows)", nullptr, int(table.rows.size())));
    }

    void writeBars(HtmlPage& page, const BarAxes& axes, const std::vector<KindBar>& bars)
    {
        BarChart chart { QString(), axes.unit, { { QString(), QString(), 0 } }, {}, BarScale::Linear };
        HtmlTable table;
        table.header << QString() << axes.unit;
        std::vector<double> values;
        for (const KindBar& b : bars) {
            chart.groups.push_back({ kindText(b.name), { b.value } });
            table.rows.push_back({ kindText(b.name), chartNumber(b.value) });
            values.push_back(b.value);
        }
        chart.scale = defaultBarScale(values);
        page.markup(barChartHtml(chart));
        page.table(table);
    }

} // namespace

Result<QByteArray> formatHtmlReport(const QByteArray& json, const QString& comment, const QString& schema)
{
    QJsonParseError err {};
    const QJsonObject root = QJsonDocument::fromJson(json, &err).object();
    // Ours name their schema; fio's output (which may have text before its JSON) its version.
    QString name = schema;
    if (name.isEmpty())
        name = root.value(QLatin1String("schema")).toString();
    if (name.isEmpty())
        if (auto fio = readFioDocument(json))
            name = fio->value(QLatin1String("fio version")).toString();
    const TestKind* kind = kindForSchema(name);
    if (!kind)
        return usageError(name.isEmpty() && err.error != QJsonParseError::NoError
                ? "not a JSON report: " + err.errorString().toStdString()
                : "not a Diskometer report or fio output this version can show (schema '" + name.toStdString() + "')");
    auto reports = kind->reports(json, comment);
    if (!reports)
        return reports.error();

    PageHeader p;
    std::optional<Report> grid;
    if (kind->readsAsGrid()) {
        auto r = kind->gridReport(json);
        if (!r)
            return r.error();
        grid = std::move(*r);
        p.header = grid->header();
        p.toolName = grid->toolName;
        const auto explanations = explainRun(grid->target, grid->run, grid->system.power);
        QStringList runWarnings;
        for (const std::string& w : grid->run.warnings)
            runWarnings << runWarningText(w);
        p.warnings = runWarnings;
        for (const QString& w : explanationTexts(explanations, Explanation::Kind::Warning))
            if (!p.warnings.contains(w))
                p.warnings << w;
        p.notes = explanationTexts(explanations, Explanation::Kind::Note);
    } else {
        RegionInfo region;
        std::vector<std::string> warnings;
        bool cancelled = false;
        if (const QString bad = readReportHeader(root, p.header, region, warnings, cancelled); !bad.isEmpty())
            return usageError(bad.toStdString());
        p.warnings = translatedWarnings(jsonStrings(root.value(QLatin1String("warnings"))));
        p.notes = jsonStrings(root.value(QLatin1String("notes")));
    }
    if (!comment.isEmpty())
        p.header.comment = comment;

    const QString title = kindText(kind->title());
    const QString device = deviceSummary(p.header.target);
    // The page's first heading is the kind; the <title> adds the drive for a browser's tab.
    HtmlPage page(title + QStringLiteral(" · ") + (device.isEmpty() ? p.header.target.path : device), title, kind->id(),
        htmlLanguage());
    writeHeader(page, p);

    if (grid) {
        page.markup(gridTilesHtml(*grid));
    } else if (auto summary = kind->summarize(json); summary && summary->headline) {
        page.headline(chartNumber(summary->headline->value), summary->headline->unit, summary->headline->label);
    }
    if (auto section = kind->pageSection(json); section && !section->isEmpty())
        page.markup(*section);
    // A run that stopped says so first: its figures are only what ran (every kind's document has
    // "cancelled", and "error" when it can stop on one).
    if (const QString error = root.value(QLatin1String("error")).toString(); !error.isEmpty())
        p.warnings.prepend(Text::tr("Stopped by an error: %1").arg(error));
    if (root.value(QLatin1String("cancelled")).toBool())
        p.warnings.prepend(Text::tr("Stopped before the end: the figures are those of what ran."));
    page.list(QStringLiteral("warnings"), Text::tr("Warnings"), p.warnings);

    if (grid) {
        if (const QString timelines = gridTimelinesHtml(*grid); !timelines.isEmpty()) {
            page.heading(Text::tr("Each test over its time"));
            page.markup(timelines);
        }
        page.heading(Text::tr("Figures"));
        page.table(gridFiguresTable(*grid));
    }
    if (const auto axes = kind->seriesAxes()) {
        if (auto series = kind->series(json); series && !series->empty()) {
            page.heading(kindText(axes->title));
            writeLines(page, *axes, *series);
        }
    }
    if (const auto axes = kind->barAxes()) {
        if (auto bars = kind->bars(json); bars && !bars->empty()) {
            page.heading(kindText(axes->title));
            writeBars(page, *axes, *bars);
        }
    }
    page.list(QStringLiteral("notes"), Text::tr("Notes"), p.notes);
    page.definitions(QStringLiteral("conditions"), Text::tr("How it was measured"), conditionTerms(p));
    // The other kinds' text reports are a few lines that say what their charts do not (a
    // sustained write's cache size, the phases' latencies, the settings): open. The grid's is
    // CrystalDiskMark's long layout, the tiles again: folded away.
    page.preformatted(Text::tr("Text report"), reports->text, !grid);
    page.paragraph(Text::tr("Made by Diskometer. This page holds the run's JSON report: import it into Diskometer's "
                      "history (History › Import…) to compare it with yours."),
        QStringLiteral("muted"));
    // The drive's serial number leaves the machine only when asked (driveline.h), in the document too.
    page.embedJson(reportJsonForExport(json, serialShown()));
    return page.finish();
}

std::optional<QByteArray> reportJsonFromHtml(const QByteArray& content)
{
    // Only a block this program wrote: its id, a JSON type, the text up to its end tag, which the
    // JSON inside cannot hold (jsonForScriptBlock writes '<' as \u003c).
    static const QByteArray open = "<script type=\"application/json\" id=\"diskometer-report\">";
    const qsizetype start = content.indexOf(open);
    if (start < 0)
        return std::nullopt;
    const qsizetype from = start + open.size();
    const qsizetype end = content.indexOf("</script>", from);
    if (end < 0)
        return std::nullopt;
    return content.mid(from, end - from);
}

} // namespace dm
