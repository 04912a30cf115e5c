// SPDX-License-Identifier: GPL-3.0-or-later
#include "toolpage.h"
#include "windowimage.h"

#include "appoptions.h"
#include "devicegate.h"
#include "explanationpanel.h"
#include "healthbadge.h"
#include "targetcombo.h"
#include "historyimport.h"
#include "reportwriter.h"
#include "reportfile.h"
#include "reportheader.h"

#include <QBuffer>
#include <QDateTime>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QStandardPaths>
#include <QTextDocument>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <unistd.h>

namespace dm {

QString clockText(double seconds)
{
    const int s = int(seconds + 0.5);
    if (s >= 3600)
        return QStringLiteral("%1:%2:%3")
            .arg(s / 3600)
            .arg(s / 60 % 60, 2, 10, QLatin1Char('0'))
            .arg(s % 60, 2, 10, QLatin1Char('0'));
    return QStringLiteral("%1:%2").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
}

ToolPage::ToolPage(QWidget* parent)
    : TestPage(parent)
    , m_runner(new ToolRunner(this))
    , m_gate(new DeviceGate(this))
{
    auto* layout = m_layout = new QVBoxLayout(this);

    auto* top = new QHBoxLayout;
    m_startButton = new QPushButton(tr("Start"), this);
    QFont bold = m_startButton->font();
    bold.setBold(true);
    m_startButton->setFont(bold);
    m_startButton->setMinimumWidth(m_startButton->fontMetrics().horizontalAdvance(QStringLiteral("MMMMMMM")));
    connect(m_startButton, &QPushButton::clicked, this, [this] { isRunning() ? stop() : void(start()); });
    top->addWidget(m_startButton, 0, Qt::AlignTop);
    m_settings = new QFormLayout;
    m_settings->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);
    top->addLayout(m_settings, 1);
    layout->addLayout(top);

    auto* middle = new QHBoxLayout;
    m_chartBox = new QVBoxLayout;
    middle->addLayout(m_chartBox, 1);
    m_summary = new QLabel(this);
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setWordWrap(true); // setSummary() gives it the width of its figures
    // The figures take the width they need and the chart the rest: in a narrow window (866 px, a
    // 2x screenshot) the summary's half of the width cut the chart's legend to "Read …".
    m_summary->setSizePolicy(QSizePolicy::Maximum, QSizePolicy::Preferred);
    middle->addWidget(m_summary);
    layout->addLayout(middle, 1);
    m_explanations = new ExplanationPanel(this);
    layout->addWidget(m_explanations);

    m_comment = new QLineEdit(this);
    m_comment->setPlaceholderText(tr("Comment (shown in the image and the reports)"));
    layout->addWidget(m_comment);

    auto* bottom = new QHBoxLayout;
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 1000);
    m_progress->setTextVisible(false);
    m_progress->setMaximumHeight(m_progress->fontMetrics().height() * 3 / 4);
    m_progress->hide();
    m_status = new QLabel(tr("Ready"), this);
    m_status->setWordWrap(true); // a note from the history may follow the status
    bottom->addWidget(m_status, 1);
    bottom->addWidget(m_progress, 1);
    const struct {
        const char* label;
        QString suffix, filter;
    } saves[] = {
        { QT_TR_NOOP("Save Image…"), QStringLiteral("png"), QStringLiteral("PNG (*.png)") },
        { QT_TR_NOOP("Save CSV…"), QStringLiteral("csv"), QStringLiteral("CSV (*.csv)") },
        { QT_TR_NOOP("Save JSON…"), QStringLiteral("json"), QStringLiteral("JSON (*.json)") },
    };
    for (const auto& s : saves) {
        auto* button = new QPushButton(tr(s.label), this);
        button->setEnabled(false);
        connect(button, &QPushButton::clicked, this,
            [this, suffix = s.suffix, filter = s.filter] { saveInteractive(suffix, filter); });
        bottom->addWidget(button);
        m_saveButtons << button;
    }
    layout->addLayout(bottom);

    connect(m_runner, &ToolRunner::runningChanged, this, &ToolPage::onRunningChanged);
    // After the job's last post, so the result is shown (showResult) before anyone hears of the end.
    connect(m_runner, &ToolRunner::finished, this, [this] {
        if (completedRun())
            Q_EMIT runCompleted();
        endRun(m_lastOk);
    });
}

ToolPage::~ToolPage() = default;

