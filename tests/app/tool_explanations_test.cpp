// SPDX-License-Identifier: GPL-3.0-or-later
// The explanations on the tool pages (issue 16): a sustained write on a real device whose write
// cache is off and whose queue takes fewer commands than the write keeps in flight says both
// under its chart, and the JSON the page saves says the same. A RAM-backed loop device of this
// test's own, mounted, with queue/write_cache and queue/nr_requests set through sysfs as an
// administrator (or a device) would have them. The capacity page's fill says the write cache too.
#include "capacitypage.h"
#include "explanationpanel.h"
#include "offscreenapp.h"
#include "sustainedpage.h"
#include "testtargets.h"

#include <QApplication>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <gtest/gtest.h>

using namespace dm;
using namespace dm::test;

namespace {

QApplication& app() { return offscreenApp(); }

} // namespace

TEST(ToolExplanations, SustainedWriteOnAWriteThroughDeviceWithAShortQueueSaysSo)
{
    app();
    LoopDevice loop("256M");
    DM_REQUIRE_ROOT_LOOP(loop);
    const QueueSetting writeThrough(loop.device(), "write_cache", "write through");
    const QueueSetting shortQueue(loop.device(), "nr_requests", "4");
    if (!writeThrough.set() || !shortQueue.set())
        GTEST_SKIP() << "this kernel does not let " << loop.device() << "'s queue be set through sysfs";
    const std::string mount = loop.mount();
    ASSERT_FALSE(mount.empty()) << "mkfs.ext4 or mount failed on " << loop.device();

    SustainedPage page;
    page.setTarget(QString::fromStdString(mount));
    page.setTotal(32 * MiB);
    const ExplanationPanel* panel = page.findChild<ExplanationPanel*>();
    ASSERT_NE(panel, nullptr);
    QSignalSpy ended(&page, &ToolPage::runEnded);
    ASSERT_TRUE(page.start()) << page.statusText().toStdString();
    ASSERT_TRUE(ended.wait(120000));
    EXPECT_EQ(ended.at(0).at(0).toInt(), 0) << page.statusText().toStdString();

    EXPECT_FALSE(panel->isHidden());
    const QString shown = panel->text();
    EXPECT_TRUE(shown.contains(QStringLiteral("the device&#x27;s write cache is off"))
        || shown.contains(QStringLiteral("the device's write cache is off")))
        << shown.toStdString();
    EXPECT_TRUE(shown.contains(QStringLiteral("the device takes at most 4 commands at once (queue/nr_requests 4)")))
        << shown.toStdString();

    QStringList notes;
    for (const QJsonValue v : QJsonDocument::fromJson(page.json()).object().value(QStringLiteral("notes")).toArray())
        notes << v.toString();
    EXPECT_EQ(notes, explanationTexts(panel->explanations(), Explanation::Kind::Note));
    EXPECT_EQ(notes.size(), 2) << notes.join(QLatin1Char('\n')).toStdString();
}

TEST(ToolExplanations, CapacityFillOnAWriteThroughDeviceSaysSo)
{
    app();
    LoopDevice loop("256M");
    DM_REQUIRE_ROOT_LOOP(loop);
    const QueueSetting writeThrough(loop.device(), "write_cache", "write through");
    // (A queue shorter than the fill's 4 writes in flight cannot be set: the block layer takes no
    // nr_requests under 4. tests/core/kindexplanations_test.cpp has that rule for the fill.)
    if (!writeThrough.set())
        GTEST_SKIP() << "this kernel does not let " << loop.device() << "'s queue be set through sysfs";
    const std::string mount = loop.mount();
    ASSERT_FALSE(mount.empty()) << "mkfs.ext4 or mount failed on " << loop.device();

    CapacityPage page;
    page.setTarget(QString::fromStdString(mount));
    page.setSize(16 * MiB);
    const ExplanationPanel* panel = page.findChild<ExplanationPanel*>();
    ASSERT_NE(panel, nullptr);
    QSignalSpy ended(&page, &ToolPage::runEnded);
    ASSERT_TRUE(page.start()) << page.statusText().toStdString();
    ASSERT_TRUE(ended.wait(120000));
    EXPECT_EQ(ended.at(0).at(0).toInt(), 0) << page.statusText().toStdString();

    EXPECT_FALSE(panel->isHidden());
    const QString shown = panel->text();
    EXPECT_TRUE(shown.contains(QStringLiteral("the device&#x27;s write cache is off"))
        || shown.contains(QStringLiteral("the device's write cache is off")))
        << shown.toStdString();
    QStringList notes;
    for (const QJsonValue v : QJsonDocument::fromJson(page.json()).object().value(QStringLiteral("notes")).toArray())
        notes << v.toString();
    EXPECT_EQ(notes, explanationTexts(panel->explanations(), Explanation::Kind::Note));
    EXPECT_EQ(notes.size(), 1) << notes.join(QLatin1Char('\n')).toStdString();
}
