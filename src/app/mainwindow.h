// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "appoptions.h"
#include "appsettings.h"
#include "benchmarkcontroller.h"
#include "report.h"

#include <QDateTime>
#include <QMainWindow>
#include <functional>
#include <optional>
#include <vector>

class QActionGroup;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTabWidget;

namespace dm {

class DeviceGate;
class HistoryPage;
class HistoryService;
class ExplanationPanel;
class GridModel;
class LiveChart;
class ResultGrid;
class ToolPage;
class TargetCombo;
class UdisksOpener;
class UiStats;

// The CrystalDiskMark-shaped window. It holds the settings; the grid's results are its
// GridModel's; every run goes to the BenchmarkController, which runs the engine on its thread.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    // `persist`: remember settings changed in the window (QSettings); tests pass false.
    MainWindow(const GuiSettings& settings, const AppOptions& options, bool persist, QWidget* parent = nullptr);
    ~MainWindow() override;

    // Starts every test of the profile; returns false when a run is already going on.
    bool startAll();
    bool startRow(size_t testRow);
    void stop();
    bool isRunning() const;

    const GuiSettings& settings() const { return m_settings; }
    Report currentReport() const; // what the reports and the image describe
    ExplanationPanel* explanationPanel() const { return m_explanations; }
    QString targetPath() const;
    int exitCode() const { return m_exitCode; } // of the last run, as diskometer-cli's
    ResultGrid* grid() const { return m_grid; }
    const GridModel* gridModel() const { return m_model; }
    LiveChart* chart() const { return m_chart; }
    BenchmarkController* controller() const { return m_controller; }
    QPushButton* allButton() const { return m_allButton; }
    QTabWidget* tabs() const { return m_tabs; }
    // The page of a test kind ("scan", "sustained", "sweep": pageregistry.cpp), or null.
    ToolPage* page(const QString& kind) const;
    HistoryService* history() const { return m_history; }
    QString statusText() const; // the grid's status line
    HistoryPage* historyPage() const { return m_historyPage; }
    // Shows a stored run in the tiles, read-only: the reports and the image describe it until
    // the next run or a change of settings.
    void showStoredReport(const Report& report);
    bool showsStoredReport() const;
    // Whether the grid or any other test is running (one test at a time: they would measure each other).
    bool anyTestRunning() const;
    // Starts the test of the page chosen with --page (or the grid), for --start.
    bool startFromOptions();

    bool saveImage(const QString& path);
    bool saveReport(const QString& path, const QByteArray& content);

Q_SIGNALS:
    void runEnded(int exitCode);

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    // A file to write and what makes its content (a report formatter), both run off the GUI thread.
    using FileJob = std::pair<QString, std::function<QByteArray()>>;
    // Makes and writes the files on a thread of their own, then `then(written)` on the GUI thread
    // (false when one could not be written, said on stderr); at once when there are none.
    void writeFilesThen(std::vector<FileJob> files, std::function<void(bool written)> then);
    void buildMenus();
    void buildCentral();
    void buildPages(QWidget* benchmark); // mainwindowpages.cpp
    void buildHistory(); // mainwindowhistory.cpp
    void storeGridRun(const RunResult& r);
    void storePageRun(ToolPage* page);
    void exportFioJob();
    void compareFromOptions();
    void applyOptionsToPages();
    void updateBusy();
    void finishPageAutomation(ToolPage* page, bool ok);
    void fillTargets();
    void applySettingsToUi();
    void settingsChanged();
    bool startTests(const std::vector<size_t>& testRows);
    bool confirmDeviceWrite(const QString& device);
    bool launch(const RunRequest& request);
    void onProgress(const Progress& p);
    void onSample(int testIndex, const LiveSample& s);
    void onTestFinished(int testIndex, const TestResult& r);
    void onFinished(const RunResult& r, const ReportHeader& header);
    // "Diskometer", "Diskometer <0Fill>" with zeros as test data, as CrystalDiskMark's title.
    QString baseTitle() const;
    void onFailed(const QString& message);
    void onRunningChanged(bool running);
    // --save-image/--save-text/... and --quit-when-done at the end of a run; `ran` false when the
    // run could not start: then nothing is written (an empty grid is no report).
    void finishAutomation(bool ran = true);
    void showTimeline(size_t testRow, Direction d);
    QString testTitle(size_t runIndex) const;
    void saveImageInteractive();
    void saveReportInteractive(const QString& kind);
    void copyText();
    void copyImage();
    void showSettingsDialog();
    void showAbout();

    GuiSettings m_settings;
    AppOptions m_options;
    bool m_persist;
    BenchmarkController* m_controller;
    GridModel* m_model; // the grid's results: the tiles draw them, the reports are made from them
    UiStats* m_stats = nullptr; // only with --stats

    QPushButton* m_allButton = nullptr;
    QComboBox* m_countCombo = nullptr;
    QLabel* m_countLabel = nullptr;
    QComboBox* m_sizeCombo = nullptr;
    TargetCombo* m_targetCombo = nullptr;
    ResultGrid* m_grid = nullptr;
    LiveChart* m_chart = nullptr;
    ExplanationPanel* m_explanations = nullptr;
    QTabWidget* m_tabs = nullptr;
    std::vector<std::pair<QString, ToolPage*>> m_pages; // kind and page, in tab order
    HistoryService* m_history = nullptr;
    HistoryPage* m_historyPage = nullptr;
    QLineEdit* m_comment = nullptr;
    QLabel* m_status = nullptr;
    QActionGroup* m_profileGroup = nullptr;
    QActionGroup* m_unitGroup = nullptr;
    QActionGroup* m_modeGroup = nullptr;
    QActionGroup* m_dataGroup = nullptr;
    QActionGroup* m_mixGroup = nullptr;
    QAction* m_nvmeAction = nullptr;
    QAction* m_mixAction = nullptr;
    QList<QWidget*> m_lockedWhileRunning;
    DeviceGate* m_gate = nullptr; // confirmation and UDisks2, as for the pages
    int m_deviceFd = -1; // the descriptor UDisks2 gave for the running test, closed when it ends

    int m_currentTest = -1; // the run's test the chart shows
    int m_exitCode = 0;
    bool m_closeWhenStopped = false;
    bool m_updatingUi = false;
};

} // namespace dm
