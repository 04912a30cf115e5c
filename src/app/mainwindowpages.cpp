// SPDX-License-Identifier: GPL-3.0-or-later
// The main window's tabs: one page per kind in pageregistry.cpp, the grid's first, and what the
// window does with every page alike: one test at a time, --page and --start, the exit code.
#include "gridpage.h"
#include "mainwindow.h"

#include "pageregistry.h"
#include "testpage.h"

#include <QApplication>
#include <QPushButton>
#include <QStatusBar>
#include <QTabWidget>

namespace dm {

void MainWindow::buildPages()
{
    // Document mode: the tabs sit on the window's edge without a frame, so the grid looks as
    // before and screenshots stay clean.
    m_tabs->setDocumentMode(true);
    for (const auto& [kind, page] : m_pages) {
        const int tab = m_tabs->addTab(page, page->tabTitle());
        m_tabs->setTabToolTip(tab, page->tabToolTip());
        connect(page, &TestPage::runningChanged, this, &MainWindow::updateBusy);
        connect(page, &TestPage::runCompleted, this, [this, p = page] { storeRun(p); });
        connect(page, &TestPage::runEnded, this, [this, p = page](int exitCode) { finishRun(p, exitCode); });
    }
    buildHistory(); // mainwindowhistory.cpp
    setCentralWidget(m_tabs);
    // The status bar speaks for the grid; the other pages have their own status line.
    connect(m_tabs, &QTabWidget::currentChanged, this,
        [this](int index) { statusBar()->setVisible(m_tabs->widget(index) == m_grid); });
    applyOptionsToPages();
    statusBar()->setVisible(m_tabs->currentWidget() == m_grid); // --page may have chosen a tab before the connect
}

void MainWindow::applyOptionsToPages()
{
    for (const auto& [kind, page] : m_pages) {
        const bool current = page == automatedPage();
        page->applyOptions(m_options, current);
        if (current)
            m_tabs->setCurrentWidget(page);
    }
}

TestPage* MainWindow::page(const QString& kind) const
{
    for (const auto& [k, p] : m_pages)
        if (k == kind)
            return p;
    return nullptr;
}

TestPage* MainWindow::automatedPage() const
{
    return page(m_options.page.isEmpty() ? QLatin1String(kGridPage) : m_options.page);
}

bool MainWindow::anyTestRunning() const
{
    return std::any_of(m_pages.begin(), m_pages.end(), [](const auto& p) { return p.second->isRunning(); });
}

void MainWindow::updateBusy()
{
    // One test at a time, whichever page it is on: two would measure each other.
    const TestPage* running = nullptr;
    for (const auto& [kind, p] : m_pages)
        if (p->isRunning())
            running = p;
    for (const auto& [kind, p] : m_pages)
        p->setOtherTestRunning(running && running != p);
}

bool MainWindow::startFromOptions()
{
    TestPage* page = automatedPage();
    return page && page->start();
}

void MainWindow::finishRun(TestPage* page, int exitCode)
{
    // Only the page that --page named (the grid without one) gives the exit code and quits; a
    // run started by hand on another page does neither.
    if (page != automatedPage())
        return;
    m_exitCode = exitCode;
    Q_EMIT runEnded(exitCode);
    if (m_options.quitWhenDone)
        QApplication::exit(exitCode);
}

} // namespace dm
