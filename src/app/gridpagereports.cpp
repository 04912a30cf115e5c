// SPDX-License-Identifier: GPL-3.0-or-later
// The grid page's reports: its image, its text, Markdown and JSON saved or copied, the fio job of
// its tests, and --save-* at the end of a run. The reports are formatted and written off the GUI
// thread (offguithread.h, reportwriter.h); only the image is grabbed here, as the window draws
// itself.
#include "gridpage.h"
#include "reportwriter.h"
#include "uistats.h"
#include "windowimage.h"

#include "fiojob.h"
#include "historyimport.h"
#include "jsonreport.h"
#include "markdownreport.h"
#include "offguithread.h"
#include "reportfile.h"
#include "textreport.h"

#include <QApplication>
#include <QBuffer>
#include <QClipboard>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QLineEdit>
#include <QMessageBox>
#include <QStandardPaths>

#include <memory>

namespace dm {

namespace {
    // The grid's report as `kind` ("text", "json", "markdown") says, off the GUI thread.
    QByteArray gridReport(const Report& report, const QString& kind)
    {
        noteOffGuiThread("grid report");
        if (kind == QLatin1String("json"))
            return formatJson(report);
        if (kind == QLatin1String("markdown"))
            return formatMarkdown(report).toUtf8();
        return formatText(report).toUtf8();
    }

