// SPDX-License-Identifier: GPL-3.0-or-later
// The main window and the history (issue 7): every finished run is stored through the
// HistoryService, the History tab lists them, and a stored grid run can be shown in the tiles.
#include "mainwindow.h"
#include "gridpage.h"

#include "comparedialog.h"
#include "historypage.h"
#include "historyservice.h"
#include "testpage.h"

#include <QApplication>
#include <QLabel>
#include <QSettings>
#include <QTabWidget>

#include <cstdio>

namespace dm {

void MainWindow::openStoredReport(const Report& report)
{
    if (anyTestRunning()) {
        m_status->setText(tr("A test is running: open the stored run when it has ended"));
        return;
    }
    m_grid->showStoredReport(report);
    setWindowTitle(baseTitle()); // <0Fill> when the stored run wrote zeros
    m_tabs->setCurrentWidget(m_grid);
}

void MainWindow::openStoredRun(const HistoryRecord& record, const QByteArray& csv)
{
    if (anyTestRunning()) {
        m_status->setText(tr("A test is running: open the stored run when it has ended"));
        return;
    }
    TestPage* p = page(record.entry.kind);
    if (!p || !p->showStoredRun(record.json, csv)) {
        m_status->setText(tr("Run %1 cannot be shown in a tab").arg(record.entry.id));
        return;
    }
    m_tabs->setCurrentWidget(p);
}

void MainWindow::buildHistory()
{
    m_history
        = new HistoryService(m_options.historyPath.isEmpty() ? HistoryStore::defaultPath() : m_options.historyPath,
            m_options.historyBusyTimeoutMs, this);
    m_historyPage = new HistoryPage(m_history, m_tabs);
    connect(m_historyPage, &HistoryPage::compareShown, this, &MainWindow::keepBarScale);
    m_tabs->addTab(m_historyPage, tr("&History"));
    m_tabs->setTabToolTip(
        m_tabs->indexOf(m_historyPage), tr("Every finished run: compare, rename, export, import fio"));
    connect(m_historyPage, &HistoryPage::openReport, this, &MainWindow::openStoredReport);
    // The answer goes back to whichever page stored the run.
    const auto route = [](QObject* origin, const QString& text) {
        if (auto* page = qobject_cast<TestPage*>(origin))
            page->addStatusNote(text);
    };
    connect(m_history, &HistoryService::stored, this,
        [route](const std::vector<qint64>& ids, const QString&, QObject* origin) {
            if (ids.size() == 1)
                route(origin, tr("kept in the history as run %1").arg(ids.front()));
        });
    connect(m_history, &HistoryService::storeFailed, this,
        [this, route](const QString&, const QString& text, QObject* origin) {
            route(origin, text);
            if (origin == automatedPage() && m_options.quitWhenDone)
                std::fprintf(stderr, "diskometer: %s\n", text.toLocal8Bit().constData());
        });
    if (m_options.page == QLatin1String("history")) {
        m_tabs->setCurrentWidget(m_historyPage);
        if (m_options.compare.isEmpty() && !m_options.saveImage.isEmpty()) {
            // --page history --save-image: the tab as listed, for screenshots; once.
            auto* once = new QObject(this);
            connect(m_history, &HistoryService::listed, once, [this, once] {
                delete once;
                QApplication::processEvents();
                const int code = saveImage(m_options.saveImage) ? 0 : 2;
                if (m_options.quitWhenDone)
                    QApplication::exit(code);
            });
        }
    }
    m_history->refresh();
    if (!m_options.compare.isEmpty())
        compareFromOptions();
}

void MainWindow::storeRun(TestPage* page)
{
    // The page's runs are made (formatted, read, summarised) on the history's thread.
    if (auto runs = page->historyRuns())
        m_history->store(std::move(runs), page->runWhat(), page);
}

void MainWindow::keepBarScale(CompareDialog* dialog)
{
    dialog->setChosenBarScale(m_compareScale);
    connect(dialog, &CompareDialog::barScaleChosen, this, [this](std::optional<BarScale> scale) {
        m_compareScale = scale;
        if (m_persist) {
            QSettings store;
            saveCompareBarScale(store, scale);
        }
    });
}

void MainWindow::compareFromOptions()
{
    connect(m_historyPage, &HistoryPage::compareShown, this, [this](CompareDialog* dialog) {
        if (m_options.saveImage.isEmpty() && !m_options.quitWhenDone)
            return;
        // Drawn once at its size before it is grabbed, as a person would see it.
        QApplication::processEvents();
        int code = 0;
        if (!m_options.saveImage.isEmpty() && !dialog->saveImage(m_options.saveImage))
            code = 2;
        if (m_options.quitWhenDone)
            QApplication::exit(code);
    });
    connect(m_historyPage, &HistoryPage::compareFailed, this, [this](const QString& message) {
        if (m_options.quitWhenDone) {
            std::fprintf(stderr, "diskometer: %s\n", message.toLocal8Bit().constData());
            QApplication::exit(2);
        }
    });
    m_tabs->setCurrentWidget(m_historyPage);
    std::vector<qint64> ids(m_options.compare.begin(), m_options.compare.end());
    m_historyPage->selectIds(ids); // selected once listed, too
    m_historyPage->compareIds(ids);
}

} // namespace dm
