// SPDX-License-Identifier: GPL-3.0-or-later
#include "benchmarkworker.h"

#include "runheader.h"

namespace dm {

void registerEngineMetaTypes()
{
    qRegisterMetaType<dm::RunRequest>();
    qRegisterMetaType<dm::Progress>();
    qRegisterMetaType<dm::LiveSample>();
    qRegisterMetaType<dm::TestResult>();
    qRegisterMetaType<dm::RunResult>();
    qRegisterMetaType<dm::ReportHeader>();
}

BenchmarkWorker::BenchmarkWorker(const std::atomic<bool>& cancel)
    : m_cancel(cancel)
{
}

void BenchmarkWorker::run(const RunRequest& request)
{
    // The engine calls back on this thread; each emit queues a copy for the GUI thread. The
    // engine already paces progress and samples at 4 Hz, so the GUI gets a handful per second.
    RunCallbacks callbacks;
    callbacks.progress = [this](const Progress& p) { Q_EMIT progress(p); };
    callbacks.sample = [this](size_t i, const LiveSample& s) { Q_EMIT sample(int(i), s); };
    callbacks.testFinished = [this](size_t i, const TestResult& r) { Q_EMIT testFinished(int(i), r); };
    // Sampled here, off the GUI thread (it waits 200 ms), and before the run's own I/O starts.
    const RunHeaderProbe probe(QString::fromStdString(request.target));
    auto result = runTests(request, callbacks, m_cancel);
    if (result) {
        const ReportHeader header = probe.finish(*result, QString(), fastestOf(*result));
        Q_EMIT finished(*result, header);
    } else
        Q_EMIT failed(QString::fromStdString(result.error().message));
}

BenchmarkController::BenchmarkController(QObject* parent)
    : QObject(parent)
{
    registerEngineMetaTypes();
    m_thread.setObjectName(QStringLiteral("diskometer-engine"));
    m_worker = new BenchmarkWorker(m_cancel);
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(m_worker, &BenchmarkWorker::progress, this, &BenchmarkController::progress);
    connect(m_worker, &BenchmarkWorker::sample, this, &BenchmarkController::sample);
    connect(m_worker, &BenchmarkWorker::testFinished, this, &BenchmarkController::testFinished);
    connect(m_worker, &BenchmarkWorker::finished, this, [this](const RunResult& r, const ReportHeader& h) {
        setRunning(false);
        Q_EMIT finished(r, h);
    });
    connect(m_worker, &BenchmarkWorker::failed, this, [this](const QString& message) {
        setRunning(false);
        Q_EMIT failed(message);
    });
    m_thread.start();
}

BenchmarkController::~BenchmarkController()
{
    m_cancel = true;
    m_thread.quit();
    m_thread.wait();
}

bool BenchmarkController::start(const RunRequest& request)
{
    if (m_running)
        return false;
    m_cancel = false;
    setRunning(true);
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, request] { w->run(request); }, Qt::QueuedConnection);
    return true;
}

void BenchmarkController::stop()
{
    if (m_running)
        m_cancel = true;
}

void BenchmarkController::setRunning(bool running)
{
    if (m_running == running)
        return;
    m_running = running;
    Q_EMIT runningChanged(running);
}

} // namespace dm
