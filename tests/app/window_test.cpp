// SPDX-License-Identifier: GPL-3.0-or-later
// Checks the window's run flow with real I/O on a scratch directory: the worker bridge's signals
// arrive in order and carry the engine's values, Stop ends a run within half a second and keeps
// what finished, a bad target arrives as an error (the window stays usable), the automation
// options parse, and the window's reports hold the results and the comment.
#include "appoptions.h"
#include "appsettings.h"
#include "benchmarkcontroller.h"
#include "destructiveconfirmdialog.h"
#include "eventually.h"
#include "gridmodel.h"
#include "gridpage.h"
#include "historyservice.h"
#include "jsonreport.h"
#include "livechart.h"
#include "mainwindow.h"
#include "markdownreport.h"
#include "offguithreadspy.h"
#include "offscreenapp.h"
#include "resultgrid.h"
#include "resulttile.h"
#include "testtargets.h"
#include "textreport.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileDialog>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QMenuBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QTimer>
#include <gtest/gtest.h>

using namespace dm;
using namespace dm::test;

namespace {

QApplication& app() { return offscreenApp(); }

RunRequest quickRequest(const std::string& target)
{
    RunRequest r;
    r.target = target;
    r.tests = expandTests({ *parseRow("RND4K-Q8T1") }, Mode::All, std::nullopt);
    r.settings.count = 2;
    r.settings.measureSeconds = 0.5;
    r.settings.warmupSeconds = 0.2;
    r.settings.intervalSeconds = 0;
    r.settings.testSize = 16 * MiB;
    return r;
}

GuiSettings quickSettings(const std::string& target)
{
    GuiSettings s = defaultGuiSettings();
    s.run.count = 1;
    s.run.measureSeconds = 0.5;
    s.run.warmupSeconds = 0.1;
    s.run.intervalSeconds = 0;
    s.run.testSize = 16 * MiB;
    s.targetPath = QString::fromStdString(target);
    return s;
}

} // namespace

TEST(WorkerBridge, SignalsArriveInOrderWithTheEnginesValues)
{
    app();
    ScratchDir dir;
    BenchmarkController controller;
    QStringList order;
    QObject::connect(&controller, &BenchmarkController::phase, [&](const RunPhase&) {
        if (order.isEmpty() || order.last() != QLatin1String("phase"))
            order << QStringLiteral("phase");
    });
    QObject::connect(&controller, &BenchmarkController::testFinished, [&](int i, const TestResult& r) {
        order << QStringLiteral("test%1").arg(i);
        EXPECT_TRUE(r.ok());
        EXPECT_EQ(r.passes.size(), 2u);
    });
    QSignalSpy samples(&controller, &BenchmarkController::sample);
    QSignalSpy finished(&controller, &BenchmarkController::finished);
    QSignalSpy running(&controller, &BenchmarkController::runningChanged);
    ASSERT_TRUE(controller.start(quickRequest(dir.path())));
    EXPECT_TRUE(controller.isRunning());
    EXPECT_FALSE(controller.start(quickRequest(dir.path()))) << "one run at a time";
    ASSERT_TRUE(finished.wait(30000));
    EXPECT_FALSE(controller.isRunning());
    EXPECT_EQ(order, (QStringList { "phase", "test0", "phase", "test1" }));
    EXPECT_GE(samples.count(), 4); // at least one 250 ms tick in each 0.5 s pass
    const auto result = finished.at(0).at(0).value<RunResult>();
    EXPECT_EQ(result.tests.size(), 2u);
    EXPECT_FALSE(result.cancelled);
    ASSERT_EQ(running.count(), 2);
    EXPECT_TRUE(running.at(0).at(0).toBool());
    EXPECT_FALSE(running.at(1).at(0).toBool());
    EXPECT_EQ(dir.entryCount(), 0u);
}

