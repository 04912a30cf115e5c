// SPDX-License-Identifier: GPL-3.0-or-later
#include "benchmarkcontroller.h"

#include "runheader.h"

#include <unistd.h>

namespace dm {

void registerEngineMetaTypes()
{
    qRegisterMetaType<dm::RunRequest>();
    qRegisterMetaType<dm::RunPhase>();
    qRegisterMetaType<dm::LiveSample>();
    qRegisterMetaType<dm::TestResult>();
    qRegisterMetaType<dm::RunResult>();
    qRegisterMetaType<dm::ReportHeader>();
}

BenchmarkController::BenchmarkController(QObject* parent)
    : QObject(parent)
    , m_runner(new ToolRunner(this))
{
    registerEngineMetaTypes();
    connect(m_runner, &ToolRunner::runningChanged, this, &BenchmarkController::runningChanged);
    connect(m_runner, &ToolRunner::finished, this, &BenchmarkController::onJobEnded);
}

// The runner's destructor stops the job and waits for it; nothing it posts arrives after that.
BenchmarkController::~BenchmarkController() = default;

bool BenchmarkController::isRunning() const { return m_runner->isRunning(); }

bool BenchmarkController::start(const RunRequest& request)
{
    ToolRunner* runner = m_runner;
    // The job reaches the controller only through post(), which runs on the GUI thread.
    return runner->start([this, runner, request](const std::atomic<bool>& cancel) {
        // The engine already paces progress and samples at 4 Hz, so the GUI gets a handful per second.
        RunCallbacks callbacks;
        callbacks.phase = [=, this](const RunPhase& p) { runner->post([=, this] { Q_EMIT phase(p); }); };
        callbacks.sample
            = [=, this](size_t i, const LiveSample& s) { runner->post([=, this] { Q_EMIT sample(int(i), s); }); };
        callbacks.testFinished
            = [=, this](size_t i, const TestResult& r) { runner->post([=, this] { Q_EMIT testFinished(int(i), r); }); };
        // Sampled here, off the GUI thread (it waits 200 ms), and before the run's own I/O starts.
        const RunHeaderProbe probe(QString::fromStdString(request.target), [=, this](const TemperatureSample& reading) {
            runner->post([=, this] { Q_EMIT temperature(reading.celsius); });
        });
        auto result = runTests(request, callbacks, cancel);
        // A descriptor UDisks2 opened is the run's: closed once it returns, as a page's job does.
        if (request.fd >= 0)
            ::close(request.fd);
        if (result) {
            ReportHeader header = probe.finish(*result, QString(), result->fastest);
            runner->post([this, r = std::move(*result), header = std::move(header)] { m_result.emplace(r, header); });
        } else {
            runner->post([this, m = QString::fromStdString(result.error().message)] { m_error = m; });
        }
    });
}

void BenchmarkController::stop() { m_runner->stop(); }

void BenchmarkController::onJobEnded()
{
    auto result = std::exchange(m_result, std::nullopt);
    const QString error = std::exchange(m_error, QString());
    if (result)
        Q_EMIT finished(result->first, result->second);
    else
        Q_EMIT failed(error);
}

} // namespace dm
