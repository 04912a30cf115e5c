// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "appsettings.h"
#include "report.h"

#include <QDateTime>
#include <QObject>

#include <map>
#include <optional>
#include <set>
#include <utility>
#include <vector>

namespace dm {

// The grid's results and the run they belong to: what the tiles draw, the timeline shows and
// every report of the grid (the window's currentReport(), the history) is made from. The
// window's run puts values in as the job posts them; the tiles (ResultGrid) only draw what is
// here, and nothing is read back from a widget. A run from the history is shown the same way,
// read-only, until the next run or a change of settings leaves it.
class GridModel : public QObject {
    Q_OBJECT
public:
    explicit GridModel(QObject* parent = nullptr);

    // The test rows shown, from the settings; results of other rows go (they would sit under
    // the wrong labels), and so does a stored run.
    void setRows(const std::vector<TestRow>& rows);
    const std::vector<TestRow>& rows() const { return m_rows; }

    // A run starts on `target`: its tests as (test row, direction), in run order. `whole`:
    // every row runs, so the earlier results go; one row alone keeps the others'.
    void startRun(std::vector<std::pair<size_t, Direction>> tests, const QString& target, bool whole);
    // The running run's `testIndex`-th test as (test row, direction).
    std::pair<size_t, Direction> runTest(size_t testIndex) const { return m_runTests.at(testIndex); }
    void setTestResult(size_t testIndex, const TestResult& result);
    // The run ended: its settings, region and warnings, and the header its job made.
    void finishRun(const RunResult& run, const ReportHeader& header);
    const QString& runTarget() const { return m_runTarget; } // of the last run started

    const TestResult* result(size_t testRow, Direction direction) const;
    // The drive's temperature along that result's timeline (temperaturesAlong), from the run that
    // made it: a row run alone keeps the others' results and their own runs' readings.
    std::vector<TemperatureSample> temperatures(size_t testRow, Direction direction) const;

    // Shows a stored run, its own rows in place of the settings' (its profile and preset may differ).
    void showStored(const Report& report);
    bool showsStored() const { return m_stored.has_value(); }
    // The settings of the run whose results are shown (a stored run's, else the last run's while
    // its results are on the grid); null when the grid shows none. The title's <0Fill> names the
    // data of the figures on screen, not of the next run.
    const RunSettings* shownRunSettings() const;

    // The results in run order (reads, then writes, then mix), with the last run's settings,
    // region and warnings; `settings` before any run.
    RunResult run(const RunSettings& settings) const;
    // What the reports and the image describe: the stored run, or the results shown with the
    // last run's header (its target as described on the job's thread; only the path, `target`,
    // before any run) and `settings`' profile. `comment` is the one in the window now.
    Report report(const GuiSettings& settings, const QString& target, const QString& comment) const;

Q_SIGNALS:
    void resultsChanged(); // a result came or went: the tiles draw again

private:
    std::vector<TestRow> m_rows;
    std::map<std::pair<size_t, Direction>, TestResult> m_results;
    std::map<std::pair<size_t, Direction>, std::vector<TemperatureSample>> m_temperatures; // as temperatures()
    std::set<std::pair<size_t, Direction>> m_lastRunsResults; // the results the last run made
    std::vector<std::pair<size_t, Direction>> m_runTests; // of the run going on, or the last one
    std::optional<RunResult> m_lastRun; // settings, region and warnings of the last run
    std::optional<ReportHeader> m_lastHeader; // its header, made on the job's thread
    QDateTime m_runDate;
    QString m_runTarget;
    std::optional<Report> m_stored; // a run from the history
};

} // namespace dm
