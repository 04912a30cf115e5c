// SPDX-License-Identifier: GPL-3.0-or-later
// The grid page's widgets and one run from the click to the tiles: the tests chosen, the device
// confirmed and opened through DeviceGate, the job on BenchmarkController, its values into
// GridModel. Its reports are in gridpagereports.cpp.
#include "gridpage.h"
#include "devicegate.h"
#include "drivelinelabel.h"
#include "explanationpanel.h"
#include "gridmodel.h"
#include "healthbadge.h"
#include "livechart.h"
#include "phasetext.h"
#include "resultgrid.h"
#include "targetcombo.h"
#include "textreport.h"
#include "uistats.h"

#include <QComboBox>
#include <QDir>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QVBoxLayout>

#include <cstdio>
#include <memory>
#include <unistd.h>

namespace dm {

namespace {
    const char* directionTitle(Direction d)
    {
        switch (d) {
        case Direction::Read:
            return QT_TRANSLATE_NOOP("dm::GridPage", "Read");
        case Direction::Write:
            return QT_TRANSLATE_NOOP("dm::GridPage", "Write");
        case Direction::Mix:
            return QT_TRANSLATE_NOOP("dm::GridPage", "Mix");
        }
        return "";
    }
}

GridPage::GridPage(const GuiSettings& settings, const AppOptions& options, QWidget* parent)
    : TestPage(parent)
    , m_settings(settings)
    , m_options(options)
    , m_controller(new BenchmarkController(this))
    , m_model(new GridModel(this))
    , m_gate(new DeviceGate(this))
{
    buildWidgets();
    applySettingsToUi();
    m_status = tr("Ready");

    connect(m_controller, &BenchmarkController::phase, this, &GridPage::onPhase);
    connect(m_controller, &BenchmarkController::sample, this, &GridPage::onSample);
    connect(m_controller, &BenchmarkController::temperature, this, &GridPage::onTemperature);
    connect(m_controller, &BenchmarkController::testFinished, this, [this](int testIndex, const TestResult& r) {
        m_measuring = false; // until the next test's warm-up: the chart's test has ended
        m_model->setTestResult(size_t(testIndex), r);
    });
    connect(m_controller, &BenchmarkController::finished, this, &GridPage::onFinished);
    connect(m_controller, &BenchmarkController::failed, this, &GridPage::onFailed);
    connect(m_controller, &BenchmarkController::runningChanged, this, &GridPage::updateRunning);
    m_gate->setUnattended(m_options.quitWhenDone);
    if (!m_options.statsFile.isEmpty()) {
        m_stats = new UiStats(this);
        connect(m_controller, &BenchmarkController::sample, m_stats, &UiStats::chartUpdated);
        connect(m_controller, &BenchmarkController::runningChanged, m_stats,
            [this](bool running) { running ? m_stats->runStarted() : m_stats->runEnded(); });
    }
}

GridPage::~GridPage() = default;

void GridPage::buildWidgets()
{
    auto* layout = new QVBoxLayout(this);

    auto* top = new QHBoxLayout;
    m_allButton = new QPushButton(tr("All"), this);
    m_allButton->setMinimumWidth(m_allButton->fontMetrics().horizontalAdvance(QStringLiteral("MMMMMM")));
    QFont bold = m_allButton->font();
    bold.setBold(true);
    m_allButton->setFont(bold);
    m_allButton->setToolTip(tr("Run every test (Ctrl+R); Esc stops"));
    connect(m_allButton, &QPushButton::clicked, this, [this] { isRunning() ? stop() : void(startAll()); });
    top->addWidget(m_allButton);

    m_countCombo = new QComboBox(this);
    for (int n = kMinCount; n <= kMaxCount; ++n)
        m_countCombo->addItem(QString::number(n), n);
    m_countCombo->setToolTip(tr("Measured passes per test"));
    connect(m_countCombo, &QComboBox::activated, this, [this] {
        GuiSettings s = m_settings;
        s.run.count = m_countCombo->currentData().toInt();
        setSettings(s);
    });
    // A bare "5" next to "1GiB" says nothing to someone who has not used CrystalDiskMark.
    auto* countLabel = new QLabel(tr("&Passes:"), this);
    countLabel->setBuddy(m_countCombo);
    top->addWidget(countLabel);
    top->addWidget(m_countCombo);

    m_sizeCombo = new QComboBox(this);
    for (uint64_t s = 16 * MiB; s <= 64 * GiB; s *= 2)
        m_sizeCombo->addItem(s >= GiB ? QStringLiteral("%1GiB").arg(s / GiB) : QStringLiteral("%1MiB").arg(s / MiB),
            QVariant::fromValue<qulonglong>(s));
    m_sizeCombo->setToolTip(tr("Test size"));
    connect(m_sizeCombo, &QComboBox::activated, this, [this] {
        GuiSettings s = m_settings;
        s.run.testSize = m_sizeCombo->currentData().toULongLong();
        setSettings(s);
    });
    top->addWidget(m_sizeCombo);

    m_targetCombo = new TargetCombo(TargetCombo::Filesystems | TargetCombo::Devices, this);
    connect(m_targetCombo, &TargetCombo::pathChosen, this, [this](const QString& path) {
        GuiSettings s = m_settings;
        s.targetPath = path;
        setSettings(s);
    });
    top->addWidget(m_targetCombo, 1);
    m_health = new HealthBadge(m_targetCombo, this);
    top->addWidget(m_health);
    m_driveLine = new DriveLineLabel(m_targetCombo, this);
    layout->addLayout(top);
    m_lockedWhileRunning << m_countCombo << m_sizeCombo << m_targetCombo;

    m_grid = new ResultGrid(m_model, this);
    connect(m_grid, &ResultGrid::rowButtonClicked, this,
        [this](size_t row) { isRunning() ? stop() : void(startRow(row)); });
    connect(m_grid, &ResultGrid::tileClicked, this, &GridPage::showTimeline);
    layout->addWidget(m_grid, 3);

    m_chart = new LiveChart(this);
    layout->addWidget(m_chart, 2);
    m_explanations = new ExplanationPanel(this);
    layout->addWidget(m_explanations);
    layout->addWidget(m_driveLine);

    m_comment = new QLineEdit(this);
    m_comment->setPlaceholderText(tr("Comment (shown in the image and the reports)"));
    m_comment->setText(m_options.comment);
    layout->addWidget(m_comment);
}

QString GridPage::runWhat() const { return tr("The benchmark run"); }

QString GridPage::tabTitle() const { return tr("&Benchmark"); }

QString GridPage::targetPath() const
{
    return m_settings.targetPath.isEmpty() ? QDir::homePath() : m_settings.targetPath;
}

void GridPage::setSettings(const GuiSettings& settings)
{
    m_settings = settings;
    applySettingsToUi();
    Q_EMIT settingsChanged();
}

void GridPage::applySettingsToUi()
{
    const bool leavesStored = m_model->showsStored();
    if (leavesStored) // a stored run's explanations, as its tiles, are its own
        m_explanations->clear();
    m_model->setRows(effectiveRows(m_settings));
    m_countCombo->setCurrentIndex(m_countCombo->findData(m_settings.run.count));
    int sizeIndex = m_sizeCombo->findData(QVariant::fromValue<qulonglong>(m_settings.run.testSize));
    if (sizeIndex < 0) {
        m_sizeCombo->addItem(QStringLiteral("%1MiB").arg(m_settings.run.testSize / MiB),
            QVariant::fromValue<qulonglong>(m_settings.run.testSize));
        sizeIndex = m_sizeCombo->count() - 1;
    }
    m_sizeCombo->setCurrentIndex(sizeIndex);
    m_targetCombo->refill(targetPath());
    m_grid->configure(m_settings.profile, m_settings.mixEnabled, m_settings.mixReadPercent, m_settings.unit);
    if (!m_model->showsStored())
        m_driveLine->setSettingsText(settingsLine(m_settings.profile, m_settings.run));
    if (leavesStored) // and its drive too
        m_driveLine->readAgain(targetPath());
}

QString GridPage::settingsLine(Profile profile, const RunSettings& run)
{
    // The passes and the size are in the boxes above the grid; the times and the profile are not.
    return tr("%1 profile · %2 s per pass, %3 s between tests")
        .arg(profileLabel(profile))
        .arg(run.measureSeconds)
        .arg(run.intervalSeconds);
}

void GridPage::setStatus(const QString& text)
{
    m_status = text;
    Q_EMIT statusChanged(text);
}

void GridPage::addStatusNote(const QString& note) { setStatus(m_status + QStringLiteral(" · ") + note); }

bool GridPage::isRunning() const { return m_controller->isRunning() || m_gate->waiting(); }

bool GridPage::startAll()
{
    std::vector<size_t> rows(effectiveRows(m_settings).size());
    for (size_t i = 0; i < rows.size(); ++i)
        rows[i] = i;
    return startTests(rows);
}

bool GridPage::startRow(size_t testRow) { return startTests({ testRow }); }

void GridPage::stop()
{
    if (m_gate->waiting()) {
        // Before the run began: the target's kind or UDisks2's answer is dropped (a descriptor
        // that still comes is closed).
        m_gate->cancel();
        updateRunning();
        setStatus(tr("Stopped before the test began"));
        m_exitCode = 130;
        finishAutomation(false);
        return;
    }
    if (m_controller->isRunning()) {
        setStatus(tr("Stopping…"));
        m_controller->stop();
    }
}

bool GridPage::startTests(const std::vector<size_t>& testRows)
{
    if (isRunning())
        return false;
    if (otherTestRunning()) {
        setStatus(tr("Another test is running: stop it first, or wait for it to end"));
        return false;
    }
    if (const auto device = DeviceGate::isBlockDeviceAtOnce(targetPath()))
        return startOn(testRows, *device);
    // A folder may be on a mount that does not answer (a stalled NFS or FUSE server): stat(2)
    // runs off the GUI thread, the page is busy meanwhile and Stop drops the answer. The click
    // clears the page at once, as the run has begun for the person at the window.
    clearForRun();
    m_gate->kindOf(targetPath(), [this, testRows](bool device) {
        startOn(testRows, device);
        updateRunning();
    });
    updateRunning();
    setStatus(tr("Preparing %1…").arg(targetPath()));
    return true;
}

void GridPage::clearForRun()
{
    if (m_model->showsStored()) {
        applySettingsToUi(); // back to the settings' rows, without the stored run's tiles
        setStatus(tr("Ready"));
    }
    m_chart->clear();
    m_explanations->clear();
}

bool GridPage::startOn(const std::vector<size_t>& testRows, bool device)
{
    const auto rows = effectiveRows(m_settings);
    std::vector<TestRow> chosen;
    for (size_t r : testRows)
        chosen.push_back(rows.at(r));
    const auto tests = expandTests(
        chosen, m_settings.mode, m_settings.mixEnabled ? std::optional<int>(m_settings.mixReadPercent) : std::nullopt);

    RunRequest request;
    request.target = targetPath().toStdString();
    request.tests = tests;
    request.settings = m_settings.run;
    request.engine = m_settings.engine;
    const bool writes = std::any_of(tests.begin(), tests.end(), [](const TestSpec& t) { return t.writes(); });
    if (device && writes) {
        if (const auto refused = m_gate->confirmWrite(targetPath())) {
            if (m_gate->unattended())
                onFailed(*refused); // says so on stderr and ends the automated run
            else
                setStatus(*refused);
            return false;
        }
        request.allowDestructive = true;
    }
    clearForRun();
    // expandTests walks the chosen rows once per direction, in order.
    std::vector<std::pair<size_t, Direction>> runTests;
    for (size_t i = 0; i < tests.size(); ++i)
        runTests.push_back({ testRows[i % testRows.size()], tests[i].direction });
    m_model->startRun(std::move(runTests), targetPath(), testRows.size() == rows.size());
    m_currentTest = -1;
    if (!device)
        return launch(request);
    // The window never runs as root: UDisks2 opens the device once polkit agrees, which may
    // mean a password dialog, so the run starts when the answer comes (at once when not needed).
    auto launched = std::make_shared<bool>(true); // true while waiting: the run is on its way
    m_gate->open(
        targetPath(), writes,
        [this, request, launched](int fd) mutable {
            request.fd = fd;
            *launched = launch(request); // the page stays busy from the wait into the run
            updateRunning();
            if (!*launched && fd >= 0)
                ::close(fd);
        },
        [this](const QString& message) {
            updateRunning();
            onFailed(message);
        });
    if (m_gate->waiting()) {
        updateRunning();
        setStatus(m_gate->waitingText(targetPath()));
    }
    return *launched;
}

bool GridPage::launch(const RunRequest& request)
{
    // The run's worker holds off suspend and holds the power profile (RunHeaderProbe), and
    // closes a descriptor UDisks2 gave once the run returns.
    return m_controller->start(request);
}

void GridPage::updateRunning()
{
    const bool running = isRunning();
    if (running == m_shownRunning)
        return;
    m_shownRunning = running;
    m_allButton->setText(running ? tr("Stop") : tr("All"));
    m_grid->setRunning(running);
    for (QWidget* w : m_lockedWhileRunning)
        w->setEnabled(!running);
    Q_EMIT runningChanged(running);
}

QString GridPage::testTitle(size_t runIndex) const
{
    const auto [row, d] = m_model->runTest(runIndex);
    return QStringLiteral("%1 %2").arg(
        QString::fromStdString(rowName(effectiveRows(m_settings).at(row))), tr(directionTitle(d)));
}

void GridPage::onPhase(const RunPhase& p)
{
    m_measuring = p.stage == Stage::WarmUp || p.stage == Stage::Measure;
    if (p.stage == Stage::Interval)
        m_grid->setRunningTest(std::nullopt);
    if (m_measuring) {
        if (int(p.index) != m_currentTest) {
            m_currentTest = int(p.index);
            const RunSettings& run = m_settings.run;
            m_chart->startTest(testTitle(p.index), run.warmupSeconds + run.count * run.measureSeconds);
            m_grid->setRunningTest(m_model->runTest(p.index));
        }
        const QString pass = p.stage == Stage::WarmUp ? tr("warm-up") : tr("pass %1/%2").arg(p.pass).arg(p.passCount);
        Q_EMIT runningTestChanged(QStringLiteral("%1 (%2)").arg(testTitle(p.index), pass));
    }
    setStatus(phaseStatusText(p, { m_model->runTarget(), [this](size_t i) { return testTitle(i); } }));
}

void GridPage::onSample(int testIndex, const LiveSample& s)
{
    if (testIndex == m_currentTest)
        m_chart->addSample(s);
}

void GridPage::onTemperature(double celsius)
{
    // Between tests the chart still shows the last one, which has ended.
    if (m_measuring && m_currentTest >= 0)
        m_chart->addTemperature(celsius);
}

void GridPage::onFinished(const RunResult& r, const ReportHeader& header)
{
    m_measuring = false;
    m_model->finishRun(r, header);
    m_grid->setRunningTest(std::nullopt);
    Q_EMIT runningTestChanged(QString());
    bool failed = false;
    for (const auto& t : r.tests)
        failed = failed || t.error.has_value();
    m_exitCode = r.cancelled ? 130 : failed ? 1 : 0;
    setStatus(r.cancelled ? tr("Stopped")
            : failed      ? tr("Finished with errors: see the tiles' tooltips")
                          : tr("Finished"));
    // A finished run only: a stopped one is not what the drive does, and a run where every test
    // failed measured nothing.
    const bool measured = std::any_of(r.tests.begin(), r.tests.end(), [](const TestResult& t) { return t.ok(); });
    m_completed.reset();
    if (!r.cancelled && measured) {
        m_completed = currentReport();
        m_completed->run.tests = r.tests;
        Q_EMIT runCompleted();
    }
    // The image and the reports wait for the explanations, made from the header the engine's
    // thread described (the target as it was before the run, the power conditions it had).
    connect(
        m_explanations, &ExplanationPanel::explained, this, [this] { finishAutomation(); }, Qt::SingleShotConnection);
    m_health->showRun(header.health);
    m_driveLine->showRun(header.target);
    m_explanations->show(header.target, m_model->run(m_settings.run), header.system.power);
}

void GridPage::onFailed(const QString& message)
{
    m_grid->setRunningTest(std::nullopt);
    Q_EMIT runningTestChanged(QString());
    m_exitCode = 2;
    setStatus(message);
    if (m_options.quitWhenDone) {
        std::fprintf(stderr, "diskometer: %s\n", message.toLocal8Bit().constData());
    } else {
        auto* box = new QMessageBox(
            QMessageBox::Warning, tr("Diskometer"), tr("The test could not start."), QMessageBox::Ok, this);
        box->setInformativeText(message);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open(); // window-modal and non-blocking: the window keeps drawing
    }
    finishAutomation(false);
}

Report GridPage::currentReport() const { return m_model->report(m_settings, targetPath(), m_comment->text()); }

bool GridPage::showsStoredReport() const { return m_model->showsStored(); }

DataFill GridPage::shownTestData() const
{
    // A run going on uses the settings; the last run's results may still be on the grid.
    const RunSettings* shown = isRunning() ? nullptr : m_model->shownRunSettings();
    return shown ? shown->data : m_settings.run.data;
}

void GridPage::showStoredReport(const Report& report)
{
    // The grid takes the stored run's rows (its profile and preset may differ from the current
    // settings); the settings stay as they are for the next run.
    m_model->showStored(report);
    m_grid->configure(
        report.profile, report.mixReadPercent.has_value(), report.mixReadPercent.value_or(70), m_settings.unit);
    m_explanations->show(report.target, report.run, report.system.power);
    m_driveLine->showRun(report.target);
    m_driveLine->setSettingsText(settingsLine(report.profile, report.run.settings));
    m_chart->clear();
    m_comment->setText(report.comment);
    const QString device = report.target.model.isEmpty() ? report.target.path : report.target.model;
    setStatus(tr("Showing %1 of %2 from the history (read-only): the next run or a change of settings "
                 "replaces it")
                  .arg(device, QLocale().toString(report.date.toLocalTime(), QLocale::ShortFormat)));
}

void GridPage::showTimeline(size_t testRow, Direction d)
{
    if (isRunning())
        return;
    const TestResult* r = m_model->result(testRow, d);
    if (!r)
        return;
    m_chart->showTimeline(
        QStringLiteral("%1 %2").arg(QString::fromStdString(rowName(r->spec.row)), tr(directionTitle(d))), r->timeline,
        m_model->temperatures(testRow, d));
}

} // namespace dm
