// SPDX-License-Identifier: GPL-3.0-or-later
#include "livechart.h"

#include "chartstyle.h"

#include <QAreaSeries>
#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QGraphicsLayout>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QResizeEvent>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace dm {

using namespace chartstyle;

namespace {

    // Smallest axis spans, so the first samples of a slow device are not drawn against a 0..0.001
    // axis that then rescales with every sample. The time axis starts at the test's expected
    // length when it is known (startTest), so a 2-second test is not drawn on a 10-second axis.
    constexpr double kMinSeconds = 1;
    constexpr double kMinRate = 1;
    constexpr double kMinIops = 10;

} // namespace

LiveChart::LiveChart(QWidget* parent)
    : QWidget(parent)
    , m_chart(new QChart)
    , m_rate(new QLineSeries)
    , m_iops(new QLineSeries)
    , m_temperature(new QLineSeries)
    , m_bandUpper(new QLineSeries)
    , m_bandLower(new QLineSeries)
{
    m_rate->setName(tr("MB/s"));
    m_iops->setName(tr("IOPS"));
    m_temperature->setName(tr("Drive °C"));
    m_band = new QAreaSeries(m_bandUpper, m_bandLower);
    m_band->setName(tr("Warm-up"));

    m_timeAxis = makeAxis();
    m_rateAxis = makeAxis();
    // A QCategoryAxis could label it "1.5M", but Qt Charts elides all category labels to "..." as
    // soon as the chart is a little short; "1500000" is long but always readable.
    m_iopsAxis = makeAxis();
    m_rateAxis->setTitleText(tr("MB/s"));
    m_iopsAxis->setTitleText(tr("IOPS"));
    m_temperatureAxis = makeAxis();
    m_temperatureAxis->setTitleText(tr("°C"));

    m_chart->addAxis(m_timeAxis, Qt::AlignBottom);
    m_chart->addAxis(m_rateAxis, Qt::AlignLeft);
    m_chart->addAxis(m_iopsAxis, Qt::AlignRight);
    m_chart->addAxis(m_temperatureAxis, Qt::AlignRight); // outside the IOPS axis
    // The band first, so the lines are drawn over it.
    for (QAbstractSeries* series : { static_cast<QAbstractSeries*>(m_band), static_cast<QAbstractSeries*>(m_rate),
             static_cast<QAbstractSeries*>(m_iops), static_cast<QAbstractSeries*>(m_temperature) }) {
        m_chart->addSeries(series);
        series->attachAxis(m_timeAxis);
    }
    m_band->attachAxis(m_rateAxis);
    // The chart owns the series added to it, but not the band's edges; tie them to the band.
    m_bandUpper->setParent(m_band);
    m_bandLower->setParent(m_band);
    m_rate->attachAxis(m_rateAxis);
    m_iops->attachAxis(m_iopsAxis);
    m_temperature->attachAxis(m_temperatureAxis);

    m_view = chartstyle::showChart(m_chart, this);

    applyFonts();
    applyPalette();
    resetAxes();
    setTemperatureShown(false); // until the first reading
}

QString LiveChart::secondsSuffix() { return tr(" s", "after the number on the chart's time axis"); }

void LiveChart::startTest(const QString& title, double expectedSeconds)
{
    clear();
    m_title = title;
    m_chart->setTitle(title);
    if (expectedSeconds > 0)
        applyAxis(m_timeAxis, niceAxis(expectedSeconds, 1.0, kMinSeconds), secondsSuffix());
}

void LiveChart::addSample(const LiveSample& s)
{
    m_lastT = s.t;
    m_rate->append(s.t, s.mbPerSec);
    m_iops->append(s.t, s.iops);
    extendTime(s.t);
    extendRate(s.mbPerSec);
    extendIops(s.iops);
    if (s.pass == 0)
        extendWarmup(s.t);
}

void LiveChart::addTemperature(double celsius)
{
    m_temperature->append(m_lastT, celsius);
    extendTemperature(celsius);
    setTemperatureShown(true);
}

bool LiveChart::temperatureShown() const { return m_temperatureAxis->isVisible(); }

