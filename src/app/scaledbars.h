// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "barscale.h"

#include <QColor>
#include <QFont>
#include <QObject>
#include <QPointer>
#include <QString>

#include <functional>
#include <optional>
#include <vector>

class QBarSeries;
class QCategoryAxis;
class QChart;
class QGraphicsSimpleTextItem;
class QWidget;

namespace dm {

// Grouped bars on a scale of barscale.h (linear, log, relative to each group's largest), each
// bar's figure printed above it or, where there is no room above, at its top inside: the
// comparison dialog's bars per test and each kind's bar chart (issue 30).
//
// Qt Charts draws bars on a QLogValueAxis from the axis' minimum, which is right, but a bar of
// no figure (a test a run does not have, kept as 0) makes its domain's geometry invalid and the
// whole series disappears; and its labels can only print the value drawn, so a relative bar could
// not print its MB/s. So every scale is drawn the same way: each bar's height is its fraction of
// the axis (barFraction), on a 0..1 value axis whose labels are the scale's ticks (barAxisTicks)
// placed where they belong, and the figures are our own text items.
class ScaledBars : public QObject {
    Q_OBJECT
public:
    struct Set {
        QString name; // the legend's: the run's short label
        QString toolTip; // the run's full label, shown over its legend marker and its bars
        int runIndex = 0; // its colour (chartstyle::runColor)
        std::vector<std::optional<double>> values; // one per group of the category axis
    };
    // What a figure is printed as, and the axis title.
    using FigureText = std::function<QString(double)>;

    // Adds a bar series to `chart`; the category axis is the caller's, the value axis ours.
    explicit ScaledBars(QChart* chart);

    QBarSeries* series() const { return m_series; }
    void setBars(std::vector<Set> sets, BarScale scale, const QString& axisTitle, FigureText figure);
    BarScale scale() const { return m_scale; }
    // Every figure printed, set by set and group by group (none where a run has no figure).
    struct Figure {
        int set = 0, group = 0;
        double value = 0;
        QGraphicsSimpleTextItem* item = nullptr;
    };
    const std::vector<Figure>& figures() const { return m_figures; }
    // The widget's palette and font on the figures (after chartstyle::applyPalette and applyFonts).
    void restyle(const QWidget* from);

private:
    void applyStyle(); // restyle()'s colours and font, on bars and figures made since too
    void placeFigures();

    QChart* m_chart;
    QBarSeries* m_series;
    QPointer<QCategoryAxis> m_axis;
    BarScale m_scale = BarScale::Linear;
    std::vector<Set> m_sets;
    std::vector<Figure> m_figures;
    QColor m_text;
    QFont m_font;
    bool m_dark = false;
};

} // namespace dm
