// SPDX-License-Identifier: GPL-3.0-or-later
// The main window's reports of the grid: its image, its text, Markdown and JSON saved or copied,
// and --save-* at the end of a run. The reports are formatted and written off the GUI thread
// (offguithread.h); only the image is grabbed here, as the window draws itself.
#include "mainwindow.h"
#include "windowimage.h"

#include "jsonreport.h"
#include "markdownreport.h"
#include "offguithread.h"
#include "reportfile.h"
#include "textreport.h"
#include "uistats.h"

#include <QApplication>
#include <QBuffer>
#include <QClipboard>
#include <QDir>
#include <QFileDialog>
#include <QLineEdit>
#include <QMessageBox>
#include <QStandardPaths>

#include <cstdio>
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

    // writeReportFile(), saying on stderr what went wrong; the error, empty when written.
    QString writeReportSayingWhy(const QString& path, const QByteArray& content)
    {
        const QString error = writeReportFile(path, content);
        if (!error.isEmpty())
            std::fprintf(stderr, "diskometer: %s\n", error.toLocal8Bit().constData());
        return error;
    }
}

void MainWindow::finishAutomation(bool ran)
{
    Q_EMIT runEnded(m_exitCode);
    if (!ran) {
        if (m_options.quitWhenDone)
            QApplication::exit(m_exitCode);
        return;
    }
    if (!m_options.saveImage.isEmpty() && !saveImage(m_options.saveImage))
        m_exitCode = 2;
    std::vector<FileJob> files;
    const auto add = [&files](const QString& path, std::function<QByteArray()> content) {
        if (!path.isEmpty())
            files.emplace_back(path, std::move(content));
    };
    if (!m_options.saveText.isEmpty() || !m_options.saveJson.isEmpty() || !m_options.saveMarkdown.isEmpty()) {
        const auto report = std::make_shared<const Report>(currentReport());
        add(m_options.saveText, [report] { return gridReport(*report, QStringLiteral("text")); });
        add(m_options.saveJson, [report] { return gridReport(*report, QStringLiteral("json")); });
        add(m_options.saveMarkdown, [report] { return gridReport(*report, QStringLiteral("markdown")); });
    }
    if (m_stats)
        add(m_options.statsFile, [json = m_stats->toJson()] { return json; });
    writeFilesThen(std::move(files), [this](bool written) {
        if (!written)
            m_exitCode = 2;
        if (m_options.quitWhenDone)
            QApplication::exit(m_exitCode);
    });
}

void MainWindow::writeFilesThen(std::vector<FileJob> files, std::function<void(bool written)> then)
{
    if (files.empty()) {
        then(true);
        return;
    }
    runOffGuiThread(
        this,
        [files = std::move(files)] {
            bool written = true;
            for (const auto& [path, content] : files)
                written = writeReportSayingWhy(path, content()).isEmpty() && written;
            return written;
        },
        std::move(then));
}

bool MainWindow::saveImage(const QString& path)
{
    // The window as the user sees it; the title bar belongs to the window manager and cannot
    // be grabbed portably, so the image is the window's contents.
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    // The comment box's placeholder is a hint for the person at the window, not part of the
    // result: an image without a comment shows an empty box, as CrystalDiskMark's does.
    const QString hint = m_comment->placeholderText();
    m_comment->setPlaceholderText(QString());
    const QImage image = windowImage(*this);
    m_comment->setPlaceholderText(hint);
    image.save(&buffer, "PNG");
    return saveReport(path, png);
}

bool MainWindow::saveReport(const QString& path, const QByteArray& content)
{
    return writeReportSayingWhy(path, content).isEmpty();
}

void MainWindow::saveImageInteractive()
{
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::PicturesLocation);
    const QString name = defaultReportFileName(QStringLiteral("png"), QDateTime::currentDateTime());
    const QString path
        = QFileDialog::getSaveFileName(this, tr("Save Image"), QDir(dir).filePath(name), tr("PNG images (*.png)"));
    if (!path.isEmpty() && !saveImage(path))
        QMessageBox::warning(this, tr("Diskometer"), tr("Could not write %1. Choose another folder.").arg(path));
}

void MainWindow::saveReportInteractive(const QString& kind)
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
    writeFilesThen({ { path, [report, kind] { return gridReport(report, kind); } } }, [this, path](bool written) {
        if (!written)
            QMessageBox::warning(this, tr("Diskometer"), tr("Could not write %1. Choose another folder.").arg(path));
    });
}

void MainWindow::copyText()
{
    runOffGuiThread(
        this, [report = currentReport()] { return QString::fromUtf8(gridReport(report, QStringLiteral("text"))); },
        [](const QString& text) { QApplication::clipboard()->setText(text); });
}

void MainWindow::copyImage() { QApplication::clipboard()->setImage(windowImage(*this)); }

} // namespace dm
