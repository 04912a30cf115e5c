// SPDX-License-Identifier: GPL-3.0-or-later
// The small-file page on a tmpfs folder: a run ends with every phase in the summary and the
// status line, its reports read back and no file left; Stop during the create phase ends the run
// at once and leaves nothing either.
#include "filespage.h"
#include "appsettings.h"
#include "mainwindow.h"
#include "offscreenapp.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QMenuBar>
#include <QTabWidget>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <gtest/gtest.h>

using namespace dm;
using namespace dm::test;

namespace {
QApplication& app() { return offscreenApp(); }

QStringList entries(const QString& dir)
{
    return QDir(dir).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot);
}
} // namespace

TEST(FilesPage, ARunShowsEveryPhaseAndLeavesNoFile)
{
    app();
    QTemporaryDir dir(QStringLiteral("/dev/shm/dm-filespage-XXXXXX"));
    ASSERT_TRUE(dir.isValid());
    FilesPage page;
    page.setTarget(dir.path());
    page.setFiles(200, 1024, 2);
    QSignalSpy ended(&page, &ToolPage::runEnded);
    ASSERT_TRUE(page.start()) << page.statusText().toStdString();
    ASSERT_TRUE(ended.wait(60000));
    EXPECT_EQ(ended.at(0).at(0).toInt(), 0) << page.statusText().toStdString();
    ASSERT_TRUE(page.report());
    for (const FilesPhaseResult& ph : page.report()->result.phases) {
        EXPECT_TRUE(ph.complete) << filesPhaseName(ph.id);
        EXPECT_EQ(ph.files, 200u) << filesPhaseName(ph.id);
    }
    EXPECT_TRUE(page.statusText().contains(QStringLiteral("files a second created"))) << page.statusText().toStdString();
    for (const char* phase : { "Create", "Stat", "Read", "Delete" })
        EXPECT_TRUE(page.summaryHtml().contains(QLatin1String(phase))) << phase;
    EXPECT_TRUE(page.summaryHtml().contains(QStringLiteral("came from memory"))) << page.summaryHtml().toStdString();
    const auto parsed = parseFilesJson(page.json());
    ASSERT_TRUE(parsed) << parsed.error().message;
    EXPECT_EQ(parsed->result.request.files, 200u);
    EXPECT_EQ(page.csv().count('\n'), 5);
    EXPECT_EQ(entries(dir.path()), QStringList {});
}

TEST(FilesPage, StopEndsTheRunAndLeavesNoFile)
{
    app();
    QTemporaryDir dir(QStringLiteral("/dev/shm/dm-filespage-XXXXXX"));
    ASSERT_TRUE(dir.isValid());
    FilesPage page;
    page.setTarget(dir.path());
    page.setFiles(400000, 0, 16);
    QSignalSpy ended(&page, &ToolPage::runEnded);
    ASSERT_TRUE(page.start());
    // Stop once the create phase is making files.
    QElapsedTimer waited;
    waited.start();
    while (waited.elapsed() < 20000 && entries(dir.path()).isEmpty())
        QTest::qWait(5);
    QTest::qWait(50);
    ASSERT_TRUE(page.isRunning());
    QElapsedTimer t;
    t.start();
    page.stop();
    ASSERT_TRUE(ended.wait(10000));
    EXPECT_LT(t.elapsed(), 3000);
    EXPECT_FALSE(page.isRunning());
    ASSERT_TRUE(page.report());
    EXPECT_TRUE(page.report()->result.cancelled);
    EXPECT_TRUE(page.statusText().startsWith(QStringLiteral("Stopped"))) << page.statusText().toStdString();
    EXPECT_EQ(entries(dir.path()), QStringList {});
}

// The tab's Alt key is its own: no other tab's and no menu's (Alt+F is the File menu's).
TEST(FilesPage, ItsTabsAcceleratorIsItsOwn)
{
    app();
    MainWindow window(defaultGuiSettings(), AppOptions {}, false);
    const auto mnemonic = [](const QString& text) {
        const qsizetype at = text.indexOf(QLatin1Char('&'));
        return at >= 0 && at + 1 < text.size() ? text.at(at + 1).toLower() : QChar();
    };
    const int index = window.tabs()->indexOf(window.page("files"));
    ASSERT_GE(index, 0);
    const QChar mine = mnemonic(window.tabs()->tabText(index));
    ASSERT_FALSE(mine.isNull());
    for (int i = 0; i < window.tabs()->count(); ++i)
        if (i != index) {
            EXPECT_NE(mnemonic(window.tabs()->tabText(i)), mine) << window.tabs()->tabText(i).toStdString();
        }
    for (QAction* menu : window.menuBar()->actions())
        EXPECT_NE(mnemonic(menu->text()), mine) << menu->text().toStdString();
}
