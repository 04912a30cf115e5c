// SPDX-License-Identifier: GPL-3.0-or-later
#include "remotedialog.h"

#include "comparedialog.h"
#include "historyservice.h"
#include "mailbox.h"
#include "testkind.h"

#include <QCheckBox>
#include <QCloseEvent>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QTableWidget>
#include <QThread>
#include <QVBoxLayout>

namespace dm {

RemoteDialog::RemoteDialog(RemoteRequest base, HostsTest test, HistoryService* history, QWidget* parent)
    : QDialog(parent)
    , m_base(std::move(base))
    , m_test(std::move(test))
    , m_history(history)
{
    setWindowTitle(tr("Run on Hosts"));
    auto* layout = new QVBoxLayout(this);
    const RunSettings& s = m_base.settings;
    QString what;
    if (gridRun()) {
        what = tr("The window's tests (%1 tests, %2 × %3 s, %4 MiB) on each host, one line per host:")
                   .arg(m_base.tests.size())
                   .arg(s.count)
                   .arg(s.measureSeconds)
                   .arg(s.testSize / MiB);
    } else {
        const TestKind* kind = kindById(m_test.kind);
        what = tr("%1, with the %2 tab's settings, on each ssh:// host, one line per host "
                  "(fio's servers run only the grid: Run on Hosts from the Benchmark tab for them):")
                   .arg(kind ? kindText(kind->title()) : m_test.kind, m_test.tab);
    }
    // The fio server's line only where one runs: another kind would refuse it (start()).
    auto* intro = new QLabel(what.toHtmlEscaped()
            + (gridRun() ? tr("<br><code>ssh://[USER@]HOST[:PORT]/PATH</code> runs Diskometer itself there over "
                              "SSH (your keys and ~/.ssh/config; it needs diskometer-cli of this version);"
                              "<br><code>HOST[:PORT]:PATH</code> runs fio's job on fio's server there "
                              "(<code>fio --server</code>, port 8765).<br>An IPv6 address goes in brackets.")
                         : tr("<br><code>ssh://[USER@]HOST[:PORT]/PATH</code> runs Diskometer itself there over "
                              "SSH (your keys and ~/.ssh/config; it needs diskometer-cli of this version)."
                              "<br>An IPv6 address goes in brackets.")),
        this);
    intro->setObjectName(QStringLiteral("intro")); // for tests
    intro->setWordWrap(true);
    layout->addWidget(intro);
    m_hosts = new QPlainTextEdit(this);
    m_hosts->setPlaceholderText(
        QStringLiteral("ssh://pi4.lan/mnt/ssd\nssh://pi@[fd00::2]:2222/srv/diskometer\nnas.lan:/srv/diskometer\n"
                       "192.168.1.21:8766:/data"));
    m_hosts->setTabChangesFocus(true);
    layout->addWidget(m_hosts);
    m_together = new QCheckBox(tr("All hosts at once (shared storage: NFS, Ceph, Longhorn; hosts of one kind)"), this);
    layout->addWidget(m_together);
    auto* security = new QLabel(tr("fio's server has no authentication and runs any job it is sent as its own "
                                   "user. Diskometer only connects to the hosts listed here: run the server as an "
                                   "unprivileged user bound to a private address, or use ssh:// (docs/REMOTE.md)."),
        this);
    security->setWordWrap(true);
    security->setVisible(gridRun()); // fio's servers only run the grid
    layout->addWidget(security);
    m_table = new QTableWidget(0, 6, this);
    m_table->setHorizontalHeaderLabels(
        { tr("Host"), tr("Through"), tr("Version"), tr("State"), tr("Progress"), tr("Error") });
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(HostColumn, QHeaderView::Interactive);
    m_table->horizontalHeader()->setSectionResizeMode(ErrorColumn, QHeaderView::Stretch);
    m_table->setTextElideMode(Qt::ElideMiddle); // a long path says least in its middle
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setWordWrap(true);
    layout->addWidget(m_table, 1);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_status);
    auto* buttons = new QDialogButtonBox(this);
    m_run = buttons->addButton(tr("&Run"), QDialogButtonBox::AcceptRole);
    m_stop = buttons->addButton(tr("&Stop"), QDialogButtonBox::ActionRole);
    m_stop->setEnabled(false);
    m_open = buttons->addButton(tr("&Open Report"), QDialogButtonBox::ActionRole);
    m_open->setToolTip(tr("The selected host's stored run in the Benchmark tab (or double-click its row)"));
    m_open->setEnabled(false);
    buttons->addButton(QDialogButtonBox::Close);
    connect(m_run, &QPushButton::clicked, this, &RemoteDialog::start);
    connect(m_stop, &QPushButton::clicked, this, &RemoteDialog::stop);
    connect(m_open, &QPushButton::clicked, this, [this] { openRow(m_table->currentRow()); });
    connect(m_table, &QTableWidget::cellDoubleClicked, this, [this](int row) { openRow(row); });
    connect(m_table, &QTableWidget::itemSelectionChanged, this, &RemoteDialog::updateOpenButton);
    connect(buttons, &QDialogButtonBox::rejected, this, &RemoteDialog::reject);
    layout->addWidget(buttons);
    if (!m_test.refusal.isEmpty()) {
        // Nothing else runs in its place: the user chose this tab's test.
        m_status->setText(m_test.refusal);
        m_run->setEnabled(false);
    }
    if (m_history) {
        // The ids come back in the order the runs were given: the rows that have a run.
        connect(m_history, &HistoryService::stored, this,
            [this](const std::vector<qint64>& ids, const QString&, QObject* origin) {
                if (origin != this)
                    return;
                size_t next = 0;
                for (size_t row = 0; row < m_outcome.hosts.size() && row < m_ids.size(); ++row)
                    if (m_outcome.hosts[row].run && next < ids.size())
                        m_ids[row] = ids[next++];
                updateOpenButton();
                Q_EMIT stored();
            });
        connect(m_history, &HistoryService::storeFailed, this,
            [this](const QString&, const QString& message, QObject* origin) {
                if (origin == this)
                    m_status->setText(m_status->text() + QLatin1Char('\n') + message);
            });
    }
    resize(820, 540);
}

