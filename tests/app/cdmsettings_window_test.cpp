// SPDX-License-Identifier: GPL-3.0-or-later
// The window's side of issue 16: the explanations under the grid after a real run (and so in the
// image), CrystalDiskMark 9's Flash Memory profile in the Profile menu, and "<0Fill>" in the
// window's title and the image's title line when the test data is zeros.

#include "appoptions.h"
#include "explanationpanel.h"
#include "gridpage.h"
#include "mainwindow.h"
#include "offscreenapp.h"
#include "testtargets.h"
#include "textreport.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QImage>
#include <QMenuBar>
#include <QRegularExpression>
#include <QSignalSpy>
#include <gtest/gtest.h>

using namespace dm;
using namespace dm::test;

namespace {

QApplication& app() { return offscreenApp(); }

GuiSettings quickSettings(const std::string& target)
{
    GuiSettings s = defaultGuiSettings();
    s.rows = { *parseRow("RND4K-Q8T1") };
    s.run.count = 1;
    s.run.measureSeconds = 0.5;
    s.run.warmupSeconds = 0.1;
    s.run.intervalSeconds = 0;
    s.run.testSize = 16 * MiB; // smaller than a drive's cache: explained
    s.targetPath = QString::fromStdString(target);
    return s;
}

QAction* menuAction(MainWindow& window, const QString& text)
{
    for (QAction* a : window.findChildren<QAction*>())
        if (a->text() == text)
            return a;
    return nullptr;
}

} // namespace

TEST(CdmSettingsWindow, ExplanationsShowUnderTheGridAndMatchTheReport)
{
    app();
    ScratchDir dir;
    MainWindow window(quickSettings(dir.path()), AppOptions {}, false);
    window.show();
    ASSERT_TRUE(window.gridPage()->explanationPanel()->isHidden()); // nothing to say before a run
    QSignalSpy ended(&window, &MainWindow::runEnded);
    ASSERT_TRUE(window.gridPage()->startAll());
    ASSERT_TRUE(ended.wait(60000));
    const ExplanationPanel* panel = window.gridPage()->explanationPanel();
    EXPECT_FALSE(panel->isHidden());
    // Numbered as in the reports; a machine's power conditions (battery, governor) may come first.
    EXPECT_TRUE(panel->text().contains(
        QRegularExpression(QStringLiteral("\\[\\d\\] the test size \\(16 MiB\\) is smaller than the cache"))))
        << panel->text().toStdString();
    // The conditions the run's worker recorded reach the window's reports (logind answers or
    // not: either way it was asked, and the answer is recorded).
    EXPECT_TRUE(window.gridPage()->currentReport().system.power.sleepInhibited.has_value());
    const QString text = formatText(window.gridPage()->currentReport());
    for (size_t n = 0; n < panel->explanations().size(); ++n)
        EXPECT_TRUE(text.contains(panel->explanations()[n].text)) << text.toStdString();
    // A new run starts without the old run's explanations.
    ASSERT_TRUE(window.gridPage()->startAll());
    EXPECT_TRUE(panel->isHidden());
    ASSERT_TRUE(ended.wait(60000));
}

TEST(CdmSettingsWindow, FlashMemoryProfileBringsItsTimes)
{
    app();
    ScratchDir dir;
    GuiSettings settings = quickSettings(dir.path());
    settings.run.measureSeconds = 5;
    settings.run.intervalSeconds = 5;
    MainWindow window(settings, AppOptions {}, false);
    QAction* flash = menuAction(window, QStringLiteral("&Flash Memory"));
    ASSERT_NE(flash, nullptr);
    flash->trigger();
    EXPECT_EQ(window.gridPage()->settings().profile, Profile::Flash);
    EXPECT_EQ(window.gridPage()->settings().run.measureSeconds, 1);
    EXPECT_EQ(window.gridPage()->settings().run.intervalSeconds, 30);
    EXPECT_EQ(effectiveRows(window.gridPage()->settings()), effectiveRows(settings)); // the Default rows
    QAction* standard = menuAction(window, QStringLiteral("&Default"));
    ASSERT_NE(standard, nullptr);
    standard->trigger();
    EXPECT_EQ(window.gridPage()->settings().run.measureSeconds, 5);
    EXPECT_EQ(window.gridPage()->settings().run.intervalSeconds, 5);
}

TEST(CdmSettingsWindow, ZeroFillIsInTheTitleAndTheImage)
{
    app();
    ScratchDir dir;
    GuiSettings settings = quickSettings(dir.path());
    MainWindow random(settings, AppOptions {}, false);
    EXPECT_EQ(random.windowTitle(), QStringLiteral("Diskometer"));
    settings.run.data = DataFill::Zeros;
    MainWindow window(settings, AppOptions {}, false);
    window.show();
    EXPECT_EQ(window.windowTitle(), QStringLiteral("Diskometer <0Fill>"));
    const QString png = QString::fromStdString(dir.path()) + "/shot.png";
    ASSERT_TRUE(window.gridPage()->saveImage(png));
    const QImage image(png);
    // The window's contents under a title line of our own.
    EXPECT_EQ(image.width(), window.grab().toImage().width());
    EXPECT_GT(image.height(), window.grab().toImage().height());
}
