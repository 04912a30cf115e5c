// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "drivelinelabel.h"
#include "explanations.h"
#include "healthbadge.h"
#include "offguithread.h"
#include "phasetext.h"
#include "runheader.h"
#include "testpage.h"
#include "toolrunner.h"

#include <QWidget>

#include <optional>
#include <unistd.h>

class QFormLayout;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QVBoxLayout;

#include <functional>

namespace dm {

class DeviceGate;
class TargetCombo;

// What the pages of the other tests (surface scan, sustained write, block-size sweep, capacity
// check) share: their settings on top with Start/Stop, a chart that grows while the test runs,
// the summary beside it, progress with the time left, a comment, and saving the image, CSV and
// JSON. The test itself runs on the page's ToolRunner thread; the page only draws what it posts
// back. The window sees it as a TestPage (testpage.h), as it sees the grid's.
class ToolPage : public TestPage {
    Q_OBJECT
public:
    explicit ToolPage(QWidget* parent = nullptr);
    ~ToolPage() override;

    bool start() override;
    void stop() override;
    bool isRunning() const override { return m_runner->isRunning() || m_waiting; }
    QPushButton* startButton() const override { return m_startButton; }
    QString statusText() const override;
    void addStatusNote(const QString& note) override;
    // --comment, --quit-when-done and, when `current` and --start, the --save-image/--save-json/
    // --save-csv files written after the run; then the kind's own (applyKindOptions).
    void applyOptions(const AppOptions& options, bool current) final;
    bool saveImage(const QString& path) override;
    HistoryRuns historyRuns() const override;
    std::function<QByteArray()> reportDocument() const override;

    bool hasResult() const { return m_hasResult; }
    void setComment(const QString& comment);
    // Nobody at the window (--quit-when-done): a write to a device is refused, not asked.
    void setUnattended(bool unattended);

