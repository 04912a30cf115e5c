// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "reportheader.h"
#include "results.h"
#include "runner.h"
#include "toolrunner.h"

#include <QObject>

#include <optional>
#include <utility>

namespace dm {

// The grid's run on the window's job runner (toolrunner.h, the same one every page uses). The GUI
// thread talks to the job only through values the runner posts back and the cancel flag; nothing
// else reaches back into the engine. At most one run at a time.
class BenchmarkController : public QObject {
    Q_OBJECT
public:
    explicit BenchmarkController(QObject* parent = nullptr);
    ~BenchmarkController() override; // stops a run and waits for it (within half a second)

    bool isRunning() const;
    // Returns false (and does nothing) while a run is going on; otherwise the run owns
    // request.fd (closed on the job's thread when the run returns).
    bool start(const RunRequest& request);
    // Asks the run to end; finished() follows within half a second.
    void stop();

Q_SIGNALS:
    void phase(const dm::RunPhase& phase);
    void sample(int testIndex, const dm::LiveSample& sample);
    void testFinished(int testIndex, const dm::TestResult& result);
    // The drive's temperature as just read (every 2 s, where the drive has a sensor).
    void temperature(double celsius);
    // Exactly one of these ends every run, after runningChanged(false), so a handler may start
    // the next run. The header (runheader.h) is made on the job's thread: the target's
    // description reads sysfs, which the GUI thread must not.
    void finished(const dm::RunResult& result, const dm::ReportHeader& header);
    void failed(const QString& message);
    void runningChanged(bool running);

private:
    void onJobEnded();

    ToolRunner* m_runner;
    // How the last job ended, posted by it before it returned; read once the runner says it ended.
    std::optional<std::pair<RunResult, ReportHeader>> m_result;
    QString m_error;
};

void registerEngineMetaTypes();

} // namespace dm

Q_DECLARE_METATYPE(dm::RunRequest)
Q_DECLARE_METATYPE(dm::RunPhase)
Q_DECLARE_METATYPE(dm::LiveSample)
Q_DECLARE_METATYPE(dm::TestResult)
Q_DECLARE_METATYPE(dm::RunResult)
Q_DECLARE_METATYPE(dm::ReportHeader)
