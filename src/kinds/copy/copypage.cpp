// SPDX-License-Identifier: GPL-3.0-or-later
#include "copypage.h"
#include "copyarguments.h"

#include "chartstyle.h"
#include "pageregistry.h"
#include "targetcombo.h"
#include "units.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QEvent>
#include <QFormLayout>
#include <QValueAxis>

namespace dm {

namespace {
    QString setName(CopySetKind k)
    {
        switch (k) {
        case CopySetKind::Iso:
            return CopyPage::tr("ISO");
        case CopySetKind::Program:
            return CopyPage::tr("Program");
        case CopySetKind::Game:
            return CopyPage::tr("Game");
        }
        return {};
    }

    // The copy's own stages in the status line (phasetext.h, in its translation context), with
    // the set each belongs to; Stage::Flush is the copy's syncfs here, so it is worded too.
    QString copyStageText(const RunPhase& p)
    {
        const QString set = p.index < 3 ? setName(kCopySets[p.index]) : QString();
        const auto words
            = [&](const char* text) { return QCoreApplication::translate("dm::PhaseText", text).arg(set); };
        if (p.stage == kMakeSetStage)
            return stageProgressText(p, words(QT_TRANSLATE_NOOP("dm::PhaseText", "Making the %1 set")));
        if (p.stage == kDropCacheStage)
            return words(QT_TRANSLATE_NOOP("dm::PhaseText", "Syncing the %1 set and dropping it from the cache"));
        if (p.stage == kCopyStage)
            return stageProgressText(p, words(QT_TRANSLATE_NOOP("dm::PhaseText", "Copying the %1 set")));
        if (p.stage == Stage::Flush)
            return words(QT_TRANSLATE_NOOP("dm::PhaseText", "Syncing the copy of the %1 set"));
        if (p.stage == kRemoveSetStage)
            return words(QT_TRANSLATE_NOOP("dm::PhaseText", "Removing the %1 set and its copy"));
        return {};
    }
}

CopyPage::CopyPage(QWidget* parent)
    : ToolPage(parent)
{
    m_target = new TargetCombo(TargetCombo::Filesystems, this);
    m_target->refill(QDir::homePath());
    m_target->setToolTip(tr("A folder on the drive: the sets and their copies are made in a folder of their own "
                            "there and removed afterwards"));
    addTargetRow(tr("&Folder:"), m_target);
    m_size = new QComboBox(this);
    for (uint64_t mib : { 256, 1024, 4096 })
        m_size->addItem(mib < 1024 ? tr("%1 MiB").arg(mib) : tr("%1 GiB").arg(mib / 1024),
            QVariant::fromValue<qulonglong>(mib * MiB));
    m_size->setCurrentIndex(1); // 1 GiB, the CLI's default
    m_size->setToolTip(tr("The three sets together, in AS SSD's proportions; a set and its copy must fit in the free "
                          "space at once"));
    m_size->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    settingsForm()->addRow(tr("&Amount:"), m_size);
    for (QWidget* w : std::initializer_list<QWidget*> { m_target, m_size })
        lockWhileRunning(w);

    // A bar per set, filled in as each set is copied.
    m_chart = new QChart;
    m_bars = new QBarSet(tr("Copy"));
    for (int i = 0; i < 3; ++i)
        *m_bars << 0;
    auto* series = new QBarSeries;
    series->append(m_bars);
    series->setLabelsVisible(true);
    series->setLabelsFormat(QStringLiteral("@value"));
    series->setLabelsPrecision(4);
    m_chart->addSeries(series);
    auto* x = new QBarCategoryAxis;
    for (CopySetKind k : kCopySets)
        x->append(setName(k));
    m_chart->addAxis(x, Qt::AlignBottom);
    series->attachAxis(x);
    m_y = chartstyle::makeAxis();
    m_y->setTitleText(tr("MB/s"));
    m_chart->addAxis(m_y, Qt::AlignLeft);
    series->attachAxis(m_y);
    chartstyle::applyAxis(m_y, chartstyle::niceAxis(0, 1.1, 100));
    m_chart->legend()->hide();
    auto* holder = new QWidget(this);
    m_view = chartstyle::showChart(m_chart, holder);
    styleChart();
    setChart(holder);
    updateSummary();
}

void CopyPage::styleChart()
{
    chartstyle::applyPalette(m_view, m_chart, this);
    chartstyle::applyFonts(m_chart, this);
    m_bars->setColor(chartstyle::primaryColor(chartstyle::isDark(palette().base().color())));
    m_bars->setBorderColor(m_bars->color());
}

void CopyPage::changeEvent(QEvent* event)
{
    ToolPage::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange)
        styleChart();
}

void CopyPage::setTarget(const QString& path) { m_target->refill(path); }

void CopyPage::setSize(uint64_t bytes)
{
    int index = m_size->findData(QVariant::fromValue<qulonglong>(bytes));
    if (index < 0) {
        m_size->addItem(tr("%1 MiB").arg(bytes / MiB), QVariant::fromValue<qulonglong>(bytes));
        index = m_size->count() - 1;
    }
    m_size->setCurrentIndex(index);
}

void CopyPage::clearBars()
{
    for (int i = 0; i < 3; ++i)
        m_bars->replace(i, 0);
    chartstyle::applyAxis(m_y, chartstyle::niceAxis(0, 1.1, 100));
}

