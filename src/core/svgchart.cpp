// SPDX-License-Identifier: GPL-3.0-or-later
#include "svgchart.h"

#include "htmlpage.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace dm {

namespace {

    struct Text {
        Q_DECLARE_TR_FUNCTIONS(dm::Chart)
    };

    // A coordinate for an attribute: '.' whatever the locale, no more digits than a pixel needs.
    QString coord(double v) { return QString::number(v, 'f', 2); }
    QString percent(double fraction) { return coord(100.0 * fraction) + QLatin1Char('%'); }

    QString colourClass(int colour) { return QStringLiteral("s%1").arg(((colour % 8) + 8) % 8); }

    // The legend under a chart: a swatch and a name per line, set or part (anything with a name,
    // a title and a colour), the full name as tooltip.
    template <class Item> QString legendHtml(const std::vector<Item>& items)
    {
        QString html = QStringLiteral("<ul class=\"legend\">");
        for (const Item& item : items)
            html += QStringLiteral("<li class=\"%1\"%2><span class=\"swatch\"></span><span>%3</span></li>")
                        .arg(colourClass(item.colour),
                            item.title.isEmpty() || item.title == item.name
                                ? QString()
                                : QStringLiteral(" title=\"%1\"").arg(htmlEscape(item.title)),
                            htmlEscape(item.name));
        return html + QStringLiteral("</ul>\n");
    }

    struct Span {
        double min = 0, max = 1;
        double at(double v) const { return max > min ? (v - min) / (max - min) : 0; }
    };

    // An axis's tick as its step needs it: "0", "500", "1000" on a step of 500; "0.5" on 0.5.
    QString tickText(double value, double step)
    {
        const int decimals = step > 0 ? std::clamp(int(-std::floor(std::log10(step) + 1e-9)), 0, 6) : 0;
        return QString::number(value, 'f', decimals);
    }

} // namespace

QString chartNumber(double value)
{
    const double a = std::abs(value);
    const int decimals = a >= 1000 ? 0 : a >= 10 ? 1 : a >= 1 ? 2 : 3;
    return QString::number(value, 'f', decimals);
}

QString lineChartHtml(const LineChart& chart)
{
    // x on its own scale (log2 for block sizes), y from 0 to a round figure above the highest.
    const auto xOf = [&](double x) { return chart.xLog2 ? std::log2(std::max(x, 1e-9)) : x; };
    std::vector<double> ys, xs;
    for (const ChartLine& l : chart.lines)
        for (const SeriesPoint& p : l.points) {
            ys.push_back(p.y);
            xs.push_back(p.x);
        }
    QString html = QStringLiteral("<figure class=\"chart lines\">");
    if (!chart.title.isEmpty())
        html += QStringLiteral("<figcaption>%1</figcaption>").arg(htmlEscape(chart.title));
    html += QLatin1Char('\n');
    if (xs.empty())
        return html + QStringLiteral("<p class=\"muted\">%1</p></figure>\n").arg(htmlEscape(Text::tr("No samples.")));
    const BarAxisRange yRange = barAxisRange(BarScale::Linear, ys);
    const Span y { yRange.min, yRange.max };
    Span x;
    std::vector<double> xTicks;
    if (chart.xLog2) {
        const auto [lo, hi] = std::minmax_element(xs.begin(), xs.end());
        x = { xOf(*lo), xOf(*hi) };
        // One tick per power of two, thinned to at most 8 so their text does not collide.
        const int first = int(std::floor(x.min)), last = int(std::ceil(x.max));
        const int step = std::max(1, (last - first + 7) / 8);
        for (int e = first; e <= last; e += step)
            xTicks.push_back(std::exp2(e));
    } else {
        const double lo = *std::min_element(xs.begin(), xs.end());
        const BarAxisRange xRange = barAxisRange(BarScale::Linear, xs);
        x = { std::min(0.0, lo), xRange.max };
        xTicks = barAxisTicks(BarScale::Linear, xRange);
    }
    if (x.max <= x.min)
        x.max = x.min + 1;

    QString svg = QStringLiteral("<svg viewBox=\"0 0 1000 1000\" preserveAspectRatio=\"none\" role=\"img\" aria-label=\"%1\">")
                      .arg(htmlEscape(chart.title));
    QString ticks;
    const std::vector<double> yTicks = barAxisTicks(BarScale::Linear, yRange);
    const double yStep = yTicks.size() > 1 ? yTicks[1] - yTicks[0] : 1;
    const double xStep = xTicks.size() > 1 ? xTicks[1] - xTicks[0] : 1;
    for (double t : yTicks) {
        const double py = 1000 * (1 - y.at(t));
        svg += QStringLiteral("<line class=\"gridline\" x1=\"0\" x2=\"1000\" y1=\"%1\" y2=\"%1\" vector-effect=\"non-scaling-stroke\"/>")
                   .arg(coord(py));
        ticks += QStringLiteral("<span class=\"tick y\" style=\"top:%1\">%2</span>").arg(percent(1 - y.at(t)), tickText(t, yStep));
    }
    for (size_t i = 0; i < xTicks.size(); ++i) {
        const double f = x.at(xOf(xTicks[i]));
        if (f < -1e-9 || f > 1 + 1e-9)
            continue;
        const QString where = i == 0 && f < 0.05 ? QStringLiteral(" first") : f > 0.95 ? QStringLiteral(" last") : QString();
        ticks += QStringLiteral("<span class=\"tick x%1\" style=\"left:%2\">%3</span>")
                     .arg(where, percent(f), htmlEscape(chart.xText ? chart.xText(xTicks[i]) : tickText(xTicks[i], xStep)));
    }
    svg += QStringLiteral("<line class=\"axisline\" x1=\"0\" x2=\"1000\" y1=\"1000\" y2=\"1000\" vector-effect=\"non-scaling-stroke\"/>");
    for (const ChartLine& l : chart.lines) {
        QString points;
        for (const SeriesPoint& p : l.points)
            points += coord(1000 * x.at(xOf(p.x))) + QLatin1Char(',') + coord(1000 * (1 - y.at(p.y))) + QLatin1Char(' ');
        // A single sample is a short level stroke, so it shows.
        if (l.points.size() == 1)
            points += coord(1000 * x.at(xOf(l.points[0].x)) + 8) + QLatin1Char(',') + coord(1000 * (1 - y.at(l.points[0].y)));
        svg += QStringLiteral("<polyline class=\"line %1\" data-series=\"%2\" points=\"%3\" vector-effect=\"non-scaling-stroke\"/>")
                   .arg(colourClass(l.colour), htmlEscape(l.name), points.trimmed());
    }
    svg += QStringLiteral("</svg>");
    html += QStringLiteral("<div class=\"ytitle\">%1</div><div class=\"plot\">%2%3<span class=\"xtitle\">%4</span></div>\n")
                .arg(htmlEscape(chart.yLabel), svg, ticks, htmlEscape(chart.xLabel));
    if (chart.lines.size() > 1)
        html += legendHtml(chart.lines);
    return html + QStringLiteral("</figure>\n");
}

