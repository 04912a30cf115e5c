// SPDX-License-Identifier: GPL-3.0-or-later
// File › Run on Hosts… (issues 17 and 31) against real fio servers on 127.0.0.1 and ::1 and a
// real sshd (tests/support/sshrig.h) running the diskometer-cli built here: the window's tests on
// two hosts with progress per host while the window keeps drawing, the comparison opening when
// done, the runs in the History tab told apart by host, an ssh:// host and a fio server in one
// run (each row's kind, version and stored run, which its row opens in the Benchmark tab), the
// current tab's test with that tab's settings on an ssh:// host (a sweep, a copy; its row opens
// in that tab) and what another kind refuses (a fio server, a write to a host's device), Stop
// (no remote diskometer-cli left), bad host lines, and no test file left in a host's directory.
#include "appoptions.h"
#include "capacitypage.h"
#include "comparedialog.h"
#include "copypage.h"
#include "copyreport.h"
#include "eventually.h"
#include "fioservers.h"
#include "historymodel.h"
#include "historypage.h"
#include "historyservice.h"
#include "mainwindow.h"
#include "offscreenapp.h"
#include "remotedialog.h"
#include "gridpage.h"
#include "sshrig.h"
#include "sweeppage.h"
#include "sweepreport.h"
#include "testtargets.h"
#include "translations.h"

#include <QAction>
#include <QApplication>
#include <QBarSet>
#include <QCheckBox>
#include <QDir>
#include <QElapsedTimer>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPalette>
#include <QPushButton>
#include <QStyleFactory>
#include <QTranslator>
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
        if (d->table()->rowCount() == 2 && d->table()->item(0, RemoteDialog::StateColumn)
            && !statesSeen.contains(d->table()->item(0, RemoteDialog::StateColumn)->text()))
            statesSeen << d->table()->item(0, RemoteDialog::StateColumn)->text();
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
    EXPECT_EQ(d->table()->item(0, RemoteDialog::StateColumn)->text(), QStringLiteral("Done"));
    EXPECT_EQ(d->table()->item(1, RemoteDialog::StateColumn)->text(), QStringLiteral("Done"));

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

// An ssh:// host: the sshd rig (root only) running the diskometer-cli built here, reached with
// the rig's own client config (DISKOMETER_SSH), set for this process while the rig lives.
class SshWindow : public RemoteWindow {
protected:
    void SetUp() override
    {
        RemoteWindow::SetUp();
        if (IsSkipped())
            return;
        m_rig = std::make_unique<SshRig>(QFileInfo(QStringLiteral(DM_CLI_PATH)).absolutePath());
        if (!m_rig->skipReason().isEmpty())
            GTEST_SKIP() << m_rig->skipReason().toStdString();
        ASSERT_TRUE(m_rig->ready()) << m_rig->error().toStdString();
        qputenv("DISKOMETER_SSH", (QStringLiteral("ssh -F ") + m_rig->clientConfig()).toUtf8());
    }
    void TearDown() override { qunsetenv("DISKOMETER_SSH"); }
    std::unique_ptr<SshRig> m_rig;
};

// For the screenshots (DM_SCREENSHOT_DIR): DM_SCREENSHOT_LANGUAGE=ja, DM_SCREENSHOT_PALETTE=dark;
// QT_SCALE_FACTOR for 2x. Undone when the test ends.
struct ScreenshotLook {
    ScreenshotLook()
    {
        if (qEnvironmentVariable("DM_SCREENSHOT_LANGUAGE") == QLatin1String("ja"))
            installTranslations(app(), QStringLiteral("ja"));
        if (qEnvironmentVariable("DM_SCREENSHOT_PALETTE") == QLatin1String("dark")) {
            QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
            QPalette p;
            const QColor window(0x2b, 0x2d, 0x31), base(0x1f, 0x21, 0x24), text(0xe8, 0xea, 0xed);
            p.setColor(QPalette::Window, window);
            p.setColor(QPalette::WindowText, text);
            p.setColor(QPalette::Base, base);
            p.setColor(QPalette::AlternateBase, window);
            p.setColor(QPalette::Text, text);
            p.setColor(QPalette::Button, QColor(0x3a, 0x3d, 0x42));
            p.setColor(QPalette::ButtonText, text);
            p.setColor(QPalette::PlaceholderText, QColor(0x9a, 0xa0, 0xa6));
            p.setColor(QPalette::Highlight, QColor(0x3d, 0xae, 0x6a));
            QApplication::setPalette(p);
        }
    }
    ~ScreenshotLook() { qDeleteAll(app().findChildren<QTranslator*>()); }
    // The window's words are the English the checks name, not the screenshot's Japanese.
    const bool english = qEnvironmentVariable("DM_SCREENSHOT_LANGUAGE") != QLatin1String("ja");
};

