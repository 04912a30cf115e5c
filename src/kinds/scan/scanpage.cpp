// SPDX-License-Identifier: GPL-3.0-or-later
#include "scanpage.h"
#include "scanarguments.h"

#include "pageregistry.h"

#include "runheader.h"
#include "targetcombo.h"
#include "toolchart.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineSeries>
#include <QScatterSeries>
#include <QSpinBox>

#include <QCoreApplication>

#include <unistd.h>

namespace dm {

ScanPage::ScanPage(QWidget* parent)
    : ToolPage(parent)
{
    m_device = new TargetCombo(TargetCombo::Devices, this);
    m_device->refill({});
    addTargetRow(tr("&Device:"), m_device);

    auto* numbers = new QHBoxLayout;
    m_samples = new QSpinBox(this);
    m_samples->setRange(2, int(kMaxScanSamples));
    m_samples->setValue(100);
    m_samples->setToolTip(tr("Positions read, evenly from the start to the end of the device"));
    m_sampleSize = new QComboBox(this);
    for (uint64_t mib : { 1, 2, 4, 10, 16, 32, 64 })
        m_sampleSize->addItem(tr("%1 MiB").arg(mib), QVariant::fromValue<qulonglong>(mib * MiB));
    m_sampleSize->setCurrentIndex(3);
    m_sampleSize->setToolTip(tr("Bytes read at each position"));
    m_accessSamples = new QSpinBox(this);
    m_accessSamples->setRange(0, 100000);
    m_accessSamples->setValue(1000);
    m_accessSamples->setToolTip(tr("Random 4 KiB reads across the device, for the access time (0: none)"));
    m_writeBack = new QCheckBox(tr("Write &back"), this);
    m_writeBack->setToolTip(tr("Also write each sample's data back and time it: unmounted devices only, after "
                               "typing the device's name"));
    numbers->addWidget(m_samples);
    numbers->addWidget(new QLabel(tr("samples of"), this));
    numbers->addWidget(m_sampleSize);
    numbers->addSpacing(fontMetrics().height());
    numbers->addWidget(m_accessSamples);
    numbers->addWidget(new QLabel(tr("access reads"), this));
    numbers->addSpacing(fontMetrics().height());
    numbers->addWidget(m_writeBack);
    numbers->addStretch(1);
    auto* label = new QLabel(tr("&Samples:"), this);
    label->setBuddy(m_samples); // a row holding a layout has no buddy of its own
    settingsForm()->addRow(label, numbers);
    for (QWidget* w :
        std::initializer_list<QWidget*> { m_device, m_samples, m_sampleSize, m_accessSamples, m_writeBack })
        lockWhileRunning(w);

    m_chart = new ToolChart(ToolChart::XScale::Linear, this);
    m_chart->setXAxis(tr("Position on the device (%)"), 0, 100);
    m_chart->setYTitle(ToolChart::Side::Left, tr("MB/s"));
    m_chart->setYTitle(ToolChart::Side::Right, tr("Access time (ms)"));
    m_chart->setYMinimum(ToolChart::Side::Right, 0.1);
    m_read = m_chart->addLine(tr("Read"), ToolChart::Side::Left, ToolChart::Role::Primary);
    m_access = m_chart->addDots(tr("Access time"), ToolChart::Side::Right, ToolChart::Role::Secondary);
    m_write = m_chart->addLine(tr("Write"), ToolChart::Side::Left, ToolChart::Role::Secondary, Qt::DashLine);
    m_write->setVisible(false);
    setChart(m_chart);
    updateSummary();
}

void ScanPage::setDevice(const QString& device) { m_device->refill(device); }

void ScanPage::setSamples(int samples, uint64_t sampleSize, int accessSamples)
{
    m_samples->setValue(samples);
    int index = m_sampleSize->findData(QVariant::fromValue<qulonglong>(sampleSize));
    if (index < 0) {
        m_sampleSize->addItem(
            tr("%1 MiB").arg(double(sampleSize) / double(MiB)), QVariant::fromValue<qulonglong>(sampleSize));
        index = m_sampleSize->count() - 1;
    }
    m_sampleSize->setCurrentIndex(index);
    m_accessSamples->setValue(accessSamples);
}

int ScanPage::plottedSamples() const { return int(m_read->count()); }

int ScanPage::plottedAccessTimes() const { return int(m_access->count()); }

Result<QStringList> ScanPage::hostsRun() const
{
    ScanRequest request;
    request.samples = uint32_t(m_samples->value());
    request.sampleSize = m_sampleSize->currentData().toULongLong();
    request.accessSamples = uint32_t(m_accessSamples->value());
    // Writing back on a host's device wants the consent the window asks for here, typed for
    // that device: the CLI's --allow-destructive, given by the user there, not by this dialog.
    if (m_writeBack->isChecked())
        return usageError(tr("The surface scan writes back here: a write-back on a host's device is started from "
                             "the command line (diskometer-cli remote ssh://HOST/DEVICE --kind scan --write-back "
                             "--allow-destructive). Clear Write back to scan the hosts reading only.")
                              .toStdString());
    return scanCliArguments(request);
}

bool ScanPage::showStoredRun(const QByteArray& json, const QByteArray& csv)
{
    auto report = parseScanJson(json);
    if (!report || isRunning())
        return false;
    const ScanResult& r = report->result;
    m_chart->clear();
    m_write->setVisible(r.request.writeBack);
    m_chart->setTitle(QString::fromStdString(r.request.target));
    m_live = {};
    // Drawn as a run draws them, sample by sample and the access times in one batch.
    for (const ScanSample& s : r.samples)
        onSample(s);
    if (!r.access.empty())
        onAccess(r.access);
    showStoredFiles(json, csv, report->header);
    onFinished(r, report->header);
    return true;
}

bool ScanPage::launch()
{
    const QString device = m_device->currentPath();
    if (device.isEmpty()) {
        showResult(false, tr("No block device to scan: plug one in, or run diskometer-cli scan DEVICE"));
        return false;
    }
    ScanRequest request;
    request.target = device.toStdString();
    request.samples = uint32_t(m_samples->value());
    request.sampleSize = m_sampleSize->currentData().toULongLong();
    request.accessSamples = uint32_t(m_accessSamples->value());
    request.writeBack = m_writeBack->isChecked();
    // In the window the typed confirmation below is the consent that --allow-destructive gives
    // the CLI: checked as given, so the numbers are validated first, then the user is asked.
    request.allowDestructive = request.writeBack;
    if (const Status valid = validate(request); !valid) {
        showResult(false, QString::fromStdString(valid.error().message));
        return false;
    }
    if (request.writeBack && !confirmDeviceWrite(device))
        return false;
    m_chart->clear();
    m_write->setVisible(request.writeBack);
    m_chart->setTitle(device);
    m_live = {};
    m_report.reset();
    updateSummary();
    openDeviceThen(device, request.writeBack, [this, request](int fd) mutable {
        request.fd = fd;
        run(request);
    });
    return true;
}

namespace {
    // The scan's own stages in the status line (phasetext.h; in the status line's translation context).
    QString scanStageText(const RunPhase& p)
    {
        const size_t done = std::min(p.index, p.count);
        if (p.stage == kScanRateStage)
            return QCoreApplication::translate("dm::PhaseText", "Reading sample %1 of %2…").arg(done).arg(p.count) + phaseTimeLeftText(p);
        if (p.stage == kScanAccessStage)
            return QCoreApplication::translate("dm::PhaseText", "Access time: %1 of %2 reads…").arg(done).arg(p.count) + phaseTimeLeftText(p);
        return {};
    }
}

void ScanPage::run(ScanRequest request)
{
    setStatus(tr("Scanning %1…").arg(QString::fromStdString(request.target)));
    startJob(
        std::move(request),
        [this](const ScanRequest& r, const auto& post, const std::atomic<bool>& cancel) {
            const QString target = QString::fromStdString(r.target);
            ScanCallbacks callbacks;
            callbacks.phase = [=, this](const RunPhase& p) { post([=, this] { showPhase(p, { target, {}, scanStageText }); }); };
            callbacks.sample = [=, this](const ScanSample& s) { post([=, this] { onSample(s); }); };
            callbacks.access = [=, this](const std::vector<AccessSample>& a) { post([=, this] { onAccess(a); }); };
            return runSurfaceScan(r, callbacks, cancel);
        },
        formatScanJson, formatScanCsv,
        [this](const Result<ScanResult>& result, const ReportHeader& header) { onFinished(result, header); });
}

void ScanPage::onSample(const ScanSample& s)
{
    m_live.samples.push_back(s);
    m_chart->append(m_read, s.percent, s.readMbPerSec);
    if (s.writeMbPerSec)
        m_chart->append(m_write, s.percent, *s.writeMbPerSec);
    updateSummary();
}

void ScanPage::onAccess(const std::vector<AccessSample>& batch)
{
    QList<QPointF> points;
    points.reserve(qsizetype(batch.size()));
    double top = 0;
    for (const AccessSample& a : batch) {
        m_live.access.push_back(a);
        points.append({ a.percent, a.latencyNs / 1e6 });
        top = std::max(top, a.latencyNs / 1e6);
    }
    m_access->append(points); // one redraw per batch, not per dot, and no copy of the dots before
    m_chart->fitY(ToolChart::Side::Right, top);
    // The summary goes over every read so far: a few times a second is enough while a long
    // access-time run (up to 100,000 reads, a batch per 100) posts; the end redraws it anyway.
    if (!m_summaryClock.isValid() || m_summaryClock.elapsed() >= 250) {
        m_summaryClock.start();
        updateSummary();
    }
}

void ScanPage::onFinished(Result<ScanResult> result, ReportHeader header)
{
    if (!result) {
        showResult(false, QString::fromStdString(result.error().message));
        return;
    }
    m_live = *result;
    m_report = ScanReport { *result, header };
    showExplanations(result->warnings, explainScan(*m_report));
    updateSummary();
    const QString device = QString::fromStdString(result->request.target);
    if (result->error)
        showResult(!result->samples.empty(),
            tr("The scan of %1 stopped: %2").arg(device, QString::fromStdString(*result->error)));
    else if (result->cancelled)
        showResult(!result->samples.empty(), tr("Stopped: the samples read so far are shown"));
    else
        showResult(true, tr("Scanned %1").arg(device));
}

void ScanPage::updateSummary()
{
    if (m_live.samples.empty() && m_live.access.empty()) {
        setSummary(tr("<p>Reads the whole device at evenly spread positions: a drive that slows towards its "
                      "end, or has slow spots, shows here.</p>"));
        return;
    }
    const ScanSummary s = summarize(m_live);
    const auto row = [](const QString& label, const QString& value) {
        return QStringLiteral("<tr><td>%1</td><td align=\"right\"><b>%2</b></td></tr>").arg(label, value);
    };
    const auto mbps = [](double v) { return QStringLiteral("%1 MB/s").arg(v, 0, 'f', v >= 100 ? 1 : 2); };
    QString html = QStringLiteral("<table cellspacing=\"4\">");
    if (!m_live.samples.empty()) {
        html += row(tr("Minimum"), mbps(s.minMbPerSec));
        html += row(tr("Average"), mbps(s.averageMbPerSec));
        html += row(tr("Maximum"), mbps(s.maxMbPerSec));
        if (s.averageWriteMbPerSec)
            html += row(tr("Write average"), mbps(*s.averageWriteMbPerSec));
    }
    if (!m_live.access.empty())
        html += row(tr("Access time"), QStringLiteral("%1 ms").arg(s.averageAccessMs, 0, 'f', 2));
    html += row(tr("Samples"), QString::number(m_live.samples.size()));
    if (m_report && m_report->result.region.length > 0)
        html += row(tr("Capacity"), TargetCombo::humanBytes(qint64(m_report->result.region.length)));
    html += QStringLiteral("</table>");
    setSummary(html);
}

void ScanPage::applyKindOptions(const AppOptions& options, bool current)
{
    // --target names a directory for the other pages: a device only when this page is asked for.
    if (current && options.target)
        setDevice(*options.target);
}

TestPage* scanPage(const PageContext&, QWidget* parent) { return new ScanPage(parent); }

} // namespace dm