RemoteDialog::~RemoteDialog()
{
    // Only reached once the thread is done (closing while running waits for it), but never leave
    // a thread running behind a destroyed dialog.
    if (m_thread) {
        m_cancel->store(true);
        m_thread->wait();
    }
}

QString RemoteDialog::stateText(HostState state) const
{
    switch (state) {
    case HostState::Waiting:
        return tr("Waiting");
    case HostState::Checking:
        return tr("Checking");
    case HostState::Running:
        return tr("Running");
    case HostState::CleaningUp:
        return tr("Removing the test file");
    case HostState::Done:
        return tr("Done");
    case HostState::Failed:
        return tr("Failed");
    }
    return {};
}

QString RemoteDialog::throughText(HostTransport transport) const
{
    return transport == HostTransport::Ssh ? tr("Diskometer over SSH") : tr("fio server");
}

void RemoteDialog::start()
{
    if (m_thread || !m_test.refusal.isEmpty())
        return;
    HostsRequest request;
    request.grid = m_base;
    request.grid.hosts.clear();
    request.kind = m_test.kind;
    if (!gridRun())
        request.sshArguments = m_test.arguments;
    request.localVersion = QStringLiteral(DM_VERSION);
    QStringList errors;
    for (const QString& raw : m_hosts->toPlainText().split(QLatin1Char('\n'))) {
        const QString line = raw.trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')))
            continue;
        auto host = parseHostSpec(line);
        if (host)
            request.hosts.push_back(*host);
        else
            errors << QString::fromStdString(host.error().message);
    }
    request.grid.together = m_together->isChecked();
    if (errors.isEmpty() && !gridRun())
        for (const HostSpec& h : request.hosts)
            if (h.transport == HostTransport::FioServer) {
                errors << tr("%1 is a fio server, which runs only the grid: list ssh:// hosts alone for %2, "
                             "or Run on Hosts from the Benchmark tab.")
                              .arg(h.name(), m_test.tab);
                break;
            }
    if (errors.isEmpty())
        if (auto st = checkHostsRequest(request); !st)
            errors << QString::fromStdString(st.error().message);
    if (!errors.isEmpty()) {
        m_status->setText(errors.join(QLatin1Char('\n')));
        return;
    }

    m_outcome = {};
    m_ids.assign(request.hosts.size(), 0);
    m_table->setRowCount(int(request.hosts.size()));
    for (int i = 0; i < int(request.hosts.size()); ++i) {
        const HostSpec& h = request.hosts[size_t(i)];
        auto* where = new QTableWidgetItem(h.where());
        where->setToolTip(h.where());
        m_table->setItem(i, HostColumn, where);
        m_table->setItem(i, ThroughColumn, new QTableWidgetItem(throughText(h.transport)));
        m_table->setItem(i, VersionColumn, new QTableWidgetItem());
        m_table->setItem(i, StateColumn, new QTableWidgetItem(stateText(HostState::Waiting)));
        m_table->setItem(i, ErrorColumn, new QTableWidgetItem());
        auto* bar = new QProgressBar(m_table);
        bar->setRange(0, 100);
        bar->setValue(0);
        m_table->setCellWidget(i, ProgressColumn, bar);
    }
    // A long host:path would leave the errors no room: capped, elided, whole in its tooltip.
    m_table->resizeColumnToContents(HostColumn);
    m_table->setColumnWidth(
        HostColumn, std::min(m_table->columnWidth(HostColumn), m_table->fontMetrics().averageCharWidth() * 40));
    m_status->setText(
        request.grid.together ? tr("Running on every host at once…") : tr("Running on the hosts in turn…"));
    m_run->setEnabled(false);
    m_stop->setEnabled(true);
    m_hosts->setReadOnly(true);
    m_together->setEnabled(false);
    updateOpenButton();

    m_cancel = std::make_shared<std::atomic<bool>>(false);
    auto cancel = m_cancel;
    // Progress and the outcome come back through a mailbox of the dialog's (which outlives the
    // thread: its destructor waits for it).
    auto* mailbox = new Mailbox(this);
    m_thread = QThread::create([request, cancel, this, mailbox, to = mailbox->sender()] {
        HostsOutcome outcome = runHosts(
            request, [this, to](const HostsProgress& p) { to.post([this, p] { showProgress(p); }); }, *cancel);
        // The comparison is built here too: it parses every host's document.
        Comparison comparison = buildComparison(outcome.records());
        if (request.grid.together)
            addTotalRow(comparison);
        to.post([this, mailbox, outcome, comparison] {
            mailbox->deleteLater();
            done(outcome, comparison);
        });
    });
    m_thread->start();
}

