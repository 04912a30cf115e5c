// SPDX-License-Identifier: GPL-3.0-or-later
#include "mainwindow.h"
#include "explanationpanel.h"
#include "gridmodel.h"
#include "powerprofile.h"

#include "blockdevices.h"
#include "devicegate.h"
#include "livechart.h"
#include "mountlist.h"
#include "resultgrid.h"
#include "runheader.h"
#include "targetcombo.h"
#include "targetinfo.h"
#include "uistats.h"

#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDir>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QStandardItemModel>
#include <QStatusBar>
#include <QVBoxLayout>

#include <cstdio>
#include <memory>
#include <sys/stat.h>
#include <unistd.h>

namespace dm {

namespace {
    QString clockText(double seconds)
    {
        const int s = int(seconds + 0.5);
        return QStringLiteral("%1:%2").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
    }

    const char* directionTitle(Direction d)
    {
        switch (d) {
        case Direction::Read:
            return QT_TRANSLATE_NOOP("dm::MainWindow", "Read");
        case Direction::Write:
            return QT_TRANSLATE_NOOP("dm::MainWindow", "Write");
        case Direction::Mix:
            return QT_TRANSLATE_NOOP("dm::MainWindow", "Mix");
        }
        return "";
    }
}

MainWindow::MainWindow(const GuiSettings& settings, const AppOptions& options, bool persist, QWidget* parent)
    : QMainWindow(parent)
    , m_settings(settings)
    , m_options(options)
    , m_persist(persist)
    , m_controller(new BenchmarkController(this))
    , m_model(new GridModel(this))
{
    setWindowTitle(baseTitle());
    setWindowIcon(QIcon(QStringLiteral(":/diskometer/diskometer.svg")));
    buildMenus();
    buildCentral();
    applySettingsToUi();

    connect(m_controller, &BenchmarkController::progress, this, &MainWindow::onProgress);
    connect(m_controller, &BenchmarkController::sample, this, &MainWindow::onSample);
    connect(m_controller, &BenchmarkController::testFinished, this, &MainWindow::onTestFinished);
    connect(m_controller, &BenchmarkController::finished, this, &MainWindow::onFinished);
    connect(m_controller, &BenchmarkController::failed, this, &MainWindow::onFailed);
    connect(m_controller, &BenchmarkController::runningChanged, this, &MainWindow::onRunningChanged);
    m_gate = new DeviceGate(this);
    m_gate->setUnattended(m_options.quitWhenDone);
    if (!m_options.statsFile.isEmpty()) {
        m_stats = new UiStats(this);
        connect(m_controller, &BenchmarkController::sample, m_stats, &UiStats::chartUpdated);
    }
}

MainWindow::~MainWindow() = default;

void MainWindow::buildCentral()
{
    auto* central = new QWidget(this);
    auto* layout = new QVBoxLayout(central);

    auto* top = new QHBoxLayout;
    m_allButton = new QPushButton(tr("All"), central);
    m_allButton->setMinimumWidth(m_allButton->fontMetrics().horizontalAdvance(QStringLiteral("MMMMMM")));
    QFont bold = m_allButton->font();
    bold.setBold(true);
    m_allButton->setFont(bold);
    m_allButton->setToolTip(tr("Run every test (Ctrl+R); Esc stops"));
    connect(m_allButton, &QPushButton::clicked, this, [this] { isRunning() ? stop() : void(startAll()); });
    // On the window, not the button: QAbstractButton::setText drops a button's shortcut, and the
    // button's text changes to "Stop" and back with every run, so Ctrl+R worked only once.
    auto* runAllAction = new QAction(this);
    runAllAction->setShortcut(QKeySequence(tr("Ctrl+R")));
    connect(runAllAction, &QAction::triggered, this, [this] {
        if (!anyTestRunning())
            startAll();
    });
    addAction(runAllAction);
    top->addWidget(m_allButton);

    m_countCombo = new QComboBox(central);
    for (int n = kMinCount; n <= kMaxCount; ++n)
        m_countCombo->addItem(QString::number(n), n);
    m_countCombo->setToolTip(tr("Measured passes per test"));
    connect(m_countCombo, &QComboBox::activated, this, [this] {
        m_settings.run.count = m_countCombo->currentData().toInt();
        settingsChanged();
    });
    // A bare "5" next to "1GiB" says nothing to someone who has not used CrystalDiskMark.
    m_countLabel = new QLabel(tr("&Passes:"), central);
    m_countLabel->setBuddy(m_countCombo);
    top->addWidget(m_countLabel);
    top->addWidget(m_countCombo);

    m_sizeCombo = new QComboBox(central);
    for (uint64_t s = 16 * MiB; s <= 64 * GiB; s *= 2)
        m_sizeCombo->addItem(s >= GiB ? QStringLiteral("%1GiB").arg(s / GiB) : QStringLiteral("%1MiB").arg(s / MiB),
            QVariant::fromValue<qulonglong>(s));
    m_sizeCombo->setToolTip(tr("Test size"));
    connect(m_sizeCombo, &QComboBox::activated, this, [this] {
        m_settings.run.testSize = m_sizeCombo->currentData().toULongLong();
        settingsChanged();
    });
    top->addWidget(m_sizeCombo);

    m_targetCombo = new TargetCombo(TargetCombo::Filesystems | TargetCombo::Devices, central);
    connect(m_targetCombo, &TargetCombo::pathChosen, this, [this](const QString& path) {
        m_settings.targetPath = path;
        settingsChanged();
    });
    top->addWidget(m_targetCombo, 1);
    layout->addLayout(top);
    m_lockedWhileRunning << m_countCombo << m_sizeCombo << m_targetCombo;

    m_grid = new ResultGrid(m_model, central);
    connect(m_grid, &ResultGrid::rowButtonClicked, this,
        [this](size_t row) { isRunning() ? stop() : void(startRow(row)); });
    connect(m_grid, &ResultGrid::tileClicked, this, &MainWindow::showTimeline);
    layout->addWidget(m_grid, 3);

    m_chart = new LiveChart(central);
    layout->addWidget(m_chart, 2);
    m_explanations = new ExplanationPanel(central);
    layout->addWidget(m_explanations);

    m_comment = new QLineEdit(central);
    m_comment->setPlaceholderText(tr("Comment (shown in the image and the reports)"));
    m_comment->setText(m_options.comment);
    layout->addWidget(m_comment);

    buildPages(central);
    m_status = new QLabel(this);
    statusBar()->addWidget(m_status, 1);
    m_status->setText(tr("Ready"));

    auto* stopAction = new QAction(this);
    stopAction->setShortcut(QKeySequence(Qt::Key_Escape));
    connect(stopAction, &QAction::triggered, this, &MainWindow::stop);
    addAction(stopAction);
}

void MainWindow::fillTargets() { m_targetCombo->refill(targetPath()); }

QString MainWindow::targetPath() const
{
    return m_settings.targetPath.isEmpty() ? QDir::homePath() : m_settings.targetPath;
}

void MainWindow::applySettingsToUi()
{
    m_updatingUi = true;
    setWindowTitle(baseTitle());
    // Read by every page's run header on its worker thread (runheader.h), the tools' pages too.
    setPowerHoldEnabled(m_settings.holdPowerProfile);
    if (m_model->showsStored()) // a stored run's explanations, as its tiles, are its own
        m_explanations->clear();
    m_model->setRows(effectiveRows(m_settings));
    const auto check = [](QActionGroup* g, int value) {
        for (QAction* a : g->actions())
            a->setChecked(a->data().toInt() == value);
    };
    check(m_profileGroup, int(m_settings.profile));
    check(m_unitGroup, int(m_settings.unit));
    check(m_modeGroup, int(m_settings.mode));
    check(m_dataGroup, int(m_settings.run.data));
    check(m_mixGroup, m_settings.mixReadPercent);
    m_nvmeAction->setChecked(m_settings.preset == Preset::Nvme);
    m_mixAction->setChecked(m_settings.mixEnabled);
    m_countCombo->setCurrentIndex(m_countCombo->findData(m_settings.run.count));
    int sizeIndex = m_sizeCombo->findData(QVariant::fromValue<qulonglong>(m_settings.run.testSize));
    if (sizeIndex < 0) {
        m_sizeCombo->addItem(QStringLiteral("%1MiB").arg(m_settings.run.testSize / MiB),
            QVariant::fromValue<qulonglong>(m_settings.run.testSize));
        sizeIndex = m_sizeCombo->count() - 1;
    }
    m_sizeCombo->setCurrentIndex(sizeIndex);
    fillTargets();
    m_grid->configure(m_settings.profile, m_settings.mixEnabled, m_settings.mixReadPercent, m_settings.unit);
    m_updatingUi = false;
}

void MainWindow::settingsChanged()
{
    if (m_updatingUi)
        return;
    applySettingsToUi();
    if (m_persist) {
        QSettings store;
        saveGuiSettings(store, m_settings);
    }
}

bool MainWindow::isRunning() const { return m_controller->isRunning(); }

bool MainWindow::startAll()
{
    std::vector<size_t> rows(effectiveRows(m_settings).size());
    for (size_t i = 0; i < rows.size(); ++i)
        rows[i] = i;
    return startTests(rows);
}

bool MainWindow::startRow(size_t testRow) { return startTests({ testRow }); }

void MainWindow::stop()
{
    if (isRunning()) {
        m_status->setText(tr("Stopping…"));
        m_controller->stop();
    }
}

bool MainWindow::startTests(const std::vector<size_t>& testRows)
{
    if (isRunning())
        return false;
    if (anyTestRunning()) {
        m_status->setText(tr("Another test is running: stop it first, or wait for it to end"));
        return false;
    }
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
    struct stat st { };
    const bool device = ::stat(request.target.c_str(), &st) == 0 && S_ISBLK(st.st_mode);
    if (device && writes) {
        if (!confirmDeviceWrite(targetPath()))
            return false;
        request.allowDestructive = true;
    }
    if (m_model->showsStored()) {
        applySettingsToUi(); // back to the settings' rows, without the stored run's tiles
        m_status->setText(tr("Ready"));
    }
    // expandTests walks the chosen rows once per direction, in order.
    std::vector<std::pair<size_t, Direction>> runTests;
    for (size_t i = 0; i < tests.size(); ++i)
        runTests.push_back({ testRows[i % testRows.size()], tests[i].direction });
    m_model->startRun(std::move(runTests), targetPath(), testRows.size() == rows.size());
    m_currentTest = -1;
    m_chart->clear();
    m_explanations->clear();
    if (!device)
        return launch(request);
    // The window never runs as root: UDisks2 opens the device once polkit agrees, which may
    // mean a password dialog, so the run starts when the answer comes (at once when not needed).
    auto launched = std::make_shared<bool>(true); // true while waiting: the run is on its way
    m_gate->open(
        targetPath(), writes,
        [this, request, launched](int fd) mutable {
            request.fd = fd;
            m_deviceFd = fd;
            *launched = launch(request);
            if (!*launched && fd >= 0) {
                ::close(fd);
                m_deviceFd = -1;
            }
        },
        [this](const QString& message) { onFailed(message); });
    if (m_gate->waiting())
        m_status->setText(tr("Asking for permission to open %1…").arg(targetPath()));
    return *launched;
}

bool MainWindow::launch(const RunRequest& request)
{
    // The run's worker holds off suspend and holds the power profile (RunHeaderProbe).
    return m_controller->start(request);
}

bool MainWindow::confirmDeviceWrite(const QString& device)
{
    const auto refused = m_gate->confirmWrite(device);
    if (!refused)
        return true;
    if (m_gate->unattended())
        onFailed(*refused); // says so on stderr and ends the automated run
    else
        m_status->setText(*refused);
    return false;
}

QString MainWindow::testTitle(size_t runIndex) const
{
    const auto [row, d] = m_model->runTest(runIndex);
    return QStringLiteral("%1 %2").arg(
        QString::fromStdString(rowName(effectiveRows(m_settings).at(row))), tr(directionTitle(d)));
}

void MainWindow::onProgress(const Progress& p)
{
    QString status;
    switch (p.phase) {
    case Phase::Preparing:
        status = tr("Preparing %1…").arg(m_model->runTarget());
        break;
    case Phase::Filling:
        status
            = tr("Writing the test file: %1%").arg(p.phaseLength > 0 ? int(100 * p.phaseElapsed / p.phaseLength) : 0);
        break;
    case Phase::Interval:
        status = tr("Interval: next test in %1 s · %2 left")
                     .arg(int(p.phaseLength - p.phaseElapsed + 0.5))
                     .arg(clockText(p.runSecondsLeft));
        m_grid->setRunningTest(std::nullopt);
        break;
    case Phase::WarmUp:
    case Phase::Measuring: {
        if (int(p.testIndex) != m_currentTest) {
            m_currentTest = int(p.testIndex);
            const RunSettings& run = m_settings.run;
            m_chart->startTest(testTitle(p.testIndex), run.warmupSeconds + run.count * run.measureSeconds);
            m_grid->setRunningTest(m_model->runTest(p.testIndex));
        }
        const QString pass = p.phase == Phase::WarmUp ? tr("warm-up") : tr("pass %1/%2").arg(p.pass).arg(p.passCount);
        status = tr("%1 · %2 · %3 left").arg(testTitle(p.testIndex), pass, clockText(p.runSecondsLeft));
        setWindowTitle(baseTitle() + QStringLiteral(" — %1 (%2)").arg(testTitle(p.testIndex), pass));
        break;
    }
    }
    m_status->setText(status);
}

void MainWindow::onSample(int testIndex, const LiveSample& s)
{
    if (testIndex == m_currentTest)
        m_chart->addSample(s);
}

void MainWindow::onTestFinished(int testIndex, const TestResult& r) { m_model->setTestResult(size_t(testIndex), r); }

void MainWindow::onFinished(const RunResult& r, const ReportHeader& header)
{
    m_model->finishRun(r, header);
    m_grid->setRunningTest(std::nullopt);
    setWindowTitle(baseTitle());
    bool failed = false;
    for (const auto& t : r.tests)
        failed = failed || t.error.has_value();
    m_exitCode = r.cancelled ? 130 : failed ? 1 : 0;
    m_status->setText(r.cancelled ? tr("Stopped")
            : failed              ? tr("Finished with errors: see the tiles' tooltips")
                                  : tr("Finished"));
    storeGridRun(r);
    // The image and the reports wait for the explanations, made from the header the engine's
    // thread described (the target as it was before the run, the power conditions it had).
    connect(
        m_explanations, &ExplanationPanel::explained, this, [this] { finishAutomation(); }, Qt::SingleShotConnection);
    m_explanations->show(header.target, m_model->run(m_settings.run), header.system.power);
}

void MainWindow::onFailed(const QString& message)
{
    m_grid->setRunningTest(std::nullopt);
    setWindowTitle(baseTitle());
    m_exitCode = 2;
    m_status->setText(message);
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

void MainWindow::onRunningChanged(bool running)
{
    if (!running) {
        if (m_deviceFd >= 0)
            ::close(m_deviceFd);
        m_deviceFd = -1;
    }
    if (m_stats)
        running ? m_stats->runStarted() : m_stats->runEnded();
    m_allButton->setText(running ? tr("Stop") : tr("All"));
    m_grid->setRunning(running);
    updateBusy();
    for (QWidget* w : m_lockedWhileRunning)
        w->setEnabled(!running);
    if (!running && m_closeWhenStopped) {
        m_closeWhenStopped = false;
        close();
    }
}

Report MainWindow::currentReport() const { return m_model->report(m_settings, targetPath(), m_comment->text()); }

void MainWindow::showTimeline(size_t testRow, Direction d)
{
    if (isRunning())
        return;
    if (const TestResult* r = m_model->result(testRow, d))
        m_chart->showTimeline(
            QStringLiteral("%1 %2").arg(QString::fromStdString(rowName(r->spec.row)), tr(directionTitle(d))),
            r->timeline);
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    // The other tests stop as their pages go: the runner cancels and waits (at most half a
    // second), and their test files are unnamed, so nothing is left behind.
    if (isRunning()) {
        // Stop first: the engine removes the test file and the window closes when it has ended.
        m_closeWhenStopped = true;
        stop();
        event->ignore();
        return;
    }
    event->accept();
}

} // namespace dm
