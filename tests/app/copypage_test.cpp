// SPDX-License-Identifier: GPL-3.0-or-later
// The copy test's page (src/kinds/copy) on a folder in RAM with a small amount: the three bars
// and the summary once it ran, its reports read back, no file left; and Stop while a set is
// copied, with nothing left either.
#include "../engine/copytestdirs.h"
#include "copypage.h"
#include "mainwindow.h"
#include "offscreenapp.h"

#include <QApplication>
#include <QBarSet>
#include <QElapsedTimer>
#include <QLabel>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>
#include <gtest/gtest.h>

using namespace dm;
using namespace dm::test;

namespace {
QApplication& app() { return offscreenApp(); }

// The page's summary: the label that holds its table.
QString summaryText(const QWidget& page)
{
    for (const QLabel* l : page.findChildren<QLabel*>())
        if (l->text().contains(QStringLiteral("<table")))
            return l->text();
    return {};
}
}

TEST(CopyPage, CopiesTheThreeSetsShowsThemAndLeavesNoFile)
{
    app();
    ShmDir dir;
    CopyPage page;
    page.setTarget(QString::fromStdString(dir.path()));
    page.setSize(16 * MiB);
    QSignalSpy ended(&page, &ToolPage::runEnded);
    ASSERT_TRUE(page.start()) << page.statusText().toStdString();
    ASSERT_TRUE(ended.wait(60000));
    EXPECT_EQ(ended.at(0).at(0).toInt(), 0) << page.statusText().toStdString();
    ASSERT_TRUE(page.report());
    const CopyResult& r = page.report()->result;
    ASSERT_EQ(r.sets.size(), 3u);
    for (int i = 0; i < 3; ++i) {
        EXPECT_TRUE(r.sets[size_t(i)].done) << i;
        EXPECT_DOUBLE_EQ(page.bars()->at(i), r.sets[size_t(i)].mbPerSec()) << i; // the bar is the set's figure
    }
    EXPECT_TRUE(page.statusText().startsWith(QStringLiteral("Copied all three sets: ")))
        << page.statusText().toStdString();
    const QString summary = summaryText(page);
    EXPECT_TRUE(summary.contains(QStringLiteral("Program"))) << summary.toStdString();
    EXPECT_TRUE(summary.contains(QStringLiteral("64 files, 8 folders"))) << summary.toStdString();
    EXPECT_TRUE(summary.contains(QStringLiteral("2 files, 1 folder,"))) << summary.toStdString();
    EXPECT_TRUE(summary.contains(QStringLiteral("MB/s")));
    const auto parsed = parseCopyJson(page.json());
    ASSERT_TRUE(parsed) << parsed.error().message;
    EXPECT_EQ(parsed->result.request.size, 16 * MiB);
    EXPECT_EQ(page.csv().count('\n'), 4); // the header and a row per set
    EXPECT_TRUE(entriesOf(dir.path()).empty());
}

TEST(CopyPage, StopWhileCopyingEndsSoonAndLeavesNoFile)
{
    app();
    ShmDir dir;
    CopyPage page;
    page.setTarget(QString::fromStdString(dir.path()));
    page.setSize(2 * GiB);
    QSignalSpy ended(&page, &ToolPage::runEnded);
    ASSERT_TRUE(page.start());
    ASSERT_TRUE(
        QTest::qWaitFor([&] { return page.statusText().startsWith(QStringLiteral("Copying the ISO set")); }, 60000))
        << page.statusText().toStdString();
    QElapsedTimer t;
    t.start();
    page.stop();
    ASSERT_TRUE(ended.wait(5000));
    EXPECT_LT(t.elapsed(), 1500); // the engine's half second, and the header's end
    EXPECT_FALSE(page.isRunning());
    ASSERT_TRUE(page.report());
    EXPECT_TRUE(page.report()->result.cancelled);
    EXPECT_FALSE(page.completedRun()); // a stopped run is not stored
    EXPECT_TRUE(entriesOf(dir.path()).empty());
}

TEST(CopyPage, ItsTabIsInTheWindowWithAnAcceleratorNoOtherTabHas)
{
    app();
    MainWindow window(defaultGuiSettings(), AppOptions {}, false);
    QStringList keys;
    bool found = false;
    for (int i = 0; i < window.tabs()->count(); ++i) {
        const QString title = window.tabs()->tabText(i);
        found = found || title == QStringLiteral("C&opy");
        const qsizetype amp = title.indexOf(QLatin1Char('&'));
        ASSERT_GE(amp, 0) << title.toStdString() << " has no accelerator";
        const QString key = title.mid(amp + 1, 1).toLower();
        EXPECT_FALSE(keys.contains(key)) << title.toStdString() << " shares Alt+" << key.toStdString();
        keys << key;
    }
    EXPECT_TRUE(found);
}