    // The reports of the last result (empty without one), as its job formatted them.
    QByteArray csv() const { return m_files.csv; }
    QByteArray json() const { return m_files.json; }

protected:
    // Builds the request from the settings and starts the runner; on a refusal, sets the status
    // and returns false. May also start waiting for something first (setWaiting) and start later.
    virtual bool launch() = 0;
    // The name of this test in file names ("scan", "sustained", "sweep").
    virtual QString fileKind() const = 0;
    // The last run ended with a result and was not stopped: a finished run, kept in the history.
    virtual bool completedRun() const = 0;
    // The command line's choices that concern this kind (--target, --size, --measure, ...).
    virtual void applyKindOptions(const AppOptions& options, bool current) = 0;
    // A reading of the drive's temperature while this page's test runs, seconds from the run
    // header's start (runheader.h), on the GUI thread; drives without a sensor give none.
    virtual void onTemperature(const TemperatureSample& reading) { Q_UNUSED(reading); }

protected:
    ToolRunner* runner() const { return m_runner; }
    // A kind's report formatter: formatScanJson, formatScanCsv, ...
    template <class Report> using Format = QByteArray (*)(const Report&);
    // Starts a kind's run on the runner, the same way for every page: `run(request, post, cancel)`
    // runs the engine on the job's thread and hands values to the GUI thread with post(fn); the
    // run header is probed around it there (runheader.h: the target's description and every
    // target warning), a descriptor UDisks2 opened is closed after it, the report `{ result,
    // header }` is formatted there too, by `jsonOf` and `csvOf` (the page's json() and csv(): the
    // GUI thread never formats one), and `finished(result, header)` runs on the GUI thread after
    // everything the run posted. Everything the job touches is captured or posted: it may
    // outlive the page's own members while the window closes, never the runner. False while a
    // job runs.
    template <class Report, class Request, class Run, class Finished>
    bool startJob(Request request, Run run, Format<Report> jsonOf, Format<Report> csvOf, Finished finished)
    {
        ToolRunner* runner = m_runner;
        return runner->start([this, runner, request = std::move(request), comment = comment(), run = std::move(run),
                                 jsonOf, csvOf, finished = std::move(finished)](const std::atomic<bool>& cancel) {
            const auto post = [runner](std::function<void()> fn) { runner->post(std::move(fn)); };
            // The drive's temperature while the test runs, for the page to draw (onTemperature).
            const RunHeaderProbe probe(QString::fromStdString(request.target),
                [post, this](const TemperatureSample& reading) { post([this, reading] { onTemperature(reading); }); });
            auto result = run(request, post, cancel);
            if (request.fd >= 0)
                ::close(request.fd);
            ReportHeader header;
            ReportFiles files;
            if (result) {
                header = probe.finish(*result, comment, result->fastest);
                const Report report { *result, header };
                noteOffGuiThread("page report");
                files = { jsonOf(report), csvOf(report) };
            }
            // Runs on the GUI thread, where the runner (this page's child) still lives: so does the page.
            runner->post(
                [this, finished, result = std::move(result), header = std::move(header), files = std::move(files)] {
                    m_files = files;
                    if (m_health)
                        m_health->showRun(header.health);
                    if (m_driveLine && result)
                        m_driveLine->showRun(header.target);
                    finished(result, header);
                });
        });
    }
    QFormLayout* settingsForm() const { return m_settings; }
    // The target's row of the settings: the combo and, beside it, its drive's health; and the
    // drive line above the comment, which follows the same combo.
    void addTargetRow(const QString& label, TargetCombo* target);
    void setChart(QWidget* chart);
    void setSummary(const QString& html);
    void setStatus(const QString& text);
    // fraction < 0 hides the bar; secondsLeft < 0 shows no time.
    void setProgress(double fraction, double secondsLeft);
    // A phase the run reported (runevents.h): the bar, the time left and the status line.
    void showPhase(const RunPhase& phase, const PhaseWords& words);
    // Called by a page when its job's result has arrived (ok: there is something to save).
    void showResult(bool ok, const QString& status);
    // A stored run shown (TestPage::showStoredRun), as a job's end shows its run: its reports are
    // what Save writes, its header's drive and health are shown beside the target.
    void showStoredFiles(const QByteArray& json, const QByteArray& csv, const ReportHeader& header)
    {
        m_files = { json, csv };
        if (m_health)
            m_health->showRun(header.health);
        if (m_driveLine)
            m_driveLine->showRun(header.target);
    }
    // Under the chart, as under the grid: the run's warnings and its explanations (the kind's
    // explainScan()/explainSustained()/explainSweep(), which its reports also carry).
    void showExplanations(const std::vector<std::string>& runWarnings, std::vector<Explanation> explanations);
    void setWaiting(bool waiting); // a device being opened through UDisks2 before the run
    QString comment() const;
    // Widgets disabled while a test runs (the settings).
    void lockWhileRunning(QWidget* widget) { m_locked << widget; }
    // The typed confirmation before anything is written to a device (the grid's dialog).
    bool confirmDeviceWrite(const QString& device);
    // Runs `start(isBlockDevice)` and answers what it returns: at once for a path under /dev,
    // otherwise once DeviceGate::kindOf() has looked at the path off the GUI thread (a folder
    // may be on a mount that does not answer), the page waiting meanwhile (Stop drops the
    // answer); then true, and a refusal by `start` ends the run as one at once would.
    bool launchWhenKindKnown(const QString& path, std::function<bool(bool device)> start);
    // Runs `then` with a descriptor for `device`: -1 when this user may open it, else one that
    // UDisks2 opened once polkit agreed (asynchronously: the page waits meanwhile). `then` owns it.
    void openDeviceThen(const QString& device, bool write, std::function<void(int fd)> then);

private:
    void onRunningChanged(bool running);
    // The run is over (ok: it measured and was not stopped, or failed before it began): the
    // --save-* files when this page is automated, then runEnded() with the exit code.
    void endRun(bool ok);
    void saveInteractive(const QString& suffix, const QString& filter);

    struct ReportFiles {
        QByteArray json, csv;
    };

    ToolRunner* m_runner;
    ReportFiles m_files; // of the last result
    QFormLayout* m_settings;
    QPushButton* m_startButton;
    QVBoxLayout* m_chartBox;
    QLabel* m_summary;
    class ExplanationPanel* m_explanations;
    QProgressBar* m_progress;
    QLabel* m_status;
    QLineEdit* m_comment;
    QList<QPushButton*> m_saveButtons;
    HealthBadge* m_health = nullptr; // beside the target (addTargetRow); a page without a target has none
    DriveLineLabel* m_driveLine = nullptr; // above the comment (addTargetRow), the same
    QVBoxLayout* m_layout = nullptr;
    QList<QWidget*> m_locked;
    DeviceGate* m_gate; // the typed confirmation and UDisks2, as for the grid
    bool m_hasResult = false;
    bool m_lastOk = false;
    bool m_waiting = false;
    // What --start with --page naming this page asks for after the run (empty paths: nothing).
    struct Automation {
        QString image, json, csv, html;
        bool quitWhenDone = false;
    } m_automation;
};

// "2:05" for a count of seconds, as the grid's status line shows time left.
QString clockText(double seconds);

} // namespace dm