void RemoteDialog::stop()
{
    if (!m_thread)
        return;
    m_cancel->store(true);
    m_stop->setEnabled(false);
    m_status->setText(tr("Stopping: every host's run is told to stop, then its test files are removed…"));
}

void RemoteDialog::showProgress(const HostsProgress& p)
{
    const int row = int(p.host);
    if (row >= m_table->rowCount())
        return;
    m_table->item(row, StateColumn)->setText(stateText(p.state));
    if (!p.message.isEmpty()) {
        m_table->item(row, ErrorColumn)->setText(p.message);
        m_table->item(row, ErrorColumn)->setToolTip(p.message);
        m_table->resizeRowToContents(row);
    }
    if (auto* bar = qobject_cast<QProgressBar*>(m_table->cellWidget(row, ProgressColumn))) {
        // An ssh host says no share of its run: a busy bar while it runs.
        const bool busy = p.state == HostState::Running && !p.fraction;
        bar->setRange(0, busy ? 0 : 100);
        if (p.fraction)
            bar->setValue(int(*p.fraction * 100));
        else if (p.state == HostState::Done)
            bar->setValue(100);
    }
}

void RemoteDialog::done(HostsOutcome outcome, Comparison comparison)
{
    m_thread->wait();
    m_thread->deleteLater();
    m_thread = nullptr;
    m_outcome = std::move(outcome);
    m_stop->setEnabled(false);
    m_run->setEnabled(true);
    m_hosts->setReadOnly(false);
    m_together->setEnabled(true);

    QStringList lines;
    if (!m_outcome.error.isEmpty())
        lines << m_outcome.error;
    for (size_t i = 0; i < m_outcome.hosts.size() && int(i) < m_table->rowCount(); ++i) {
        const HostRun& h = m_outcome.hosts[i];
        const int row = int(i);
        m_table->item(row, StateColumn)->setText(stateText(h.complete() ? HostState::Done : HostState::Failed));
        m_table->item(row, VersionColumn)->setText(h.version);
        QString error = h.error;
        if (!h.leftover.isEmpty())
            error += (error.isEmpty() ? QString() : QStringLiteral("\n"))
                + tr("%1 may remain there: remove it by hand.").arg(h.leftover);
        m_table->item(row, ErrorColumn)->setText(error);
        m_table->item(row, ErrorColumn)->setToolTip(error);
        if (auto* bar = qobject_cast<QProgressBar*>(m_table->cellWidget(row, ProgressColumn))) {
            bar->setRange(0, 100);
            if (h.complete())
                bar->setValue(100);
        }
    }
    m_table->resizeRowsToContents();
    if (m_together->isChecked() && !m_outcome.barriers.empty()) {
        // Measured over the connections (sshremote.h), as the CLI says it under its table.
        const SshTogetherSkew worst = worstSkew(m_outcome.barriers);
        lines << tr("Started together (barriers: %1): within %2 ms of each other, at most %3 ms.")
                     .arg(worst.barriers)
                     .arg(worst.skewMs, 0, 'f', 1)
                     .arg(worst.skewBoundMs, 0, 'f', 1);
    }
    if (m_outcome.interrupted)
        lines.prepend(tr("Stopped: every host's run was told to stop."));
    const std::vector<HistoryRecord> records = m_outcome.records();
    if (records.empty() && lines.isEmpty())
        lines << tr("No host finished.");
    else if (!records.empty())
        lines << tr("Double-click a host that finished (or Open Report) for its full report.");
    m_status->setText(lines.join(QLatin1Char('\n')));

    if (!records.empty()) {
        std::vector<HistoryInput> inputs;
        for (const HistoryRecord& r : records)
            inputs.push_back({ r.entry, r.json });
        if (m_history)
            m_history->store(std::move(inputs), tr("runs on hosts"), this);
        if (!m_closeWhenDone) {
            m_compare = new CompareDialog(std::move(comparison), parentWidget() ? parentWidget() : this);
            m_compare->setAttribute(Qt::WA_DeleteOnClose);
            m_compare->show();
            Q_EMIT compareShown(m_compare);
        }
    }
    updateOpenButton();
    Q_EMIT finished(m_outcome.exitCode());
    if (m_closeWhenDone)
        QDialog::reject();
}

