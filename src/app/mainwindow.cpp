// SPDX-License-Identifier: GPL-3.0-or-later
#include "mainwindow.h"
#include "gridpage.h"
#include "driveline.h"
#include "pageregistry.h"
#include "powerprofile.h"
#include "reportwriter.h"
#include "windowimage.h"

#include "reportfile.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QBuffer>
#include <QClipboard>
#include <QCloseEvent>
#include <QDir>
#include <QFileDialog>
#include <QLabel>
#include <QMessageBox>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>

namespace dm {

MainWindow::MainWindow(const GuiSettings& settings, const AppOptions& options, bool persist, QWidget* parent)
    : QMainWindow(parent)
    , m_options(options)
    , m_persist(persist)
{
    setWindowIcon(QIcon(QStringLiteral(":/diskometer/diskometer.svg")));
    m_tabs = new QTabWidget(this);
    for (const PageEntry& entry : pageEntries()) {
        TestPage* page = entry.make(PageContext { settings, options }, m_tabs);
        page->setObjectName(QStringLiteral("page-") + QLatin1String(entry.kind));
        m_pages.push_back({ QLatin1String(entry.kind), page });
    }
    m_grid = qobject_cast<GridPage*>(page(QLatin1String(kGridPage)));
    Q_ASSERT(m_grid);
    setWindowTitle(baseTitle());
    buildMenus();
    buildCentral();
    applySettingsToMenus();
    // Read by every page's run header on its worker thread (runheader.h), the tools' pages too.
    setPowerHoldEnabled(m_grid->settings().holdPowerProfile);
    setSerialShown(m_grid->settings().showSerial);

    connect(m_grid, &GridPage::settingsChanged, this, &MainWindow::settingsChanged);
    connect(m_grid, &GridPage::runningChanged, this, &MainWindow::onGridRunningChanged);
    connect(m_grid, &GridPage::statusChanged, m_status, &QLabel::setText);
    connect(m_grid, &GridPage::runningTestChanged, this, [this](const QString& what) {
        setWindowTitle(what.isEmpty() ? baseTitle() : baseTitle() + QStringLiteral(" — %1").arg(what));
    });
}

MainWindow::~MainWindow() = default;

void MainWindow::buildCentral()
{
    // On the window, not the grid's button: QAbstractButton::setText drops a button's shortcut,
    // and the button's text changes to "Stop" and back with every run, so Ctrl+R worked only once.
    auto* runAllAction = new QAction(this);
    runAllAction->setShortcut(QKeySequence(tr("Ctrl+R")));
    connect(runAllAction, &QAction::triggered, this, [this] {
        if (!anyTestRunning())
            m_grid->startAll();
    });
    addAction(runAllAction);

    buildPages();
    m_status = new QLabel(this);
    statusBar()->addWidget(m_status, 1);
    m_status->setText(m_grid->statusText());

    auto* stopAction = new QAction(this);
    stopAction->setShortcut(QKeySequence(Qt::Key_Escape));
    connect(stopAction, &QAction::triggered, m_grid, &GridPage::stop);
    addAction(stopAction);
}

QString MainWindow::statusText() const { return m_status->text(); }

void MainWindow::applySettingsToMenus()
{
    m_updatingUi = true;
    const GuiSettings& s = m_grid->settings();
    setWindowTitle(baseTitle());
    const auto check = [](QActionGroup* g, int value) {
        for (QAction* a : g->actions())
            a->setChecked(a->data().toInt() == value);
    };
    check(m_profileGroup, int(s.profile));
    check(m_unitGroup, int(s.unit));
    check(m_modeGroup, int(s.mode));
    check(m_dataGroup, int(s.run.data));
    check(m_mixGroup, s.mixReadPercent);
    m_nvmeAction->setChecked(s.preset == Preset::Nvme);
    m_mixAction->setChecked(s.mixEnabled);
    m_updatingUi = false;
}

void MainWindow::settingsChanged()
{
    if (m_updatingUi)
        return;
    applySettingsToMenus();
    setPowerHoldEnabled(m_grid->settings().holdPowerProfile);
    setSerialShown(m_grid->settings().showSerial);
    if (m_persist) {
        QSettings store;
        GuiSettings kept = m_grid->settings();
        // --no-power-hold is for this session: the stored choice stays until the user makes
        // another in the Settings dialog (showSettingsDialog ends the override).
        if (m_options.noPowerHold)
            kept.holdPowerProfile = loadGuiSettings(store).holdPowerProfile;
        saveGuiSettings(store, kept);
    }
}

void MainWindow::editSettings(const std::function<void(GuiSettings&)>& edit)
{
    GuiSettings s = m_grid->settings();
    edit(s);
    m_grid->setSettings(s);
}

void MainWindow::onGridRunningChanged(bool running)
{
    for (QWidget* w : m_lockedWhileRunning)
        w->setEnabled(!running);
    if (!running && m_closeWhenStopped) {
        m_closeWhenStopped = false;
        close();
    }
}

bool MainWindow::saveImage(const QString& path)
{
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    windowImage(*this).save(&buffer, "PNG");
    return writeReportSayingWhy(path, png).isEmpty();
}

void MainWindow::saveImageInteractive()
{
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::PicturesLocation);
    const QString name = defaultReportFileName(QStringLiteral("png"), QDateTime::currentDateTime());
    const QString path
        = QFileDialog::getSaveFileName(this, tr("Save Image"), QDir(dir).filePath(name), tr("PNG images (*.png)"));
    if (!path.isEmpty() && !m_grid->saveImage(path))
        QMessageBox::warning(this, tr("Diskometer"), tr("Could not write %1. Choose another folder.").arg(path));
}

void MainWindow::saveWebPageInteractive()
{
    auto* page = qobject_cast<TestPage*>(m_tabs->currentWidget());
    if (!page)
        page = m_grid;
    const auto document = page->reportDocument();
    if (!document) {
        QMessageBox::information(this, tr("Diskometer"), tr("There is no run to save on this page yet: start a test first."));
        return;
    }
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    const QString name = defaultReportFileName(QStringLiteral("html"), QDateTime::currentDateTime());
    const QString path
        = QFileDialog::getSaveFileName(this, tr("Save as Web Page"), QDir(dir).filePath(name), tr("Web pages (*.html)"));
    if (path.isEmpty())
        return;
    // Formatted and written off the GUI thread, in the window's language (htmlreport.h).
    writeFilesThen(this, { { path, [document] { return webPageOf(document()); } } }, [this, path](bool written) {
        if (!written)
            QMessageBox::warning(this, tr("Diskometer"), tr("Could not write %1. Choose another folder.").arg(path));
    });
}

void MainWindow::copyImage() { QApplication::clipboard()->setImage(windowImage(*this)); }

void MainWindow::closeEvent(QCloseEvent* event)
{
    // The other tests stop as their pages go: the runner cancels and waits (at most half a
    // second), and their test files are unnamed, so nothing is left behind.
    m_grid->stop(); // a wait before the run ends here and now
    if (m_grid->isRunning()) {
        // The engine removes the test file first, and the window closes when the run has ended.
        m_closeWhenStopped = true;
        event->ignore();
        return;
    }
    event->accept();
}

} // namespace dm