// With DM_SCREENSHOT_DIR set, the dialog as it ends, named by the language, palette and scale
// the run was given (remote-WHAT-LANGUAGE-PALETTE-SCALEx.png), for looking at.
void saveDialogShot(QWidget& dialog, QTableWidget& table, const QString& what)
{
    const QString shots = qEnvironmentVariable("DM_SCREENSHOT_DIR");
    if (shots.isEmpty())
        return;
    const QString name = QStringLiteral("remote-%1-%2-%3-%4x")
                             .arg(what, qEnvironmentVariable("DM_SCREENSHOT_LANGUAGE", QStringLiteral("en")),
                                 qEnvironmentVariable("DM_SCREENSHOT_PALETTE", QStringLiteral("light")),
                                 qEnvironmentVariable("QT_SCALE_FACTOR", QStringLiteral("1")));
    table.clearSelection();
    processEventsFor(200);
    dialog.grab().save(shots + QLatin1Char('/') + name + QStringLiteral(".png"));
}

// One ssh:// host and one fio server in one run from the dialog: each row says its kind, the ssh
// host its version; both runs are stored with their hosts, and each row opens its own host's run
// in the Benchmark tab.
TEST_F(SshWindow, AnSshHostAndAFioServerInOneRun)
{
    ScreenshotLook look;
    FioServer fio;
    ASSERT_TRUE(fio.ready());
    Fixture f;
    const QString ds = f.dir("ssh-host"), dfio = f.dir("fio-host");
    MainWindow w(f.settings(1), f.options(), false);
    RemoteDialog* d = openDialog(w);
    ASSERT_NE(d, nullptr);
    // The ssh host first: the rows keep the order given, whichever transport runs first.
    d->hostsEdit()->setPlainText(m_rig->spec(ds) + QLatin1Char('\n') + fio.spec(dfio));
    int exitCode = -1;
    QObject::connect(d, &RemoteDialog::finished, d, [&](int code) { exitCode = code; });
    bool stored = false;
    QObject::connect(d, &RemoteDialog::stored, d, [&] { stored = true; });
    d->runButton()->click();
    ASSERT_TRUE(d->running()) << d->statusLabel()->text().toStdString();
    ASSERT_TRUE(eventually([&] { return exitCode >= 0; }, 60000)) << "the run never ended";
    ASSERT_EQ(exitCode, 0) << d->statusLabel()->text().toStdString();
    QTableWidget* t = d->table();
    ASSERT_EQ(t->rowCount(), 2);
    const QString sshName = QStringLiteral("127.0.0.1:%1").arg(m_rig->port());
    EXPECT_EQ(t->item(0, RemoteDialog::HostColumn)->text(), sshName + QLatin1Char(':') + ds);
    EXPECT_EQ(t->item(0, RemoteDialog::ThroughColumn)->text(), QStringLiteral("Diskometer over SSH"));
    EXPECT_EQ(t->item(0, RemoteDialog::VersionColumn)->text(), QStringLiteral(DM_VERSION));
    EXPECT_EQ(t->item(0, RemoteDialog::StateColumn)->text(), QStringLiteral("Done"));
    EXPECT_EQ(t->item(1, RemoteDialog::HostColumn)->text(), fio.name() + QLatin1Char(':') + dfio);
    EXPECT_EQ(t->item(1, RemoteDialog::ThroughColumn)->text(), QStringLiteral("fio server"));
    EXPECT_EQ(t->item(1, RemoteDialog::StateColumn)->text(), QStringLiteral("Done"));
    EXPECT_TRUE(t->item(0, RemoteDialog::ErrorColumn)->text().isEmpty());

    // Stored with their hosts: the ssh host's a Diskometer run, the fio server's fio's.
    ASSERT_TRUE(eventually([&] { return stored; }, 15000));
    ASSERT_EQ(d->storedIds().size(), 2u);
    EXPECT_GT(d->storedIds()[0], 0);
    EXPECT_GT(d->storedIds()[1], 0);
    HistoryModel* model = w.historyPage()->model();
    ASSERT_TRUE(eventually([&] { return model->rowCount() == 2; }, 15000));
    const HistoryEntry* viaSsh = model->entryById(d->storedIds()[0]);
    const HistoryEntry* viaFio = model->entryById(d->storedIds()[1]);
    ASSERT_TRUE(viaSsh && viaFio);
    EXPECT_EQ(viaSsh->host, sshName);
    EXPECT_EQ(viaSsh->source, QLatin1String(kSourceDiskometer));
    EXPECT_EQ(viaSsh->kind, QLatin1String(kKindGrid));
    EXPECT_EQ(viaFio->host, fio.name());
    EXPECT_EQ(viaFio->source, QLatin1String(kSourceFio));

    // Each row opens its own host's run in the Benchmark tab: the ssh host's report is
    // Diskometer's own (the drive line's target is that host's directory), the fio server's fio's.
    std::optional<Report> opened;
    QObject::connect(d, &RemoteDialog::openReport, d, [&](const Report& r) { opened = r; });
    d->openRow(0);
    ASSERT_TRUE(eventually([&] { return opened.has_value(); }, 15000)) << d->statusLabel()->text().toStdString();
    EXPECT_EQ(opened->target.path, ds);
    EXPECT_TRUE(opened->toolName.startsWith(QStringLiteral("Diskometer"))) << opened->toolName.toStdString();
    processEventsFor(100);
    EXPECT_EQ(w.tabs()->currentWidget(), w.gridPage());
    EXPECT_EQ(w.gridPage()->currentReport().target.path, ds);
    opened.reset();
    t->setCurrentCell(1, 0);
    EXPECT_TRUE(d->openButton()->isEnabled());
    d->openButton()->click();
    ASSERT_TRUE(eventually([&] { return opened.has_value(); }, 15000)) << d->statusLabel()->text().toStdString();
    EXPECT_NE(opened->target.path, ds);
    EXPECT_TRUE(opened->toolName.toLower().contains(QStringLiteral("fio"))) << opened->toolName.toStdString();
    EXPECT_TRUE(entries(ds).isEmpty()) << entries(ds).join(' ').toStdString();
    EXPECT_TRUE(entries(dfio).isEmpty()) << entries(dfio).join(' ').toStdString();

    saveDialogShot(*d, *t, QStringLiteral("mixed"));
}

