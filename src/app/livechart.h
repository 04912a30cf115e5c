// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "results.h"

#include <QString>
#include <QWidget>

#include <vector>

class QAreaSeries;
class QChart;
class QChartView;
class QLineSeries;
class QValueAxis;

namespace dm {

// MB/s (left axis) and IOPS (right axis) of one test against seconds since it started: live while
// the test runs, or a finished test's stored timeline. Warm-up samples are drawn like the others,
// over a shaded band, so the ramp-up is visible but plainly not part of the measurement.
class LiveChart : public QWidget {
    Q_OBJECT
public:
    explicit LiveChart(QWidget* parent = nullptr);

    // Empties the chart and names the test that is about to send samples.
    // expectedSeconds: warm-up plus passes, the time axis's first span (0 = unknown).
    void startTest(const QString& title, double expectedSeconds = 0);
    // Called about four times a second during a test: appends, and only ever widens the axes.
    void addSample(const LiveSample& s);
    // Replaces everything with a finished test's timeline.
    void showTimeline(const QString& title, const std::vector<LiveSample>& samples);
    void clear();

    int pointCount() const;
    QString title() const { return m_title; }

    // For tests and screenshots: what is on the chart.
    QChart* chart() const { return m_chart; }
    const QLineSeries* rateSeries() const { return m_rate; }
    const QLineSeries* iopsSeries() const { return m_iops; }
    double warmupEnd() const { return m_warmupEnd; } // seconds; 0 without warm-up samples

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    static QString secondsSuffix();
    void resetAxes();
    void extendTime(double t);
    void extendRate(double mbPerSec);
    void extendIops(double iops);
    void extendWarmup(double t);
    void updateBand();
    void applyPalette();
    void applyFonts();

    QChartView* m_view = nullptr;
    QChart* m_chart = nullptr;
    QLineSeries* m_rate = nullptr;
    QLineSeries* m_iops = nullptr;
    QLineSeries* m_bandUpper = nullptr;
    QLineSeries* m_bandLower = nullptr;
    QAreaSeries* m_band = nullptr;
    QValueAxis* m_timeAxis = nullptr;
    QValueAxis* m_rateAxis = nullptr;
    QValueAxis* m_iopsAxis = nullptr;
    QString m_title;
    double m_warmupEnd = 0;
    double m_maxRate = 0, m_maxIops = 0; // the largest values so far, to rebuild the axes on resize
    int m_intervals = 4; // grid steps on the vertical axes; fewer when the chart is short
};

} // namespace dm
