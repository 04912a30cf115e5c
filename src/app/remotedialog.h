// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "comparedialog.h"
#include "hostsrun.h"

#include <QDialog>
#include <QPointer>

#include <atomic>
#include <memory>

class QCheckBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTableWidget;
class QThread;

namespace dm {

class HistoryService;
struct Report;

// What Run on Hosts runs: the grid (from the dialog's `base`, on both kinds of host), or the
// current tab's kind with that tab's settings as its options (TestPage::hostsRun), on ssh://
// hosts only.
struct HostsTest {
    QString kind = QStringLiteral("grid");
    QStringList arguments; // the kind's options; none for the grid (said from `base`)
    QString tab; // "Block sizes": the tab whose settings these are
    QString refusal; // why the tab's test cannot run on hosts: the dialog says it and runs nothing
};

// File › Run on Hosts… (issues 17 and 31): the window's grid, or the current tab's test
// (HostsTest), on the hosts listed, each line either ssh://[USER@]HOST[:PORT]/PATH (Diskometer
// itself over SSH) or HOST[:PORT]:PATH (fio's server; the grid only), mixed, through runHosts
// (hostsrun.h). The grid's tests and settings are the window's (`base`, hosts empty); the user
// chooses in turn or together. runHosts runs on a thread of its own, its progress queued back
// here row by row; Stop sets the cancel flag (fio tells every server to stop, an ssh host's run
// stops as on Ctrl-C), then test files are removed. When it is done the hosts that finished are
// stored through the HistoryService, each row then opens its host's stored run (double-click,
// or Open Report): a grid's in the Benchmark tab (openReport, as the History tab's), another
// kind's in that kind's tab (openRun); and the comparison (built on the run's thread; with the
// hosts' sum when together) opens. Closing the dialog while it runs stops the run first: the
// dialog goes once the thread is done.
class RemoteDialog : public QDialog {
    Q_OBJECT
public:
    enum Column { HostColumn, ThroughColumn, VersionColumn, StateColumn, ProgressColumn, ErrorColumn };

    RemoteDialog(RemoteRequest base, HostsTest test, HistoryService* history, QWidget* parent = nullptr);
    ~RemoteDialog() override;

    QPlainTextEdit* hostsEdit() const { return m_hosts; }
    QCheckBox* togetherBox() const { return m_together; }
    QPushButton* runButton() const { return m_run; }
    QPushButton* stopButton() const { return m_stop; }
    QPushButton* openButton() const { return m_open; }
    QTableWidget* table() const { return m_table; }
    QLabel* statusLabel() const { return m_status; }
    bool running() const { return m_thread != nullptr; }
    const HostsOutcome& outcome() const { return m_outcome; }
    CompareDialog* comparison() const { return m_compare; }
    // The history id of each row's stored run (0: none, or not stored yet).
    const std::vector<qint64>& storedIds() const { return m_ids; }

    void start();
    void stop();
    // Asks the history for the row's stored run and sends it to openReport.
    void openRow(int row);

Q_SIGNALS:
    void finished(int exitCode); // the run ended; exitCode as the CLI's
    void compareShown(dm::CompareDialog* dialog); // the hosts' runs side by side, just shown
    void stored(); // the hosts' runs are in the history: their rows open them
    void openReport(const dm::Report& report); // a host's stored run, for the Benchmark tab
    // A host's stored run of another kind, for that kind's tab (its document in record.json).
    void openRun(const dm::HistoryRecord& record, const QByteArray& csv);

protected:
    void closeEvent(QCloseEvent* event) override;
    void reject() override;

private:
    void showProgress(const HostsProgress& progress);
    void done(HostsOutcome outcome, Comparison comparison);
    void updateOpenButton();
    QString stateText(HostState state) const;
    QString throughText(HostTransport transport) const;
    bool gridRun() const { return m_test.kind == QLatin1String("grid"); }

    RemoteRequest m_base;
    HostsTest m_test;
    QPointer<HistoryService> m_history;
    QPlainTextEdit* m_hosts;
    QCheckBox* m_together;
    QPushButton* m_run;
    QPushButton* m_stop;
    QPushButton* m_open;
    QTableWidget* m_table;
    QLabel* m_status;
    QThread* m_thread = nullptr;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    HostsOutcome m_outcome;
    std::vector<qint64> m_ids; // per row
    QPointer<CompareDialog> m_compare;
    bool m_closeWhenDone = false;
};

} // namespace dm