// From the Block sizes tab: the dialog says it runs that tab's sweep, and runs it with that tab's
// settings on the ssh:// host (the range set here, not the sweep's default, is what the host's
// stored report says it measured); the run is stored as a sweep of that host, and its row opens
// the report in the Block sizes tab.
TEST_F(SshWindow, TheCurrentTabsTestRunsOnAnSshHostWithItsSettings)
{
    ScreenshotLook look;
    Fixture f;
    const QString ds = f.dir("ssh-host");
    MainWindow w(f.settings(1), f.options(), false);
    auto* sweep = qobject_cast<SweepPage*>(w.page(QStringLiteral("sweep")));
    ASSERT_NE(sweep, nullptr);
    sweep->setRange(64 * KiB, 128 * KiB);
    RunSettings settings = SweepRequest {}.settings;
    settings.measureSeconds = 0.5;
    settings.warmupSeconds = 0;
    settings.testSize = 16 * MiB;
    sweep->setRunSettings(settings);
    w.tabs()->setCurrentWidget(sweep);
    RemoteDialog* d = openDialog(w);
    ASSERT_NE(d, nullptr);
    auto* intro = d->findChild<QLabel*>(QStringLiteral("intro"));
    ASSERT_NE(intro, nullptr);
    // The tab named by its title without the shortcut, in either language ("ブロックサイズ(&Z)").
    EXPECT_TRUE(look.english
            ? intro->text().startsWith(QStringLiteral("Block-size sweep, with the Block sizes tab's settings"))
            : intro->text().contains(QStringLiteral("「ブロックサイズ」タブの設定")))
        << intro->text().toStdString();
    d->hostsEdit()->setPlainText(m_rig->spec(ds));
    int exitCode = -1;
    QObject::connect(d, &RemoteDialog::finished, d, [&](int code) { exitCode = code; });
    bool stored = false;
    QObject::connect(d, &RemoteDialog::stored, d, [&] { stored = true; });
    QElapsedTimer took;
    took.start();
    d->runButton()->click();
    ASSERT_TRUE(d->running()) << d->statusLabel()->text().toStdString();
    ASSERT_TRUE(eventually([&] { return exitCode >= 0; }, 30000)) << "the run never ended";
    ASSERT_EQ(exitCode, 0) << d->statusLabel()->text().toStdString();
    const QString sshName = QStringLiteral("127.0.0.1:%1").arg(m_rig->port());
    QTableWidget* t = d->table();
    ASSERT_EQ(t->rowCount(), 1);
    if (look.english) {
        EXPECT_EQ(t->item(0, RemoteDialog::StateColumn)->text(), QStringLiteral("Done"));
    }

    ASSERT_TRUE(eventually([&] { return stored; }, 15000));
    HistoryModel* model = w.historyPage()->model();
    ASSERT_TRUE(eventually([&] { return model->rowCount() == 1; }, 15000));
    const HistoryEntry* run = model->entryById(d->storedIds()[0]);
    ASSERT_NE(run, nullptr);
    EXPECT_EQ(run->kind, QLatin1String("sweep"));
    EXPECT_EQ(run->host, sshName);
    ASSERT_EQ(d->outcome().hosts.size(), 1u);
    ASSERT_TRUE(d->outcome().hosts[0].run.has_value());
    auto report = parseSweepJson(d->outcome().hosts[0].run->json);
    ASSERT_TRUE(report) << report.error().message;
    EXPECT_EQ(report->result.request.minBlockSize, 64 * KiB);
    EXPECT_EQ(report->result.request.maxBlockSize, 128 * KiB);
    EXPECT_DOUBLE_EQ(report->result.request.settings.measureSeconds, 0.5);
    EXPECT_EQ(report->result.request.target, ds.toStdString());
    ASSERT_EQ(report->result.points.size(), 2u);

    // Its row opens it in the Block sizes tab, as that tab shows a sweep just finished.
    w.tabs()->setCurrentWidget(w.historyPage()); // the row brings its tab back
    d->openRow(0);
    ASSERT_TRUE(eventually([&] { return w.tabs()->currentWidget() == sweep && sweep->report(); }, 15000))
        << d->statusLabel()->text().toStdString();
    EXPECT_EQ(sweep->report()->result.request.target, ds.toStdString());
    EXPECT_EQ(sweep->plottedPoints(), 4); // two block sizes, read and write
    EXPECT_TRUE(entries(ds).isEmpty()) << entries(ds).join(' ').toStdString();
    EXPECT_LT(took.elapsed(), 15000);

    saveDialogShot(*d, *t, QStringLiteral("sweep"));
}

