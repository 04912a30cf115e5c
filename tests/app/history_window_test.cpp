// SPDX-License-Identifier: GPL-3.0-or-later
// The window and the history (issue 7), each test with its own SQLite file in a scratch
// directory: finished grid and sweep runs appear in the History tab; rename and delete (after
// the confirmation) change the rows; three runs compare as three bar sets and three table rows;
// a corrupt file is set aside with a notice and the window still starts; a locked file never
// stops the window from drawing, and the failed store is reported with the JSON kept; the MB/s
// columns are as wide as their headers and figures need, however long a run's name is.
#include "appoptions.h"
#include "comparedialog.h"
#include "eventually.h"
#include "fakereport.h"
#include "gridpage.h"
#include "historyimport.h"
#include "historymodel.h"
#include "historypage.h"
#include "historyservice.h"
#include "historystore.h"
#include "mainwindow.h"
#include "offscreenapp.h"
#include "sweeppage.h"
#include "testtargets.h"

#include <QApplication>
#include <QBarSeries>
#include <QBarSet>
#include <QComboBox>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QRandomGenerator>
#include <QSettings>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTest>
#include <QTimer>
#include <gtest/gtest.h>

using namespace dm;
using namespace dm::test;

namespace {

QApplication& app() { return offscreenApp(); }

GuiSettings quickSettings(const std::string& target)
{
    GuiSettings s = defaultGuiSettings();
    s.run.count = 1;
    s.run.measureSeconds = 0.5;
    s.run.warmupSeconds = 0.1;
    s.run.intervalSeconds = 0;
    s.run.testSize = 16 * MiB;
    s.mode = Mode::Read; // four tests: enough to store, quick to run
    s.targetPath = QString::fromStdString(target);
    return s;
}

struct Fixture {
    ScratchDir dir;
    QString db = QString::fromStdString(dir.path()) + QStringLiteral("/history.sqlite");
    AppOptions options()
    {
        AppOptions o;
        o.historyPath = db;
        return o;
    }
};

// Stores grid runs straight into the file (another connection, as a CLI would), named a, b, ...
std::vector<qint64> seed(const QString& db, int count)
{
    HistoryStore store(db);
    std::vector<qint64> ids;
    for (int i = 0; i < count; ++i) {
        Report r = fakeReport();
        for (TestResult& t : r.run.tests)
            for (PassResult& p : t.passes)
                p.bytes = uint64_t(double(p.bytes) * (1.0 + i)); // distinct figures per run
        r.date = r.date.addSecs(60 * i);
        HistoryInput in = historyInputFromReport(r);
        in.entry.name = QString(QChar('a' + i));
        auto id = store.add(in);
        EXPECT_TRUE(id) << (id ? "" : id.error().message);
        ids.push_back(id ? *id : 0);
    }
    return ids;
}

int rows(MainWindow& w) { return w.historyPage()->model()->rowCount(); }

// Clicks `button` of the next modal message box or dialog, once it is shown.
void answerNextDialog(std::function<void(QWidget*)> answer)
{
    QTimer::singleShot(0, [answer] {
        QWidget* modal = nullptr;
        QElapsedTimer t;
        t.start();
        while (!(modal = QApplication::activeModalWidget()) && t.elapsed() < 5000)
            QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        if (modal)
            answer(modal);
    });
}

} // namespace

