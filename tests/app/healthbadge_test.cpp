// SPDX-License-Identifier: GPL-3.0-or-later
// The drive's health beside the target (issue 15, part 2), on real targets: a loop device shows
// the status and the reason readDriveHealth() gives for it, read off the GUI thread; a folder on
// tmpfs (on no drive) shows nothing; a path changed before the first answer came shows the
// newest path's answer, never the older one; the grid and every page with a target carry it.
#include "drivehealth.h"
#include "healthbadge.h"
#include "mainwindow.h"
#include "offguithreadspy.h"
#include "offscreenapp.h"
#include "targetcombo.h"
#include "testtargets.h"

#include <QApplication>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>
#include <gtest/gtest.h>

using namespace dm;
using namespace dm::test;

namespace {

QApplication& app() { return offscreenApp(); }

// No D-Bus and no smartctl: what a loop device gets does not depend on this machine's daemons.
HealthSources local()
{
    HealthSources s;
    s.useUdisks = false;
    s.smartctl = QStringLiteral("-");
    return s;
}

} // namespace

TEST(HealthBadge, ShowsTheLoopDevicesStatusAndReasonReadOffTheGuiThread)
{
    app();
    LoopDevice loop("16M");
    if (!loop.ok())
        GTEST_SKIP() << "needs root and losetup for a loop device";
    const QString device = QString::fromStdString(loop.device());
    const DriveHealth expected = readDriveHealth(device, local());
    ASSERT_EQ(expected.status, HealthStatus::Unknown);
    OffGuiThreadSpy spy;
    HealthBadge badge(nullptr);
    badge.setSources(local());
    QSignalSpy updated(&badge, &HealthBadge::updated);
    badge.showFor(device);
    ASSERT_TRUE(updated.wait(10000));
    EXPECT_FALSE(badge.isHidden());
    EXPECT_EQ(badge.device(), device);
    EXPECT_TRUE(badge.text().contains(QStringLiteral("Health unknown"))) << badge.text().toStdString();
    EXPECT_TRUE(badge.toolTip().contains(expected.reason)) << badge.toolTip().toStdString();
    const auto threads = spy.threads("drive health");
    ASSERT_EQ(threads.size(), 1u);
    EXPECT_NE(threads[0], app().thread());
}

TEST(HealthBadge, AFolderOnNoDriveShowsNothing)
{
    app();
    HealthBadge badge(nullptr);
    badge.setSources(local());
    badge.show();
    QSignalSpy updated(&badge, &HealthBadge::updated);
    badge.showFor(QStringLiteral("/dev/shm")); // tmpfs: memory, no drive to ask
    ASSERT_TRUE(updated.wait(10000));
    EXPECT_TRUE(badge.isHidden());
    EXPECT_TRUE(badge.device().isEmpty());
}

TEST(HealthBadge, OnlyTheNewestPathsAnswerIsShown)
{
    app();
    LoopDevice loop("16M");
    if (!loop.ok())
        GTEST_SKIP() << "needs root and losetup for a loop device";
    HealthBadge badge(nullptr);
    badge.setSources(local());
    QSignalSpy updated(&badge, &HealthBadge::updated);
    badge.showFor(QString::fromStdString(loop.device()));
    badge.showFor(QStringLiteral("/dev/shm")); // before the loop device's answer
    ASSERT_TRUE(updated.wait(10000));
    QTest::qWait(300); // the loop device's answer, had it been drawn, would be here by now
    EXPECT_EQ(updated.count(), 1);
    EXPECT_TRUE(badge.isHidden());
    EXPECT_TRUE(badge.device().isEmpty());
}

TEST(HealthBadge, AfterARunItShowsTheRunsStartAndEndUntilAnotherTargetIsChosen)
{
    app();
    HealthBadge badge(nullptr);
    badge.setSources(local());
    QSignalSpy updated(&badge, &HealthBadge::updated);
    badge.showFor(QStringLiteral("/dev/shm"));
    ASSERT_TRUE(updated.wait(10000));
    ASSERT_TRUE(badge.isHidden());

    RunHealth run;
    run.device = QStringLiteral("/dev/nvme0n1");
    run.model = QStringLiteral("Samsung SSD 980 PRO 1TB");
    run.start = HealthMoment { HealthStatus::Good, QStringLiteral("SMART reports no problem (udisks2)"), 38.2 };
    run.end = HealthMoment { HealthStatus::Good, QStringLiteral("SMART reports no problem (udisks2)"), 44.4 };
    run.temperatures = { { 0, 38.2 }, { 2, 47.1 }, { 4, 44.4 } };
    badge.showRun(run);
    EXPECT_FALSE(badge.isHidden());
    EXPECT_TRUE(badge.text().contains(QStringLiteral("Good · 38 → 44 °C"))) << badge.text().toStdString();
    EXPECT_TRUE(badge.toolTip().contains(QStringLiteral("Samsung SSD 980 PRO 1TB (/dev/nvme0n1)")))
        << badge.toolTip().toStdString();
    EXPECT_TRUE(badge.toolTip().contains(QStringLiteral("47 °C"))) << badge.toolTip().toStdString();
    EXPECT_EQ(badge.device(), run.device);

    badge.showRun(RunHealth {}); // a run on no drive leaves the picture as it was
    EXPECT_TRUE(badge.text().contains(QStringLiteral("38 → 44 °C")));

    badge.showFor(QStringLiteral("/dev/shm/")); // another target: read again
    ASSERT_TRUE(updated.wait(10000));
    EXPECT_TRUE(badge.isHidden());
}

TEST(HealthBadge, TheGridAndEveryPageWithATargetFollowItsCombo)
{
    app();
    MainWindow window(defaultGuiSettings(), AppOptions {}, false);
    for (int i = 0; i < window.tabs()->count(); ++i) {
        QWidget* page = window.tabs()->widget(i);
        const auto combos = page->findChildren<TargetCombo*>();
        const auto badges = page->findChildren<HealthBadge*>();
        EXPECT_EQ(badges.size(), combos.size()) << window.tabs()->tabText(i).toStdString();
    }
}
