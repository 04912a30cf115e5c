// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QWidget>

class QAbstractAxis;
class QAbstractSeries;
class QChart;
class QChartView;
class QLineSeries;
class QScatterSeries;
class QValueAxis;

namespace dm {

// The chart of a surface scan, a sustained write or a sweep: one x axis (linear, or log2 for
// block sizes), a left and a right value axis and a second right one outside it (the drive's
// temperature beside a sweep's IOPS), lines and dots in the shared chart style. Axes grow on
// round steps as points arrive (the page adds them as the test posts them).
class ToolChart : public QWidget {
    Q_OBJECT
public:
    enum class XScale { Linear, Log2 };
    enum class Side { Left, Right, Outer }; // Outer: right of the Right axis
    // Blue (MB/s, reads), orange (writes, access times) or purple (the drive's temperature).
    enum class Role { Primary, Secondary, Temperature };

    explicit ToolChart(XScale xScale, QWidget* parent = nullptr);

    void setTitle(const QString& title);
    void setXAxis(const QString& title, double min, double max);
    void setYTitle(Side side, const QString& title);
    void setYMinimum(Side side, double minimum); // the smallest top of the axis, so it never shows 0..0.001

    QLineSeries* addLine(const QString& name, Side side, Role role, Qt::PenStyle style = Qt::SolidLine);
    // One of several runs side by side (comparisons), or of several lines that each need a colour
    // of their own (a small-file test's phases): chartstyle::runColor(index).
    QLineSeries* addRunLine(const QString& name, int index, Side side = Side::Left);
    QScatterSeries* addDots(const QString& name, Side side, Role role);
    // Appends and grows the axis; for many points at once use the series' replace() and fitY().
    void append(QLineSeries* series, double x, double y);
    void append(QScatterSeries* series, double x, double y);
    void fitY(Side side, double maxValue);
    // A vertical marker at x (the cache cliff), from 0 to the top of the left axis; none when nan.
    void setMarker(double x, const QString& name);
    // Shows or hides one side's axis with its series and their legend entries: a line that has
    // nothing to draw this time (a drive without a temperature sensor) takes no room.
    void setSideVisible(Side side, bool visible);
    void clear();

    QChart* chart() const { return m_chart; }
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void changeEvent(QEvent* event) override;

private:
    void applyPalette();
    QValueAxis* yAxis(Side side) const { return m_y[int(side)]; }
    Side sideOf(QAbstractSeries* series) const;
    void grow(Side side, double value);

    XScale m_xScale;
    QChart* m_chart;
    QChartView* m_view = nullptr;
    QAbstractAxis* m_xAxis;
    QValueAxis* m_y[3]; // by Side
    double m_max[3] = { 0, 0, 0 }; // the largest value so far on each side
    double m_min[3] = { 1, 1, 1 }; // the smallest top of each axis (setYMinimum)
    QLineSeries* m_marker = nullptr;
    double m_markerX = 0;
    struct Styled {
        QAbstractSeries* series;
        Role role;
        Qt::PenStyle style;
        bool dots;
        int runIndex = -1; // >= 0: coloured as the run's colour, not by role
    };
    QList<Styled> m_styled;
};

} // namespace dm