TEST(HistoryWindow, AFinishedGridRunAppearsInTheHistory)
{
    app();
    Fixture f;
    MainWindow w(quickSettings(f.dir.path()), f.options(), false);
    ASSERT_TRUE(eventuallyEq([&] { return w.history()->pending(); }, 0, 10000));
    EXPECT_EQ(rows(w), 0);
    QSignalSpy ended(&w, &MainWindow::runEnded);
    ASSERT_TRUE(w.gridPage()->startAll());
    ASSERT_TRUE(ended.wait(60000));
    ASSERT_EQ(ended.at(0).at(0).toInt(), 0);
    ASSERT_TRUE(eventuallyEq([&] { return rows(w); }, 1, 15000));
    const HistoryEntry& e = w.historyPage()->model()->entries().front();
    EXPECT_EQ(e.kind, QLatin1String(kKindGrid));
    ASSERT_TRUE(e.seqReadMBps);
    EXPECT_GT(*e.seqReadMBps, 0);
    EXPECT_FALSE(e.seqWriteMBps); // read-only run: no write figure made up
    ASSERT_TRUE(eventually([&] { return w.statusText().contains(QStringLiteral("run %1").arg(e.id)); }, 5000))
        << w.statusText().toStdString();
}

TEST(HistoryWindow, ASweepPageRunIsStoredToo)
{
    app();
    Fixture f;
    MainWindow w(quickSettings(f.dir.path()), f.options(), false);
    auto* page = qobject_cast<SweepPage*>(w.page(QStringLiteral("sweep")));
    ASSERT_TRUE(page);
    page->setTarget(QString::fromStdString(f.dir.path()));
    page->setRange(4 * KiB, 8 * KiB);
    RunSettings s = SweepRequest {}.settings;
    s.measureSeconds = 0.5;
    s.warmupSeconds = 0.1;
    s.testSize = 16 * MiB;
    page->setRunSettings(s);
    QSignalSpy ended(page, &ToolPage::runEnded);
    ASSERT_TRUE(page->start()) << page->statusText().toStdString();
    ASSERT_TRUE(ended.wait(60000));
    ASSERT_TRUE(eventuallyEq([&] { return rows(w); }, 1, 15000));
    EXPECT_EQ(w.historyPage()->model()->entries().front().kind, QLatin1String("sweep"));
    ASSERT_TRUE(eventually([&] { return page->statusText().contains(QStringLiteral("history")); }, 5000))
        << page->statusText().toStdString();
}

TEST(HistoryWindow, RenameUpdatesTheRowAndFilterFindsIt)
{
    app();
    Fixture f;
    const auto ids = seed(f.db, 2);
    MainWindow w(quickSettings(f.dir.path()), f.options(), false);
    ASSERT_TRUE(eventuallyEq([&] { return rows(w); }, 2, 10000));
    HistoryPage* page = w.historyPage();
    page->selectIds({ ids[0] });
    answerNextDialog([](QWidget* dialog) {
        dialog->findChild<QLineEdit*>(QStringLiteral("historyName"))->setText(QStringLiteral("Kingston stick"));
        dialog->findChild<QLineEdit*>(QStringLiteral("historyComment"))->setText(QStringLiteral("front port"));
        static_cast<QDialog*>(dialog)->accept();
    });
    page->renameSelected();
    ASSERT_TRUE(eventually(
        [&] {
            return page->model()->entryById(ids[0])
                && page->model()->entryById(ids[0])->name == QLatin1String("Kingston stick");
        },
        10000));
    EXPECT_EQ(page->model()->entryById(ids[0])->comment, QLatin1String("front port"));
    EXPECT_EQ(page->model()->entryById(ids[1])->name, QLatin1String("b")); // the other untouched
    page->filterEdit()->setText(QStringLiteral("kingston"));
    EXPECT_EQ(page->proxy()->rowCount(), 1);
    page->filterEdit()->clear();
    EXPECT_EQ(page->proxy()->rowCount(), 2);
}