QString spanChartHtml(const SpanChart& chart)
{
    if (chart.length <= 0)
        return {};
    constexpr int kBar = 28, kTicks = 18;
    QString svg = QStringLiteral("<svg class=\"spans\" width=\"100%\" height=\"%1\" role=\"img\">").arg(kBar + kTicks);
    std::vector<double> ticks { 0, chart.length };
    for (const ChartSpan& s : chart.spans) {
        const double from = std::clamp(s.from / chart.length, 0.0, 1.0), to = std::clamp(s.to / chart.length, 0.0, 1.0);
        // A lost stretch too short to see is drawn 0.2 % wide at least, so it is never hidden.
        svg += QStringLiteral("<rect class=\"span %1\" x=\"%2\" y=\"0\" width=\"%3\" height=\"%4\"><title>%5</title></rect>")
                   .arg(colourClass(s.colour), percent(from), percent(std::max(to - from, 0.002)))
                   .arg(kBar)
                   .arg(htmlEscape(s.title));
        if (s.from > 0 && s.from < chart.length && std::find(ticks.begin(), ticks.end(), s.from) == ticks.end())
            ticks.push_back(s.from);
    }
    std::sort(ticks.begin(), ticks.end());
    for (size_t i = 0; i < ticks.size(); ++i) {
        const double f = ticks[i] / chart.length;
        const QString anchor = i == 0 ? QStringLiteral("start") : i + 1 == ticks.size() ? QStringLiteral("end") : QStringLiteral("middle");
        svg += QStringLiteral("<text class=\"ticklabel\" x=\"%1\" y=\"%2\" text-anchor=\"%3\">%4</text>")
                   .arg(percent(f))
                   .arg(kBar + kTicks - 4)
                   .arg(anchor, htmlEscape(chart.xText ? chart.xText(ticks[i]) : chartNumber(ticks[i])));
    }
    svg += QStringLiteral("</svg>\n");
    return QStringLiteral("<figure class=\"chart spans\">") + svg + legendHtml(chart.legend) + QStringLiteral("</figure>\n");
}

