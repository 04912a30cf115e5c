// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "appoptions.h"
#include "appsettings.h"
#include "benchmarkcontroller.h"
#include "fioremote.h"
#include "report.h"
#include "testpage.h"

#include <QWidget>

#include <optional>
#include <vector>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace dm {

class DeviceGate;
class DriveLineLabel;
class ExplanationPanel;
class GridModel;
class HealthBadge;
class LiveChart;
class ResultGrid;
class TargetCombo;
class UiStats;

// The grid of tests, CrystalDiskMark's page: All, passes, size and target on top, the tiles, the
// live chart, the explanations and the comment. It owns its run (BenchmarkController, on a
// ToolRunner as every page's test), its results (GridModel: the tiles only draw them), the way to
// a device (DeviceGate, as the other pages) and its reports. The window around it holds the
// menus, the tabs, the history and the status line, and reaches the grid only through what is
// public here: as a TestPage, as every page, and through its settings, reports and stored runs,
// which the window's menus and the History tab reach.
class GridPage : public TestPage {
    Q_OBJECT
public:
    // `options`: the comment, --quit-when-done (nobody to confirm a device write) and --save-*,
    // written at the end of every run.
    GridPage(const GuiSettings& settings, const AppOptions& options, QWidget* parent = nullptr);
    ~GridPage() override;

    // The settings the grid runs with. The window's menus change them through setSettings();
    // the page's own boxes (passes, size, target) too; settingsChanged() follows either way.
    const GuiSettings& settings() const { return m_settings; }
    void setSettings(const GuiSettings& settings);
    QString targetPath() const;

    // Starts every test of the profile, or one row's; false when it cannot (the status says why,
    // or runEnded() follows at once when nobody is at the window).
    bool startAll();
    bool startRow(size_t testRow);
    bool start() override { return startAll(); }
    void stop() override;
    bool isRunning() const override;
    QPushButton* startButton() const override { return m_allButton; }
    // Its options came with it (pageregistry.cpp hands them to its constructor): the grid's
    // settings are the window's, which the menus edit.
    void applyOptions(const AppOptions&, bool) override { }
    HistoryRuns historyRuns() const override;
    std::function<QByteArray()> reportDocument() const override;

    // What the reports and the image describe: the results shown, with the header the run's job
    // made (no sysfs is read here), the settings and the comment in the box now.
    Report currentReport() const;
    // Shows a stored run in the tiles, read-only: the reports and the image describe it until
    // the next run or a change of settings.
    void showStoredReport(const Report& report);
    bool showsStoredReport() const;
    // The test data of the figures on the grid (a stored run's, the last run's), else of the
    // settings: what the title's <0Fill> names.
    DataFill shownTestData() const;

    QString statusText() const override { return m_status; }
    void addStatusNote(const QString& note) override;
    // "The benchmark run", in the history's messages; "&Benchmark", its tab.
    QString runWhat() const override;
    QString tabTitle() const override;

    // The window as it looks, without the comment box's hint (it is no part of the result).
    bool saveImage(const QString& path) override;
    // File menu: the report as `kind` ("text", "json", "markdown") says, formatted and written
    // off the GUI thread.
    void saveReportInteractive(const QString& kind);
    void copyText();
    void exportFioJob();
    // The grid's tests and settings for Run on Hosts (remotedialog.h), hosts empty.
    RemoteRequest remoteRequest() const;
    // The grid's Run on Hosts is remoteRequest()'s: no options of its own here.
    Result<QStringList> hostsRun() const override { return QStringList {}; }

    // For tests and the window's busy state.
    QPushButton* allButton() const { return m_allButton; }
    ResultGrid* grid() const { return m_grid; }
    const GridModel* gridModel() const { return m_model; }
    LiveChart* chart() const { return m_chart; }
    // A reading of the drive's temperature as the run's controller hands it on (public for the
    // tests: a loop device has no sensor): drawn on the live chart while a test measures.
    void onTemperature(double celsius);
    BenchmarkController* controller() const { return m_controller; }
    ExplanationPanel* explanationPanel() const { return m_explanations; }
    DriveLineLabel* driveLine() const { return m_driveLine; }

Q_SIGNALS:
    void settingsChanged();
    void statusChanged(const QString& text);
    // "SEQ1M Q8T1 Read (pass 2/5)" while a test measures, empty otherwise: for the window's title.
    void runningTestChanged(const QString& what);

private:
    // "Default profile · 5 s per pass, 5 s between tests", after the drive in the drive line.
    static QString settingsLine(Profile profile, const RunSettings& run);
    void buildWidgets();
    void applySettingsToUi();
    void setStatus(const QString& text);
    bool startTests(const std::vector<size_t>& testRows);
    // The rest of the start once the target's kind is known: the typed confirmation and the
    // descriptor for a device (DeviceGate), then the run. False when refused or failed.
    bool startOn(const std::vector<size_t>& testRows, bool device);
    // The last run's chart and explanations go, and a stored run (its tiles: the settings' rows again).
    void clearForRun();
    bool launch(const RunRequest& request);
    // Says runningChanged() when isRunning() is no longer what it said last.
    void updateRunning();
    void onPhase(const RunPhase& p);
    void onSample(int testIndex, const LiveSample& s);
    void onFinished(const RunResult& r, const ReportHeader& header);
    void onFailed(const QString& message);
    QString testTitle(size_t runIndex) const;
    void showTimeline(size_t testRow, Direction d);
    // gridpagereports.cpp: --save-image/--save-text/... and then runEnded(); `ran` false when
    // the run could not start: then nothing is written (an empty grid is no report).
    void finishAutomation(bool ran = true);

    GuiSettings m_settings;
    AppOptions m_options;
    BenchmarkController* m_controller;
    GridModel* m_model;
    DeviceGate* m_gate;
    UiStats* m_stats = nullptr; // only with --stats

    QPushButton* m_allButton = nullptr;
    QComboBox* m_countCombo = nullptr;
    QComboBox* m_sizeCombo = nullptr;
    TargetCombo* m_targetCombo = nullptr;
    HealthBadge* m_health = nullptr; // the target drive's health and temperature
    DriveLineLabel* m_driveLine = nullptr; // what was tested, for a posted image
    ResultGrid* m_grid = nullptr;
    LiveChart* m_chart = nullptr;
    ExplanationPanel* m_explanations = nullptr;
    QLineEdit* m_comment = nullptr;
    QList<QWidget*> m_lockedWhileRunning;

    QString m_status;
    int m_currentTest = -1; // the run's test the chart shows
    bool m_measuring = false; // in a test's warm-up or passes, not between tests: a reading goes on the chart
    int m_exitCode = 0;
    bool m_shownRunning = false; // what runningChanged() last said
    // The last run that measured something and was not stopped, for the history: the results
    // of this run only (older ones left on the grid are stored with their own date already).
    std::optional<Report> m_completed;
};

} // namespace dm