TEST(HistoryWindow, DeleteAsksFirstAndRemovesOnlyWhenConfirmed)
{
    app();
    Fixture f;
    const auto ids = seed(f.db, 3);
    MainWindow w(quickSettings(f.dir.path()), f.options(), false);
    ASSERT_TRUE(eventuallyEq([&] { return rows(w); }, 3, 10000));
    HistoryPage* page = w.historyPage();
    page->selectIds({ ids[1] });
    QString question;
    answerNextDialog([&question](QWidget* box) {
        auto* m = static_cast<QMessageBox*>(box);
        question = m->informativeText();
        m->button(QMessageBox::Cancel)->click();
    });
    page->deleteSelected();
    EXPECT_TRUE(question.contains(QStringLiteral("run %1").arg(ids[1]))) << question.toStdString();
    QTest::qWait(300);
    ASSERT_TRUE(eventuallyEq([&] { return w.history()->pending(); }, 0, 5000));
    EXPECT_EQ(rows(w), 3); // cancelled: nothing removed

    page->selectIds({ ids[1] });
    answerNextDialog([](QWidget* box) { static_cast<QMessageBox*>(box)->button(QMessageBox::Yes)->click(); });
    page->deleteSelected();
    ASSERT_TRUE(eventuallyEq([&] { return rows(w); }, 2, 10000));
    EXPECT_FALSE(page->model()->entryById(ids[1]));
    EXPECT_TRUE(page->model()->entryById(ids[0]));
    EXPECT_TRUE(page->model()->entryById(ids[2]));
}

TEST(HistoryWindow, ThreeRunsCompareAsThreeBarSetsAndThreeRows)
{
    app();
    Fixture f;
    const auto ids = seed(f.db, 3);
    MainWindow w(quickSettings(f.dir.path()), f.options(), false);
    QSignalSpy shown(w.historyPage(), &HistoryPage::compareShown);
    w.historyPage()->compareIds(ids);
    ASSERT_TRUE(shown.wait(10000));
    CompareDialog* dialog = w.historyPage()->compareDialog();
    ASSERT_TRUE(dialog);
    EXPECT_EQ(dialog->bars()->barSets().size(), 3);
    EXPECT_EQ(dialog->table()->rowCount(), 3);
    EXPECT_EQ(dialog->table()->item(1, 0)->text(), QLatin1String("b"));
    // A grid's figures span more than 20x (SEQ1M Q8T1 against RND4K Q1T1): a log axis at first.
    EXPECT_EQ(dialog->barScale(), BarScale::Log);
    // Run b has twice run a's bytes: on a linear axis, its bar for the first test is twice as high.
    dialog->setChosenBarScale(BarScale::Linear);
    const double a = dialog->bars()->barSets().at(0)->at(0), b = dialog->bars()->barSets().at(1)->at(0);
    EXPECT_NEAR(b / a, 2.0, 0.01);
    for (const char* name : { "\n| a |", "\n| b |", "\n| c |" }) // a row per run
        EXPECT_TRUE(dialog->markdown().contains(name)) << name;
    EXPECT_EQ(dialog->csv().count("\r\n"), 4);
    const QString png = QString::fromStdString(f.dir.path()) + QStringLiteral("/compare.png");
    ASSERT_TRUE(dialog->saveImage(png));
    EXPECT_FALSE(QImage(png).isNull());
    dialog->close();
}