QString barChartHtml(const BarChart& chart)
{
    // Layout in pixels down the chart, percentages across it (svgchart.h: text keeps its size).
    constexpr int kGroupLabel = 18, kBar = 16, kBarGap = 3, kGroupGap = 10, kAxis = 18;
    std::vector<double> values;
    for (const BarGroup& g : chart.groups)
        for (const auto& v : g.values)
            if (v)
                values.push_back(*v);
    std::vector<double> shown;
    for (const BarGroup& g : chart.groups) {
        double groupMax = 0;
        for (const auto& v : g.values)
            groupMax = std::max(groupMax, v.value_or(0));
        for (const auto& v : g.values)
            if (v)
                shown.push_back(barShownValue(chart.scale, *v, groupMax));
    }
    const BarAxisRange range = barAxisRange(chart.scale, shown);
    const std::vector<double> ticks = barAxisTicks(chart.scale, range);

    QString bars;
    int y = 0;
    for (const BarGroup& g : chart.groups) {
        double groupMax = 0;
        for (const auto& v : g.values)
            groupMax = std::max(groupMax, v.value_or(0));
        y += kGroupLabel;
        bars += QStringLiteral("<text class=\"group\" x=\"0\" y=\"%1\">%2</text>").arg(y - 5).arg(htmlEscape(g.name));
        for (size_t s = 0; s < g.values.size() && s < chart.sets.size(); ++s) {
            if (!g.values[s])
                continue;
            const double v = *g.values[s];
            const double f = barFraction(chart.scale, range, v, groupMax);
            QString figure = chartNumber(v);
            if (chart.scale == BarScale::Relative)
                figure += QStringLiteral(" (%1 %)").arg(chartNumber(barShownValue(chart.scale, v, groupMax)));
            const BarSet& set = chart.sets[s];
            const QString who = !set.title.isEmpty() ? set.title : !set.name.isEmpty() ? set.name : g.name;
            const QString tooltip = QStringLiteral("%1: %2 %3").arg(who,
                chartNumber(v), chart.unit);
            bars += QStringLiteral("<rect class=\"bar %1\" data-value=\"%2\" data-set=\"%3\" x=\"0\" y=\"%4\" width=\"%5\" "
                                   "height=\"%6\"><title>%7</title></rect>")
                        .arg(colourClass(set.colour), QString::number(v, 'g', 10))
                        .arg(s)
                        .arg(y)
                        .arg(percent(f))
                        .arg(kBar)
                        .arg(htmlEscape(tooltip));
            // The figure beyond the bar's end, or inside it when the bar reaches far right.
            const bool inside = f > 0.78;
            bars += QStringLiteral("<text class=\"figure%1\" x=\"%2\" dx=\"%3\" y=\"%4\" text-anchor=\"%5\">%6</text>")
                        .arg(inside ? QStringLiteral(" inside") : QString(), percent(f),
                            inside ? QStringLiteral("-4") : QStringLiteral("4"))
                        .arg(y + kBar - 4)
                        .arg(inside ? QStringLiteral("end") : QStringLiteral("start"), htmlEscape(figure));
            y += kBar + kBarGap;
        }
        y += kGroupGap;
    }
    QString grid;
    for (size_t i = 0; i < ticks.size(); ++i) {
        // A tick is a bar whose group's fastest is 100: Relative draws its own figure, the others theirs.
        const double f = barFraction(chart.scale, range, ticks[i], 100);
        grid += QStringLiteral("<line class=\"gridline\" x1=\"%1\" x2=\"%1\" y1=\"0\" y2=\"%2\"/>").arg(percent(f)).arg(y);
        const QString anchor = i == 0 ? QStringLiteral("start") : i + 1 == ticks.size() ? QStringLiteral("end") : QStringLiteral("middle");
        const double step = chart.scale == BarScale::Log ? ticks[i] : ticks.size() > 1 ? ticks[1] - ticks[0] : 1;
        const QString text = tickText(ticks[i], step) + (chart.scale == BarScale::Relative ? QStringLiteral(" %") : QString());
        // A log axis starts at a round figure below the smallest bar (0.05), which can lie close to
        // the first power of ten (0.1): on a phone's 340 px their texts would overlap, so the
        // start keeps its grid line but not its text when the next tick is under a tenth away.
        if (i == 0 && chart.scale == BarScale::Log && ticks.size() > 1
            && barFraction(chart.scale, range, ticks[1], 100) - f < 0.1)
            continue;
        grid += QStringLiteral("<text class=\"ticklabel\" x=\"%1\" y=\"%2\" text-anchor=\"%3\">%4</text>")
                    .arg(percent(f))
                    .arg(y + kAxis - 4)
                    .arg(anchor, htmlEscape(text));
    }
    const int height = y + kAxis;
    QString html = QStringLiteral("<figure class=\"chart bars\" data-scale=\"%1\">").arg(barScaleName(chart.scale));
    if (!chart.title.isEmpty())
        html += QStringLiteral("<figcaption>%1</figcaption>").arg(htmlEscape(chart.title));
    html += QLatin1Char('\n');
    html += QStringLiteral("<svg class=\"bars\" width=\"100%\" height=\"%1\" role=\"img\" aria-label=\"%2\">%3%4</svg>\n")
                .arg(height)
                .arg(htmlEscape(chart.title), grid, bars);
    const QString scaleText = chart.scale == BarScale::Log
        ? Text::tr("%1 on a log scale: each grid line is ten times the one before.").arg(chart.unit)
        : chart.scale == BarScale::Relative ? Text::tr("Bars relative to the fastest of each group; figures in %1, the share in brackets.")
                                                  .arg(chart.unit)
                                            : chart.unit;
    html += QStringLiteral("<p class=\"scale\">%1</p>\n").arg(htmlEscape(scaleText));
    if (chart.sets.size() > 1)
        html += legendHtml(chart.sets);
    return html + QStringLiteral("</figure>\n");
}

} // namespace dm