TEST(WorkerBridge, StopEndsTheRunWithinHalfASecond)
{
    app();
    ScratchDir dir;
    BenchmarkController controller;
    auto request = quickRequest(dir.path());
    request.settings.measureSeconds = 10;
    QSignalSpy finished(&controller, &BenchmarkController::finished);
    QSignalSpy firstSample(&controller, &BenchmarkController::sample);
    ASSERT_TRUE(controller.start(request));
    ASSERT_TRUE(firstSample.wait(10000));
    QElapsedTimer timer;
    timer.start();
    controller.stop();
    ASSERT_TRUE(finished.wait(5000));
    EXPECT_LT(timer.elapsed(), 500);
    EXPECT_TRUE(finished.at(0).at(0).value<RunResult>().cancelled);
    EXPECT_EQ(dir.entryCount(), 0u);
}

TEST(WorkerBridge, ABadTargetArrivesAsAnError)
{
    app();
    BenchmarkController controller;
    QSignalSpy failed(&controller, &BenchmarkController::failed);
    QSignalSpy finished(&controller, &BenchmarkController::finished);
    ASSERT_TRUE(controller.start(quickRequest("/nonexistent/diskometer")));
    ASSERT_TRUE(failed.wait(5000));
    EXPECT_TRUE(failed.at(0).at(0).toString().contains(QStringLiteral("does not exist")));
    EXPECT_EQ(finished.count(), 0);
    EXPECT_FALSE(controller.isRunning());
    // Usable again afterwards.
    ScratchDir dir;
    ASSERT_TRUE(controller.start(quickRequest(dir.path())));
    ASSERT_TRUE(finished.wait(30000));
}

TEST(AppOptions, ParsesTheAutomationFlags)
{
    auto o = parseAppOptions({ "diskometer", "--target", "/mnt", "--profile", "peak", "--preset", "nvme", "--count",
        "3", "--size", "64MiB", "--measure", "2", "--interval", "0", "--mode", "read", "--mix", "60", "--comment", "x",
        "--start", "--save-image", "a.png", "--save-text", "a.txt", "--save-json", "a.json", "--quit-when-done",
        "--unit", "iops", "--engine", "io_uring", "--no-power-hold" });
    ASSERT_TRUE(o) << o.error().message;
    GuiSettings s = defaultGuiSettings();
    ASSERT_TRUE(s.holdPowerProfile); // on by default (issue 16)
    o->applyTo(s);
    EXPECT_FALSE(s.holdPowerProfile);
    EXPECT_EQ(s.targetPath, QStringLiteral("/mnt"));
    EXPECT_EQ(s.profile, Profile::Peak);
    EXPECT_EQ(s.preset, Preset::Nvme);
    EXPECT_EQ(s.rows, defaultGuiSettings(Preset::Nvme).rows);
    EXPECT_EQ(s.run.count, 3);
    EXPECT_EQ(s.run.testSize, 64 * MiB);
    EXPECT_EQ(s.run.measureSeconds, 2);
    EXPECT_EQ(s.run.intervalSeconds, 0);
    EXPECT_EQ(s.mode, Mode::Read);
    EXPECT_TRUE(s.mixEnabled);
    EXPECT_EQ(s.mixReadPercent, 60);
    EXPECT_EQ(s.unit, Unit::Iops);
    EXPECT_EQ(s.engine, EngineKind::IoUring);
    EXPECT_TRUE(o->start);
    EXPECT_TRUE(o->quitWhenDone);
    EXPECT_EQ(o->saveImage, QStringLiteral("a.png"));

    for (QStringList bad :
        { QStringList { "--count", "0" }, { "--size", "1XB" }, { "--size", "1TB" }, { "--profile", "x" },
            { "--mix", "95" }, { "--measure", "100" }, { "stray" }, { "--palette", "pink" }, { "--engine", "spdk" } }) {
        bad.prepend(QStringLiteral("diskometer"));
        EXPECT_FALSE(parseAppOptions(bad)) << bad.join(' ').toStdString();
    }
}