// The comparison's scale (issue 30): a window that keeps its settings opens the comparison on the
// scale the user chose last, in this window or an earlier one; one that does not (every other
// test's) neither reads nor writes it.
TEST(HistoryWindow, TheComparisonsScaleIsKeptInTheSettings)
{
    app();
    Fixture f;
    ScratchDir config;
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, QString::fromStdString(config.path()));
    QSettings().remove(QStringLiteral("compare/barScale"));
    const auto ids = seed(f.db, 2);
    const auto compare = [&ids](MainWindow& w) -> CompareDialog* {
        QSignalSpy shown(w.historyPage(), &HistoryPage::compareShown);
        w.historyPage()->compareIds(ids);
        return shown.wait(10000) ? w.historyPage()->compareDialog() : nullptr;
    };
    {
        MainWindow w(quickSettings(f.dir.path()), f.options(), true);
        CompareDialog* dialog = compare(w);
        ASSERT_TRUE(dialog);
        EXPECT_EQ(dialog->chosenBarScale(), std::nullopt);
        EXPECT_EQ(dialog->barScale(), BarScale::Log); // the figures decide: a grid's span 20x
        auto* box = dialog->findChild<QComboBox*>(QStringLiteral("barScale"));
        ASSERT_TRUE(box);
        box->setFocus();
        QTest::keyClick(box, Qt::Key_End); // Relative to the fastest
        EXPECT_EQ(dialog->barScale(), BarScale::Relative);
        EXPECT_EQ(QSettings().value(QStringLiteral("compare/barScale")).toString(), QStringLiteral("relative"));
        // The next comparison in this window opens on it.
        dialog->close();
        dialog = compare(w);
        ASSERT_TRUE(dialog);
        EXPECT_EQ(dialog->barScale(), BarScale::Relative);
        dialog->close();
    }
    {
        MainWindow w(quickSettings(f.dir.path()), f.options(), true);
        CompareDialog* dialog = compare(w);
        ASSERT_TRUE(dialog);
        EXPECT_EQ(dialog->chosenBarScale(), BarScale::Relative);
        EXPECT_EQ(dialog->barScale(), BarScale::Relative);
        dialog->close();
    }
    {
        MainWindow w(quickSettings(f.dir.path()), f.options(), false);
        CompareDialog* dialog = compare(w);
        ASSERT_TRUE(dialog);
        EXPECT_EQ(dialog->chosenBarScale(), std::nullopt);
        auto* box = dialog->findChild<QComboBox*>(QStringLiteral("barScale"));
        box->setFocus();
        QTest::keyClick(box, Qt::Key_Home);
        QTest::keyClick(box, Qt::Key_Down); // Linear, for this window only
        EXPECT_EQ(dialog->chosenBarScale(), BarScale::Linear);
        dialog->close();
    }
    EXPECT_EQ(QSettings().value(QStringLiteral("compare/barScale")).toString(), QStringLiteral("relative"));
}

TEST(HistoryWindow, ACorruptFileIsSetAsideAndTheWindowStartsWithANotice)
{
    app();
    Fixture f;
    {
        QFile file(f.db);
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
        QByteArray junk(64 * 1024, '\0');
        for (char& c : junk)
            c = char(QRandomGenerator::global()->generate());
        file.write(junk);
    }
    MainWindow w(quickSettings(f.dir.path()), f.options(), false);
    QMessageBox* notice = nullptr;
    ASSERT_TRUE(eventually(
        [&] { return (notice = w.findChild<QMessageBox*>(QStringLiteral("historyNotice"))) != nullptr; }, 10000));
    const QStringList kept = QDir(QString::fromStdString(f.dir.path()))
                                 .entryList({ QStringLiteral("history.sqlite.corrupt-*") }, QDir::Files);
    ASSERT_EQ(kept.size(), 1);
    EXPECT_TRUE(notice->informativeText().contains(kept.first())) << notice->informativeText().toStdString();
    ASSERT_TRUE(eventuallyEq([&] { return w.history()->pending(); }, 0, 5000));
    EXPECT_EQ(rows(w), 0); // a new, empty history; the window works
    EXPECT_TRUE(w.isEnabled());
}