void RemoteDialog::updateOpenButton()
{
    const int row = m_table->currentRow();
    m_open->setEnabled(!m_thread && row >= 0 && size_t(row) < m_ids.size() && m_ids[size_t(row)] > 0);
}

void RemoteDialog::openRow(int row)
{
    if (m_thread || !m_history || row < 0 || size_t(row) >= m_ids.size())
        return;
    const qint64 id = m_ids[size_t(row)];
    if (id <= 0) {
        const QString why = size_t(row) < m_outcome.hosts.size() ? m_outcome.hosts[size_t(row)].error : QString();
        m_status->setText(why.isEmpty() ? tr("This host has no stored run to open.") : why);
        return;
    }
    // Read and laid out on the history's thread, as the History tab's Open in Grid.
    m_history->fetchReports(id, this, [this](const HistoryService::RunReports& run, const QString& error) {
        if (error.isEmpty() && !run.grid && run.record.entry.kind != kKindGrid) {
            Q_EMIT openRun(run.record, run.reports ? run.reports->csv : QByteArray()); // its kind's tab shows it
            return;
        }
        if (!error.isEmpty() || !run.grid) {
            m_status->setText(!error.isEmpty() ? error : tr("Run %1 has no tiles to show").arg(run.record.entry.id));
            return;
        }
        Q_EMIT openReport(*run.grid);
    });
}

void RemoteDialog::reject()
{
    if (m_thread) {
        m_closeWhenDone = true;
        stop();
        return;
    }
    QDialog::reject();
}

void RemoteDialog::closeEvent(QCloseEvent* event)
{
    if (m_thread) {
        event->ignore();
        reject();
        return;
    }
    QDialog::closeEvent(event);
}

} // namespace dm
