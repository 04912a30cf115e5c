// SPDX-License-Identifier: GPL-3.0-or-later
// The main window and the history (issue 7): every finished run is stored through the
// HistoryService, the History tab lists them, a stored grid run can be shown in the tiles, and
// File › Export fio Job writes the grid's tests as an fio job file.
#include "mainwindow.h"
#include "explanationpanel.h"
#include "gridmodel.h"

#include "comparedialog.h"
#include "fiojob.h"
#include "historyimport.h"
#include "historypage.h"
#include "historyservice.h"
#include "livechart.h"
#include "offguithread.h"
#include "reportfile.h"
#include "resultgrid.h"
#include "targetinfo.h"
#include "toolpage.h"

#include <QApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QStandardPaths>
#include <QTabWidget>

#include <cstdio>

namespace dm {

namespace {
    QString gridWhat() { return MainWindow::tr("The benchmark run"); }
}

QString MainWindow::statusText() const { return m_status->text(); }

void MainWindow::buildHistory()
{
    m_history
        = new HistoryService(m_options.historyPath.isEmpty() ? HistoryStore::defaultPath() : m_options.historyPath,
            m_options.historyBusyTimeoutMs, this);
    m_historyPage = new HistoryPage(m_history, m_tabs);
    m_tabs->addTab(m_historyPage, tr("&History"));
    m_tabs->setTabToolTip(
        m_tabs->indexOf(m_historyPage), tr("Every finished run: compare, rename, export, import fio"));
    connect(m_historyPage, &HistoryPage::openReport, this, [this](const Report& report) {
        if (anyTestRunning()) {
            m_status->setText(tr("A test is running: open the stored run when it has ended"));
            return;
        }
        showStoredReport(report);
        m_tabs->setCurrentIndex(0);
    });
    // The answer goes back to whoever stored the run (the grid is this window; a page, itself).
    const auto route = [this](QObject* origin, const QString& text) {
        if (origin == this)
            m_status->setText(m_status->text() + QStringLiteral(" · ") + text);
        else if (auto* page = qobject_cast<ToolPage*>(origin))
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
            if (origin == this && m_options.quitWhenDone)
                std::fprintf(stderr, "diskometer: %s\n", text.toLocal8Bit().constData());
        });
    for (const auto& [kind, page] : m_pages)
        connect(page, &ToolPage::runEnded, this, [this, p = page] { storePageRun(p); });
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

void MainWindow::storeGridRun(const RunResult& r)
{
    // A finished run only: a stopped one is not what the drive does, and a run where every test
    // failed measured nothing. Only this run's tests: results left on the grid from an earlier
    // run are already stored with their own date.
    const bool measured = std::any_of(r.tests.begin(), r.tests.end(), [](const TestResult& t) { return t.ok(); });
    if (r.cancelled || !measured)
        return;
    Report report = currentReport();
    report.run.tests = r.tests;
    // Its JSON is formatted on the history's thread, never here.
    m_history->store(
        [report]() -> Result<std::vector<HistoryInput>> {
            noteOffGuiThread("grid history json");
            return std::vector<HistoryInput> { historyInputFromReport(report) };
        },
        gridWhat(), this);
}

void MainWindow::storePageRun(ToolPage* page)
{
    if (!page->completedRun())
        return;
    // Read (and summarised for the list) on the history's thread.
    m_history->store([json = page->json()] { return historyInputsFromFile(json); }, page->runWhat(), page);
}

bool MainWindow::showsStoredReport() const { return m_model->showsStored(); }

void MainWindow::showStoredReport(const Report& report)
{
    // The grid takes the stored run's rows (its profile and preset may differ from the current
    // settings); the settings stay as they are for the next run.
    m_model->showStored(report);
    m_grid->configure(
        report.profile, report.mixReadPercent.has_value(), report.mixReadPercent.value_or(70), m_settings.unit);
    m_explanations->show(report.target, report.run, report.system.power);
    m_chart->clear();
    m_comment->setText(report.comment);
    const QString device = report.target.model.isEmpty() ? report.target.path : report.target.model;
    m_status->setText(tr("Showing %1 of %2 from the history (read-only): the next run or a change of settings "
                         "replaces it")
                          .arg(device, QLocale().toString(report.date.toLocalTime(), QLocale::ShortFormat)));
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

void MainWindow::exportFioJob()
{
    FioJobRequest r;
    r.target = targetPath();
    r.tests = expandTests(effectiveRows(m_settings), m_settings.mode,
        m_settings.mixEnabled ? std::optional<int>(m_settings.mixReadPercent) : std::nullopt);
    r.settings = m_settings.run;
    r.comment = m_comment->text();
    // The window's runs never pass sizeGiven: a file target is tested whole, as the job must.
    if (const Status region = setFioJobRegion(r, false, true); !region) {
        QMessageBox::warning(this, tr("Export fio Job"), QString::fromStdString(region.error().message));
        return;
    }
    const bool writes = std::any_of(r.tests.begin(), r.tests.end(), [](const TestSpec& t) { return t.writes(); });
    if (r.kind == RegionInfo::Kind::BlockDevice && writes
        && QMessageBox::warning(this, tr("Export fio Job"),
               tr("The write sections of this job file destroy the data on %1 when fio runs them. Save it "
                  "anyway? (Test Mode › Read only makes a job that only reads.)")
                   .arg(r.target),
               QMessageBox::Save | QMessageBox::Cancel, QMessageBox::Cancel)
            != QMessageBox::Save)
        return;
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    const QString path = QFileDialog::getSaveFileName(this, tr("Export fio Job"),
        QDir(dir).filePath(QStringLiteral("diskometer.fio")), tr("fio job files (*.fio);;All files (*)"));
    if (path.isEmpty())
        return;
    if (!saveReport(path, formatFioJob(r).toUtf8()))
        QMessageBox::warning(this, tr("Diskometer"), tr("Could not write %1. Choose another folder.").arg(path));
    else
        m_status->setText(tr("Saved %1: run it with fio --output-format=json %1 > out.json, then import out.json "
                             "in the History tab")
                              .arg(QFileInfo(path).fileName()));
}

} // namespace dm