TEST(HistoryWindow, ALockedFileNeverBlocksTheWindowAndTheFailureIsReported)
{
    app();
    Fixture f;
    seed(f.db, 1); // the file exists and is migrated: the lock below is the only obstacle
    QSqlDatabase other = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("locker"));
    {
        other.setDatabaseName(f.db);
        ASSERT_TRUE(other.open());
        QSqlQuery q(other);
        ASSERT_TRUE(q.exec(QStringLiteral("BEGIN EXCLUSIVE"))); // held until the end of the test

        AppOptions o = f.options();
        o.historyBusyTimeoutMs = 2000;
        MainWindow w(quickSettings(f.dir.path()), o, false);
        QSignalSpy failed(w.history(), &HistoryService::storeFailed);
        QSignalSpy ended(&w, &MainWindow::runEnded);
        ASSERT_TRUE(w.gridPage()->startAll());
        ASSERT_TRUE(ended.wait(60000));
        // While the store waits for the lock, the GUI thread keeps turning: no gap near the timeout.
        QElapsedTimer clock;
        clock.start();
        qint64 last = 0, worst = 0;
        QTimer tick;
        QObject::connect(&tick, &QTimer::timeout, [&] {
            worst = std::max(worst, clock.elapsed() - last);
            last = clock.elapsed();
        });
        tick.start(10);
        ASSERT_TRUE(failed.wait(15000));
        EXPECT_LT(worst, 500) << "the GUI thread stalled for " << worst << " ms";
        EXPECT_GT(clock.elapsed(), 500); // it really waited for the lock, off the GUI thread
        const QString message = failed.at(0).at(1).toString();
        EXPECT_TRUE(message.contains(QStringLiteral("unsaved"))) << message.toStdString();
        EXPECT_TRUE(w.statusText().contains(QStringLiteral("not stored")));
        const QStringList unsaved = QDir(QString::fromStdString(f.dir.path()) + QStringLiteral("/unsaved"))
                                        .entryList({ QStringLiteral("*.json") }, QDir::Files);
        EXPECT_EQ(unsaved.size(), 1); // the run's JSON, for Import later
        q.exec(QStringLiteral("ROLLBACK"));
    }
    other.close();
    other = QSqlDatabase();
    QSqlDatabase::removeDatabase(QStringLiteral("locker"));
}

TEST(HistoryWindow, CompareAndPageOptionsParse)
{
    auto o = parseAppOptions({ "diskometer", "--compare", "3,5, 8", "--page", "history" });
    ASSERT_TRUE(o) << o.error().message;
    EXPECT_EQ(o->compare, (QList<qint64> { 3, 5, 8 }));
    EXPECT_EQ(o->page, QLatin1String("history"));
    EXPECT_FALSE(parseAppOptions({ "diskometer", "--compare", "3" })); // one run is not a comparison
    EXPECT_FALSE(parseAppOptions({ "diskometer", "--compare", "3,x" }));
    EXPECT_FALSE(parseAppOptions({ "diskometer", "--compare", "3,4", "--start" }));
}

TEST(HistoryWindow, OpenInGridShowsTheStoredRunReadOnlyUntilTheNextRun)
{
    app();
    Fixture f;
    const auto ids = seed(f.db, 1);
    MainWindow w(quickSettings(f.dir.path()), f.options(), false);
    ASSERT_TRUE(eventuallyEq([&] { return rows(w); }, 1, 10000));
    w.historyPage()->selectIds(ids);
    w.historyPage()->openSelectedInGrid();
    ASSERT_TRUE(eventually([&] { return w.gridPage()->showsStoredReport(); }, 10000));
    EXPECT_EQ(w.tabs()->currentIndex(), 0);
    const Report shown = w.gridPage()->currentReport();
    EXPECT_EQ(shown.target.model, fakeReport().target.model); // the stored run's, not this machine's
    EXPECT_EQ(shown.run.tests.size(), fakeReport().run.tests.size());
    QSignalSpy ended(&w, &MainWindow::runEnded);
    ASSERT_TRUE(w.gridPage()->startAll());
    EXPECT_FALSE(w.gridPage()->showsStoredReport());
    ASSERT_TRUE(ended.wait(60000));
    EXPECT_NE(w.gridPage()->currentReport().target.model, fakeReport().target.model);
}

