// SPDX-License-Identifier: GPL-3.0-or-later
// The capacity check's page (issue 15) on real targets: a folder on the disk passes with nothing
// left behind and its reports read back; the FUSE rig's fake stick, through ext4, is called fake
// in the status line; a device probe with nobody at the window is refused without asking and
// nothing is written; a folder on a mount that does not answer (the rig frozen) holds neither
// Start nor Stop, as whether it is a device is asked off the GUI thread.
#include "capacitypage.h"
#include "fuserig.h"
#include "offscreenapp.h"
#include "testtargets.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

using namespace dm;
using namespace dm::test;

namespace {
QApplication& app() { return offscreenApp(); }
}

TEST(CapacityPage, AFolderSaysOkAndLeavesNoFile)
{
    app();
    ScratchDir dir;
    CapacityPage page;
    page.setTarget(QString::fromStdString(dir.path()));
    page.setSize(16 * MiB);
    QSignalSpy ended(&page, &ToolPage::runEnded);
    ASSERT_TRUE(page.start()) << page.statusText().toStdString();
    ASSERT_TRUE(ended.wait(120000));
    EXPECT_EQ(ended.at(0).at(0).toInt(), 0) << page.statusText().toStdString();
    ASSERT_TRUE(page.report());
    const CapacityResult& r = page.report()->result;
    EXPECT_EQ(capacityVerdict(r), CapacityVerdict::Ok);
    EXPECT_EQ(r.verifiedBytes, 16 * MiB);
    EXPECT_EQ(page.statusText(), QStringLiteral("OK: all 16.8 MB written to its free space came back intact."));
    const auto parsed = parseCapacityJson(page.json());
    ASSERT_TRUE(parsed) << parsed.error().message;
    EXPECT_EQ(parsed->result.blockCount(BlockClass::Ok), 4096u);
    EXPECT_EQ(page.csv().count('\n'), 2);
    EXPECT_EQ(dir.entryCount(), 0u);
}

TEST(CapacityPage, AFakeSticksFolderSaysFake)
{
    app();
    FuseRig::Options o;
    o.size = 256 * MiB;
    o.wrap = 72 * MiB;
    FuseRig rig(o);
    DM_REQUIRE_FUSE_RIG(rig);
    ASSERT_EQ(run("mkfs.ext4 -q -F -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 " + rig.device()
                  + " >/dev/null 2>&1; echo $?"),
        "0");
    char tmpl[] = "/tmp/dm-cappage-XXXXXX";
    ASSERT_NE(::mkdtemp(tmpl), nullptr);
    const std::string dir = tmpl;
    ASSERT_EQ(run("mount " + rig.device() + " " + dir + " >/dev/null 2>&1; echo $?"), "0");
    CapacityPage page;
    page.setTarget(QString::fromStdString(dir));
    QSignalSpy ended(&page, &ToolPage::runEnded);
    const bool started = page.start();
    const bool done = started && ended.wait(120000);
    run("umount " + dir + " || umount -l " + dir);
    ::rmdir(dir.c_str());
    ASSERT_TRUE(done) << page.statusText().toStdString();
    ASSERT_TRUE(page.report());
    EXPECT_EQ(capacityVerdict(page.report()->result), CapacityVerdict::Fake);
    EXPECT_TRUE(page.statusText().startsWith(QStringLiteral("FAKE: only "))) << page.statusText().toStdString();
}

TEST(CapacityPage, AnUnattendedProbeIsRefusedWithoutAsking)
{
    app();
    LoopDevice loop("64M");
    DM_REQUIRE_ROOT_LOOP(loop);
    const auto before = loop.checksum();
    CapacityPage page;
    page.setTarget(QString::fromStdString(loop.device()));
    page.setUnattended(true);
    bool asked = false;
    QTimer watchdog;
    QObject::connect(&watchdog, &QTimer::timeout, [&] {
        if (QWidget* modal = QApplication::activeModalWidget()) {
            asked = true;
            modal->close();
        }
    });
    watchdog.start(100);
    EXPECT_FALSE(page.start());
    EXPECT_FALSE(asked) << "the typed confirmation was asked for with nobody at the window";
    EXPECT_TRUE(page.statusText().contains(QStringLiteral("typed confirmation"))) << page.statusText().toStdString();
    EXPECT_EQ(loop.checksum(), before);
}

TEST(CapacityPage, AFolderOnAMountThatDoesNotAnswerHoldsNeitherStartNorStop)
{
    app();
    FuseRig::Options o;
    o.loop = false;
    FuseRig rig(o);
    DM_REQUIRE_FUSE_RIG(rig);
    CapacityPage page;
    // Never looked up before: no cached entry answers for the frozen server.
    page.setTarget(QString::fromStdString(rig.mountPoint()) + QStringLiteral("/not-looked-up-yet"));
    QSignalSpy ended(&page, &ToolPage::runEnded);
    rig.freeze();
    // Declared after the rig, so it has thawed it before the rig goes (frozen 2.5 s at most).
    std::jthread thaw([&rig] {
        std::this_thread::sleep_for(std::chrono::milliseconds(2500));
        rig.unfreeze();
    });
    QElapsedTimer clock;
    clock.start();
    ASSERT_TRUE(page.start());
    EXPECT_LT(clock.elapsed(), 1000) << "Start waited for the frozen mount";
    EXPECT_TRUE(page.isRunning());
    EXPECT_EQ(page.startButton()->text(), QStringLiteral("Stop"));
    page.stop();
    ASSERT_EQ(ended.count(), 1) << "Stop ends the wait at once";
    EXPECT_NE(ended.at(0).at(0).toInt(), 0);
    EXPECT_FALSE(page.isRunning());
    EXPECT_LT(clock.elapsed(), 2500) << "the machine was too slow to tell a waiting page from a turning one";
    thaw.join();
    QTest::qWait(500); // the late answer starts nothing
    EXPECT_EQ(ended.count(), 1);
    EXPECT_FALSE(page.isRunning());
}
