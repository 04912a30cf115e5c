// SPDX-License-Identifier: GPL-3.0-or-later
// The target list is gathered off the GUI thread: listing calls statvfs on every mount, and a
// mount whose server does not answer (here the FUSE rig, frozen with SIGSTOP, as a hung FUSE or
// NFS server) made showing the window wait as long as the server did. Now the combo shows at
// once with the current choice selected, the window's events go on, and the list fills in when
// the mount answers again. The rig is frozen for 2.5 s only: everything on the machine that
// touches its mount waits meanwhile.
#include "eventually.h"
#include "fuserig.h"
#include "offscreenapp.h"
#include "targetcombo.h"
#include "testtargets.h"

#include <QElapsedTimer>
#include <QTimer>
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

using namespace dm;
using namespace dm::test;

TEST(TargetCombo, AMountThatDoesNotAnswerNeitherHoldsTheWindowNorTheChoice)
{
    offscreenApp();
    FuseRig::Options o;
    o.loop = false;
    FuseRig rig(o);
    DM_REQUIRE_FUSE_RIG(rig);
    ScratchDir dir;
    const QString current = QString::fromStdString(dir.path());

    TargetCombo combo(TargetCombo::Filesystems);
    combo.refill(current);
    rig.freeze();
    const auto frozenAt = std::chrono::steady_clock::now();
    // Declared after the rig, so it has thawed it (and is joined) before the rig goes, even
    // when an assertion below ends the test early.
    std::jthread thaw([&rig] {
        std::this_thread::sleep_for(std::chrono::milliseconds(2500));
        rig.unfreeze();
    });

    QElapsedTimer shown;
    shown.start();
    combo.show(); // lists: before, this was statvfs on every mount, the frozen one included
    EXPECT_LT(shown.elapsed(), 1000) << "showing the combo waited for the frozen mount";
    EXPECT_EQ(combo.currentPath(), current);

    // The window's events go on while the listing waits.
    bool ticked = false;
    QTimer::singleShot(50, [&] { ticked = true; });
    ASSERT_TRUE(eventually([&] { return ticked; }, 1000));
    EXPECT_LT(std::chrono::steady_clock::now() - frozenAt, std::chrono::milliseconds(2500))
        << "the machine was too slow to tell a waiting window from a turning one";

    // Once the mount answers, the list arrives: the filesystems besides the current folder and
    // "Choose folder…", with the current folder still chosen.
    ASSERT_TRUE(eventually([&] { return combo.count() > 2; }, 15000)) << combo.count();
    EXPECT_EQ(combo.currentPath(), current);
}
