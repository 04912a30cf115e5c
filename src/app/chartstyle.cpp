// SPDX-License-Identifier: GPL-3.0-or-later
#include "chartstyle.h"

#include <QAbstractAxis>
#include <QChart>
#include <QChartView>
#include <QGraphicsLayout>
#include <QLegend>
#include <QVBoxLayout>
#include <QValueAxis>
#include <QWidget>

#include <algorithm>
#include <cmath>

namespace dm::chartstyle {

NiceAxis niceAxis(double value, double headroom, double minimum, int intervals)
{
    const double target = std::max(value * headroom, minimum);
    const double raw = target / intervals;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    const double norm = raw / magnitude;
    const double step = (norm <= 1 ? 1 : norm <= 2 ? 2 : norm <= 5 ? 5 : 10) * magnitude;
    return { std::ceil(target / step - 1e-9) * step, step };
}

void applyAxis(QValueAxis* axis, NiceAxis nice, const QString& suffix, double min)
{
    const int decimals = nice.step >= 1 ? 0 : int(std::ceil(-std::log10(nice.step) - 1e-9));
    axis->setLabelFormat(QStringLiteral("%.%1f%2").arg(decimals).arg(suffix));
    axis->setTickInterval(nice.step);
    axis->setRange(min, nice.max);
}

QValueAxis* makeAxis()
{
    auto* axis = new QValueAxis;
    axis->setTickType(QValueAxis::TicksDynamic);
    axis->setTickAnchor(0);
    axis->setMinorTickCount(0);
    return axis;
}

QColor blend(const QColor& a, const QColor& b, double t)
{
    return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * t),
        float(a.greenF() + (b.greenF() - a.greenF()) * t), float(a.blueF() + (b.blueF() - a.blueF()) * t));
}

bool isDark(const QColor& c) { return c.lightnessF() < 0.5; }

QColor primaryColor(bool dark) { return dark ? QColor(0x64, 0xb5, 0xf6) : QColor(0x15, 0x65, 0xc0); }

QColor secondaryColor(bool dark) { return dark ? QColor(0xff, 0xb7, 0x4d) : QColor(0xc4, 0x4d, 0x00); }

QColor temperatureColor(bool dark) { return runColor(3, dark); }

QColor runColor(int index, bool dark)
{
    static const QRgb light[kRunColors]
        = { 0x0072b2, 0xe69f00, 0x009e73, 0xcc79a7, 0xd55e00, 0x56b4e9, 0x8c8c28, 0x555555 };
    static const QRgb night[kRunColors]
        = { 0x5aaee8, 0xe69f00, 0x19c08f, 0xe08fc0, 0xff7a33, 0x9ad3f5, 0xf0e442, 0xbbbbbb };
    const int i = ((index % kRunColors) + kRunColors) % kRunColors;
    return QColor::fromRgb(dark ? night[i] : light[i]);
}

void applyPalette(QChartView* view, QChart* chart, const QWidget* from)
{
    const QPalette pal = from->palette();
    const QColor base = pal.color(QPalette::Base);
    const QColor text = pal.color(QPalette::Text);
    const bool dark = isDark(base);
    view->setBackgroundBrush(base);
    chart->setBackgroundBrush(base);
    chart->setBackgroundPen(QPen(blend(base, text, 0.3), 1));
    chart->setPlotAreaBackgroundVisible(false);
    chart->setTitleBrush(text);
    chart->legend()->setLabelColor(text);
    const QColor grid = blend(base, text, dark ? 0.2 : 0.12);
    const QColor line = blend(base, text, 0.4);
    for (QAbstractAxis* axis : chart->axes()) {
        axis->setLabelsColor(text);
        axis->setTitleBrush(text); // the y axes then take their series' colour
        axis->setGridLineColor(grid);
        axis->setLinePenColor(line);
    }
}

void applyFonts(QChart* chart, const QWidget* from)
{
    const QFont base = from->font();
    QFont title = base;
    title.setBold(true);
    QFont small = base;
    if (small.pointSizeF() > 0)
        small.setPointSizeF(small.pointSizeF() * 0.9);
    chart->setTitleFont(title);
    chart->legend()->setFont(small);
    for (QAbstractAxis* axis : chart->axes()) {
        axis->setLabelsFont(small);
        axis->setTitleFont(small);
    }
    const int margin = std::max(2, from->fontMetrics().height() / 4);
    chart->setMargins(QMargins(margin, margin / 2, margin, 0));
}

QChartView* showChart(QChart* chart, QWidget* owner)
{
    chart->legend()->setAlignment(Qt::AlignBottom);
    // Every pixel counts at 200 px high: the legend's default margins would add a blank line.
    chart->legend()->setContentsMargins(0, 0, 0, 0);
    chart->setBackgroundRoundness(0);
    chart->layout()->setContentsMargins(0, 0, 0, 0);
    // Appending a point must not replay an animation over the whole series four times a second.
    chart->setAnimationOptions(QChart::NoAnimation);

    auto* view = new QChartView(chart, owner);
    view->setRenderHint(QPainter::Antialiasing);
    view->setFrameShape(QFrame::NoFrame);
    auto* layout = new QVBoxLayout(owner);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(view);
    return view;
}

} // namespace dm::chartstyle