// CrystalDiskMark 9's Flash Memory profile from the command line brings its times (1 s passes,
// 30 s between tests), and --measure/--interval given beside it still win; the pass box offers
// CrystalDiskMark's 1-9.
TEST(AppOptions, FlashProfileBringsItsTimesAndThePassBoxOffersOneToNine)
{
    app();
    auto flash = parseAppOptions({ "diskometer", "--profile", "FLASH" });
    ASSERT_TRUE(flash) << flash.error().message;
    GuiSettings s = defaultGuiSettings();
    flash->applyTo(s);
    EXPECT_EQ(s.profile, Profile::Flash);
    EXPECT_EQ(s.run.measureSeconds, 1);
    EXPECT_EQ(s.run.intervalSeconds, 30);
    auto both = parseAppOptions({ "diskometer", "--profile", "flash", "--measure", "3" });
    ASSERT_TRUE(both);
    GuiSettings t = defaultGuiSettings();
    both->applyTo(t);
    EXPECT_EQ(t.run.measureSeconds, 3);
    EXPECT_EQ(t.run.intervalSeconds, 30);

    MainWindow window(defaultGuiSettings(), AppOptions {}, false);
    QStringList offered;
    for (QComboBox* box : window.gridPage()->findChildren<QComboBox*>())
        if (box->toolTip() == QStringLiteral("Measured passes per test"))
            for (int i = 0; i < box->count(); ++i)
                offered << box->itemText(i);
    EXPECT_EQ(offered, QStringList({ "1", "2", "3", "4", "5", "6", "7", "8", "9" }));
}

// --no-power-hold is for the session it was given to (its help says the setting stays): a window
// that stores its settings after another change keeps the stored choice, and only the Settings
// dialog's choice replaces it.
TEST(AppOptions, NoPowerHoldIsNotStoredWithTheOtherSettings)
{
    app();
    QTemporaryDir config;
    ASSERT_TRUE(config.isValid());
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, config.path());
    const QString organization = QCoreApplication::organizationName();
    QCoreApplication::setOrganizationName(QStringLiteral("Diskometer"));
    struct Restore {
        QString organization;
        ~Restore()
        {
            QSettings::setDefaultFormat(QSettings::NativeFormat);
            QCoreApplication::setOrganizationName(organization);
        }
    } restore { organization };
    {
        QSettings store;
        saveGuiSettings(store, defaultGuiSettings()); // the hold on, as stored
    }
    auto options = parseAppOptions({ "diskometer", "--no-power-hold" });
    ASSERT_TRUE(options);
    GuiSettings settings = defaultGuiSettings();
    options->applyTo(settings);
    MainWindow window(settings, *options, true);
    ASSERT_FALSE(window.gridPage()->settings().holdPowerProfile) << "this session does not hold";
    GuiSettings changed = window.gridPage()->settings();
    changed.run.count = 7;
    window.gridPage()->setSettings(changed); // stored, as any change in the window
    QSettings store;
    const GuiSettings stored = loadGuiSettings(store);
    EXPECT_EQ(stored.run.count, 7) << "the change itself is kept";
    EXPECT_TRUE(stored.holdPowerProfile) << "the session's --no-power-hold is not";
}

TEST(MainWindow, RunsAllShowsTilesAndReportsWithTheComment)
{
    app();
    ScratchDir dir;
    AppOptions options;
    options.comment = QStringLiteral("USB 3.0 ポート");
    GuiSettings settings = quickSettings(dir.path());
    settings.rows = { *parseRow("SEQ1M-Q8T1"), *parseRow("RND4K-Q8T1") };
    settings.profile = Profile::Default;
    MainWindow window(settings, options, false);
    window.show();
    QSignalSpy ended(&window, &MainWindow::runEnded);
    ASSERT_TRUE(window.gridPage()->startAll());
    EXPECT_EQ(window.gridPage()->allButton()->text(), QStringLiteral("Stop"));
    ASSERT_TRUE(ended.wait(60000));
    EXPECT_EQ(ended.at(0).at(0).toInt(), 0);
    EXPECT_EQ(window.gridPage()->allButton()->text(), QStringLiteral("All"));
    for (size_t row = 0; row < 2; ++row)
        for (Direction d : { Direction::Read, Direction::Write }) {
            ResultTile* tile = window.gridPage()->grid()->tile(row, d);
            ASSERT_NE(tile, nullptr);
            EXPECT_FALSE(tile->text().isEmpty()) << row;
            EXPECT_GT(tile->barFraction(), 0.0);
        }
    const Report report = window.gridPage()->currentReport();
    ASSERT_EQ(report.run.tests.size(), 4u);
    EXPECT_EQ(report.run.tests[0].spec.direction, Direction::Read);
    EXPECT_EQ(report.run.tests[2].spec.direction, Direction::Write);
    EXPECT_EQ(report.comment, QStringLiteral("USB 3.0 ポート"));
    EXPECT_TRUE(formatText(report).contains(QStringLiteral("Comment: USB 3.0 ポート")));
    EXPECT_TRUE(formatJson(report).contains("SEQ1M Q8T1"));
    EXPECT_EQ(dir.entryCount(), 0u);

    // One row alone: only its tiles are redone.
    QSignalSpy ended2(&window, &MainWindow::runEnded);
    ASSERT_TRUE(window.gridPage()->startRow(1));
    ASSERT_TRUE(ended2.wait(60000));
    EXPECT_EQ(window.gridPage()->currentReport().run.tests.size(), 4u);

    // A saved image is a real PNG of the window.
    const QString png = QString::fromStdString(dir.path()) + "/shot.png";
    ASSERT_TRUE(window.gridPage()->saveImage(png));
    QImage image(png);
    EXPECT_GE(image.width(), window.width());
}

