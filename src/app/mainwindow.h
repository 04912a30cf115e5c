// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "appoptions.h"
#include "appsettings.h"

#include <QMainWindow>
#include <functional>
#include <vector>

class QActionGroup;
class QLabel;
class QTabWidget;

namespace dm {

class CompareDialog;
class GridPage;
struct HistoryRecord;
struct Report;
class HistoryPage;
class HistoryService;
class TestPage;

// The window around the tests: the menus, the tabs (a page per test kind from pageregistry.cpp,
// the grid's first, then the History tab), the status line, the history, and the command line's
// automation. It holds no test's widgets, results or run: the pages do, and the window reaches
// them as TestPages (testpage.h); only the menus, which edit the grid's settings and save its
// reports, and the History tab's "open in the grid" reach the grid's page as a GridPage.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    // `persist`: remember settings changed in the window (QSettings); tests pass false.
    MainWindow(const GuiSettings& settings, const AppOptions& options, bool persist, QWidget* parent = nullptr);
    ~MainWindow() override;

    GridPage* gridPage() const { return m_grid; }
    int exitCode() const { return m_exitCode; } // of the last run, as diskometer-cli's
    QTabWidget* tabs() const { return m_tabs; }
    // The page of a test kind ("grid", "scan", "sustained", ...: pageregistry.cpp), or null.
    TestPage* page(const QString& kind) const;
    HistoryService* history() const { return m_history; }
    QString statusText() const; // the status line (the grid's, and the window's own notes)
    HistoryPage* historyPage() const { return m_historyPage; }
    // Whether the grid or any other test is running (one test at a time: they would measure each other).
    bool anyTestRunning() const;
    // Starts the test of the page chosen with --page (or the grid), for --start.
    bool startFromOptions();

Q_SIGNALS:
    void runEnded(int exitCode);

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void buildMenus();
    void buildCentral();
    void buildPages(); // mainwindowpages.cpp
    void buildHistory(); // mainwindowhistory.cpp
    void storeRun(TestPage* page);
    void compareFromOptions();
    // A comparison opened (History tab, Run on Hosts): drawn on the scale the user chose last,
    // and a new choice kept for the next one (in the settings when the window keeps them).
    void keepBarScale(CompareDialog* dialog);
    // A stored grid-shaped run in the Benchmark tab (the History tab's Open, a Run on Hosts row);
    // refused while a test runs.
    void openStoredReport(const Report& report);
    // A stored run of another kind in its own tab (a Run on Hosts row), by TestPage::showStoredRun.
    void openStoredRun(const HistoryRecord& record, const QByteArray& csv);
    void applyOptionsToPages();
    void updateBusy();
    // The page whose runs give the window's exit code: the one --page named, else the grid's.
    TestPage* automatedPage() const;
    void finishRun(TestPage* page, int exitCode);
    // The grid's settings changed (by a menu, the settings dialog or the page's own boxes): the
    // menus show them, the title too, and they are kept.
    void settingsChanged();
    void applySettingsToMenus();
    // Changes the grid's settings as `edit` says (a menu's action).
    void editSettings(const std::function<void(GuiSettings&)>& edit);
    void onGridRunningChanged(bool running);
    // "Diskometer", "Diskometer <0Fill>" with zeros as test data, as CrystalDiskMark's title.
    QString baseTitle() const;
    bool saveImage(const QString& path); // the window as it looks (the History tab's, --save-image)
    void saveImageInteractive();
    // File › Save as Web Page…: the current page's run (the grid's from the History tab).
    void saveWebPageInteractive();
    void copyImage();
    void showSettingsDialog();
    void showAbout();

    AppOptions m_options;
    bool m_persist;
    std::optional<BarScale> m_compareScale; // the comparison's scale as chosen; none: automatic
    QTabWidget* m_tabs = nullptr;
    std::vector<std::pair<QString, TestPage*>> m_pages; // kind and page, in tab order
    GridPage* m_grid = nullptr; // m_pages' grid, for the menus
    HistoryService* m_history = nullptr;
    HistoryPage* m_historyPage = nullptr;
    QLabel* m_status = nullptr;
    QActionGroup* m_profileGroup = nullptr;
    QActionGroup* m_unitGroup = nullptr;
    QActionGroup* m_modeGroup = nullptr;
    QActionGroup* m_dataGroup = nullptr;
    QActionGroup* m_mixGroup = nullptr;
    QAction* m_nvmeAction = nullptr;
    QAction* m_mixAction = nullptr;
    QList<QWidget*> m_lockedWhileRunning; // the menus that change what a run does

    int m_exitCode = 0;
    bool m_closeWhenStopped = false;
    bool m_updatingUi = false;
};

} // namespace dm