bool ToolPage::start()
{
    if (isRunning())
        return false;
    if (otherTestRunning()) {
        setStatus(tr("Another test is running: stop it first, or wait for it to end"));
        endRun(false);
        return false;
    }
    if (!launch()) {
        endRun(false);
        return false;
    }
    return true;
}

void ToolPage::stop()
{
    if (m_waiting) {
        m_gate->cancel();
        setWaiting(false);
        setStatus(tr("Stopped before the test began"));
        endRun(false);
        return;
    }
    if (m_runner->isRunning()) {
        setStatus(tr("Stopping…"));
        m_runner->stop();
    }
}

QString ToolPage::statusText() const { return m_status->text(); }

void ToolPage::setChart(QWidget* chart) { m_chartBox->addWidget(chart); }

void ToolPage::addTargetRow(const QString& label, TargetCombo* target)
{
    auto* row = new QHBoxLayout;
    row->addWidget(target, 1);
    m_health = new HealthBadge(target, this);
    row->addWidget(m_health);
    m_driveLine = new DriveLineLabel(target, this);
    m_layout->insertWidget(m_layout->indexOf(m_comment), m_driveLine);
    // The page filled its combo before this row existed: the line starts from that path.
    m_driveLine->showFor(target->currentPath());
    // A row that is a layout gets a label without a buddy from addRow(QString, …), which shows
    // its '&' ("&Folder:") instead of underlining the shortcut: the label takes the combo.
    auto* name = new QLabel(label, this);
    name->setBuddy(target);
    m_settings->addRow(name, row);
}

void ToolPage::setSummary(const QString& html)
{
    // The figures' own width, so that "2251.0 MB/s (1MiB)" never wraps, and the chart the rest; a
    // longer text (the page's description before a run) wraps at 32 em. Left to QLabel, an
    // unwrapped label asked for its longest line and squeezed the chart to its minimum in a
    // narrow window (a 2x screenshot), cutting its legend to "Read …".
    const int em = m_summary->fontMetrics().horizontalAdvance(QLatin1Char('M'));
    QTextDocument doc;
    doc.setDefaultFont(m_summary->font());
    doc.setDocumentMargin(0);
    doc.setHtml(html);
    m_summary->setMinimumWidth(std::clamp(int(std::ceil(doc.idealWidth())) + em, 14 * em, 32 * em));
    m_summary->setText(html);
}

void ToolPage::setStatus(const QString& text) { m_status->setText(text); }

void ToolPage::showExplanations(const std::vector<std::string>& runWarnings, std::vector<Explanation> explanations)
{
    m_explanations->display(runWarnings, std::move(explanations));
}

void ToolPage::addStatusNote(const QString& note) { m_status->setText(m_status->text() + QLatin1Char('\n') + note); }

void ToolPage::setProgress(double fraction, double secondsLeft)
{
    m_progress->setVisible(fraction >= 0);
    if (fraction >= 0)
        m_progress->setValue(int(std::clamp(fraction, 0.0, 1.0) * 1000));
    m_progress->setToolTip(secondsLeft >= 0 ? tr("%1 left").arg(clockText(secondsLeft)) : QString());
}

void ToolPage::showPhase(const RunPhase& phase, const PhaseWords& words)
{
    setProgress(phase.fraction, phase.secondsLeft.value_or(-1));
    setStatus(phaseStatusText(phase, words));
}

void ToolPage::showResult(bool ok, const QString& status)
{
    m_hasResult = ok;
    m_lastOk = ok;
    setStatus(status);
    for (QPushButton* b : m_saveButtons)
        b->setEnabled(ok);
}

void ToolPage::setWaiting(bool waiting)
{
    m_waiting = waiting;
    onRunningChanged(waiting);
}

QString ToolPage::comment() const { return m_comment->text(); }

void ToolPage::setComment(const QString& comment) { m_comment->setText(comment); }

void ToolPage::setUnattended(bool unattended) { m_gate->setUnattended(unattended); }

void ToolPage::applyOptions(const AppOptions& options, bool current)
{
    setComment(options.comment);
    setUnattended(options.quitWhenDone);
    // Only the page --page named writes the --save-* files, and only for the run --start began.
    m_automation = {};
    if (current && options.start)
        m_automation = { options.saveImage, options.saveJson, options.saveCsv, options.saveHtml, options.quitWhenDone };
    applyKindOptions(options, current);
}

TestPage::HistoryRuns ToolPage::historyRuns() const
{
    if (!completedRun())
        return {};
    // Read (and summarised for the list) on the history's thread.
    return [json = json()] { return historyInputsFromFile(json); };
}

