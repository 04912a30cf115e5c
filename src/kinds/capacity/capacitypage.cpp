// SPDX-License-Identifier: GPL-3.0-or-later
#include "capacitypage.h"
#include "capacityarguments.h"

#include "pageregistry.h"
#include "runheader.h"
#include "targetcombo.h"
#include "toolchart.h"
#include "units.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QFormLayout>
#include <QLineSeries>

namespace dm {

namespace {
    QString bytesText(uint64_t bytes) { return decimalSizeText(bytes); }
}

CapacityPage::CapacityPage(QWidget* parent)
    : ToolPage(parent)
{
    m_target = new TargetCombo(TargetCombo::Filesystems | TargetCombo::Devices, this);
    m_target->refill(QDir::homePath());
    m_target->setToolTip(tr("The folder where the stick is mounted (its free space is filled and read back), or "
                            "the unmounted stick itself (a quick probe that puts back what it overwrites)"));
    addTargetRow(tr("&Stick:"), m_target);
    m_size = new QComboBox(this);
    m_size->addItem(tr("All the free space"), QVariant::fromValue<qulonglong>(0));
    for (uint64_t g : { 1, 4, 16, 64 })
        m_size->addItem(tr("%1 GiB").arg(g), QVariant::fromValue<qulonglong>(g * GiB));
    m_size->setToolTip(tr("How much of a folder's free space to fill: all of it tells whether the stick holds "
                          "what it announces"));
    m_size->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    settingsForm()->addRow(tr("&Amount:"), m_size);
    m_restore = new QCheckBox(tr("Put &back what the probe overwrites"), this);
    m_restore->setChecked(true);
    m_restore->setToolTip(tr("A device probe reads every block before writing it and writes it back afterwards"));
    settingsForm()->addRow(QString(), m_restore);
    for (QWidget* w : std::initializer_list<QWidget*> { m_target, m_size, m_restore })
        lockWhileRunning(w);

    m_chart = new ToolChart(ToolChart::XScale::Linear, this);
    m_chart->setXAxis(tr("Position (GB)"), 0, 1);
    m_chart->setYTitle(ToolChart::Side::Left, tr("MB/s"));
    m_write = m_chart->addLine(tr("Write"), ToolChart::Side::Left, ToolChart::Role::Secondary);
    m_read = m_chart->addLine(tr("Read back"), ToolChart::Side::Left, ToolChart::Role::Primary);
    setChart(m_chart);
    updateSummary();
}

void CapacityPage::setTarget(const QString& path) { m_target->refill(path); }

void CapacityPage::setSize(uint64_t bytes)
{
    int index = m_size->findData(QVariant::fromValue<qulonglong>(bytes));
    if (index < 0) {
        m_size->addItem(tr("%1 MiB").arg(bytes / MiB), QVariant::fromValue<qulonglong>(bytes));
        index = m_size->count() - 1;
    }
    m_size->setCurrentIndex(index);
}

QString CapacityPage::verdictText(const CapacityResult& r)
{
    const auto v = capacityVerdict(r);
    if (!v)
        return tr("No verdict: the check stopped before anything was read back.");
    const bool probe = r.mode == CapacityMode::Probe;
    QString text;
    switch (*v) {
    case CapacityVerdict::Ok:
        text = probe ? tr("OK: holds all %1 it announces.").arg(bytesText(r.announcedBytes))
                     : tr("OK: all %1 written to its free space came back intact.").arg(bytesText(r.bytesRead));
        break;
    case CapacityVerdict::Fake:
        text = probe ? tr("FAKE: holds %1 of the %2 it announces.").arg(bytesText(r.verifiedBytes), bytesText(r.announcedBytes))
                     : tr("FAKE: only %1 of the %2 written to its free space came back; it holds less than it "
                          "announces.")
                           .arg(bytesText(r.verifiedBytes), bytesText(r.bytesRead));
        break;
    case CapacityVerdict::Damaged:
        text = tr("DAMAGED: %1 of the %2 did not come back intact, the first from offset %3.")
                   .arg(bytesText(r.lostBytes), bytesText(probe ? r.announcedBytes : r.bytesRead),
                       bytesText(r.firstLostOffset.value_or(0)));
        break;
    }
    if (r.cancelled || r.error)
        text += QLatin1Char(' ') + tr("(Of what was checked before it stopped.)");
    return text;
}

Result<QStringList> CapacityPage::hostsRun() const
{
    // A probe writes to the device, with the consent typed here for this machine's device: a
    // host's is given on the command line (--allow-destructive), never by this dialog, and a host
    // refuses a device without it. Devices are listed by their /dev path (targetcombo.h).
    if (m_target->currentPath().startsWith(QLatin1String("/dev/")))
        return usageError(tr("The capacity check would probe a device here: a probe of a host's device writes to it "
                             "and is started from the command line (diskometer-cli remote ssh://HOST/DEVICE --kind "
                             "capacity --allow-destructive). Choose a folder here to fill the hosts' folders.")
                              .toStdString());
    CapacityRequest request;
    request.size = m_size->currentData().toULongLong();
    return capacityCliArguments(request);
}

bool CapacityPage::launch()
{
    const QString target = m_target->currentPath();
    if (target.isEmpty()) {
        showResult(false, tr("Choose the folder where the stick is mounted, or the stick itself"));
        return false;
    }
    return launchWhenKindKnown(target, [this, target](bool device) { return launchOn(target, device); });
}

bool CapacityPage::launchOn(const QString& target, bool device)
{
    CapacityRequest request;
    request.target = target.toStdString();
    m_probe = device;
    request.size = m_probe ? 0 : m_size->currentData().toULongLong();
    request.restore = m_restore->isChecked();
    // The typed confirmation below is the consent --allow-destructive gives the CLI.
    request.allowDestructive = m_probe;
    if (const Status valid = validate(request); !valid) {
        showResult(false, QString::fromStdString(valid.error().message));
        return false;
    }
    if (m_probe && !confirmDeviceWrite(target))
        return false;
    m_chart->clear();
    m_chart->setTitle(target);
    m_chartBytes = 0;
    m_report.reset();
    updateSummary();
    if (!m_probe) {
        run(request);
        return true;
    }
    openDeviceThen(target, true, [this, request](int fd) mutable {
        request.fd = fd;
        run(request);
    });
    return true;
}

void CapacityPage::run(CapacityRequest request)
{
    setStatus(m_probe ? tr("Probing %1…").arg(QString::fromStdString(request.target))
                      : tr("Filling the free space of %1…").arg(QString::fromStdString(request.target)));
    // The same job as every page's (ToolPage::startJob): the header is probed on the job's
    // thread and judged against what the drive did in the run (its `fastest`), as the CLI's is.
    startJob(
        std::move(request),
        [this](const CapacityRequest& r, const auto& post, const std::atomic<bool>& cancel) {
            const QString target = QString::fromStdString(r.target);
            CapacityCallbacks callbacks;
            callbacks.phase = [=, this](const RunPhase& p) { post([=, this] { onPhase(p, target); }); };
            callbacks.series = [=, this](const SeriesSample& s) { post([=, this] { onSeries(s); }); };
            return runCapacityCheck(r, callbacks, cancel);
        },
        formatCapacityJson, formatCapacityCsv,
        [this](const Result<CapacityResult>& result, const ReportHeader& header) { onFinished(result, header); });
}

namespace {
    // A probe's own stages in the status line (phasetext.h; in the status line's translation context).
    QString probeStageText(const RunPhase& p)
    {
        if (p.stage == kProbeStage)
            return QCoreApplication::translate("dm::PhaseText", "Probing: %1 of %2 block reads and writes").arg(p.index).arg(p.count) + phaseTimeLeftText(p);
        if (p.stage == kRestoreStage)
            return QCoreApplication::translate("dm::PhaseText", "Putting back what the probe overwrote: %1 of %2").arg(p.index).arg(p.count);
        return {};
    }
}

void CapacityPage::onPhase(const RunPhase& p, const QString& target)
{
    showPhase(p, { target, {}, probeStageText });
    if (p.bytesTotal > 0 && p.bytesTotal != m_chartBytes) {
        m_chartBytes = p.bytesTotal;
        m_chart->setXAxis(tr("Position (GB)"), 0, double(p.bytesTotal) / 1e9);
    }
}

// The engine's rate between two of its reports of a stage, drawn against the bytes done.
void CapacityPage::onSeries(const SeriesSample& s)
{
    const std::string_view name = s.series;
    if (name == "write_mb_per_s" || name == "read_mb_per_s")
        m_chart->append(name == "write_mb_per_s" ? m_write : m_read, s.x / 1e9, s.y);
}

void CapacityPage::onFinished(Result<CapacityResult> result, ReportHeader header)
{
    if (!result) {
        showResult(false, QString::fromStdString(result.error().message));
        return;
    }
    m_report = CapacityReport { *result, header };
    showExplanations(result->warnings, explainCapacity(*m_report));
    updateSummary();
    const bool any = result->blocksChecked() > 0;
    if (result->error)
        showResult(any, tr("The check stopped: %1").arg(QString::fromStdString(*result->error)));
    else if (result->cancelled)
        showResult(any,
            m_probe ? tr("Stopped: the blocks the probe wrote are put back; what was probed so far is shown")
                    : tr("Stopped: the test files are removed; what was read back so far is shown"));
    else
        showResult(true, verdictText(*result));
}

void CapacityPage::updateSummary()
{
    if (!m_report) {
        setSummary(tr("<p>Fills the stick's free space with numbered blocks and reads them back, or probes an "
                      "unmounted stick, to tell whether it holds what it announces (fake sticks keep far less) "
                      "and returns every byte intact.</p>"));
        return;
    }
    const CapacityResult& r = m_report->result;
    const auto row = [](const QString& label, const QString& value) {
        return QStringLiteral("<tr><td>%1</td><td align=\"right\"><b>%2</b></td></tr>").arg(label, value);
    };
    // The verdict in a word and a short line (the whole sentence is the status line below).
    const auto v = capacityVerdict(r);
    const QString word = !v                      ? tr("No verdict")
        : *v == CapacityVerdict::Ok             ? tr("OK")
        : *v == CapacityVerdict::Fake           ? tr("FAKE")
                                                : tr("DAMAGED");
    const QString line = !v                      ? tr("Nothing was read back.")
        : *v == CapacityVerdict::Ok             ? tr("Every byte came back intact.")
        : *v == CapacityVerdict::Fake           ? tr("It holds less than it announces.")
                                                : tr("Some data did not come back intact.");
    QString html = QStringLiteral("<p><big><b>%1</b></big><br>%2</p><table cellspacing=\"4\">")
                       .arg(word.toHtmlEscaped(), line.toHtmlEscaped());
    html += row(r.mode == CapacityMode::Probe ? tr("Announced") : tr("Written"), bytesText(r.announcedBytes));
    html += row(tr("Verified"), bytesText(r.verifiedBytes));
    html += row(tr("Lost"), r.lostBytes ? bytesText(r.lostBytes) : tr("nothing"));
    html += row(tr("Blocks ok"), QString::number(r.blockCount(BlockClass::Ok)));
    html += row(tr("Corrupted"), QString::number(r.blockCount(BlockClass::Corrupted)));
    html += row(tr("Overwritten"), QString::number(r.blockCount(BlockClass::Overwritten)));
    html += row(tr("Missing"), QString::number(r.blockCount(BlockClass::Missing)));
    html += row(tr("Write"), mbPerSecText(r.writeMbPerSec()));
    html += row(tr("Read"), mbPerSecText(r.readMbPerSec()));
    if (r.mode == CapacityMode::Probe && r.request.restore)
        html += row(tr("Put back"), tr("%1 blocks").arg(r.restoredBlocks));
    html += QStringLiteral("</table>");
    setSummary(html);
}

void CapacityPage::applyKindOptions(const AppOptions& options, bool)
{
    if (options.target)
        setTarget(*options.target);
    if (options.size)
        setSize(*options.size);
}

TestPage* capacityPage(const PageContext&, QWidget* parent) { return new CapacityPage(parent); }

} // namespace dm
