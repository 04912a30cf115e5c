// SPDX-License-Identifier: GPL-3.0-or-later
#include "gridmodel.h"

#include <algorithm>

namespace dm {

GridModel::GridModel(QObject* parent)
    : QObject(parent)
{
}

void GridModel::setRows(const std::vector<TestRow>& rows)
{
    const bool drop = m_stored || rows != m_rows;
    m_stored.reset();
    m_rows = rows;
    if (drop && !m_results.empty()) {
        m_results.clear();
        m_temperatures.clear();
        Q_EMIT resultsChanged();
    }
}

void GridModel::startRun(std::vector<std::pair<size_t, Direction>> tests, const QString& target, bool whole)
{
    m_runTests = std::move(tests);
    m_runTarget = target;
    m_runDate = QDateTime::currentDateTime();
    if (whole && !m_results.empty()) {
        m_results.clear();
        m_temperatures.clear();
        Q_EMIT resultsChanged();
    }
}

void GridModel::setTestResult(size_t testIndex, const TestResult& result)
{
    m_results[m_runTests.at(testIndex)] = result;
    m_temperatures.erase(m_runTests.at(testIndex)); // the run's readings come with its end
    Q_EMIT resultsChanged();
}

void GridModel::finishRun(const RunResult& run, const ReportHeader& header)
{
    m_lastRun = run;
    m_lastHeader = header;
    // run.tests are the first of m_runTests, in order: a test Stop cut short is left out at the end.
    m_lastRunsResults.clear();
    for (size_t i = 0; i < run.tests.size() && i < m_runTests.size(); ++i) {
        m_temperatures[m_runTests[i]] = temperaturesAlong(run.tests[i], header.health.temperatures);
        m_lastRunsResults.insert(m_runTests[i]);
    }
}

std::vector<TemperatureSample> GridModel::temperatures(size_t testRow, Direction direction) const
{
    auto it = m_temperatures.find({ testRow, direction });
    return it == m_temperatures.end() ? std::vector<TemperatureSample> {} : it->second;
}

const TestResult* GridModel::result(size_t testRow, Direction direction) const
{
    auto it = m_results.find({ testRow, direction });
    return it == m_results.end() ? nullptr : &it->second;
}

void GridModel::showStored(const Report& report)
{
    std::vector<TestRow> rows;
    for (const TestResult& t : report.run.tests)
        if (std::find(rows.begin(), rows.end(), t.spec.row) == rows.end())
            rows.push_back(t.spec.row);
    m_rows = rows;
    m_results.clear();
    m_temperatures.clear();
    for (const TestResult& t : report.run.tests) {
        const std::pair key { size_t(std::find(rows.begin(), rows.end(), t.spec.row) - rows.begin()),
            t.spec.direction };
        m_results[key] = t;
        m_temperatures[key] = temperaturesAlong(t, report.health.temperatures);
    }
    m_stored = report;
    Q_EMIT resultsChanged();
}

const RunSettings* GridModel::shownRunSettings() const
{
    if (m_stored)
        return &m_stored->run.settings;
    if (m_lastRun && !m_results.empty())
        return &m_lastRun->settings;
    return nullptr;
}

RunResult GridModel::run(const RunSettings& settings) const
{
    RunResult run;
    if (m_lastRun)
        run = *m_lastRun;
    else
        run.settings = settings;
    run.tests.clear();
    for (Direction d : { Direction::Read, Direction::Write, Direction::Mix })
        for (size_t row = 0; row < m_rows.size(); ++row)
            if (const TestResult* r = result(row, d)) {
                run.tests.push_back(*r);
                // An earlier run's result (a row was run again alone) beside the last run's
                // readings: its start is on another clock, so its samples get no temperature.
                if (!m_lastRunsResults.contains({ row, d }))
                    run.tests.back().startSeconds.reset();
            }
    return run;
}

Report GridModel::report(const GuiSettings& settings, const QString& target, const QString& comment) const
{
    if (m_stored) {
        Report stored = *m_stored;
        stored.comment = comment;
        return stored;
    }
    Report report;
    report.run = run(settings.run);
    report.profile = settings.profile;
    report.preset = settings.preset;
    report.mode = settings.mode;
    if (settings.mixEnabled)
        report.mixReadPercent = settings.mixReadPercent;
    // The last run's header, described on the job's thread (sysfs is never read here). Before any
    // run there is no description to give but the path.
    if (m_lastHeader)
        report.header() = *m_lastHeader;
    else
        report.target.path = m_runTarget.isEmpty() ? target : m_runTarget;
    report.toolVersion = QStringLiteral(DM_VERSION);
    report.engine = report.run.engine.empty() ? report.engine : QString::fromStdString(report.run.engine);
    report.date = m_runDate.isValid() ? m_runDate : QDateTime::currentDateTime();
    report.comment = comment;
    return report;
}

} // namespace dm