// Another kind than the sweep, each said by its own options (the rest by the round trips in
// tests/cli/kindarguments_test.cpp): from the Copy tab the host copies the size set there (not
// the command's default of 1 GiB), the run is stored as a copy of that host, and its row shows it
// in the Copy tab, the bars and the Save buttons those of that stored run.
TEST_F(SshWindow, TheCopyTabsSizeRunsOnAnSshHostAndItsRowOpensInTheCopyTab)
{
    Fixture f;
    const QString ds = f.dir("ssh-host");
    MainWindow w(f.settings(1), f.options(), false);
    auto* copy = qobject_cast<CopyPage*>(w.page(QStringLiteral("copy")));
    ASSERT_NE(copy, nullptr);
    copy->setSize(kMinCopySize);
    w.tabs()->setCurrentWidget(copy);
    RemoteDialog* d = openDialog(w);
    ASSERT_NE(d, nullptr);
    auto* intro = d->findChild<QLabel*>(QStringLiteral("intro"));
    ASSERT_NE(intro, nullptr);
    EXPECT_TRUE(intro->text().startsWith(QStringLiteral("Copy test, with the Copy tab's settings")))
        << intro->text().toStdString();
    d->hostsEdit()->setPlainText(m_rig->spec(ds));
    int exitCode = -1;
    QObject::connect(d, &RemoteDialog::finished, d, [&](int code) { exitCode = code; });
    bool stored = false;
    QObject::connect(d, &RemoteDialog::stored, d, [&] { stored = true; });
    d->runButton()->click();
    ASSERT_TRUE(d->running()) << d->statusLabel()->text().toStdString();
    ASSERT_TRUE(eventually([&] { return exitCode >= 0; }, 60000)) << "the run never ended";
    ASSERT_EQ(exitCode, 0) << d->statusLabel()->text().toStdString();
    ASSERT_TRUE(eventually([&] { return stored; }, 15000));
    const HistoryEntry* run = nullptr;
    ASSERT_TRUE(eventually([&] { return (run = w.historyPage()->model()->entryById(d->storedIds()[0])); }, 15000));
    EXPECT_EQ(run->kind, QLatin1String("copy"));
    EXPECT_EQ(run->host, QStringLiteral("127.0.0.1:%1").arg(m_rig->port()));
    ASSERT_EQ(d->outcome().hosts.size(), 1u);
    ASSERT_TRUE(d->outcome().hosts[0].run.has_value());
    const QByteArray json = d->outcome().hosts[0].run->json;
    auto report = parseCopyJson(json);
    ASSERT_TRUE(report) << report.error().message;
    EXPECT_EQ(report->result.request.size, kMinCopySize);
    EXPECT_EQ(report->result.request.target, ds.toStdString());
    ASSERT_EQ(report->result.sets.size(), 3u);

    w.tabs()->setCurrentWidget(w.historyPage()); // the row brings its tab back
    d->openRow(0);
    ASSERT_TRUE(eventually([&] { return w.tabs()->currentWidget() == copy && copy->report(); }, 15000))
        << d->statusLabel()->text().toStdString();
    EXPECT_EQ(copy->report()->result.request.target, ds.toStdString());
    for (int i = 0; i < 3; ++i)
        EXPECT_DOUBLE_EQ(copy->bars()->at(i), report->result.sets[size_t(i)].mbPerSec()) << i;
    EXPECT_TRUE(copy->hasResult());
    EXPECT_EQ(copy->json(), json); // Save writes the stored run, not an earlier one of this tab
    EXPECT_TRUE(copy->csv().startsWith("set,")) << copy->csv().left(80).toStdString();
    EXPECT_TRUE(entries(ds).isEmpty()) << entries(ds).join(' ').toStdString();
}