Result<QStringList> CopyPage::hostsRun() const
{
    CopyRequest request;
    request.size = m_size->currentData().toULongLong();
    return copyCliArguments(request);
}

bool CopyPage::showStoredRun(const QByteArray& json, const QByteArray& csv)
{
    auto report = parseCopyJson(json);
    if (!report || isRunning())
        return false;
    const CopyResult& r = report->result;
    clearBars();
    m_chart->setTitle(QString::fromStdString(r.request.target));
    for (size_t i = 0; i < r.sets.size(); ++i)
        if (r.sets[i].done)
            onSetDone(i, r.sets[i].mbPerSec());
    showStoredFiles(json, csv, report->header);
    onFinished(r, report->header);
    return true;
}

bool CopyPage::launch()
{
    const QString target = m_target->currentPath();
    if (target.isEmpty()) {
        showResult(false, tr("Choose a folder on the drive to test"));
        return false;
    }
    CopyRequest request;
    request.target = target.toStdString();
    request.size = m_size->currentData().toULongLong();
    if (const Status valid = validate(request); !valid) {
        showResult(false, QString::fromStdString(valid.error().message));
        return false;
    }
    m_report.reset();
    clearBars();
    m_chart->setTitle(target);
    updateSummary();
    setStatus(tr("Copying in %1…").arg(target));
    // The same job as every page's (ToolPage::startJob): the header is probed on the job's thread.
    return startJob(
        std::move(request),
        [this](const CopyRequest& r, const auto& post, const std::atomic<bool>& cancel) {
            const QString where = QString::fromStdString(r.target);
            RunEvents events;
            events.phase = [=, this](const RunPhase& p) { post([=, this] { onPhase(p, where); }); };
            events.series = [=, this](const SeriesSample& s) {
                if (std::string_view(s.series) == "set_mb_per_s")
                    post([this, item = s.item, y = s.y] { onSetDone(item, y); });
            };
            return runCopyBench(r, events, cancel);
        },
        formatCopyJson, formatCopyCsv,
        [this](const Result<CopyResult>& result, const ReportHeader& header) { onFinished(result, header); });
}

void CopyPage::onPhase(const RunPhase& p, const QString& target) { showPhase(p, { target, {}, copyStageText }); }

void CopyPage::onSetDone(size_t index, double mbPerSec)
{
    if (index >= 3)
        return;
    m_bars->replace(int(index), mbPerSec);
    double top = 0;
    for (int i = 0; i < 3; ++i)
        top = std::max(top, m_bars->at(i));
    chartstyle::applyAxis(m_y, chartstyle::niceAxis(top, 1.1, 100));
}

void CopyPage::onFinished(Result<CopyResult> result, ReportHeader header)
{
    if (!result) {
        showResult(false, QString::fromStdString(result.error().message));
        return;
    }
    m_report = CopyReport { *result, header };
    showExplanations(result->warnings, explainCopy(*m_report));
    updateSummary();
    bool any = false;
    for (const CopySetResult& s : result->sets)
        any = any || s.done;
    if (result->error)
        showResult(any, tr("The copy test stopped: %1").arg(QString::fromStdString(*result->error)));
    else if (result->cancelled)
        showResult(any, tr("Stopped: the test's files are removed; the sets copied so far are shown"));
    else
        showResult(true, tr("Copied all three sets: %1 together").arg(mbPerSecText(result->totalMbPerSec())));
}

void CopyPage::updateSummary()
{
    if (!m_report) {
        setSummary(tr("<p>Makes three sets of files in the folder, as AS SSD's copy benchmark: <b>ISO</b> (two large "
                      "files), <b>Program</b> (many small files in many folders) and <b>Game</b> (a mix), and copies "
                      "each on the same drive, timed until the copy is on the drive.</p>"));
        return;
    }
    const CopyResult& r = m_report->result;
    QString html = QStringLiteral("<table cellspacing=\"4\">");
    for (const CopySetResult& s : r.sets)
        html += QStringLiteral("<tr><td>%1</td><td align=\"right\"><b>%2</b></td><td>%3</td></tr>")
                    .arg(setName(s.kind).toHtmlEscaped(), s.done ? mbPerSecText(s.mbPerSec()) : tr("not copied"),
                        (s.files == 1 ? tr("1 file") : tr("%1 files").arg(s.files)) + QStringLiteral(", ")
                            + (s.folders == 1 ? tr("1 folder") : tr("%1 folders").arg(s.folders)) + QStringLiteral(", ")
                            + decimalSizeText(s.bytes));
    if (const double total = r.totalMbPerSec(); total > 0)
        html += QStringLiteral("<tr><td>%1</td><td align=\"right\"><b>%2</b></td><td></td></tr>")
                    .arg(tr("All").toHtmlEscaped(), mbPerSecText(total));
    html += QStringLiteral("</table>");
    if (r.cloneCapable)
        html += QStringLiteral("<p>%1</p>")
                    .arg(tr("%1 can clone files: a file manager may clone instead of copying, which moves no data and "
                            "takes no time; these figures are of a real copy.")
                             .arg(QString::fromStdString(r.filesystem))
                             .toHtmlEscaped());
    setSummary(html);
}

void CopyPage::applyKindOptions(const AppOptions& options, bool)
{
    if (options.target)
        setTarget(*options.target);
    if (options.size)
        setSize(*options.size);
}

TestPage* copyPage(const PageContext&, QWidget* parent) { return new CopyPage(parent); }

} // namespace dm