// Issue 15: the drive's temperature on the live chart while a test measures (the controller hands
// each reading on; a folder on a virtual disk has no sensor, so the test hands one), and not
// between tests or after the run, when the chart shows a test that has ended.
TEST(MainWindow, TheLiveChartDrawsTheDrivesTemperatureWhileATestMeasures)
{
    app();
    ScratchDir dir;
    GuiSettings settings = quickSettings(dir.path());
    settings.rows = { *parseRow("SEQ1M-Q8T1") };
    settings.profile = Profile::Default;
    MainWindow window(settings, AppOptions {}, false);
    QSignalSpy ended(&window, &MainWindow::runEnded);
    GridPage* grid = window.gridPage();
    LiveChart* chart = grid->chart();
    grid->onTemperature(40);
    EXPECT_FALSE(chart->temperatureShown()) << "no run, no reading drawn";
    ASSERT_TRUE(grid->startAll());
    ASSERT_TRUE(QTest::qWaitFor([&] { return chart->pointCount() > 0; }, 30000));
    grid->onTemperature(52);
    EXPECT_TRUE(chart->temperatureShown());
    ASSERT_EQ(chart->temperatureSeries()->count(), 1);
    EXPECT_EQ(chart->temperatureSeries()->at(0).y(), 52);
    EXPECT_LE(chart->temperatureSeries()->at(0).x(), chart->rateSeries()->points().last().x());
    ASSERT_TRUE(ended.wait(60000));
    const qsizetype drawn = chart->temperatureSeries()->count();
    grid->onTemperature(60);
    EXPECT_EQ(chart->temperatureSeries()->count(), drawn) << "a reading after the run is not drawn";
}

