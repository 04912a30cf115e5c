// SPDX-License-Identifier: GPL-3.0-or-later
#include "scaledbars.h"

#include "chartstyle.h"

#include <QBarLegendMarker>
#include <QBarSeries>
#include <QBarSet>
#include <QCategoryAxis>
#include <QChart>
#include <QCursor>
#include <QGraphicsSimpleTextItem>
#include <QLegend>
#include <QLocale>
#include <QToolTip>
#include <QWidget>

#include <algorithm>

namespace dm {

namespace {
    // Above the series and the grid, below nothing else the chart draws there.
    constexpr qreal kFigureZ = 100;

    QString tickText(double tick, BarScale scale)
    {
        // 'g' with enough digits: 0.01 and 10,000 as they are, and a sum of steps (0.1 + 0.2)
        // without its rounding error.
        const QString number = QLocale().toString(tick, 'g', 10);
        return scale == BarScale::Relative ? number + QLatin1Char('%') : number;
    }
}

ScaledBars::ScaledBars(QChart* chart)
    : QObject(chart)
    , m_chart(chart)
    , m_series(new QBarSeries)
{
    // Wider bars than Qt's half of the group: with ten tests of five runs each, the figures
    // printed on their side need the width of a line.
    m_series->setBarWidth(0.8);
    m_chart->addSeries(m_series);
    connect(m_chart, &QChart::plotAreaChanged, this, &ScaledBars::placeFigures);
    connect(m_series, &QBarSeries::hovered, this, [this](bool on, int index, QBarSet* set) {
        if (!on) {
            QToolTip::hideText();
            return;
        }
        const qsizetype at = m_series->barSets().indexOf(set);
        if (at < 0 || size_t(at) >= m_sets.size() || index < 0)
            return;
        const auto& s = m_sets[size_t(at)];
        const auto& v = s.values[size_t(index)];
        QToolTip::showText(QCursor::pos(),
            v ? s.toolTip + QStringLiteral(": ") + set->property("figures").toStringList().value(index) : s.toolTip);
    });
}

void ScaledBars::setBars(std::vector<Set> sets, BarScale scale, const QString& axisTitle, FigureText figure)
{
    for (Figure& f : m_figures)
        delete f.item;
    m_figures.clear();
    m_series->clear();
    if (m_axis) {
        m_chart->removeAxis(m_axis);
        delete m_axis;
    }
    m_sets = std::move(sets);
    m_scale = scale;

    size_t groups = 0;
    std::vector<double> all;
    for (const Set& s : m_sets) {
        groups = std::max(groups, s.values.size());
        for (const auto& v : s.values)
            if (v)
                all.push_back(*v);
    }
    std::vector<double> groupMax(groups, 0.0);
    for (const Set& s : m_sets)
        for (size_t g = 0; g < s.values.size(); ++g)
            groupMax[g] = std::max(groupMax[g], s.values[g].value_or(0));
    // Relative bars share one axis, 0 to 100 %: the range is of what is drawn, not the figures.
    const BarAxisRange range = barAxisRange(scale, all);

    for (size_t i = 0; i < m_sets.size(); ++i) {
        const Set& s = m_sets[i];
        auto* set = new QBarSet(s.name);
        set->setProperty("runIndex", s.runIndex);
        QStringList texts;
        for (size_t g = 0; g < groups; ++g) {
            if (g >= s.values.size() || !s.values[g]) { // no figure: no bar, nothing printed
                *set << 0.0;
                texts << QString();
                continue;
            }
            const double v = *s.values[g];
            *set << barFraction(scale, range, v, groupMax[g]);
            texts << figure(v);
            auto* item = new QGraphicsSimpleTextItem(texts.last(), m_chart);
            item->setZValue(kFigureZ);
            m_figures.push_back({ int(i), int(g), v, item });
        }
        set->setProperty("figures", texts);
        m_series->append(set);
    }
    // The legend's markers name the short label; the full one shows when the pointer is on one.
    for (QLegendMarker* marker : m_chart->legend()->markers(m_series)) {
        auto* bar = qobject_cast<QBarLegendMarker*>(marker);
        const qsizetype at = bar ? m_series->barSets().indexOf(bar->barset()) : -1;
        if (at < 0)
            continue;
        connect(marker, &QLegendMarker::hovered, this, [tip = m_sets[size_t(at)].toolTip](bool on) {
            if (on)
                QToolTip::showText(QCursor::pos(), tip);
            else
                QToolTip::hideText();
        });
    }

    // The ticks where their figure's bar would end, labelled with the figure: the axis is the
    // scale's, drawn on 0..1.
    m_axis = new QCategoryAxis;
    m_axis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    m_axis->setRange(0, 1);
    m_axis->setStartValue(-1); // below the range, so the first tick (at 0) has a label
    const double top = scale == BarScale::Relative ? 100 : range.max;
    for (double tick : barAxisTicks(scale, range))
        m_axis->append(tickText(tick, scale), tick <= range.min ? 0.0 : barFraction(scale, range, tick, top));
    m_axis->setTitleText(axisTitle);
    m_chart->addAxis(m_axis, Qt::AlignLeft);
    m_series->attachAxis(m_axis);
    applyStyle();
}

void ScaledBars::restyle(const QWidget* from)
{
    m_dark = chartstyle::isDark(from->palette().color(QPalette::Base));
    m_text = from->palette().color(QPalette::Text);
    m_font = from->font();
    if (m_font.pointSizeF() > 0)
        m_font.setPointSizeF(std::max(6.0, m_font.pointSizeF() * 0.8));
    applyStyle();
}

void ScaledBars::applyStyle()
{
    for (QBarSet* set : m_series->barSets()) {
        const QColor color = chartstyle::runColor(set->property("runIndex").toInt(), m_dark);
        set->setColor(color);
        set->setBorderColor(color);
    }
    for (Figure& f : m_figures)
        f.item->setFont(m_font);
    placeFigures();
}

void ScaledBars::placeFigures()
{
    const QRectF plot = m_chart->plotArea();
    const auto sets = m_series->barSets();
    if (plot.isEmpty() || sets.isEmpty())
        return;
    const qreal count = sets.size(), width = m_series->barWidth();
    const qreal pad = 2;
    for (Figure& f : m_figures) {
        QBarSet* set = sets[f.set];
        // Where Qt Charts draws the bar (BarChartItem::calculateLayout's arithmetic).
        const qreal left = f.group - width / 2 + f.set / count * width;
        const QPointF topLeft = m_chart->mapToPosition(QPointF(left, set->at(f.group)), m_series);
        const QPointF bottomRight = m_chart->mapToPosition(QPointF(left + width / count, 0), m_series);
        const qreal barWidth = bottomRight.x() - topLeft.x(), centre = (topLeft.x() + bottomRight.x()) / 2;
        const qreal top = topLeft.y();
        QGraphicsSimpleTextItem* item = f.item;
        const QRectF text = item->boundingRect();
        // Wider than its bar: turned to read upwards along it, as the bar's own label would be.
        const bool turned = text.width() + pad > barWidth;
        const qreal along = turned ? text.width() : text.height();
        const bool above = top - plot.top() >= along + pad;
        const QColor bar = set->color();
        item->setBrush(above ? m_text : qGray(bar.rgb()) > 150 ? QColor(Qt::black) : QColor(Qt::white));
        item->setRotation(turned ? -90 : 0);
        if (turned) // rotated about its top left: it then reaches up from its position
            item->setPos(centre - text.height() / 2, above ? top - pad : top + pad + text.width());
        else
            item->setPos(centre - text.width() / 2, above ? top - pad - text.height() : top + pad);
    }
}

} // namespace dm
