// SPDX-License-Identifier: GPL-3.0-or-later
#include "toolchart.h"

#include "chartstyle.h"

#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QGraphicsLayout>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QVBoxLayout>
#include <QValueAxis>

#include <cmath>

namespace dm {

using namespace chartstyle;

ToolChart::ToolChart(XScale xScale, QWidget* parent)
    : QWidget(parent)
    , m_xScale(xScale)
    , m_chart(new QChart)
{
    if (xScale == XScale::Log2) {
        auto* axis = new QLogValueAxis;
        axis->setBase(2);
        axis->setMinorTickCount(0);
        m_xAxis = axis;
    } else {
        m_xAxis = makeAxis();
    }
    for (QValueAxis*& axis : m_y)
        axis = makeAxis();
    m_chart->addAxis(m_xAxis, Qt::AlignBottom);
    m_chart->addAxis(yAxis(Side::Left), Qt::AlignLeft);
    m_chart->addAxis(yAxis(Side::Right), Qt::AlignRight);
    m_chart->addAxis(yAxis(Side::Outer), Qt::AlignRight); // added after: outside the Right one
    for (int i = 0; i < 3; ++i)
        applyAxis(m_y[i], niceAxis(0, 1, m_min[i]));
    for (const Side side : { Side::Right, Side::Outer })
        yAxis(side)->setVisible(false); // until a series uses it

    m_view = chartstyle::showChart(m_chart, this);
    applyFonts(m_chart, this);
    applyPalette();
}

void ToolChart::setTitle(const QString& title) { m_chart->setTitle(title); }

void ToolChart::setXAxis(const QString& title, double min, double max)
{
    m_xAxis->setTitleText(title);
    if (auto* log = qobject_cast<QLogValueAxis*>(m_xAxis)) {
        log->setRange(min, max);
        // One label per power of two would crowd at 4 KiB..16 MiB: every other one.
        log->setBase(std::log2(max / min) > 8 ? 4 : 2);
        log->setLabelFormat(QStringLiteral("%g"));
    } else {
        auto* axis = static_cast<QValueAxis*>(m_xAxis);
        const NiceAxis nice = niceAxis(max - min, 1.0, 1e-9, 5);
        applyAxis(axis, { min + nice.max, nice.step }, {}, min);
        axis->setRange(min, max);
    }
}

void ToolChart::setYTitle(Side side, const QString& title) { yAxis(side)->setTitleText(title); }

void ToolChart::setYMinimum(Side side, double minimum)
{
    m_min[int(side)] = minimum;
    applyAxis(yAxis(side), niceAxis(m_max[int(side)], 1.15, minimum));
}

ToolChart::Side ToolChart::sideOf(QAbstractSeries* series) const
{
    for (const Side side : { Side::Left, Side::Right, Side::Outer })
        if (series->attachedAxes().contains(yAxis(side)))
            return side;
    return Side::Left;
}

QLineSeries* ToolChart::addLine(const QString& name, Side side, Role role, Qt::PenStyle style)
{
    auto* series = new QLineSeries;
    series->setName(name);
    m_chart->addSeries(series);
    series->attachAxis(m_xAxis);
    series->attachAxis(yAxis(side));
    yAxis(side)->setVisible(true);
    m_styled.append({ series, role, style, false, -1 });
    applyPalette();
    return series;
}

QLineSeries* ToolChart::addRunLine(const QString& name, int index, Side side)
{
    QLineSeries* series = addLine(name, side, Role::Primary);
    m_styled.last().runIndex = index;
    applyPalette();
    return series;
}

QScatterSeries* ToolChart::addDots(const QString& name, Side side, Role role)
{
    auto* series = new QScatterSeries;
    series->setName(name);
    // Small, so a thousand access times read as a cloud rather than a smear; a temperature is a
    // dot per measurement, a dozen or two, and must be found beside four lines.
    const int line = fontMetrics().height();
    series->setMarkerSize(role == Role::Temperature ? std::max(6, line / 2) : std::max(4, line / 3));
    series->setMarkerShape(QScatterSeries::MarkerShapeCircle);
    m_chart->addSeries(series);
    series->attachAxis(m_xAxis);
    series->attachAxis(yAxis(side));
    yAxis(side)->setVisible(true);
    m_styled.append({ series, role, Qt::SolidLine, true, -1 });
    applyPalette();
    return series;
}

void ToolChart::grow(Side side, double value)
{
    double& max = m_max[int(side)];
    max = std::max(max, value);
    if (max > yAxis(side)->max()) {
        applyAxis(yAxis(side), niceAxis(max, 1.15, m_min[int(side)]));
        if (side == Side::Left && m_marker)
            setMarker(m_markerX, m_marker->name());
    }
}

void ToolChart::append(QLineSeries* series, double x, double y)
{
    series->append(x, y);
    grow(sideOf(series), y);
}

void ToolChart::append(QScatterSeries* series, double x, double y)
{
    series->append(x, y);
    grow(sideOf(series), y);
}

void ToolChart::fitY(Side side, double maxValue) { grow(side, maxValue); }

void ToolChart::setMarker(double x, const QString& name)
{
    if (std::isnan(x)) {
        if (m_marker) {
            m_chart->removeSeries(m_marker);
            delete m_marker;
            m_marker = nullptr;
        }
        return;
    }
    if (!m_marker) {
        m_marker = new QLineSeries;
        m_chart->addSeries(m_marker);
        m_marker->attachAxis(m_xAxis);
        m_marker->attachAxis(yAxis(Side::Left));
        applyPalette();
    }
    m_markerX = x;
    m_marker->setName(name);
    m_marker->replace({ QPointF(x, 0), QPointF(x, yAxis(Side::Left)->max()) });
}

void ToolChart::setSideVisible(Side side, bool visible)
{
    QValueAxis* axis = yAxis(side);
    axis->setVisible(visible);
    for (const Styled& s : m_styled)
        if (s.series->attachedAxes().contains(axis)) {
            s.series->setVisible(visible);
            for (QLegendMarker* marker : m_chart->legend()->markers(s.series))
                marker->setVisible(visible);
        }
}

void ToolChart::clear()
{
    for (const Styled& s : m_styled) {
        if (auto* line = qobject_cast<QXYSeries*>(s.series))
            line->clear();
    }
    setMarker(std::nan(""), {});
    for (int i = 0; i < 3; ++i) {
        m_max[i] = 0;
        applyAxis(m_y[i], niceAxis(0, 1, m_min[i]));
    }
}

QSize ToolChart::sizeHint() const
{
    const int line = fontMetrics().height();
    return { 40 * line, 18 * line };
}

QSize ToolChart::minimumSizeHint() const
{
    const int line = fontMetrics().height();
    return { 26 * line, 12 * line };
}

void ToolChart::applyPalette()
{
    chartstyle::applyPalette(m_view, m_chart, this);
    const QColor base = palette().color(QPalette::Base);
    const QColor text = palette().color(QPalette::Text);
    const bool dark = isDark(base);
    const auto roleColor = [dark](Role role) {
        return role == Role::Primary  ? primaryColor(dark)
            : role == Role::Secondary ? secondaryColor(dark)
                                      : temperatureColor(dark);
    };
    for (const Styled& s : m_styled) {
        const QColor color = s.runIndex >= 0 ? runColor(s.runIndex, dark) : roleColor(s.role);
        if (s.dots) {
            auto* dots = static_cast<QScatterSeries*>(s.series);
            QColor fill = color;
            fill.setAlphaF(s.role == Role::Temperature ? 1.0f : 0.6f);
            dots->setColor(fill);
            dots->setBorderColor(Qt::transparent);
        } else {
            // Widths in logical pixels, so they scale at 200 %.
            static_cast<QLineSeries*>(s.series)->setPen(QPen(color, 2, s.style));
        }
    }
    if (m_marker)
        m_marker->setPen(QPen(blend(base, text, 0.6), 1.5, Qt::DashLine));
    // Titles in the colour of the first series on that side say which axis is whose.
    for (QValueAxis* axis : m_y) {
        for (const Styled& s : m_styled)
            if (s.series->attachedAxes().contains(axis) && s.runIndex < 0) {
                axis->setTitleBrush(roleColor(s.role));
                break;
            }
    }
    // One grid is enough; the right axes' lines would not meet the left's.
    yAxis(Side::Right)->setGridLineVisible(false);
    yAxis(Side::Outer)->setGridLineVisible(false);
}

void ToolChart::changeEvent(QEvent* event)
{
    if (m_view) {
        if (event->type() == QEvent::PaletteChange)
            applyPalette();
        else if (event->type() == QEvent::FontChange)
            applyFonts(m_chart, this);
    }
    QWidget::changeEvent(event);
}

} // namespace dm