// Nothing formats the grid's reports on the GUI thread: --save-text/--save-json/--save-markdown
// at the end of a run, File › Save Text…, Copy Text and the JSON stored in the history are made
// on threads of their own (each formatter notes the thread it runs on: offguithread.h), and
// they read byte for byte as the report the window describes.
TEST(MainWindow, TheGridsReportsAreFormattedOffTheGuiThread)
{
    app();
    ScratchDir dir, out;
    const OffGuiThreadSpy spy;
    const QString base = QString::fromStdString(out.path()) + QStringLiteral("/grid");
    AppOptions options;
    options.comment = QStringLiteral("off the GUI thread");
    options.saveText = base + QStringLiteral(".txt");
    options.saveJson = base + QStringLiteral(".json");
    options.saveMarkdown = base + QStringLiteral(".md");
    GuiSettings settings = quickSettings(dir.path());
    settings.rows = { *parseRow("RND4K-Q8T1") };
    settings.mode = Mode::Read;
    MainWindow window(settings, options, false);
    window.show();
    QSignalSpy ended(&window, &MainWindow::runEnded);
    ASSERT_TRUE(window.gridPage()->startAll());
    ASSERT_TRUE(ended.wait(60000));
    ASSERT_EQ(ended.at(0).at(0).toInt(), 0);
    const auto contentOf = [](const QString& path) {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    };
    const Report report = window.gridPage()->currentReport();
    ASSERT_TRUE(eventually([&] { return contentOf(options.saveMarkdown) == formatMarkdown(report).toUtf8(); }, 10000));
    EXPECT_EQ(contentOf(options.saveText), formatText(report).toUtf8());
    EXPECT_EQ(contentOf(options.saveJson), formatJson(report));

    const auto action = [&](const QString& text) -> QAction* {
        for (QAction* a : window.menuBar()->findChildren<QAction*>())
            if (a->text() == text)
                return a;
        return nullptr;
    };
    QAction* copy = action(QStringLiteral("&Copy Text"));
    ASSERT_NE(copy, nullptr);
    QApplication::clipboard()->clear();
    copy->trigger();
    ASSERT_TRUE(eventually([&] { return QApplication::clipboard()->text() == formatText(report); }, 10000));

    QAction* save = action(QStringLiteral("Save &Text…"));
    ASSERT_NE(save, nullptr);
    const QString chosen = base + QStringLiteral("-chosen.txt");
    QTimer::singleShot(0, [&] {
        auto* dialog = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
        ASSERT_NE(dialog, nullptr);
        dialog->selectFile(chosen);
        QMetaObject::invokeMethod(dialog, "accept"); // protected, a slot
    });
    save->trigger();
    ASSERT_TRUE(eventually([&] { return contentOf(chosen) == formatText(report).toUtf8(); }, 10000));

    // The run's JSON for the history is made on the history's thread, in its own time.
    ASSERT_TRUE(eventually([&] { return window.history()->pending() == 0; }, 15000));
    int reports = 0, history = 0;
    for (const auto& [what, thread] : spy.seen()) {
        EXPECT_NE(thread, QApplication::instance()->thread()) << what;
        reports += what == "grid report";
        history += what == "grid history json";
    }
    EXPECT_EQ(reports, 5) << "three files at the end of the run, Copy Text, Save Text";
    EXPECT_EQ(history, 1);
}

// The comment box's placeholder is a hint for the person at the window: the saved and the
// copied image show the box empty (issue 14), and the window keeps its hint. The count box has
// a label.
TEST(MainWindow, TheSavedImageHasNoPlaceholderAndTheCountHasALabel)
{
    app();
    ScratchDir dir;
    AppOptions options;
    MainWindow window(quickSettings(dir.path()), options, false);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    QLineEdit* comment = nullptr;
    for (QLineEdit* e : window.findChildren<QLineEdit*>())
        if (e->placeholderText().startsWith(QStringLiteral("Comment")))
            comment = e;
    ASSERT_NE(comment, nullptr);
    ASSERT_TRUE(comment->text().isEmpty());
    const QString hint = comment->placeholderText();
    const QRect box(comment->mapTo(&window, QPoint(0, 0)), comment->size());
    const auto boxOf = [&](const QImage& shot) { return shot.copy(box); };
    const QImage withHint = boxOf(window.grab().toImage());
    comment->setPlaceholderText(QString());
    const QImage empty = boxOf(window.grab().toImage());
    comment->setPlaceholderText(hint);
    ASSERT_NE(empty, withHint);
    // The image is the window under a title line of its own (windowImage()): the box sits that
    // much lower in it.
    const auto expectEmptyBox = [&](const QImage& image, const char* what) {
        ASSERT_FALSE(image.isNull()) << what;
        const QImage whole = image.convertToFormat(withHint.format());
        const QImage shown = whole.copy(box.translated(0, whole.height() - window.grab().toImage().height()));
        EXPECT_EQ(comment->placeholderText(), hint) << what;
        EXPECT_NE(shown, withHint) << what << ": the placeholder text is in the image";
        EXPECT_EQ(shown, empty) << what << ": the image's comment box is the empty box";
    };

    const QString png = QString::fromStdString(dir.path()) + "/shot.png";
    ASSERT_TRUE(window.gridPage()->saveImage(png));
    expectEmptyBox(QImage(png), "Save Image");

    QAction* copyImage = nullptr;
    for (QAction* a : window.findChildren<QAction*>())
        if (a->text().remove(QLatin1Char('&')) == QStringLiteral("Copy Image"))
            copyImage = a;
    ASSERT_NE(copyImage, nullptr);
    QGuiApplication::clipboard()->clear();
    copyImage->trigger();
    expectEmptyBox(QGuiApplication::clipboard()->image(), "Copy Image");

    QLabel* countLabel = nullptr;
    for (QLabel* l : window.findChildren<QLabel*>())
        if (qobject_cast<QComboBox*>(l->buddy()) && l->text().contains(QStringLiteral("Passes")))
            countLabel = l;
    ASSERT_NE(countLabel, nullptr);
    EXPECT_TRUE(qobject_cast<QComboBox*>(countLabel->buddy())->toolTip().contains(QStringLiteral("passes")));
}

