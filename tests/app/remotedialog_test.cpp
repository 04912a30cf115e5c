// SPDX-License-Identifier: GPL-3.0-or-later
// File › Run on Hosts… (issue 17) against real fio servers on 127.0.0.1 and ::1: the window's
// tests on two hosts with progress per host while the window keeps drawing, the comparison opening
// when done, the runs in the History tab told apart by host, Stop, bad host lines, and no test
// file left in a host's directory.
#include "appoptions.h"
#include "comparedialog.h"
#include "eventually.h"
#include "fioservers.h"
#include "historymodel.h"
#include "historypage.h"
#include "historyservice.h"
#include "mainwindow.h"
#include "offscreenapp.h"
#include "remotedialog.h"
#include "testtargets.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QDir>
#include <QElapsedTimer>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QTableWidget>
#include <QTimer>
#include <gtest/gtest.h>

#include <functional>

using namespace dm;
using namespace dm::test;

namespace {

QApplication& app() { return offscreenApp(); }

struct Fixture {
    ScratchDir scratch;
    QString db = QString::fromStdString(scratch.path()) + QStringLiteral("/history.sqlite");
    QString dir(const QString& name) const
    {
        const QString d = QString::fromStdString(scratch.path()) + QLatin1Char('/') + name;
        QDir().mkpath(d);
        return d;
    }
    AppOptions options() const
    {
        AppOptions o;
        o.historyPath = db;
        return o;
    }
    GuiSettings settings(double measure) const
    {
        GuiSettings s = defaultGuiSettings();
        s.run.count = 1;
        s.run.measureSeconds = measure;
        s.run.warmupSeconds = 0;
        s.run.intervalSeconds = 0;
        s.run.testSize = 16 * MiB;
        s.mode = Mode::Read;
        s.rows = { TestRow { Pattern::Random, 4096, 1, 1 } }; // one row, one direction: quick
        s.targetPath = QString::fromStdString(scratch.path());
        return s;
    }
};

RemoteDialog* openDialog(MainWindow& w)
{
    auto* action = w.findChild<QAction*>(QStringLiteral("runOnHosts"));
    if (!action)
        return nullptr;
    action->trigger();
    return w.findChild<RemoteDialog*>();
}

QStringList entries(const QString& d) { return QDir(d).entryList(QDir::AllEntries | QDir::NoDotAndDotDot); }

class RemoteWindow : public ::testing::Test {
protected:
    void SetUp() override
    {
        if (!haveTool("fio"))
            GTEST_SKIP() << "fio is not installed (apt-get install fio)";
        app();
    }
};

TEST_F(RemoteWindow, TwoHostsRunOffTheGuiThreadAndOpenTheComparison)
{
    FioServer a, b(true);
    ASSERT_TRUE(a.ready() && b.ready());
    Fixture f;
    const QString da = f.dir("a"), db = f.dir("b");
    MainWindow w(f.settings(1), f.options(), false);
    RemoteDialog* d = openDialog(w);
    ASSERT_NE(d, nullptr);
    d->hostsEdit()->setPlainText(a.spec(da) + QStringLiteral("\n\n") + b.spec(db) + QLatin1Char('\n'));
    int exitCode = -1;
    QObject::connect(d, &RemoteDialog::finished, d, [&](int code) { exitCode = code; });

    // The event loop must keep turning while fio runs: the longest gap between two 20 ms ticks.
    QElapsedTimer tick;
    qint64 longest = 0;
    QTimer timer;
    QObject::connect(&timer, &QTimer::timeout, [&] {
        longest = std::max(longest, tick.restart());
    });
    QStringList statesSeen;
    QObject::connect(&timer, &QTimer::timeout, [&] {
        if (d->table()->rowCount() == 2 && d->table()->item(0, 1)
            && !statesSeen.contains(d->table()->item(0, 1)->text()))
            statesSeen << d->table()->item(0, 1)->text();
    });
    tick.start();
    timer.start(20);
    d->runButton()->click();
    ASSERT_TRUE(d->running());
    ASSERT_TRUE(eventually([&] { return exitCode >= 0; }, 120000)) << "the run never ended";
    timer.stop();
    EXPECT_EQ(exitCode, 0) << d->statusLabel()->text().toStdString();
    EXPECT_LT(longest, 500) << "the window stopped drawing for " << longest << " ms";
    EXPECT_TRUE(statesSeen.contains(QStringLiteral("Running"))) << statesSeen.join(',').toStdString();
    EXPECT_EQ(d->table()->item(0, 1)->text(), QStringLiteral("Done"));
    EXPECT_EQ(d->table()->item(1, 1)->text(), QStringLiteral("Done"));

    // The comparison opened with one row per host.
    ASSERT_NE(d->comparison(), nullptr);
    const Comparison& c = d->comparison()->comparison();
    ASSERT_EQ(c.runs.size(), 2u);
    EXPECT_TRUE(c.runs[0].label.contains(a.name())) << c.runs[0].label.toStdString();
    EXPECT_TRUE(c.runs[1].label.contains(b.name())) << c.runs[1].label.toStdString();
    ASSERT_EQ(c.columns.size(), 1u);
    EXPECT_GT(c.runs[0].cells[0].mbPerSec.value_or(0), 0);

    // The History tab: two runs, told apart by their host (in the Target column, as host:path).
    HistoryModel* model = w.historyPage()->model();
    ASSERT_TRUE(eventually([&] { return model->rowCount() == 2; }, 15000));
    QStringList targets;
    for (int row = 0; row < 2; ++row)
        targets << model->data(model->index(row, HistoryModel::Target), Qt::DisplayRole).toString();
    targets.sort();
    EXPECT_EQ(targets.join('|').toStdString(),
        (a.name() + QLatin1Char(':') + da + QLatin1Char('|') + b.name() + QLatin1Char(':') + db).toStdString());
    QStringList names;
    for (const HistoryEntry& e : w.historyPage()->model()->entries()) {
        EXPECT_EQ(e.source, QLatin1String(kSourceFio));
        names << HistoryModel::runName(e);
    }
    names.sort();
    EXPECT_TRUE(names.join('|').contains(QStringLiteral("@ ") + a.name())) << names.join('|').toStdString();
    EXPECT_TRUE(names.join('|').contains(QStringLiteral("@ ") + b.name())) << names.join('|').toStdString();
    EXPECT_TRUE(entries(da).isEmpty());
    EXPECT_TRUE(entries(db).isEmpty());

    // To look at (DM_SCREENSHOT_DIR=DIR): the dialog, the comparison, the History tab.
    if (const QString shots = qEnvironmentVariable("DM_SCREENSHOT_DIR"); !shots.isEmpty()) {
        d->grab().save(shots + "/remote-dialog.png");
        d->comparison()->grab().save(shots + "/remote-compare.png");
        w.tabs()->setCurrentWidget(w.historyPage());
        w.resize(1100, 700);
        processEventsFor(300);
        w.grab().save(shots + "/remote-history.png");
    }
}

TEST_F(RemoteWindow, StopTellsTheServersToStopAndLeavesNothing)
{
    FioServer a;
    ASSERT_TRUE(a.ready());
    Fixture f;
    const QString da = f.dir("a");
    MainWindow w(f.settings(30), f.options(), false);
    RemoteDialog* d = openDialog(w);
    ASSERT_NE(d, nullptr);
    d->hostsEdit()->setPlainText(a.spec(da));
    int exitCode = -1;
    QObject::connect(d, &RemoteDialog::finished, d, [&](int code) { exitCode = code; });
    d->runButton()->click();
    ASSERT_TRUE(eventually([&] { return QFileInfo::exists(da + "/diskometer-fio.tmp"); }, 60000));
    processEventsFor(1000); // measuring now
    QElapsedTimer stopping;
    stopping.start();
    d->stopButton()->click();
    ASSERT_TRUE(eventually([&] { return exitCode >= 0; }, 60000));
    EXPECT_EQ(exitCode, 130);
    EXPECT_LT(stopping.elapsed(), 10000) << "a 30-second pass was asked for";
    EXPECT_TRUE(d->statusLabel()->text().contains(QStringLiteral("Stopped"))) << d->statusLabel()->text().toStdString();
    EXPECT_EQ(d->comparison(), nullptr);
    EXPECT_TRUE(entries(da).isEmpty()) << entries(da).join(' ').toStdString();
}

TEST_F(RemoteWindow, BadHostLinesAreSaidAndNothingStarts)
{
    Fixture f;
    MainWindow w(f.settings(1), f.options(), false);
    RemoteDialog* d = openDialog(w);
    ASSERT_NE(d, nullptr);
    d->hostsEdit()->setPlainText(QStringLiteral("pi4.lan\n127.0.0.1:relative"));
    d->runButton()->click();
    EXPECT_FALSE(d->running());
    EXPECT_TRUE(d->statusLabel()->text().contains(QStringLiteral("'pi4.lan': no path on the host")))
        << d->statusLabel()->text().toStdString();
    EXPECT_TRUE(d->statusLabel()->text().contains(QStringLiteral("absolute")));
    d->hostsEdit()->setPlainText(QString());
    d->runButton()->click();
    EXPECT_FALSE(d->running());
    EXPECT_TRUE(d->statusLabel()->text().contains(QStringLiteral("at least one"))) << d->statusLabel()->text().toStdString();
}

} // namespace