// fio's servers run only the grid: from another kind's tab, a fio server in the list is refused
// before anything runs, saying which and why. A scan that writes back is not started on a host
// from the window, nor a capacity probe of a device: the dialog says so and its Run stays off.
TEST_F(RemoteWindow, AnotherKindWithAFioServerIsRefused)
{
    Fixture f;
    MainWindow w(f.settings(1), f.options(), false);
    w.tabs()->setCurrentWidget(w.page(QStringLiteral("sweep")));
    RemoteDialog* d = openDialog(w);
    ASSERT_NE(d, nullptr);
    d->hostsEdit()->setPlainText(QStringLiteral("ssh://pi4.lan/mnt/ssd\nnas.lan:/srv/dm"));
    d->runButton()->click();
    EXPECT_FALSE(d->running());
    EXPECT_EQ(d->table()->rowCount(), 0);
    EXPECT_TRUE(d->statusLabel()->text().startsWith(QStringLiteral("nas.lan is a fio server, which runs only the grid")))
        << d->statusLabel()->text().toStdString();
    d->close();

    auto* scan = w.page(QStringLiteral("scan"));
    ASSERT_NE(scan, nullptr);
    auto* writeBack = scan->findChild<QCheckBox*>();
    ASSERT_NE(writeBack, nullptr);
    writeBack->setChecked(true);
    w.tabs()->setCurrentWidget(scan);
    d = nullptr;
    auto* action = w.findChild<QAction*>(QStringLiteral("runOnHosts"));
    action->trigger();
    for (RemoteDialog* each : w.findChildren<RemoteDialog*>())
        if (each->isVisible())
            d = each;
    ASSERT_NE(d, nullptr);
    EXPECT_FALSE(d->runButton()->isEnabled());
    EXPECT_TRUE(d->statusLabel()->text().startsWith(QStringLiteral("The surface scan writes back here")))
        << d->statusLabel()->text().toStdString();
    d->close();

    auto* capacity = qobject_cast<CapacityPage*>(w.page(QStringLiteral("capacity")));
    ASSERT_NE(capacity, nullptr);
    capacity->setTarget(QStringLiteral("/dev/sdz")); // a device: the check would be a probe
    w.tabs()->setCurrentWidget(capacity);
    d = nullptr;
    action->trigger();
    for (RemoteDialog* each : w.findChildren<RemoteDialog*>())
        if (each->isVisible())
            d = each;
    ASSERT_NE(d, nullptr);
    EXPECT_FALSE(d->runButton()->isEnabled());
    EXPECT_TRUE(d->statusLabel()->text().startsWith(QStringLiteral("The capacity check would probe a device here")))
        << d->statusLabel()->text().toStdString();
}