TEST(MainWindow, CtrlRStartsARunEveryTime)
{
    app();
    ScratchDir dir;
    AppOptions options;
    GuiSettings settings = quickSettings(dir.path());
    settings.rows = { *parseRow("RND4K-Q8T1") };
    settings.mode = Mode::Read;
    MainWindow window(settings, options, false);
    window.show();
    window.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&window));
    // The button's text changes with every run ("Stop", then "All"); the shortcut must survive it.
    for (int run = 0; run < 2; ++run) {
        QSignalSpy ended(&window, &MainWindow::runEnded);
        QTest::keyClick(&window, Qt::Key_R, Qt::ControlModifier);
        EXPECT_TRUE(window.gridPage()->isRunning()) << "run " << run;
        ASSERT_TRUE(ended.wait(60000)) << "run " << run;
        EXPECT_EQ(ended.at(0).at(0).toInt(), 0);
    }
}

TEST(MainWindow, RunsWithTheEngineChosenInTheSettings)
{
    app();
    ScratchDir dir;
    AppOptions options;
    GuiSettings settings = quickSettings(dir.path());
    settings.rows = { *parseRow("RND4K-Q8T1") };
    settings.mode = Mode::Read;
    settings.engine = EngineKind::IoUring;
    MainWindow window(settings, options, false);
    QSignalSpy ended(&window, &MainWindow::runEnded);
    ASSERT_TRUE(window.gridPage()->startAll());
    ASSERT_TRUE(ended.wait(60000));
    // Where io_uring cannot run, the run falls back to libaio and the report says why.
    const Report report = window.gridPage()->currentReport();
    if (ioUringAvailable()) {
        EXPECT_EQ(report.engine, QStringLiteral("io_uring"));
    } else {
        EXPECT_EQ(report.engine, QStringLiteral("libaio"));
        EXPECT_FALSE(report.run.warnings.empty());
    }
    EXPECT_TRUE(formatJson(report).contains("\"engine\": \"" + report.engine.toUtf8() + "\""));
}

TEST(MainWindow, AnUnusableTargetShowsAnErrorAndStaysUsable)
{
    app();
    AppOptions options;
    MainWindow window(quickSettings("/nonexistent/place"), options, false);
    window.show();
    QSignalSpy ended(&window, &MainWindow::runEnded);
    ASSERT_TRUE(window.gridPage()->startAll());
    ASSERT_TRUE(ended.wait(10000));
    EXPECT_EQ(window.exitCode(), 2);
    EXPECT_FALSE(window.gridPage()->isRunning());
    EXPECT_TRUE(window.gridPage()->allButton()->isEnabled());
    EXPECT_EQ(window.gridPage()->allButton()->text(), QStringLiteral("All"));
}

TEST(MainWindow, StopKeepsFinishedResultsAndClosingDuringARunStopsIt)
{
    app();
    ScratchDir dir;
    AppOptions options;
    GuiSettings settings = quickSettings(dir.path());
    settings.rows = { *parseRow("SEQ1M-Q8T1"), *parseRow("RND4K-Q8T1") };
    settings.run.measureSeconds = 5;
    settings.run.count = 1;
    settings.run.warmupSeconds = 0;
    settings.mode = Mode::Read;
    auto* window = new MainWindow(settings, options, false);
    window->show();
    QSignalSpy finishedTests(window->gridPage()->controller(), &BenchmarkController::testFinished);
    QSignalSpy ended(window, &MainWindow::runEnded);
    ASSERT_TRUE(window->gridPage()->startAll());
    ASSERT_TRUE(finishedTests.wait(20000)); // the first test is done
    QTest::qWait(300);
    QElapsedTimer timer;
    timer.start();
    window->gridPage()->stop();
    ASSERT_TRUE(ended.wait(5000));
    EXPECT_LT(timer.elapsed(), 500);
    EXPECT_EQ(window->exitCode(), 130);
    EXPECT_NE(window->gridPage()->gridModel()->result(0, Direction::Read), nullptr) << "the finished test stays";
    EXPECT_EQ(window->gridPage()->gridModel()->result(1, Direction::Read), nullptr);

    // Close while running: the run stops and the window closes once it has.
    QSignalSpy ended2(window, &MainWindow::runEnded);
    ASSERT_TRUE(window->gridPage()->startAll());
    QTest::qWait(500);
    window->close();
    EXPECT_TRUE(window->isVisible()) << "waits for the engine";
    ASSERT_TRUE(ended2.wait(5000));
    QTest::qWait(50);
    EXPECT_FALSE(window->isVisible());
    delete window;
    EXPECT_EQ(dir.entryCount(), 0u);
}

