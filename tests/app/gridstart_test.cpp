// SPDX-License-Identifier: GPL-3.0-or-later
// The grid's start asks whether its target is a device (stat(2)) off the GUI thread for any path
// outside /dev: a folder on a mount whose server does not answer (the FUSE rig, frozen with
// SIGSTOP, as a hung FUSE or NFS server) held the window from the click until the server
// answered. Now the click returns at once, the page is busy (Stop, the other pages' buttons off),
// Stop ends the wait, and the answer that comes once the mount thaws is dropped. The rig is
// frozen for 2.5 s only: everything on the machine that touches its mount waits meanwhile.
#include "appoptions.h"
#include "eventually.h"
#include "fuserig.h"
#include "gridpage.h"
#include "mainwindow.h"
#include "offguithreadspy.h"
#include "offscreenapp.h"
#include "testtargets.h"

#include <QElapsedTimer>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

using namespace dm;
using namespace dm::test;

TEST(GridStart, AFolderOnAMountThatDoesNotAnswerHoldsNeitherTheClickNorStop)
{
    offscreenApp();
    FuseRig::Options o;
    o.loop = false;
    FuseRig rig(o);
    DM_REQUIRE_FUSE_RIG(rig);
    const OffGuiThreadSpy spy;
    GuiSettings settings = defaultGuiSettings();
    // Never looked up before: no cached entry answers for the frozen server.
    settings.targetPath = QString::fromStdString(rig.mountPoint()) + QStringLiteral("/not-looked-up-yet");
    settings.rows = { *parseRow("RND4K-Q8T1") };
    settings.mode = Mode::Read;
    MainWindow window(settings, AppOptions {}, false);
    GridPage* grid = window.gridPage();
    QSignalSpy ended(&window, &MainWindow::runEnded);

    rig.freeze();
    const auto frozenAt = std::chrono::steady_clock::now();
    // Declared after the rig, so it has thawed it (and is joined) before the rig goes, even
    // when an assertion below ends the test early.
    std::jthread thaw([&rig] {
        std::this_thread::sleep_for(std::chrono::milliseconds(2500));
        rig.unfreeze();
    });

    QElapsedTimer clock;
    clock.start();
    ASSERT_TRUE(grid->startAll());
    EXPECT_LT(clock.elapsed(), 1000) << "the click waited for the frozen mount";
    EXPECT_TRUE(grid->isRunning()) << "busy from the click";
    EXPECT_TRUE(window.anyTestRunning());
    EXPECT_EQ(grid->allButton()->text(), QStringLiteral("Stop"));

    grid->stop();
    ASSERT_EQ(ended.count(), 1) << "Stop ends the wait at once";
    EXPECT_EQ(ended.at(0).at(0).toInt(), 130);
    EXPECT_FALSE(grid->isRunning());
    EXPECT_EQ(grid->allButton()->text(), QStringLiteral("All"));
    EXPECT_LT(std::chrono::steady_clock::now() - frozenAt, std::chrono::milliseconds(2500))
        << "the machine was too slow to tell a waiting window from a turning one";

    // Once the mount answers, the late answer starts nothing.
    thaw.join();
    ASSERT_TRUE(eventually([&] { return !spy.threads("target kind").empty(); }, 5000));
    QTest::qWait(500);
    EXPECT_EQ(ended.count(), 1);
    EXPECT_FALSE(grid->isRunning());
    for (QThread* thread : spy.threads("target kind"))
        EXPECT_NE(thread, QCoreApplication::instance()->thread());
}
