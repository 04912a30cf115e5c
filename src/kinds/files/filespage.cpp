// SPDX-License-Identifier: GPL-3.0-or-later
#include "filespage.h"
#include "filesarguments.h"

#include "pageregistry.h"
#include "phasetext.h"
#include "runheader.h"
#include "targetcombo.h"
#include "toolchart.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QFormLayout>
#include <QLineSeries>
#include <QSpinBox>

namespace dm {

namespace {

    QString phaseTitle(FilesPhaseId id)
    {
        switch (id) {
        case FilesPhaseId::Create:
            return FilesPage::tr("Create");
        case FilesPhaseId::Stat:
            return FilesPage::tr("Stat");
        case FilesPhaseId::Read:
            return FilesPage::tr("Read");
        case FilesPhaseId::Delete:
            return FilesPage::tr("Delete");
        }
        return {};
    }

    // The kind's own stages in the status line (phasetext.h; in the status line's context).
    QString filesStageText(const RunPhase& p)
    {
        const auto words = [&](const char* what) {
            return stageProgressText(p, QCoreApplication::translate("dm::PhaseText", what));
        };
        if (p.stage == kCreateFilesStage)
            return words(QT_TRANSLATE_NOOP("dm::PhaseText", "Creating files"));
        if (p.stage == kStatFilesStage)
            return words(QT_TRANSLATE_NOOP("dm::PhaseText", "Reading the files' metadata"));
        if (p.stage == kReadFilesStage)
            return words(QT_TRANSLATE_NOOP("dm::PhaseText", "Reading files"));
        if (p.stage == kDeleteFilesStage)
            return words(QT_TRANSLATE_NOOP("dm::PhaseText", "Deleting files"));
        return {};
    }

} // namespace

FilesPage::FilesPage(QWidget* parent)
    : ToolPage(parent)
{
    m_target = new TargetCombo(TargetCombo::Filesystems, this);
    m_target->refill(QDir::homePath());
    m_target->setToolTip(tr("A folder on the drive: the files are made in a folder of the test's own there and "
                            "removed however the test ends"));
    addTargetRow(tr("Fol&der:"), m_target);
    m_files = new QSpinBox(this);
    m_files->setRange(1, int(kMaxFiles));
    m_files->setValue(int(kDefaultFiles));
    m_files->setGroupSeparatorShown(true);
    m_files->setToolTip(tr("How many files each phase makes, stats, reads or deletes"));
    settingsForm()->addRow(tr("&Number of files:"), m_files);
    m_size = new QComboBox(this);
    for (uint64_t bytes : { uint64_t(0), uint64_t(KiB), 4 * KiB, 16 * KiB, 64 * KiB, 256 * KiB, MiB })
        m_size->addItem(bytes == 0 ? tr("Empty") : bytes < MiB ? tr("%1 KiB").arg(bytes / KiB) : tr("1 MiB"),
            QVariant::fromValue<qulonglong>(bytes));
    m_size->setCurrentIndex(m_size->findData(QVariant::fromValue<qulonglong>(kDefaultFileSize)));
    m_size->setToolTip(tr("Each file's size: random data, written once and read back"));
    settingsForm()->addRow(tr("Fi&le size:"), m_size);
    m_dirs = new QSpinBox(this);
    m_dirs->setRange(1, int(kMaxDirs));
    m_dirs->setValue(int(kDefaultDirs));
    m_dirs->setToolTip(tr("The folders the files are spread over"));
    settingsForm()->addRow(tr("S&ubfolders:"), m_dirs);
    m_sync = new QComboBox(this);
    m_sync->addItem(tr("Once at the end of the create phase"), int(FilesSync::End));
    m_sync->addItem(tr("After every file (fsync, as fs_mark does)"), int(FilesSync::File));
    m_sync->addItem(tr("Never (the page cache counts)"), int(FilesSync::None));
    m_sync->setToolTip(tr("When the created files are flushed to the drive, within the create phase's time"));
    settingsForm()->addRow(tr("S&ync:"), m_sync);
    for (QWidget* w : std::initializer_list<QWidget*> { m_target, m_files, m_size, m_dirs, m_sync })
        lockWhileRunning(w);

    m_chart = new ToolChart(ToolChart::XScale::Linear, this);
    m_chart->setXAxis(tr("Files done"), 0, 1);
    // A colour per phase. Stat has an axis of its own on the right: it answers from the inode
    // cache ten to a hundred times faster than the others, which on one axis would lie flat.
    m_chart->setYTitle(ToolChart::Side::Left, tr("Files/s"));
    m_chart->setYTitle(ToolChart::Side::Right, tr("Stat/s"));
    m_lines[size_t(FilesPhaseId::Create)] = m_chart->addRunLine(phaseTitle(FilesPhaseId::Create), 1);
    m_lines[size_t(FilesPhaseId::Stat)]
        = m_chart->addRunLine(phaseTitle(FilesPhaseId::Stat), 3, ToolChart::Side::Right);
    m_lines[size_t(FilesPhaseId::Read)] = m_chart->addRunLine(phaseTitle(FilesPhaseId::Read), 0);
    m_lines[size_t(FilesPhaseId::Delete)] = m_chart->addRunLine(phaseTitle(FilesPhaseId::Delete), 2);
    setChart(m_chart);
    updateSummary();
}

void FilesPage::setTarget(const QString& path) { m_target->refill(path); }

void FilesPage::setFiles(uint32_t files, uint64_t fileSize, uint32_t dirs)
{
    m_files->setValue(int(files));
    int index = m_size->findData(QVariant::fromValue<qulonglong>(fileSize));
    if (index < 0) {
        m_size->addItem(tr("%1 bytes").arg(fileSize), QVariant::fromValue<qulonglong>(fileSize));
        index = m_size->count() - 1;
    }
    m_size->setCurrentIndex(index);
    m_dirs->setValue(int(dirs));
}

Result<QStringList> FilesPage::hostsRun() const
{
    FilesRequest request;
    request.files = uint32_t(m_files->value());
    request.fileSize = m_size->currentData().toULongLong();
    request.dirs = uint32_t(m_dirs->value());
    request.sync = FilesSync(m_sync->currentData().toInt());
    return filesCliArguments(request);
}

bool FilesPage::launch()
{
    const QString target = m_target->currentPath();
    if (target.isEmpty()) {
        showResult(false, tr("Choose a folder on the drive to test"));
        return false;
    }
    FilesRequest request;
    request.target = target.toStdString();
    request.files = uint32_t(m_files->value());
    request.fileSize = m_size->currentData().toULongLong();
    request.dirs = uint32_t(m_dirs->value());
    request.sync = FilesSync(m_sync->currentData().toInt());
    if (const Status valid = validate(request); !valid) {
        showResult(false, QString::fromStdString(valid.error().message));
        return false;
    }
    m_chart->clear();
    m_chart->setTitle(target);
    m_chart->setXAxis(tr("Files done"), 0, double(request.files));
    m_report.reset();
    updateSummary();
    setStatus(tr("Creating %1 files in %2…").arg(request.files).arg(target));
    // The same job as every page's (ToolPage::startJob): the I/O and the header on its thread.
    startJob(
        std::move(request),
        [this](const FilesRequest& r, const auto& post, const std::atomic<bool>& cancel) {
            const QString path = QString::fromStdString(r.target);
            RunEvents events;
            events.phase = [=, this](const RunPhase& p) { post([=, this] { onPhase(p, path); }); };
            events.series = [=, this](const SeriesSample& s) { post([=, this] { onSeries(s); }); };
            return runSmallFiles(r, events, cancel);
        },
        formatFilesJson, formatFilesCsv,
        [this](const Result<FilesResult>& result, const ReportHeader& header) { onFinished(result, header); });
    return true;
}

void FilesPage::onPhase(const RunPhase& p, const QString& target) { showPhase(p, { target, {}, filesStageText }); }

// Each phase's rate so far, over the files it has done.
void FilesPage::onSeries(const SeriesSample& s)
{
    if (std::string_view(s.series) == "files_per_s" && s.item < m_lines.size())
        m_chart->append(m_lines[s.item], s.x, s.y);
}

void FilesPage::onFinished(Result<FilesResult> result, ReportHeader header)
{
    if (!result) {
        showResult(false, QString::fromStdString(result.error().message));
        return;
    }
    m_report = FilesReport { *result, header };
    // A phase over before the engine's first rate sample (stat from the inode cache takes a few
    // hundredths of a second) has no line yet: drawn flat at its rate over the files it did.
    for (const FilesPhaseResult& ph : result->phases)
        if (ph.ran && ph.files > 0 && m_lines[size_t(ph.id)]->count() < 2) {
            m_lines[size_t(ph.id)]->clear();
            m_chart->append(m_lines[size_t(ph.id)], 0, ph.filesPerSecond());
            m_chart->append(m_lines[size_t(ph.id)], double(ph.files), ph.filesPerSecond());
        }
    showExplanations(result->warnings, explainFiles(*m_report));
    updateSummary();
    const FilesPhaseResult& create = result->phase(FilesPhaseId::Create);
    if (result->error)
        showResult(create.files > 0,
            tr("The test stopped: %1. The files made are removed.").arg(QString::fromStdString(*result->error)));
    else if (result->cancelled)
        showResult(create.files > 0, tr("Stopped: the files are removed; the phases done so far are shown"));
    else
        showResult(true,
            tr("%1 files a second created, %2 read, %3 deleted")
                .arg(filesRateText(create.filesPerSecond()),
                    filesRateText(result->phase(FilesPhaseId::Read).filesPerSecond()),
                    filesRateText(result->phase(FilesPhaseId::Delete).filesPerSecond())));
}

void FilesPage::updateSummary()
{
    if (!m_report) {
        m_summary = tr("<p>Creates, stats, reads and deletes many small files, each phase timed on its own, to "
                       "tell how fast the filesystem and the drive handle them: what a build, an unpacked "
                       "archive or a mail folder waits for.</p>");
        setSummary(m_summary);
        return;
    }
    const FilesResult& r = m_report->result;
    QString html = QStringLiteral("<table cellspacing=\"4\"><tr><th></th><th align=\"right\">%1</th>"
                                  "<th align=\"right\">%2</th></tr>")
                       .arg(tr("Files/s"), tr("p99 µs"));
    for (const FilesPhaseResult& ph : r.phases) {
        if (!ph.ran)
            continue;
        html += QStringLiteral("<tr><td>%1</td><td align=\"right\"><b>%2</b></td><td align=\"right\">%3</td></tr>")
                    .arg(phaseTitle(ph.id).toHtmlEscaped(), filesRateText(ph.filesPerSecond()),
                        QString::number(ph.latency.p99Us, 'f', 1));
    }
    html += QStringLiteral("</table><p>%1</p>")
                .arg((r.cacheDrop == FilesCacheDrop::Fadvise
                             ? tr("The reads came from the drive: the files' cached pages were dropped first.")
                             : tr("The reads came from memory: this filesystem keeps its files in RAM."))
                         .toHtmlEscaped());
    m_summary = html;
    setSummary(html);
}

void FilesPage::applyKindOptions(const AppOptions& options, bool)
{
    if (options.target)
        setTarget(*options.target);
}

TestPage* filesPage(const PageContext&, QWidget* parent) { return new FilesPage(parent); }

} // namespace dm