// Stop while an ssh host measures: its run there ends (no diskometer-cli is left on the host),
// nothing is stored, and its directory is empty.
TEST_F(SshWindow, StopEndsTheRunOnAnSshHost)
{
    Fixture f;
    const QString ds = f.dir("ssh-host");
    MainWindow w(f.settings(30), f.options(), false);
    RemoteDialog* d = openDialog(w);
    ASSERT_NE(d, nullptr);
    d->hostsEdit()->setPlainText(m_rig->spec(ds));
    int exitCode = -1;
    QObject::connect(d, &RemoteDialog::finished, d, [&](int code) { exitCode = code; });
    d->runButton()->click();
    const auto remoteRuns = [&] { return processesRunning(ds, QStringLiteral("diskometer-cli ")); };
    ASSERT_TRUE(eventually([&] { return !remoteRuns().empty(); }, 20000)) << "the host's run never started";
    processEventsFor(1000); // measuring now
    EXPECT_EQ(d->table()->item(0, RemoteDialog::StateColumn)->text(), QStringLiteral("Running"));
    QElapsedTimer stopping;
    stopping.start();
    d->stopButton()->click();
    ASSERT_TRUE(eventually([&] { return exitCode >= 0; }, 20000));
    EXPECT_EQ(exitCode, 130);
    EXPECT_LT(stopping.elapsed(), 10000) << "a 30-second pass was asked for";
    EXPECT_TRUE(d->statusLabel()->text().contains(QStringLiteral("Stopped"))) << d->statusLabel()->text().toStdString();
    EXPECT_TRUE(eventually([&] { return remoteRuns().empty(); }, 5000)) << "a diskometer-cli is left on the host";
    EXPECT_EQ(d->comparison(), nullptr);
    EXPECT_FALSE(d->openButton()->isEnabled());
    EXPECT_TRUE(entries(ds).isEmpty()) << entries(ds).join(' ').toStdString();
}

// Only ssh:// hosts with the Together box: they start each test at a barrier (sshremote.h), and
// the dialog says how close together, as measured over the connections.
TEST_F(SshWindow, TogetherOnSshHostsSaysTheSkewMeasured)
{
    Fixture f;
    const QString a = f.dir("a"), b = f.dir("b");
    MainWindow w(f.settings(1), f.options(), false);
    RemoteDialog* d = openDialog(w);
    ASSERT_NE(d, nullptr);
    d->hostsEdit()->setPlainText(m_rig->spec(a) + QLatin1Char('\n') + m_rig->spec(b, true));
    d->togetherBox()->setChecked(true);
    int exitCode = -1;
    QObject::connect(d, &RemoteDialog::finished, d, [&](int code) { exitCode = code; });
    d->runButton()->click();
    ASSERT_TRUE(eventually([&] { return exitCode >= 0; }, 60000)) << "the run never ended";
    ASSERT_EQ(exitCode, 0) << d->statusLabel()->text().toStdString();
    EXPECT_FALSE(d->outcome().barriers.empty());
    EXPECT_TRUE(d->statusLabel()->text().contains(QStringLiteral("Started together (barriers: 1): within ")))
        << d->statusLabel()->text().toStdString();
}

// fio's servers start at once by fio's client, ssh hosts by a barrier of their own: not both.
TEST_F(RemoteWindow, TogetherWithBothKindsIsRefused)
{
    Fixture f;
    MainWindow w(f.settings(1), f.options(), false);
    RemoteDialog* d = openDialog(w);
    ASSERT_NE(d, nullptr);
    d->hostsEdit()->setPlainText(QStringLiteral("ssh://pi4.lan/mnt/ssd\nnas.lan:/srv/dm"));
    d->togetherBox()->setChecked(true);
    d->runButton()->click();
    EXPECT_FALSE(d->running());
    EXPECT_TRUE(d->statusLabel()->text().contains(QStringLiteral("--together cannot start")))
        << d->statusLabel()->text().toStdString();
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
