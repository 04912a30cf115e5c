// SPDX-License-Identifier: GPL-3.0-or-later
#include "sustainedpage.h"

#include "pageregistry.h"
#include "sustainedarguments.h"
#include "thermalcliff.h"

#include "runheader.h"
#include "targetcombo.h"
#include "toolchart.h"

#include <QComboBox>
#include <QDir>
#include <QFormLayout>
#include <QLineSeries>

#include <cmath>

namespace dm {

namespace {
    QString gb(double bytes) { return QStringLiteral("%1 GB").arg(bytes / 1e9, 0, 'f', bytes >= 10e9 ? 1 : 2); }
    QString mbps(double v) { return QStringLiteral("%1 MB/s").arg(v, 0, 'f', v >= 100 ? 1 : 2); }
}

QString SustainedPage::noCliffText(const CacheCliff& cliff)
{
    // The engine's reason in words is English (reports and the CLI); here it is said in the
    // window's language, from the same value.
    switch (cliff.why) {
    case CacheCliff::NoCliff::Found:
        return {};
    case CacheCliff::NoCliff::TooFewSamples:
        return tr("Too few samples to tell (%1; a cliff needs %2): write more.")
            .arg(cliff.samples)
            .arg(2 * CliffRule {}.minSegment);
    case CacheCliff::NoCliff::Level:
        return tr("The rate stays level: no lasting fall of %1 % or more.").arg(CliffRule {}.minDrop * 100, 0, 'f', 0);
    case CacheCliff::NoCliff::Gradual:
        return tr("The rate declines gradually, not at a cliff.");
    case CacheCliff::NoCliff::Recovers:
        return tr("The rate falls but comes back up: a pause, not the cache running out.");
    }
    return QString::fromStdString(cliff.reason);
}

SustainedPage::SustainedPage(QWidget* parent)
    : ToolPage(parent)
{
    m_target = new TargetCombo(TargetCombo::Filesystems, this);
    m_target->refill(QDir::homePath());
    m_target->setToolTip(tr("A test file is written here and removed when the test ends"));
    addTargetRow(tr("&Folder:"), m_target);
    m_total = new QComboBox(this);
    for (uint64_t g : { 1, 2, 4, 8, 16, 32, 64, 128, 256 })
        m_total->addItem(tr("%1 GiB").arg(g), QVariant::fromValue<qulonglong>(g * GiB));
    m_total->setCurrentIndex(3);
    m_total->setToolTip(tr("How much to write: more than the drive's cache, to see where it runs out"));
    m_total->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    settingsForm()->addRow(tr("&Amount:"), m_total);
    lockWhileRunning(m_target);
    lockWhileRunning(m_total);

    m_chart = new ToolChart(ToolChart::XScale::Linear, this);
    m_chart->setXAxis(tr("Written (GB)"), 0, double(8 * GiB) / 1e9);
    m_chart->setYTitle(ToolChart::Side::Left, tr("MB/s"));
    m_rate = m_chart->addLine(tr("Write"), ToolChart::Side::Left, ToolChart::Role::Primary);
    // The drive's temperature along the write, after it, where the drive has a sensor: a rate
    // that falls while the drive heats is throttling, not a full cache (docs/HEALTH.md).
    m_chart->setYTitle(ToolChart::Side::Right, tr("°C"));
    m_temperature
        = m_chart->addLine(tr("Drive temperature"), ToolChart::Side::Right, ToolChart::Role::Temperature, Qt::DashLine);
    m_chart->setSideVisible(ToolChart::Side::Right, false);
    setChart(m_chart);
    updateSummary();
}

void SustainedPage::setTarget(const QString& path) { m_target->refill(path); }

void SustainedPage::setTotal(uint64_t bytes)
{
    int index = m_total->findData(QVariant::fromValue<qulonglong>(bytes));
    if (index < 0) {
        m_total->addItem(tr("%1 MiB").arg(bytes / MiB), QVariant::fromValue<qulonglong>(bytes));
        index = m_total->count() - 1;
    }
    m_total->setCurrentIndex(index);
}

int SustainedPage::plottedSamples() const { return int(m_rate->count()); }

Result<QStringList> SustainedPage::hostsRun() const
{
    SustainedRequest request;
    request.totalBytes = m_total->currentData().toULongLong();
    return sustainedCliArguments(request);
}

bool SustainedPage::showStoredRun(const QByteArray& json, const QByteArray& csv)
{
    auto report = parseSustainedJson(json);
    if (!report || isRunning())
        return false;
    const SustainedResult& r = report->result;
    m_liveTemperatures.clear();
    m_elapsed = r.seconds;
    m_chart->clear();
    m_chart->setSideVisible(ToolChart::Side::Right, false);
    m_chart->setTitle(QString::fromStdString(r.request.target));
    m_chart->setXAxis(tr("Written (GB)"), 0, double(r.request.totalBytes) / 1e9);
    showStoredFiles(json, csv, report->header);
    onFinished(r, report->header);
    return true;
}

bool SustainedPage::launch()
{
    SustainedRequest request;
    request.target = m_target->currentPath().toStdString();
    request.totalBytes = m_total->currentData().toULongLong();
    request.totalGiven = true;
    if (const Status valid = validate(request); !valid) {
        showResult(false, QString::fromStdString(valid.error().message));
        return false;
    }
    m_live.clear();
    m_liveTemperatures.clear();
    m_ended = false;
    m_elapsed = 0;
    m_report.reset();
    m_chart->clear();
    m_chart->setSideVisible(ToolChart::Side::Right, false);
    m_rate->setPointsVisible(false);
    m_chart->setTitle(m_target->currentPath());
    m_chart->setXAxis(tr("Written (GB)"), 0, double(request.totalBytes) / 1e9);
    updateSummary();
    setStatus(tr("Writing %1 to %2…").arg(gb(double(request.totalBytes)), m_target->currentPath()));

    return startJob(
        std::move(request),
        [this](const SustainedRequest& r, const auto& post, const std::atomic<bool>& cancel) {
            const QString target = QString::fromStdString(r.target);
            SustainedCallbacks callbacks;
            callbacks.phase = [=, this](const RunPhase& p) { post([=, this] { showPhase(p, { target }); }); };
            callbacks.sample = [=, this](const SustainedSample& s) { post([=, this] { onSample(s); }); };
            return runSustainedWrite(r, callbacks, cancel);
        },
        formatSustainedJson, formatSustainedCsv,
        [this](const Result<SustainedResult>& result, const ReportHeader& header) { onFinished(result, header); });
}

void SustainedPage::onSample(const SustainedSample& s)
{
    m_live.push_back(s);
    m_elapsed = s.t;
    m_chart->append(m_rate, double(s.bytes) / 1e9, s.mbPerSec);
    updateSummary();
}

void SustainedPage::onTemperature(const TemperatureSample& reading)
{
    if (m_ended)
        return; // a reading posted as the run ended: onFinished drew the run's own
    m_liveTemperatures.push_back(reading);
    plotTemperature(m_live, m_liveTemperatures);
}

void SustainedPage::onFinished(Result<SustainedResult> result, ReportHeader header)
{
    m_ended = true;
    if (!result) {
        showResult(false, QString::fromStdString(result.error().message));
        return;
    }
    m_live = result->timeline;
    m_report = SustainedReport { *result, header };
    showExplanations(result->warnings, explainSustained(*m_report));
    // The whole timeline once more: the last sample may not have been posted before the end.
    QList<QPointF> points;
    double top = 0;
    for (const auto& s : result->timeline) {
        points.append({ double(s.bytes) / 1e9, s.mbPerSec });
        top = std::max(top, s.mbPerSec);
    }
    m_rate->replace(points);
    // A short write has a handful of samples: dots show each one.
    m_rate->setPointsVisible(points.size() < 40);
    m_chart->fitY(ToolChart::Side::Left, top);
    // A fall as the drive got hot is throttling, not the cache (thermalcliff.h): the marker says which.
    if (const std::optional<ThermalCliff> thermal = thermalCliff(*result, header.health))
        m_chart->setMarker(
            double(*result->cliff.cacheBytes) / 1e9, tr("Throttled at %1 °C").arg(thermal->celsius, 0, 'f', 0));
    else if (result->cliff.cacheBytes)
        m_chart->setMarker(double(*result->cliff.cacheBytes) / 1e9, tr("Cache runs out"));
    plotTemperature(result->timeline, header.health.temperatures);
    updateSummary();
    if (result->error)
        showResult(!result->timeline.empty(), tr("The write stopped: %1").arg(QString::fromStdString(*result->error)));
    else if (result->cancelled)
        showResult(
            !result->timeline.empty(), tr("Stopped: the test file is removed; what was written so far is shown"));
    else
        showResult(true,
            tr("Wrote %1 in %2; the test file is removed")
                .arg(gb(double(result->bytesWritten)), clockText(result->seconds)));
}

void SustainedPage::plotTemperature(
    const std::vector<SustainedSample>& timeline, const std::vector<TemperatureSample>& temperatures)
{
    QList<QPointF> points;
    double top = 0;
    for (const SustainedSample& s : timeline)
        if (const std::optional<double> c = temperatureAt(temperatures, s.t)) {
            points.append({ double(s.bytes) / 1e9, *c });
            top = std::max(top, *c);
        }
    m_temperature->replace(points);
    // One reading is no line; a sensorless drive none at all.
    const bool shown = temperatures.size() >= 2 && !points.isEmpty();
    if (shown)
        m_chart->fitY(ToolChart::Side::Right, top);
    m_chart->setSideVisible(ToolChart::Side::Right, shown);
}

void SustainedPage::updateSummary()
{
    if (m_live.empty()) {
        setSummary(tr("<p>Writes one long file and shows where the drive's cache runs out and what it "
                      "sustains after.</p>"));
        return;
    }
    const auto row = [](const QString& label, const QString& value) {
        return QStringLiteral("<tr><td>%1</td><td align=\"right\"><b>%2</b></td></tr>").arg(label, value);
    };
    const SustainedSample& last = m_live.back();
    QString html = QStringLiteral("<table cellspacing=\"4\">");
    html += row(tr("Written"), gb(double(last.bytes)));
    html += row(tr("Average"), mbps(last.t > 0 ? double(last.bytes) / last.t / 1e6 : 0));
    if (m_report) {
        const SustainedResult& r = m_report->result;
        html += row(tr("Time"), clockText(r.seconds));
        if (const std::optional<ThermalCliff> thermal = thermalCliff(r, m_report->header.health)) {
            html += row(tr("Throttled"),
                tr("at %1, %2 °C").arg(gb(double(*r.cliff.cacheBytes))).arg(thermal->celsius, 0, 'f', 0));
            html += row(tr("Before"), mbps(r.cliff.beforeMbPerSec));
            html += row(tr("Sustained"), mbps(r.cliff.afterMbPerSec));
            html += QStringLiteral("<tr><td colspan=\"2\"><small>%1</small></td></tr>")
                        .arg(tr("The rate fell as the drive got hot: it slowed itself down to cool off, so this is "
                                "not where its cache runs out.")
                                 .toHtmlEscaped());
        } else if (r.cliff.cacheBytes) {
            html += row(tr("Cache"), gb(double(*r.cliff.cacheBytes)));
            html += row(tr("Before"), mbps(r.cliff.beforeMbPerSec));
            html += row(tr("Sustained"), mbps(r.cliff.afterMbPerSec));
        } else {
            html += row(tr("Cache"), tr("none seen"));
            html += QStringLiteral("<tr><td colspan=\"2\"><small>%1</small></td></tr>")
                        .arg(noCliffText(r.cliff).toHtmlEscaped());
        }
    }
    html += QStringLiteral("</table>");
    setSummary(html);
}

void SustainedPage::applyKindOptions(const AppOptions& options, bool)
{
    if (options.target)
        setTarget(*options.target);
    if (options.size)
        setTotal(*options.size);
}

TestPage* sustainedPage(const PageContext&, QWidget* parent) { return new SustainedPage(parent); }

} // namespace dm
