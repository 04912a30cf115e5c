// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "historyentry.h"
#include "error.h"

#include <QStringList>
#include <QWidget>

#include <functional>
#include <vector>

class QPushButton;

namespace dm {

struct AppOptions;

// What the window knows of a test's page, the grid's (gridpage.h) and every other kind's
// (toolpage.h) alike: it makes them from pageregistry.cpp, lists them as tabs, sets them up from
// the command line, lets one test run at a time, stores their finished runs in the history and
// takes the exit code of the one --page named. Anything else of a page is its own.
class TestPage : public QWidget {
    Q_OBJECT
public:
    using QWidget::QWidget;

    // Starts the test with the settings shown (the grid: every test of the profile); false when
    // it cannot (the status says why, and runEnded() follows when nobody is at the window).
    virtual bool start() = 0;
    virtual void stop() = 0;
    // A test runs, or the page waits before it (for the target's kind, for UDisks2 to open a device).
    virtual bool isRunning() const = 0;
    // The button that starts and stops it (the grid's All).
    virtual QPushButton* startButton() const = 0;
    virtual QString statusText() const = 0;
    // Adds a line to the status (the history's answer after a run), for the user to read.
    virtual void addStatusNote(const QString& note) = 0;
    // "The surface scan": this page's run in the history's messages, in the user's language.
    virtual QString runWhat() const = 0;
    // Its tab: "Surface s&can", and what the tab's tooltip says (empty: none).
    virtual QString tabTitle() const = 0;
    virtual QString tabToolTip() const { return {}; }
    // The command line's choices that concern this page (--target, --size, --comment, the
    // --save-* files, ...); `current` when --page named it (the grid's: when no --page did).
    virtual void applyOptions(const AppOptions& options, bool current) = 0;
    // The window's contents as a PNG, for --save-image and Save Image.
    virtual bool saveImage(const QString& path) = 0;

    // The last run that completed, as the history stores it: made on the history's thread (it
    // may format JSON), never here. Asked for after runCompleted().
    using HistoryRuns = std::function<Result<std::vector<HistoryInput>>()>;
    virtual HistoryRuns historyRuns() const = 0;
    // The page's run as its JSON document, made off the GUI thread (the grid formats it there),
    // for Save as Web Page; empty when the page has no run to save.
    virtual std::function<QByteArray()> reportDocument() const = 0;

    // What File › Run on Hosts runs from this tab on ssh:// hosts (issue 31): the settings shown,
    // as `diskometer-cli KIND` options said by the kind's own KINDCliArguments (next to its
    // command), without the target (each host's PATH is the target) or anything of this
    // machine's (a UDisks2 descriptor). The kind is the page registry's. An error, in the user's
    // language, when these settings cannot be run there: the dialog says it and runs nothing else.
    virtual Result<QStringList> hostsRun() const;
    // Shows a stored run of this page's kind (its JSON document, and its CSV as the history's
    // thread formatted it) as if it had just finished, for a Run on Hosts row: its Save buttons
    // then save that run. False, with nothing changed, when the page cannot.
    virtual bool showStoredRun(const QByteArray& json, const QByteArray& csv)
    {
        Q_UNUSED(json);
        Q_UNUSED(csv);
        return false;
    }

    // One test at a time, whichever page it is on (two would measure each other): while another
    // page's test runs, this page's button is off and a start is refused.
    void setOtherTestRunning(bool running);
    bool otherTestRunning() const { return m_otherRunning; }

Q_SIGNALS:
    void runningChanged(bool running);
    // A run that measured something and was not stopped: historyRuns() has it now.
    void runCompleted();
    // After every run, and after a start that was refused or stopped before it began, once this
    // page's --save-* files are written: the exit code as diskometer-cli's (0; 1 when the test
    // failed or found errors; 2 when it could not run or a file could not be written; 130 stopped).
    void runEnded(int exitCode);

private:
    bool m_otherRunning = false;
};

} // namespace dm