TEST(MainWindow, WritingToADeviceNeedsTheTypedNameAndRawDevicesAreListed)
{
    app();
    LoopDevice loop("64M");
    DM_REQUIRE_ROOT_LOOP(loop);
    const QString device = QString::fromStdString(loop.device());
    GuiSettings settings = quickSettings(loop.device());
    settings.rows = { *parseRow("SEQ1M-Q8T1") };
    settings.mode = Mode::Write;
    AppOptions options;
    MainWindow window(settings, options, false);
    window.show();

    // The raw device is offered in the target list, in its own group.
    QComboBox* combo = nullptr;
    for (auto* c : window.findChildren<QComboBox*>())
        if (c->findData(QString()) >= 0) // the target list: "Choose folder…" carries no path
            combo = c;
    ASSERT_NE(combo, nullptr);
    // Listed on a thread of its own (targetcombo.cpp): the entries come when it answers (the
    // device itself is there at once, as the current target).
    ASSERT_TRUE(eventually([&] { return combo->findText(QStringLiteral("Block devices (raw)")) >= 0; }, 15000));
    EXPECT_GE(combo->findData(device), 0);

    const std::string before = loop.checksum();
    // A wrong name keeps the button disabled; Cancel writes nothing.
    QTimer::singleShot(300, [&] {
        auto* dialog = qobject_cast<DestructiveConfirmDialog*>(QApplication::activeModalWidget());
        ASSERT_NE(dialog, nullptr);
        dialog->nameEdit()->setText(QStringLiteral("sdz"));
        EXPECT_FALSE(dialog->eraseButton()->isEnabled());
        dialog->reject();
    });
    EXPECT_FALSE(window.gridPage()->startAll());
    EXPECT_FALSE(window.gridPage()->isRunning());
    EXPECT_EQ(loop.checksum(), before);

    // The exact name enables it, and the test writes.
    QTimer::singleShot(300, [&] {
        auto* dialog = qobject_cast<DestructiveConfirmDialog*>(QApplication::activeModalWidget());
        ASSERT_NE(dialog, nullptr);
        dialog->nameEdit()->setText(device);
        // Once the device is described (on a thread of its own: confirm()).
        ASSERT_TRUE(eventually([&] { return dialog->eraseButton()->isEnabled(); }, 10000));
        dialog->eraseButton()->click();
    });
    QSignalSpy ended(&window, &MainWindow::runEnded);
    ASSERT_TRUE(window.gridPage()->startAll());
    ASSERT_TRUE(ended.wait(30000));
    EXPECT_EQ(window.exitCode(), 0);
    EXPECT_NE(loop.checksum(), before);
}

TEST(MainWindow, ScriptsCannotConfirmADeviceWrite)
{
    app();
    LoopDevice loop("64M");
    DM_REQUIRE_ROOT_LOOP(loop);
    GuiSettings settings = quickSettings(loop.device());
    settings.mode = Mode::Write;
    AppOptions options;
    options.quitWhenDone = true; // as with --quit-when-done: nobody is there to type the name
    MainWindow window(settings, options, false);
    const std::string before = loop.checksum();
    EXPECT_FALSE(window.gridPage()->startAll());
    EXPECT_EQ(window.exitCode(), 2);
    EXPECT_EQ(loop.checksum(), before);
}
