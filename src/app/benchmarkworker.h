// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "reportheader.h"
#include "results.h"
#include "runner.h"

#include <QObject>
#include <QThread>
#include <atomic>

namespace dm {

// Runs the engine on its own thread. The GUI thread talks to it only through queued signals
// carrying value types, and through the cancel flag; nothing else reaches back into the engine.
class BenchmarkWorker : public QObject {
    Q_OBJECT
public:
    explicit BenchmarkWorker(const std::atomic<bool>& cancel);

public Q_SLOTS:
    void run(const dm::RunRequest& request);

Q_SIGNALS:
    void progress(const dm::Progress& progress);
    void sample(int testIndex, const dm::LiveSample& sample);
    void testFinished(int testIndex, const dm::TestResult& result);
    // Exactly one of these ends every run. The header (runheader.h) is made here too: the
    // target's description reads sysfs, which the GUI thread must not.
    void finished(const dm::RunResult& result, const dm::ReportHeader& header);
    void failed(const QString& message);

private:
    const std::atomic<bool>& m_cancel;
};

// The GUI thread's side: owns the thread and the cancel flag, starts runs, and relays the
// worker's signals. At most one run at a time.
class BenchmarkController : public QObject {
    Q_OBJECT
public:
    explicit BenchmarkController(QObject* parent = nullptr);
    ~BenchmarkController() override; // stops a run and joins the thread

    bool isRunning() const { return m_running; }
    // Returns false (and does nothing) while a run is going on.
    bool start(const RunRequest& request);
    // Asks the run to end; finished() follows within half a second.
    void stop();

Q_SIGNALS:
    void progress(const dm::Progress& progress);
    void sample(int testIndex, const dm::LiveSample& sample);
    void testFinished(int testIndex, const dm::TestResult& result);
    void finished(const dm::RunResult& result, const dm::ReportHeader& header);
    void failed(const QString& message);
    void runningChanged(bool running);

private:
    void setRunning(bool running);

    QThread m_thread;
    BenchmarkWorker* m_worker = nullptr; // lives on m_thread, deleted when it finishes
    std::atomic<bool> m_cancel { false };
    bool m_running = false;
};

void registerEngineMetaTypes();

} // namespace dm

Q_DECLARE_METATYPE(dm::RunRequest)
Q_DECLARE_METATYPE(dm::Progress)
Q_DECLARE_METATYPE(dm::LiveSample)
Q_DECLARE_METATYPE(dm::TestResult)
Q_DECLARE_METATYPE(dm::RunResult)
Q_DECLARE_METATYPE(dm::ReportHeader)
