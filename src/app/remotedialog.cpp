// SPDX-License-Identifier: GPL-3.0-or-later
#include "remotedialog.h"

#include "comparedialog.h"
#include "historyservice.h"
#include "mailbox.h"

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

RemoteDialog::RemoteDialog(RemoteRequest base, HistoryService* history, QWidget* parent)
    : QDialog(parent)
    , m_base(std::move(base))
    , m_history(history)
{
    setWindowTitle(tr("Run on Hosts"));
    auto* layout = new QVBoxLayout(this);
    const RunSettings& s = m_base.settings;
    auto* intro = new QLabel(tr("The window's tests (%1 tests, %2 × %3 s, %4 MiB) on each host through fio's "
                                "client/server mode. Each host runs <code>fio --server</code> (port 8765); one "
                                "line per host: <code>HOST[:PORT]:PATH</code>, an IPv6 address in brackets.")
                                 .arg(m_base.tests.size())
                                 .arg(s.count)
                                 .arg(s.measureSeconds)
                                 .arg(s.testSize / MiB),
        this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    m_hosts = new QPlainTextEdit(this);
    m_hosts->setPlaceholderText(QStringLiteral("pi4.lan:/mnt/ssd\n192.168.1.21:/srv/diskometer\n[fd00::2]:8766:/data"));
    m_hosts->setTabChangesFocus(true);
    layout->addWidget(m_hosts);
    m_together = new QCheckBox(tr("All hosts at once (shared storage: NFS, Ceph, Longhorn)"), this);
    layout->addWidget(m_together);
    auto* security = new QLabel(tr("fio's server has no authentication and runs any job it is sent as its own "
                                   "user. Diskometer only connects to the hosts listed here: run the server as an "
                                   "unprivileged user bound to a private address (docs/REMOTE.md)."),
        this);
    security->setWordWrap(true);
    layout->addWidget(security);
    m_table = new QTableWidget(0, 3, this);
    m_table->setHorizontalHeaderLabels({ tr("Host"), tr("State"), tr("Progress") });
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    layout->addWidget(m_table);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_status);
    auto* buttons = new QDialogButtonBox(this);
    m_run = buttons->addButton(tr("&Run"), QDialogButtonBox::AcceptRole);
    m_stop = buttons->addButton(tr("&Stop"), QDialogButtonBox::ActionRole);
    m_stop->setEnabled(false);
    buttons->addButton(QDialogButtonBox::Close);
    connect(m_run, &QPushButton::clicked, this, &RemoteDialog::start);
    connect(m_stop, &QPushButton::clicked, this, &RemoteDialog::stop);
    connect(buttons, &QDialogButtonBox::rejected, this, &RemoteDialog::reject);
    layout->addWidget(buttons);
    resize(620, 480);
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

QString RemoteDialog::stateText(RemoteHostState state) const
{
    switch (state) {
    case RemoteHostState::Waiting:
        return tr("Waiting");
    case RemoteHostState::Checking:
        return tr("Checking");
    case RemoteHostState::Running:
        return tr("Running");
    case RemoteHostState::CleaningUp:
        return tr("Removing the test file");
    case RemoteHostState::Done:
        return tr("Done");
    case RemoteHostState::Failed:
        return tr("Failed");
    }
    return {};
}

void RemoteDialog::start()
{
    if (m_thread)
        return;
    RemoteRequest request = m_base;
    QStringList errors;
    for (const QString& raw : m_hosts->toPlainText().split(QLatin1Char('\n'))) {
        const QString line = raw.trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')))
            continue;
        auto host = parseRemoteHost(line);
        if (host)
            request.hosts.push_back(*host);
        else
            errors << QString::fromStdString(host.error().message);
    }
    request.together = m_together->isChecked();
    if (errors.isEmpty())
        if (auto st = checkRemoteRequest(request); !st)
            errors << QString::fromStdString(st.error().message);
    if (!errors.isEmpty()) {
        m_status->setText(errors.join(QLatin1Char('\n')));
        return;
    }

    m_table->setRowCount(int(request.hosts.size()));
    for (int i = 0; i < int(request.hosts.size()); ++i) {
        m_table->setItem(i, 0, new QTableWidgetItem(request.hosts[size_t(i)].name() + QLatin1Char(':') + request.hosts[size_t(i)].path));
        m_table->setItem(i, 1, new QTableWidgetItem(stateText(RemoteHostState::Waiting)));
        auto* bar = new QProgressBar(m_table);
        bar->setRange(0, 100);
        bar->setValue(0);
        m_table->setCellWidget(i, 2, bar);
    }
    m_status->setText(request.together ? tr("Running on every host at once…") : tr("Running on the hosts in turn…"));
    m_run->setEnabled(false);
    m_stop->setEnabled(true);
    m_hosts->setReadOnly(true);
    m_together->setEnabled(false);

    m_cancel = std::make_shared<std::atomic<bool>>(false);
    auto cancel = m_cancel;
    // Progress and the outcome come back through a mailbox of the dialog's (which outlives the
    // thread: its destructor waits for it).
    auto* mailbox = new Mailbox(this);
    m_thread = QThread::create([request, cancel, this, mailbox, to = mailbox->sender()] {
        RemoteOutcome outcome = runOnHosts(
            request, [this, to](const RemoteProgress& p) { to.post([this, p] { showProgress(p); }); }, *cancel);
        // The comparison is built here too: it parses every host's fio document.
        Comparison comparison = buildComparison(remoteRecords(outcome));
        if (request.together)
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
    m_status->setText(tr("Stopping: fio tells every server to stop, then the test files are removed…"));
}

void RemoteDialog::showProgress(const RemoteProgress& p)
{
    const int row = int(p.host);
    if (row >= m_table->rowCount())
        return;
    m_table->item(row, 1)->setText(stateText(p.state));
    if (!p.message.isEmpty())
        m_table->item(row, 1)->setToolTip(p.message);
    if (auto* bar = qobject_cast<QProgressBar*>(m_table->cellWidget(row, 2)))
        bar->setValue(int(p.fraction * 100));
}

void RemoteDialog::done(RemoteOutcome outcome, Comparison comparison)
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
    for (size_t i = 0; i < m_outcome.hosts.size(); ++i) {
        const RemoteHostResult& h = m_outcome.hosts[i];
        if (int(i) < m_table->rowCount()) {
            m_table->item(int(i), 1)->setText(stateText(h.complete() ? RemoteHostState::Done : RemoteHostState::Failed));
            m_table->item(int(i), 1)->setToolTip(h.error);
        }
        if (!h.error.isEmpty())
            lines << h.error;
        if (!h.leftover.isEmpty())
            lines << tr("%1: %2 may remain there: remove it by hand.").arg(h.host.name(), h.leftover);
    }
    if (m_outcome.interrupted)
        lines.prepend(tr("Stopped: every server was told to stop."));
    const std::vector<HistoryRecord> records = remoteRecords(m_outcome);
    if (records.empty() && lines.isEmpty())
        lines << tr("No host finished.");
    m_status->setText(lines.join(QLatin1Char('\n')));

    if (!records.empty()) {
        std::vector<HistoryInput> inputs;
        for (const HistoryRecord& r : records)
            inputs.push_back({ r.entry, r.json });
        if (m_history)
            m_history->store(std::move(inputs), tr("runs on hosts"));
        if (!m_closeWhenDone) {
            m_compare = new CompareDialog(std::move(comparison), parentWidget() ? parentWidget() : this);
            m_compare->setAttribute(Qt::WA_DeleteOnClose);
            m_compare->show();
            Q_EMIT compareShown(m_compare);
        }
    }
    Q_EMIT finished(m_outcome.exitCode());
    if (m_closeWhenDone)
        QDialog::reject();
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
