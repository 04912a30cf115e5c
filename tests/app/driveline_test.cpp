// SPDX-License-Identifier: GPL-3.0-or-later
// The drive line (issue 15, part 4) on real targets: a loop device is named with its size and
// bus, read off the GUI thread; the grid's line carries the run's times; a stored run opened
// from the history shows its own drive and settings, which is what a saved image then carries;
// the serial number stays out unless the user asks for it.
#include "driveline.h"
#include "drivelinelabel.h"
#include "gridpage.h"
#include "historypage.h"
#include "mainwindow.h"
#include "offguithreadspy.h"
#include "offscreenapp.h"
#include "testtargets.h"
#include "toolpage.h"

#include <QApplication>
#include <QLabel>
#include <QSignalSpy>
#include <QTabWidget>
#include <gtest/gtest.h>

using namespace dm;
using namespace dm::test;

namespace {

QApplication& app() { return offscreenApp(); }

} // namespace

TEST(DriveLine, ALoopDeviceIsNamedWithItsSizeReadOffTheGuiThread)
{
    app();
    LoopDevice loop("16M");
    if (!loop.ok())
        GTEST_SKIP() << "needs root and losetup for a loop device";
    const QString device = QString::fromStdString(loop.device());
    OffGuiThreadSpy spy;
    DriveLineLabel line(nullptr);
    QSignalSpy updated(&line, &DriveLineLabel::updated);
    line.showFor(device);
    ASSERT_TRUE(updated.wait(10000));
    EXPECT_FALSE(line.isHidden());
    EXPECT_TRUE(line.text().contains(QStringLiteral("(loop)"))) << line.text().toStdString();
    EXPECT_TRUE(line.text().contains(QStringLiteral(" · 17 MB · "))) << "16 MiB as sold: " << line.text().toStdString();
    EXPECT_TRUE(line.text().contains(QStringLiteral("[") + device + QStringLiteral(" (16MiB)]")))
        << line.text().toStdString();
    const auto threads = spy.threads("drive line");
    ASSERT_EQ(threads.size(), 1u);
    EXPECT_NE(threads[0], app().thread());
}

TEST(DriveLine, TheGridsLineHasTheTimesAndAStoredRunShowsItsOwnDrive)
{
    app();
    ScratchDir dir;
    GuiSettings settings = defaultGuiSettings();
    settings.targetPath = QString::fromStdString(dir.path());
    settings.run.measureSeconds = 1;
    settings.run.intervalSeconds = 30;
    MainWindow window(settings, AppOptions {}, false);
    DriveLineLabel* line = window.gridPage()->driveLine();
    QSignalSpy updated(line, &DriveLineLabel::updated);
    ASSERT_TRUE(updated.wait(10000));
    EXPECT_TRUE(line->text().contains(QStringLiteral("1 s per pass, 30 s between tests"))) << line->text().toStdString();
    EXPECT_TRUE(line->text().contains(QStringLiteral("% ("))) << "the filesystem's usage: " << line->text().toStdString();

    Report stored;
    stored.target.path = QStringLiteral("/media/stick");
    stored.target.mountPoint = QStringLiteral("/media/stick");
    stored.target.kind = QStringLiteral("directory");
    stored.target.model = QStringLiteral("SanDisk Ultra");
    stored.target.bus = QStringLiteral("usb");
    stored.target.link = QStringLiteral("USB 2.0 (480 Mbps)");
    stored.target.filesystem = QStringLiteral("exfat");
    stored.target.sizeBytes = 32'000'000'000;
    stored.target.serial = QStringLiteral("4C530001230308117384");
    stored.profile = Profile::Peak;
    stored.run.settings.measureSeconds = 5;
    stored.run.settings.intervalSeconds = 5;
    Q_EMIT window.historyPage()->openReport(stored);
    const QString text = line->text();
    EXPECT_TRUE(text.startsWith(QStringLiteral("SanDisk Ultra (usb, USB 2.0 (480 Mbps)) exfat · 32 GB · [/media/stick]")))
        << text.toStdString();
    EXPECT_TRUE(text.endsWith(QStringLiteral("Peak profile · 5 s per pass, 5 s between tests"))) << text.toStdString();
    EXPECT_FALSE(text.contains(stored.target.serial)) << "no serial unless asked";
    setSerialShown(true);
    Q_EMIT window.historyPage()->openReport(stored);
    EXPECT_TRUE(line->text().contains(QStringLiteral("S/N 4C530001230308117384"))) << line->text().toStdString();
    setSerialShown(false);

    // A change of settings leaves the stored run: the line names the chosen target again.
    GuiSettings other = window.gridPage()->settings();
    other.run.count = other.run.count == 1 ? 2 : 1;
    other.preset = other.preset == Preset::Nvme ? Preset::Default : Preset::Nvme;
    other.rows = defaultGuiSettings(other.preset).rows;
    window.gridPage()->setSettings(other);
    ASSERT_FALSE(window.gridPage()->showsStoredReport());
    ASSERT_TRUE(updated.wait(10000));
    EXPECT_FALSE(line->text().contains(QStringLiteral("SanDisk"))) << line->text().toStdString();
    EXPECT_TRUE(line->text().contains(QStringLiteral("% ("))) << line->text().toStdString();
}

// Every page with a target has a drive line. The target's row is a layout (the combo and the
// health badge): its label must take the combo as its buddy, or it shows "&Folder:" with its
// ampersand in every saved image (it did).
TEST(DriveLine, EveryPageWithATargetHasOneAndItsTargetLabelHasItsComboAsBuddy)
{
    app();
    ScratchDir dir;
    GuiSettings settings = defaultGuiSettings();
    settings.targetPath = QString::fromStdString(dir.path());
    MainWindow window(settings, AppOptions {}, false);
    for (const char* kind : { "scan", "sustained", "sweep", "capacity", "copy" }) {
        TestPage* page = window.page(QLatin1String(kind));
        ASSERT_TRUE(page) << kind;
        const auto lines = page->findChildren<DriveLineLabel*>();
        ASSERT_EQ(lines.size(), 1) << kind;
        int labels = 0;
        for (const QLabel* label : page->findChildren<QLabel*>())
            if (label->text().contains(QLatin1Char('&')) && label->textFormat() != Qt::RichText) {
                ++labels;
                EXPECT_TRUE(label->buddy()) << kind << ": " << label->text().toStdString();
            }
        EXPECT_GE(labels, 1) << kind;
        // Filled from the page's target from the start, before any other choice (the scan's
        // combo lists block devices only and starts on none: nothing to say yet).
        if (QLatin1String(kind) == QLatin1String("scan"))
            continue;
        if (lines[0]->text().isEmpty()) {
            QSignalSpy updated(lines[0], &DriveLineLabel::updated);
            ASSERT_TRUE(updated.wait(10000)) << kind << ": the line was never filled";
        }
        EXPECT_FALSE(lines[0]->text().isEmpty()) << kind;
    }
}
