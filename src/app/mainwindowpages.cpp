// SPDX-License-Identifier: GPL-3.0-or-later
// The main window's pages besides the grid: surface scan, sustained write, block-size sweep
// (issue 6), and --page automation for them.
#include "mainwindow.h"

#include "scanpage.h"
#include "sustainedpage.h"
#include "sweeppage.h"

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
    m_tabs->addTab(benchmark, tr("&Benchmark"));
    m_scanPage = new ScanPage(m_tabs);
    m_sustainedPage = new SustainedPage(m_tabs);
    m_sweepPage = new SweepPage(m_tabs);
    m_tabs->addTab(m_scanPage, tr("Surface s&can"));
    m_tabs->addTab(m_sustainedPage, tr("Sustained &write"));
    m_tabs->addTab(m_sweepPage, tr("Block si&zes"));
    m_tabs->setTabToolTip(1, tr("Read rate across the whole device, and access times"));
    m_tabs->setTabToolTip(2, tr("One long write: where the drive's cache runs out"));
    m_tabs->setTabToolTip(3, tr("MB/s and IOPS from 4 KiB to 16 MiB blocks"));
    for (ToolPage* page : std::initializer_list<ToolPage*> { m_scanPage, m_sustainedPage, m_sweepPage }) {
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
    for (ToolPage* page : std::initializer_list<ToolPage*> { m_scanPage, m_sustainedPage, m_sweepPage })
        page->setComment(o.comment);
    if (o.target) {
        if (o.page == QLatin1String("scan"))
            m_scanPage->setDevice(*o.target);
        m_sustainedPage->setTarget(*o.target);
        m_sweepPage->setTarget(*o.target);
    }
    if (o.size)
        m_sustainedPage->setTotal(*o.size);
    RunSettings sweep = SweepRequest {}.settings;
    if (o.measure)
        sweep.measureSeconds = *o.measure;
    if (o.warmup)
        sweep.warmupSeconds = *o.warmup;
    if (o.size)
        sweep.testSize = *o.size;
    m_sweepPage->setRunSettings(sweep);
    if (o.page == QLatin1String("scan"))
        m_tabs->setCurrentWidget(m_scanPage);
    else if (o.page == QLatin1String("sustained"))
        m_tabs->setCurrentWidget(m_sustainedPage);
    else if (o.page == QLatin1String("sweep"))
        m_tabs->setCurrentWidget(m_sweepPage);
}

bool MainWindow::anyTestRunning() const
{
    return isRunning() || m_scanPage->isRunning() || m_sustainedPage->isRunning() || m_sweepPage->isRunning();
}

void MainWindow::updateBusy()
{
    // One test at a time, whichever page it is on: two would measure each other.
    const bool grid = isRunning();
    const QList<ToolPage*> pages { m_scanPage, m_sustainedPage, m_sweepPage };
    const ToolPage* running = nullptr;
    for (ToolPage* p : pages)
        if (p->isRunning())
            running = p;
    m_allButton->setEnabled(grid || !running);
    for (ToolPage* p : pages)
        p->startButton()->setEnabled(p == running || (!running && !grid));
}

bool MainWindow::startFromOptions()
{
    if (m_options.page.isEmpty())
        return startAll();
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
    if (!m_options.saveJson.isEmpty() && (!page->hasResult() || !saveReport(m_options.saveJson, page->json())))
        m_exitCode = 2;
    if (!m_options.saveCsv.isEmpty() && (!page->hasResult() || !saveReport(m_options.saveCsv, page->csv())))
        m_exitCode = 2;
    Q_EMIT runEnded(m_exitCode);
    if (m_options.quitWhenDone) {
        std::fprintf(stderr, "diskometer: %s\n", page->statusText().toLocal8Bit().constData());
        QApplication::exit(m_exitCode);
    }
}

} // namespace dm
