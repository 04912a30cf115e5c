// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "results.h"
#include "runhealth.h"

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
// over a shaded band, so the ramp-up is visible but plainly not part of the measurement. Where the
// drive has a temperature sensor, its °C on a second right-hand axis (issue 15: a rate that falls
// as the drive warms is throttling); the axis and its legend entry are hidden without readings.
class LiveChart : public QWidget {
    Q_OBJECT
public:
    explicit LiveChart(QWidget* parent = nullptr);

    // Empties the chart and names the test that is about to send samples.
    // expectedSeconds: warm-up plus passes, the time axis's first span (0 = unknown).
    void startTest(const QString& title, double expectedSeconds = 0);
    // Called about four times a second during a test: appends, and only ever widens the axes.
    void addSample(const LiveSample& s);
    // A reading of the drive's temperature taken now (every 2 s while a test runs): drawn at the
    // last sample's time, a quarter of a second at most from when it was read.
    void addTemperature(double celsius);
    // Replaces everything with a finished test's timeline; `temperatures` are in the test's own
    // seconds, as the samples' t (none: no temperature line).
    void showTimeline(const QString& title, const std::vector<LiveSample>& samples,
        const std::vector<TemperatureSample>& temperatures = {});
    void clear();

    int pointCount() const;
    QString title() const { return m_title; }

    // For tests and screenshots: what is on the chart.
    QChart* chart() const { return m_chart; }
    const QLineSeries* rateSeries() const { return m_rate; }
    const QLineSeries* iopsSeries() const { return m_iops; }
    const QLineSeries* temperatureSeries() const { return m_temperature; }
    bool temperatureShown() const; // its axis is on the chart
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
    void extendTemperature(double celsius);
    void setTemperatureShown(bool shown);
    void updateBand();
    void applyPalette();
    void applyFonts();

    QChartView* m_view = nullptr;
    QChart* m_chart = nullptr;
    QLineSeries* m_rate = nullptr;
    QLineSeries* m_iops = nullptr;
    QLineSeries* m_temperature = nullptr;
    QLineSeries* m_bandUpper = nullptr;
    QLineSeries* m_bandLower = nullptr;
    QAreaSeries* m_band = nullptr;
    QValueAxis* m_timeAxis = nullptr;
    QValueAxis* m_rateAxis = nullptr;
    QValueAxis* m_iopsAxis = nullptr;
    QValueAxis* m_temperatureAxis = nullptr;
    QString m_title;
    double m_warmupEnd = 0;
    double m_maxRate = 0, m_maxIops = 0, m_maxTemperature = 0; // the largest so far, to rebuild the axes on resize
    double m_lastT = 0; // the newest sample's time, where a temperature read now is drawn
    int m_intervals = 4; // grid steps on the vertical axes; fewer when the chart is short
};

} // namespace dm
