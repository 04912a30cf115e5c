// SPDX-License-Identifier: GPL-3.0-or-later
// The main window's tabs: the grid's page, then one page per kind in pageregistry.cpp (the
// surface scan, sustained write and block-size sweep of issue 6), and --page automation for them.
#include "gridpage.h"
#include "mainwindow.h"

#include "pageregistry.h"
#include "reportwriter.h"
#include "toolpage.h"

#include <QApplication>
#include <QPushButton>
#include <QStatusBar>
#include <QTabWidget>

#include <cstdio>

namespace dm {

void MainWindow::buildPages(QWidget* benchmark)
{
    m_tabs = new QTabWidget(this);
    // Document mode: the tabs sit on the window's edge without a frame, so the grid looks as
    // before and screenshots stay clean.
    m_tabs->setDocumentMode(true);
    benchmark->setObjectName(QStringLiteral("page-grid"));
    m_tabs->addTab(benchmark, GridPage::tabTitle());
    for (const PageEntry& entry : pageEntries()) {
        ToolPage* page = entry.make(m_tabs);
        page->setObjectName(QStringLiteral("page-") + QLatin1String(entry.kind));
        m_pages.push_back({ QLatin1String(entry.kind), page });
        const int tab = m_tabs->addTab(page, page->tabTitle());
        m_tabs->setTabToolTip(tab, page->tabToolTip());
        connect(page, &ToolPage::runningChanged, this, &MainWindow::updateBusy);
        connect(page, &ToolPage::runEnded, this, [this, page](bool ok) { finishPageAutomation(page, ok); });
    }
    buildHistory(); // mainwindowhistory.cpp
    setCentralWidget(m_tabs);
    // The status bar speaks for the grid; the other pages have their own status line.
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int index) { statusBar()->setVisible(index == 0); });
    applyOptionsToPages();
    statusBar()->setVisible(m_tabs->currentIndex() == 0); // --page may have chosen a tab before the connect
}

void MainWindow::applyOptionsToPages()
{
    const AppOptions& o = m_options;
    for (const auto& [kind, page] : m_pages) {
        page->setComment(o.comment);
        page->setUnattended(o.quitWhenDone);
        page->applyOptions(o, o.page == kind);
        if (o.page == kind)
            m_tabs->setCurrentWidget(page);
    }
}

ToolPage* MainWindow::page(const QString& kind) const
{
    for (const auto& [k, p] : m_pages)
        if (k == kind)
            return p;
    return nullptr;
}

bool MainWindow::anyTestRunning() const
{
    return m_grid->isRunning()
        || std::any_of(m_pages.begin(), m_pages.end(), [](const auto& p) { return p.second->isRunning(); });
}

void MainWindow::updateBusy()
{
    // One test at a time, whichever page it is on: two would measure each other.
    const bool grid = m_grid->isRunning();
    const ToolPage* running = nullptr;
    for (const auto& [kind, p] : m_pages)
        if (p->isRunning())
            running = p;
    m_grid->setOtherTestRunning(running != nullptr);
    m_grid->allButton()->setEnabled(grid || !running);
    for (const auto& [kind, p] : m_pages)
        p->startButton()->setEnabled(p == running || (!running && !grid));
}

bool MainWindow::startFromOptions()
{
    if (m_options.page.isEmpty())
        return m_grid->startAll();
    auto* page = qobject_cast<ToolPage*>(m_tabs->currentWidget());
    return page && page->start();
}

void MainWindow::finishPageAutomation(ToolPage* page, bool ok)
{
    // Only the page that --page named reports and quits; a page started by hand does neither.
    if (!m_options.start || page != m_tabs->currentWidget() || m_options.page.isEmpty())
        return;
    m_exitCode = ok ? 0 : 1;
    if (!page->hasResult() && !ok)
        m_exitCode = 2; // refused before measuring, as diskometer-cli's usage and target errors
    if (!m_options.saveImage.isEmpty() && !page->saveImage(m_options.saveImage))
        m_exitCode = 2;
    // Nothing to save without a result: that is a failure of its own, as a file that cannot be written.
    std::vector<FileJob> files;
    for (const auto& [path, content] :
        { std::pair { m_options.saveJson, page->json() }, std::pair { m_options.saveCsv, page->csv() } })
        if (!path.isEmpty()) {
            if (page->hasResult())
                files.emplace_back(path, [content] { return content; });
            else
                m_exitCode = 2;
        }
    writeFilesThen(this, std::move(files), [this, page](bool written) {
        if (!written)
            m_exitCode = 2;
        Q_EMIT runEnded(m_exitCode);
        if (m_options.quitWhenDone) {
            std::fprintf(stderr, "diskometer: %s\n", page->statusText().toLocal8Bit().constData());
            QApplication::exit(m_exitCode);
        }
    });
}

} // namespace dm
