// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "comparedialog.h"
#include "fioremote.h"

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

// File › Run on Hosts… (issue 17): the window's grid on the hosts listed, through fio's
// client/server mode (fioremote.h). The tests and settings are the window's (`base`, hosts
// empty); the user gives HOST[:PORT]:PATH lines and chooses in turn or together. runOnHosts runs
// on a thread of its own, its progress queued back here row by row; Stop sets the cancel flag
// (fio tells every server to stop, then the test files are removed). When it is done the hosts
// that finished are stored through the HistoryService and the comparison (built on the run's
// thread; with the hosts' sum when together) opens.
// Closing the dialog while it runs stops the run first: the dialog goes once the thread is done.
class RemoteDialog : public QDialog {
    Q_OBJECT
public:
    RemoteDialog(RemoteRequest base, HistoryService* history, QWidget* parent = nullptr);
    ~RemoteDialog() override;

    QPlainTextEdit* hostsEdit() const { return m_hosts; }
    QCheckBox* togetherBox() const { return m_together; }
    QPushButton* runButton() const { return m_run; }
    QPushButton* stopButton() const { return m_stop; }
    QTableWidget* table() const { return m_table; }
    QLabel* statusLabel() const { return m_status; }
    bool running() const { return m_thread != nullptr; }
    const RemoteOutcome& outcome() const { return m_outcome; }
    CompareDialog* comparison() const { return m_compare; }

    void start();
    void stop();

Q_SIGNALS:
    void finished(int exitCode); // the run ended; exitCode as the CLI's
    void compareShown(dm::CompareDialog* dialog); // the hosts' runs side by side, just shown

protected:
    void closeEvent(QCloseEvent* event) override;
    void reject() override;

private:
    void showProgress(const RemoteProgress& progress);
    void done(RemoteOutcome outcome, Comparison comparison);
    QString stateText(RemoteHostState state) const;

    RemoteRequest m_base;
    QPointer<HistoryService> m_history;
    QPlainTextEdit* m_hosts;
    QCheckBox* m_together;
    QPushButton* m_run;
    QPushButton* m_stop;
    QTableWidget* m_table;
    QLabel* m_status;
    QThread* m_thread = nullptr;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    RemoteOutcome m_outcome;
    QPointer<CompareDialog> m_compare;
    bool m_closeWhenDone = false;
};

} // namespace dm