std::function<QByteArray()> ToolPage::reportDocument() const
{
    if (!m_hasResult)
        return {};
    return [json = json()] { return json; };
}

void ToolPage::endRun(bool ok)
{
    int exitCode = ok ? 0 : 1;
    if (!ok && !m_hasResult)
        exitCode = 2; // refused before measuring, as diskometer-cli's usage and target errors
    const Automation& a = m_automation;
    if (!a.image.isEmpty() && !saveImage(a.image))
        exitCode = 2;
    // Nothing to save without a result: that is a failure of its own, as a file that cannot be written.
    std::vector<FileJob> files;
    for (const auto& [path, content] : { std::pair { a.json, json() }, std::pair { a.csv, csv() } })
        if (!path.isEmpty()) {
            if (m_hasResult)
                files.emplace_back(path, [content] { return content; });
            else
                exitCode = 2;
        }
    if (!a.html.isEmpty()) {
        if (m_hasResult)
            files.emplace_back(a.html, [content = json()] { return webPageOf(content); });
        else
            exitCode = 2;
    }
    writeFilesThen(this, std::move(files), [this, exitCode, quiet = !a.quitWhenDone](bool written) {
        // Nobody at the window: what the status says goes to the terminal, as diskometer-cli's.
        const int code = written ? exitCode : 2;
        if (!quiet)
            std::fprintf(stderr, "diskometer: %s\n", statusText().toLocal8Bit().constData());
        Q_EMIT runEnded(code);
    });
}

void ToolPage::onRunningChanged(bool running)
{
    m_startButton->setText(running ? tr("Stop") : tr("Start"));
    for (QWidget* w : m_locked)
        w->setEnabled(!running);
    if (running) {
        m_lastOk = false;
        m_files = {};
        m_explanations->clear(); // the last run's, not this one's
        for (QPushButton* b : m_saveButtons)
            b->setEnabled(false);
    } else {
        setProgress(-1, -1);
    }
    Q_EMIT runningChanged(running);
}

bool ToolPage::confirmDeviceWrite(const QString& device)
{
    if (const auto refused = m_gate->confirmWrite(device)) {
        setStatus(*refused);
        return false;
    }
    return true;
}

bool ToolPage::launchWhenKindKnown(const QString& path, std::function<bool(bool device)> start)
{
    if (const auto device = DeviceGate::isBlockDeviceAtOnce(path))
        return start(*device);
    setWaiting(true);
    setStatus(tr("Preparing %1…").arg(path));
    m_gate->kindOf(path, [this, start = std::move(start)](bool device) {
        setWaiting(false); // before the run starts: the page's busy state follows the runner then
        if (!start(device))
            endRun(false);
    });
    return true;
}

void ToolPage::openDeviceThen(const QString& device, bool write, std::function<void(int fd)> then)
{
    // The window never runs as root: UDisks2 opens the device once polkit agrees, which may mean
    // a password dialog, so the test starts when the answer comes (at once when not needed).
    m_gate->open(
        device, write,
        [this, then](int fd) {
            setWaiting(false);
            then(fd);
        },
        [this](const QString& message) {
            setWaiting(false);
            showResult(false, message);
            endRun(false);
        });
    if (m_gate->waiting()) {
        setWaiting(true);
        setStatus(DeviceGate::waitingText(device));
    }
}

bool ToolPage::saveImage(const QString& path)
{
    // The whole window, as the grid's image: a page alone would lose the title and the tabs.
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    windowImage(*window()).save(&buffer, "PNG");
    const QString error = writeReportFile(path, png);
    if (!error.isEmpty())
        setStatus(error);
    return error.isEmpty();
}

void ToolPage::saveInteractive(const QString& suffix, const QString& filter)
{
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::PicturesLocation);
    const QString name = defaultReportFileName(suffix, QDateTime::currentDateTime())
                             .replace(QStringLiteral("Diskometer_"), QStringLiteral("Diskometer_%1_").arg(fileKind()));
    const QString path = QFileDialog::getSaveFileName(this, tr("Save"), dir + QLatin1Char('/') + name, filter);
    if (path.isEmpty())
        return;
    if (suffix == QLatin1String("png")) {
        saveImage(path);
        return;
    }
    // Written off the GUI thread: a folder on a mount that does not answer would hold the window.
    runOffGuiThread(
        this,
        [path, content = suffix == QLatin1String("csv") ? csv() : json()] { return writeReportFile(path, content); },
        [this, path](const QString& error) { setStatus(error.isEmpty() ? tr("Saved %1").arg(path) : error); });
}

} // namespace dm