    std::vector<TestSpec> testsOf(const GuiSettings& s)
    {
        return expandTests(
            effectiveRows(s), s.mode, s.mixEnabled ? std::optional<int>(s.mixReadPercent) : std::nullopt);
    }
}

TestPage::HistoryRuns GridPage::historyRuns() const
{
    if (!m_completed)
        return {};
    // Its JSON is formatted on the history's thread, never here.
    return [report = *m_completed]() -> Result<std::vector<HistoryInput>> {
        noteOffGuiThread("grid history json");
        return std::vector<HistoryInput> { historyInputFromReport(report) };
    };
}

std::function<QByteArray()> GridPage::reportDocument() const
{
    Report report = currentReport();
    if (report.run.tests.empty())
        return {};
    return [report = std::move(report)] {
        noteOffGuiThread("grid web page json");
        return formatJson(report);
    };
}

void GridPage::finishAutomation(bool ran)
{
    if (!ran) {
        Q_EMIT runEnded(m_exitCode);
        return;
    }
    if (!m_options.saveImage.isEmpty() && !saveImage(m_options.saveImage))
        m_exitCode = 2;
    std::vector<FileJob> files;
    const auto add = [&files](const QString& path, std::function<QByteArray()> content) {
        if (!path.isEmpty())
            files.emplace_back(path, std::move(content));
    };
    if (!m_options.saveText.isEmpty() || !m_options.saveJson.isEmpty() || !m_options.saveMarkdown.isEmpty()
        || !m_options.saveHtml.isEmpty()) {
        const auto report = std::make_shared<const Report>(currentReport());
        add(m_options.saveText, [report] { return gridReport(*report, QStringLiteral("text")); });
        if (!m_options.saveHtml.isEmpty())
            files.emplace_back(m_options.saveHtml, [report] { return webPageOf(formatJson(*report)); });
        add(m_options.saveJson, [report] { return gridReport(*report, QStringLiteral("json")); });
        add(m_options.saveMarkdown, [report] { return gridReport(*report, QStringLiteral("markdown")); });
    }
    if (m_stats)
        add(m_options.statsFile, [json = m_stats->toJson()] { return json; });
    writeFilesThen(this, std::move(files), [this](bool written) {
        if (!written)
            m_exitCode = 2;
        Q_EMIT runEnded(m_exitCode);
    });
}

bool GridPage::saveImage(const QString& path)
{
    // The window as the user sees it; the title bar belongs to the window manager and cannot
    // be grabbed portably, so the image is the window's contents.
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    windowImage(*window()).save(&buffer, "PNG"); // without the comment box's placeholder
    return writeReportSayingWhy(path, png).isEmpty();
}

void GridPage::saveReportInteractive(const QString& kind)
{
    // The run as it is now; formatted and written off the GUI thread once a file is chosen.
    const Report report = currentReport();
    QString suffix = QStringLiteral("txt"), filter = tr("Text (*.txt)");
    if (kind == QLatin1String("json")) {
        suffix = QStringLiteral("json");
        filter = tr("JSON (*.json)");
    } else if (kind == QLatin1String("markdown")) {
        suffix = QStringLiteral("md");
        filter = tr("Markdown (*.md)");
    }
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    const QString path = QFileDialog::getSaveFileName(this, tr("Save Report"),
        QDir(dir).filePath(defaultReportFileName(suffix, QDateTime::currentDateTime())), filter);
    if (path.isEmpty())
        return;
    writeFilesThen(this, { { path, [report, kind] { return gridReport(report, kind); } } }, [this, path](bool written) {
        if (!written)
            QMessageBox::warning(this, tr("Diskometer"), tr("Could not write %1. Choose another folder.").arg(path));
    });
}

void GridPage::copyText()
{
    runOffGuiThread(
        this, [report = currentReport()] { return QString::fromUtf8(gridReport(report, QStringLiteral("text"))); },
        [](const QString& text) { QApplication::clipboard()->setText(text); });
}

RemoteRequest GridPage::remoteRequest() const
{
    RemoteRequest base;
    base.tests = testsOf(m_settings);
    base.settings = m_settings.run;
    base.profile = m_settings.profile;
    base.preset = m_settings.preset;
    base.mode = m_settings.mode;
    if (m_settings.mixEnabled)
        base.mixReadPercent = m_settings.mixReadPercent;
    base.comment = m_comment->text();
    return base;
}

void GridPage::exportFioJob()
{
    FioJobRequest r;
    r.target = targetPath();
    r.tests = testsOf(m_settings);
    r.settings = m_settings.run;
    r.comment = m_comment->text();
    // The job's region is the target's (whether it is a device, its size): looked at off the
    // GUI thread, as a mount that does not answer would hold the window.
    runOffGuiThread(
        this,
        [r]() mutable {
            // The window's runs never pass sizeGiven: a file target is tested whole, as the job must.
            const Status region = setFioJobRegion(r, false, true);
            return std::pair { r, region ? QString() : QString::fromStdString(region.error().message) };
        },
        [this](const std::pair<FioJobRequest, QString>& answer) {
            const FioJobRequest& job = answer.first;
            const QString& error = answer.second;
            if (!error.isEmpty()) {
                QMessageBox::warning(this, tr("Export fio Job"), error);
                return;
            }
            const bool writes
                = std::any_of(job.tests.begin(), job.tests.end(), [](const TestSpec& t) { return t.writes(); });
            if (job.kind == RegionInfo::Kind::BlockDevice && writes
                && QMessageBox::warning(this, tr("Export fio Job"),
                       tr("The write sections of this job file destroy the data on %1 when fio runs them. Save it "
                          "anyway? (Test Mode › Read only makes a job that only reads.)")
                           .arg(job.target),
                       QMessageBox::Save | QMessageBox::Cancel, QMessageBox::Cancel)
                    != QMessageBox::Save)
                return;
            const QString dir = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
            const QString path = QFileDialog::getSaveFileName(this, tr("Export fio Job"),
                QDir(dir).filePath(QStringLiteral("diskometer.fio")), tr("fio job files (*.fio);;All files (*)"));
            if (path.isEmpty())
                return;
            writeFilesThen(
                this, { { path, [job] { return formatFioJob(job).toUtf8(); } } }, [this, path](bool written) {
                    if (!written)
                        QMessageBox::warning(
                            this, tr("Diskometer"), tr("Could not write %1. Choose another folder.").arg(path));
                    else
                        setStatus(tr("Saved %1: run it with fio --output-format=json %1 > out.json, then import "
                                     "out.json in the History tab")
                                      .arg(QFileInfo(path).fileName()));
                });
        });
}

} // namespace dm