void LiveChart::setTemperatureShown(bool shown)
{
    if (m_temperatureAxis->isVisible() == shown && m_temperature->isVisible() == shown)
        return;
    m_temperatureAxis->setVisible(shown);
    m_temperature->setVisible(shown);
    for (QLegendMarker* marker : m_chart->legend()->markers(m_temperature))
        marker->setVisible(shown);
}

void LiveChart::showTimeline(
    const QString& title, const std::vector<LiveSample>& samples, const std::vector<TemperatureSample>& temperatures)
{
    startTest(title);
    QList<QPointF> rate, iops;
    rate.reserve(qsizetype(samples.size()));
    iops.reserve(qsizetype(samples.size()));
    double maxT = 0, maxRate = 0, maxIops = 0, warmupEnd = 0;
    for (const LiveSample& s : samples) {
        rate.append({ s.t, s.mbPerSec });
        iops.append({ s.t, s.iops });
        maxT = std::max(maxT, s.t);
        maxRate = std::max(maxRate, s.mbPerSec);
        maxIops = std::max(maxIops, s.iops);
        if (s.pass == 0)
            warmupEnd = std::max(warmupEnd, s.t);
    }
    // One replace per series: each append would redraw the series again.
    m_rate->replace(rate);
    m_iops->replace(iops);
    // A finished timeline needs no room to grow: the time axis ends just after its last sample.
    applyAxis(m_timeAxis, niceAxis(maxT, 1.0, kMinSeconds), secondsSuffix());
    extendRate(maxRate);
    extendIops(maxIops);
    if (warmupEnd > 0)
        extendWarmup(warmupEnd);
    QList<QPointF> celsius;
    double hottest = 0;
    for (const TemperatureSample& t : temperatures) {
        celsius.append({ t.seconds, t.celsius });
        hottest = std::max(hottest, t.celsius);
    }
    m_temperature->replace(celsius);
    extendTemperature(hottest);
    setTemperatureShown(!celsius.isEmpty());
}

void LiveChart::clear()
{
    m_rate->clear();
    m_iops->clear();
    m_temperature->clear();
    setTemperatureShown(false);
    m_warmupEnd = 0;
    m_maxRate = 0;
    m_maxIops = 0;
    m_maxTemperature = 0;
    m_lastT = 0;
    updateBand();
    m_title.clear();
    m_chart->setTitle({});
    resetAxes();
}

int LiveChart::pointCount() const { return int(m_rate->count()); }

QSize LiveChart::sizeHint() const
{
    const int line = fontMetrics().height();
    return { 32 * line, 12 * line };
}

QSize LiveChart::minimumSizeHint() const
{
    const int line = fontMetrics().height();
    return { 26 * line, 10 * line };
}

void LiveChart::resetAxes()
{
    applyAxis(m_timeAxis, niceAxis(0, 1, kMinSeconds), secondsSuffix());
    applyAxis(m_rateAxis, niceAxis(0, 1, kMinRate, m_intervals));
    applyAxis(m_iopsAxis, niceAxis(0, 1, kMinIops, m_intervals));
    applyAxis(m_temperatureAxis, niceAxis(0, 1, kTemperatureAxisTop, m_intervals));
    updateBand();
}

void LiveChart::extendTime(double t)
{
    if (t > m_timeAxis->max())
        applyAxis(m_timeAxis, niceAxis(t, 1.25, kMinSeconds), secondsSuffix());
}

void LiveChart::extendRate(double mbPerSec)
{
    m_maxRate = std::max(m_maxRate, mbPerSec);
    if (mbPerSec > m_rateAxis->max()) {
        applyAxis(m_rateAxis, niceAxis(mbPerSec, 1.15, kMinRate, m_intervals));
        updateBand(); // the band reaches the top of the rate axis
    }
}

void LiveChart::extendIops(double iops)
{
    m_maxIops = std::max(m_maxIops, iops);
    if (iops > m_iopsAxis->max())
        applyAxis(m_iopsAxis, niceAxis(iops, 1.15, kMinIops, m_intervals));
}