// Issue 14, item 14: History › Import of a report that is stored already adds nothing and says
// which run it is.
TEST(HistoryWindow, ImportingTheSameReportTwiceStoresItOnce)
{
    app();
    Fixture f;
    MainWindow w(quickSettings(f.dir.path()), f.options(), false);
    ASSERT_TRUE(eventuallyEq([&] { return w.history()->pending(); }, 0, 10000));
    const QString file = QString::fromStdString(f.dir.path()) + QStringLiteral("/r.json");
    QFile out(file);
    ASSERT_TRUE(out.open(QIODevice::WriteOnly));
    out.write(historyInputFromReport(fakeReport()).json);
    out.close();
    w.historyPage()->importFiles({ file });
    ASSERT_TRUE(eventuallyEq([&] { return rows(w); }, 1, 10000));
    w.historyPage()->importFiles({ file });
    ASSERT_TRUE(eventually(
        [&] { return w.historyPage()->statusText().contains(QStringLiteral("already in the history as run")); }, 10000))
        << w.historyPage()->statusText().toStdString();
    ASSERT_TRUE(eventuallyEq([&] { return w.history()->pending(); }, 0, 10000));
    EXPECT_EQ(rows(w), 1);
}

// Issue 14, item 13: the History tab's MB/s columns are never capped like the text columns: at
// the window's default size each is as wide as its header and its figure need, also beside a
// run whose name, comment and target are long (those columns are capped).
TEST(HistoryWindow, TheMBsColumnsAreWideEnoughAtTheDefaultSize)
{
    app();
    Fixture f;
    {
        HistoryStore store(f.db);
        HistoryInput in = historyInputFromReport(fakeReport());
        in.entry.name = QStringLiteral("Samsung SSD 990 PRO with Heatsink 4TB, the one in the lower M.2 slot");
        in.entry.comment = QStringLiteral("after the firmware update, case closed, fans at their quietest setting");
        in.entry.targetPath = QStringLiteral("/media/someone/a-rather-long-volume-label/benchmarks/diskometer/today");
        in.entry.seqReadMBps = 14321.98; // five digits and a group separator: the widest figure a drive gives
        in.entry.seqWriteMBps = 12987.65;
        in.entry.rndReadMBps = 107.25;
        in.entry.rndWriteMBps = 398.4;
        auto id = store.add(in);
        ASSERT_TRUE(id) << id.error().message;
    }
    GuiSettings settings = defaultGuiSettings(); // the default grid, which gives the window its width
    settings.targetPath = QString::fromStdString(f.dir.path());
    MainWindow w(settings, f.options(), false);
    w.resize(w.sizeHint()); // what show() gives where the screen has room (the offscreen one is small)
    w.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&w));
    ASSERT_TRUE(eventuallyEq([&] { return rows(w); }, 1, 10000));
    // As a user gets there: the list arrived while the grid's tab was in front.
    w.tabs()->setCurrentWidget(w.historyPage());
    QCoreApplication::processEvents();

    QTableView* table = w.historyPage()->table();
    const QFontMetrics metrics = table->fontMetrics();
    // What a cell needs to draw its text unelided: the style's text margin on each side (as
    // QCommonStyle draws item text) and the grid line.
    const int margins = 2 * (table->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, table) + 1)
        + (table->showGrid() ? 1 : 0);
    for (const int column :
        { HistoryModel::SeqRead, HistoryModel::SeqWrite, HistoryModel::RndRead, HistoryModel::RndWrite }) {
        SCOPED_TRACE(table->model()->headerData(column, Qt::Horizontal).toString().toStdString());
        const QString text = table->model()->index(0, column).data().toString();
        ASSERT_FALSE(text.isEmpty());
        const int width = table->columnWidth(column);
        EXPECT_GE(width, table->horizontalHeader()->sectionSizeHint(column)) << "the header is cut off";
        EXPECT_GE(width, metrics.horizontalAdvance(text) + margins) << "'" << text.toStdString() << "' is cut off";
        // Before the long texts, which would push them out of sight.
        for (const int wide : { HistoryModel::Link, HistoryModel::Comment, HistoryModel::Target })
            EXPECT_LT(table->horizontalHeader()->visualIndex(column), table->horizontalHeader()->visualIndex(wide));
    }
    // The first figure is in view without scrolling.
    EXPECT_LE(table->columnViewportPosition(HistoryModel::SeqRead) + table->columnWidth(HistoryModel::SeqRead),
        table->viewport()->width());
}
