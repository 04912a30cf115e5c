// SPDX-License-Identifier: GPL-3.0-or-later
#include "sweeppage.h"

#include "sweeparguments.h"

#include "pageregistry.h"

#include "chartstyle.h"
#include "runheader.h"
#include "targetcombo.h"
#include "toolchart.h"

#include <QComboBox>
#include <QDir>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineSeries>
#include <QScatterSeries>

namespace dm {

namespace {
    QString sizeLabel(uint32_t bytes) { return QString::fromStdString(blockSizeIecLabel(bytes)); }
}

SweepPage::SweepPage(QWidget* parent)
    : ToolPage(parent)
{
    m_target = new TargetCombo(TargetCombo::Filesystems, this);
    m_target->refill(QDir::homePath());
    addTargetRow(tr("&Folder:"), m_target);

    auto* row = new QHBoxLayout;
    m_pattern = new QComboBox(this);
    m_pattern->addItem(tr("Sequential"), int(Pattern::Sequential));
    m_pattern->addItem(tr("Random"), int(Pattern::Random));
    m_queueDepth = new QComboBox(this);
    for (uint32_t q : { 1, 2, 4, 8, 16, 32, 64, 128, 256 })
        m_queueDepth->addItem(QStringLiteral("Q%1").arg(q), q);
    m_queueDepth->setCurrentIndex(3);
    m_threads = new QComboBox(this);
    for (uint32_t t : { 1, 2, 4, 8, 16 })
        m_threads->addItem(QStringLiteral("T%1").arg(t), t);
    m_minSize = new QComboBox(this);
    m_maxSize = new QComboBox(this);
    for (uint32_t size = 4 * KiB; size <= 16 * MiB; size *= 2) {
        m_minSize->addItem(sizeLabel(size), size);
        m_maxSize->addItem(sizeLabel(size), size);
    }
    m_maxSize->setCurrentIndex(m_maxSize->count() - 1);
    m_mode = new QComboBox(this);
    m_mode->addItem(tr("Read and write"), int(Mode::All));
    m_mode->addItem(tr("Read"), int(Mode::Read));
    m_mode->addItem(tr("Write"), int(Mode::Write));
    row->addWidget(m_pattern);
    row->addWidget(m_queueDepth);
    row->addWidget(m_threads);
    row->addSpacing(fontMetrics().height());
    row->addWidget(m_minSize);
    row->addWidget(new QLabel(QStringLiteral("–"), this));
    row->addWidget(m_maxSize);
    row->addSpacing(fontMetrics().height());
    row->addWidget(m_mode);
    row->addStretch(1);
    auto* label = new QLabel(tr("&Test:"), this);
    label->setBuddy(m_pattern); // a row holding a layout has no buddy of its own
    settingsForm()->addRow(label, row);
    for (QWidget* w :
        std::initializer_list<QWidget*> { m_target, m_pattern, m_queueDepth, m_threads, m_minSize, m_maxSize, m_mode })
        lockWhileRunning(w);

    m_chart = new ToolChart(ToolChart::XScale::Log2, this);
    m_chart->setXAxis(tr("Block size (KiB)"), 4, 16384);
    m_chart->setYTitle(ToolChart::Side::Left, tr("MB/s"));
    m_chart->setYTitle(ToolChart::Side::Right, tr("IOPS"));
    m_chart->setYMinimum(ToolChart::Side::Right, 10);
    m_readRate = m_chart->addLine(tr("Read MB/s"), ToolChart::Side::Left, ToolChart::Role::Primary);
    m_writeRate = m_chart->addLine(tr("Write MB/s"), ToolChart::Side::Left, ToolChart::Role::Secondary);
    m_readIops = m_chart->addLine(tr("Read IOPS"), ToolChart::Side::Right, ToolChart::Role::Primary, Qt::DotLine);
    m_writeIops = m_chart->addLine(tr("Write IOPS"), ToolChart::Side::Right, ToolChart::Role::Secondary, Qt::DotLine);
    m_chart->setYTitle(ToolChart::Side::Outer, tr("°C"));
    m_chart->setYMinimum(ToolChart::Side::Outer, chartstyle::kTemperatureAxisTop);
    m_temperature = m_chart->addDots(tr("Drive °C"), ToolChart::Side::Outer, ToolChart::Role::Temperature);
    m_chart->setSideVisible(ToolChart::Side::Outer, false); // until a reading comes
    setChart(m_chart);
    updateSummary();
}

void SweepPage::setTarget(const QString& path) { m_target->refill(path); }

void SweepPage::setRange(uint32_t minBlockSize, uint32_t maxBlockSize)
{
    m_minSize->setCurrentIndex(m_minSize->findData(minBlockSize));
    m_maxSize->setCurrentIndex(m_maxSize->findData(maxBlockSize));
}

int SweepPage::plottedPoints() const { return int(m_readRate->count() + m_writeRate->count()); }

SweepRequest SweepPage::requestShown() const
{
    SweepRequest request;
    request.target = m_target->currentPath().toStdString();
    request.pattern = Pattern(m_pattern->currentData().toInt());
    request.queueDepth = m_queueDepth->currentData().toUInt();
    request.threads = m_threads->currentData().toUInt();
    request.minBlockSize = m_minSize->currentData().toUInt();
    request.maxBlockSize = m_maxSize->currentData().toUInt();
    const Mode mode = Mode(m_mode->currentData().toInt());
    request.reads = mode != Mode::Write;
    request.writes = mode != Mode::Read;
    request.settings = m_runSettings;
    return request;
}

Result<QStringList> SweepPage::hostsRun() const
{
    return sweepCliArguments(requestShown());
}

bool SweepPage::showStoredRun(const QByteArray& json, const QByteArray& csv)
{
    auto report = parseSweepJson(json);
    if (!report || isRunning())
        return false;
    const SweepResult& r = report->result;
    m_tests.clear();
    m_liveTemperatures.clear();
    m_chart->clear();
    m_chart->setSideVisible(ToolChart::Side::Outer, false);
    m_chart->setTitle(QStringLiteral("%1  %2 Q%3T%4")
                          .arg(QString::fromStdString(r.request.target),
                              r.request.pattern == Pattern::Random ? QStringLiteral("RND") : QStringLiteral("SEQ"))
                          .arg(r.request.queueDepth)
                          .arg(r.request.threads));
    m_chart->setXAxis(tr("Block size (KiB)"), r.request.minBlockSize / 1024.0, r.request.maxBlockSize / 1024.0);
    for (const SweepPoint& p : r.points)
        for (const bool write : { false, true })
            if (const auto& m = write ? p.write : p.read; m && !m->error) {
                m_chart->append(write ? m_writeRate : m_readRate, p.blockSize / 1024.0, m->mbPerSec);
                m_chart->append(write ? m_writeIops : m_readIops, p.blockSize / 1024.0, m->iops);
            }
    showStoredFiles(json, csv, report->header);
    onFinished(r, report->header);
    return true;
}

bool SweepPage::launch()
{
    SweepRequest request = requestShown();
    if (const Status valid = validate(request); !valid) {
        showResult(false, QString::fromStdString(valid.error().message));
        return false;
    }
    m_tests = sweepTests(request);
    m_report.reset();
    m_liveTemperatures.clear();
    m_chart->clear();
    m_chart->setSideVisible(ToolChart::Side::Outer, false);
    m_chart->setTitle(QStringLiteral("%1  %2 Q%3T%4")
                          .arg(m_target->currentPath(),
                              request.pattern == Pattern::Random ? QStringLiteral("RND") : QStringLiteral("SEQ"))
                          .arg(request.queueDepth)
                          .arg(request.threads));
    m_chart->setXAxis(tr("Block size (KiB)"), request.minBlockSize / 1024.0, request.maxBlockSize / 1024.0);
    updateSummary();
    setStatus(tr("Preparing %1…").arg(m_target->currentPath()));

    return startJob(
        std::move(request),
        [this](const SweepRequest& r, const auto& post, const std::atomic<bool>& cancel) {
            RunCallbacks callbacks;
            callbacks.phase = [=, this](const RunPhase& p) { post([=, this] { onPhase(p); }); };
            callbacks.testFinished
                = [=, this](size_t i, const TestResult& t) { post([=, this] { onTestFinished(i, t); }); };
            return runBlockSizeSweep(r, callbacks, cancel);
        },
        formatSweepJson, formatSweepCsv,
        [this](const Result<SweepResult>& result, const ReportHeader& header) { onFinished(result, header); });
}

void SweepPage::onPhase(const RunPhase& p)
{
    PhaseWords words { m_target->currentPath(), [this](size_t i) {
                          if (i >= m_tests.size())
                              return QString();
                          const TestSpec& t = m_tests[i];
                          return QStringLiteral("%1 %2").arg(
                              sizeLabel(t.row.blockSize), t.direction == Direction::Write ? tr("write") : tr("read"));
                      } };
    showPhase(p, words);
}

void SweepPage::onTestFinished(size_t index, const TestResult& result)
{
    if (index >= m_tests.size() || result.passes.empty())
        return;
    // The same figures the finished sweep reports (the headline pass), drawn as each test ends.
    const SweepMeasurement m = sweepMeasurement(result);
    const double x = result.spec.row.blockSize / 1024.0;
    const bool write = result.spec.direction == Direction::Write;
    m_chart->append(write ? m_writeRate : m_readRate, x, m.mbPerSec);
    m_chart->append(write ? m_writeIops : m_readIops, x, m.iops);
    if (const std::optional<double> c = sweepTemperature(m, m_liveTemperatures)) {
        m_chart->append(m_temperature, x, *c);
        m_chart->setSideVisible(ToolChart::Side::Outer, true);
    }
}

void SweepPage::plotTemperatures(
    const std::vector<SweepPoint>& points, const std::vector<TemperatureSample>& temperatures)
{
    m_temperature->clear();
    for (const auto& p : points)
        for (const auto* m : { &p.read, &p.write })
            if (*m)
                if (const std::optional<double> c = sweepTemperature(**m, temperatures))
                    m_chart->append(m_temperature, p.blockSize / 1024.0, *c);
    m_chart->setSideVisible(ToolChart::Side::Outer, m_temperature->count() > 0);
}

void SweepPage::onTemperature(const TemperatureSample& reading)
{
    // For the block sizes still to come; the finished sweep draws from the run header's readings
    // (onFinished), so one that arrives after it changes nothing on screen.
    m_liveTemperatures.push_back(reading);
}

void SweepPage::onFinished(Result<SweepResult> result, ReportHeader header)
{
    if (!result) {
        showResult(false, QString::fromStdString(result.error().message));
        return;
    }
    m_report = SweepReport { *result, header };
    plotTemperatures(result->points, header.health.temperatures); // the run's own readings
    showExplanations(result->warnings, explainSweep(*m_report));
    updateSummary();
    QStringList errors;
    for (const auto& p : result->points)
        for (const auto* m : { &p.read, &p.write })
            if (*m && (*m)->error)
                errors << QStringLiteral("%1: %2").arg(sizeLabel(p.blockSize), QString::fromStdString(*(*m)->error));
    if (result->cancelled)
        showResult(!result->points.empty(), tr("Stopped: the block sizes measured so far are shown"));
    else if (!errors.isEmpty())
        showResult(true, tr("Some block sizes failed: %1").arg(errors.join(QStringLiteral("; "))));
    else
        showResult(true, tr("Measured %1 block sizes; the test file is removed").arg(result->points.size()));
}

void SweepPage::updateSummary()
{
    if (!m_report) {
        setSummary(tr("<p>Measures one pattern at every block size from 4 KiB to 16 MiB: where the speed "
                      "levels off is the size the drive likes.</p>"));
        return;
    }
    // The block size where each direction first reaches 90 % of its best rate: the "knee".
    QString html = QStringLiteral("<table cellspacing=\"4\">");
    for (const bool write : { false, true }) {
        double best = 0;
        uint32_t bestSize = 0;
        for (const auto& p : m_report->result.points) {
            const auto& m = write ? p.write : p.read;
            if (m && !m->error && m->mbPerSec > best) {
                best = m->mbPerSec;
                bestSize = p.blockSize;
            }
        }
        if (bestSize == 0)
            continue;
        uint32_t knee = 0;
        for (const auto& p : m_report->result.points) {
            const auto& m = write ? p.write : p.read;
            if (m && !m->error && m->mbPerSec >= 0.9 * best) {
                knee = p.blockSize;
                break;
            }
        }
        html += QStringLiteral("<tr><td colspan=\"2\"><b>%1</b></td></tr>").arg(write ? tr("Write") : tr("Read"));
        html += QStringLiteral("<tr><td>%1</td><td align=\"right\"><b>%2 MB/s</b> (%3)</td></tr>")
                    .arg(tr("Best"))
                    .arg(best, 0, 'f', best >= 100 ? 1 : 2)
                    .arg(sizeLabel(bestSize));
        html += QStringLiteral("<tr><td>%1</td><td align=\"right\"><b>%2</b></td></tr>")
                    .arg(tr("90 % from"), sizeLabel(knee));
    }
    html += QStringLiteral("</table>");
    setSummary(html);
}

void SweepPage::applyKindOptions(const AppOptions& options, bool)
{
    if (options.target)
        setTarget(*options.target);
    RunSettings sweep = SweepRequest {}.settings;
    if (options.measure)
        sweep.measureSeconds = *options.measure;
    if (options.warmup)
        sweep.warmupSeconds = *options.warmup;
    if (options.size)
        sweep.testSize = *options.size;
    setRunSettings(sweep);
}

TestPage* sweepPage(const PageContext&, QWidget* parent) { return new SweepPage(parent); }

} // namespace dm