void LiveChart::extendTemperature(double celsius)
{
    m_maxTemperature = std::max(m_maxTemperature, celsius);
    if (celsius > m_temperatureAxis->max())
        applyAxis(m_temperatureAxis, niceAxis(celsius, 1.15, kTemperatureAxisTop, m_intervals));
}

void LiveChart::extendWarmup(double t)
{
    if (t > m_warmupEnd) {
        m_warmupEnd = t;
        updateBand();
    }
}

void LiveChart::updateBand()
{
    if (m_warmupEnd <= 0) {
        m_bandUpper->clear();
        m_bandLower->clear();
        m_band->setVisible(false); // its legend entry goes with it
        return;
    }
    const double top = m_rateAxis->max();
    m_bandUpper->replace({ QPointF(0, top), QPointF(m_warmupEnd, top) });
    m_bandLower->replace({ QPointF(0, 0), QPointF(m_warmupEnd, 0) });
    m_band->setVisible(true);
}

void LiveChart::applyPalette()
{
    // The chart sits under the tiles and wears their colours: Base behind, Text in front.
    chartstyle::applyPalette(m_view, m_chart, this);
    const QColor base = palette().color(QPalette::Base);
    const QColor text = palette().color(QPalette::Text);
    const bool dark = isDark(base);
    const QColor rateColor = primaryColor(dark);
    const QColor iopsColor = secondaryColor(dark);
    const QColor celsiusColor = temperatureColor(dark);
    // Widths in logical pixels (not cosmetic pens, which stay one device pixel thin at 200%).
    m_rate->setPen(QPen(rateColor, 2));
    // Within one test IOPS is MB/s over the block size, so the two lines often lie on top of each
    // other; the dashes let the MB/s line show through.
    m_iops->setPen(QPen(iopsColor, 1.5, Qt::DashLine));
    m_temperature->setPen(QPen(celsiusColor, 1.5, Qt::DotLine));

    QColor shade = text;
    shade.setAlphaF(dark ? 0.14f : 0.08f);
    m_band->setBrush(shade);
    m_band->setPen(Qt::NoPen);

    // Axis titles in their series' colours say which axis belongs to which line.
    m_rateAxis->setTitleBrush(rateColor);
    m_iopsAxis->setTitleBrush(iopsColor);
    m_temperatureAxis->setTitleBrush(celsiusColor);
    // One grid is enough; the right axes' lines would not meet the left's.
    m_iopsAxis->setGridLineVisible(false);
    m_temperatureAxis->setGridLineVisible(false);
}

void LiveChart::applyFonts() { chartstyle::applyFonts(m_chart, this); }

void LiveChart::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    // Qt Charts gives each vertical-axis label the axis height divided by the number of labels,
    // less 8 px of padding, and elides every label to "..." when a line does not fit in that: a
    // short chart gets fewer steps. The axis is what is left after about four and a half lines of
    // title, time labels and legend.
    const int axis = height() - fontMetrics().height() * 9 / 2;
    const int perLabel = QFontMetrics(m_rateAxis->labelsFont()).height() + 8;
    const int intervals = std::clamp(axis / perLabel - 1, 1, 4);
    if (intervals == m_intervals)
        return;
    m_intervals = intervals;
    applyAxis(m_rateAxis, niceAxis(m_maxRate, 1.15, kMinRate, m_intervals));
    applyAxis(m_iopsAxis, niceAxis(m_maxIops, 1.15, kMinIops, m_intervals));
    applyAxis(m_temperatureAxis, niceAxis(m_maxTemperature, 1.15, kTemperatureAxisTop, m_intervals));
    updateBand();
}

void LiveChart::changeEvent(QEvent* event)
{
    // The base class constructor may report changes before the chart exists.
    if (!m_view) {
        QWidget::changeEvent(event);
        return;
    }
    switch (event->type()) {
    case QEvent::PaletteChange:
        applyPalette();
        break;
    case QEvent::FontChange:
        applyFonts();
        updateGeometry();
        break;
    default:
        break;
    }
    QWidget::changeEvent(event);
}

} // namespace dm
