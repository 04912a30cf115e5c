// SPDX-License-Identifier: GPL-3.0-or-later
// The window's side of issue 16: the explanations under the grid after a real run (and so in the
// image), CrystalDiskMark 9's Flash Memory profile in the Profile menu, and "<0Fill>" in the
// window's title and the image's title line when the test data is zeros; the window grows for
// explanations that wrap, so the grid keeps its height.

#include "appoptions.h"
#include "explanationpanel.h"
#include "gridpage.h"
#include "historypage.h"
#include "mainwindow.h"
#include "offscreenapp.h"
#include "resultgrid.h"
#include "testtargets.h"
#include "textreport.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QImage>
#include <QMenuBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>
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

// The title names the data of the figures on screen: a stored run that wrote zeros, opened from
// the History tab into a window set to random data, is "<0Fill>" (a screenshot of it says what
// was measured); the next change of settings leaves the stored run and the title follows them.
TEST(CdmSettingsWindow, TheTitleNamesTheDataOfTheRunShown)
{
    app();
    ScratchDir dir;
    MainWindow window(quickSettings(dir.path()), AppOptions {}, false);
    ASSERT_EQ(window.windowTitle(), QStringLiteral("Diskometer"));
    Report stored;
    stored.target.path = QString::fromStdString(dir.path());
    stored.run.settings.data = DataFill::Zeros;
    Q_EMIT window.historyPage()->openReport(stored);
    ASSERT_TRUE(window.gridPage()->showsStoredReport());
    EXPECT_EQ(window.windowTitle(), QStringLiteral("Diskometer <0Fill>"));
    GuiSettings other = window.gridPage()->settings();
    other.preset = other.preset == Preset::Nvme ? Preset::Default : Preset::Nvme;
    other.rows = defaultGuiSettings(other.preset).rows;
    window.gridPage()->setSettings(other);
    EXPECT_FALSE(window.gridPage()->showsStoredReport());
    EXPECT_EQ(window.windowTitle(), QStringLiteral("Diskometer"));
}

// At a narrow width (or at 2x scale, where the same window is narrow in text) the explanations
// wrap into many lines; the window grows by what they need instead of the grid giving it up, so
// the row buttons ("SEQ1M Q8T1"...) keep the height of their text.
TEST(CdmSettingsWindow, WrappedExplanationsLeaveTheRowButtonsTheirHeight)
{
    app();
    ScratchDir dir;
    GuiSettings settings = defaultGuiSettings();
    settings.targetPath = QString::fromStdString(dir.path());
    MainWindow window(settings, AppOptions {}, false);
    window.resize(480, 1); // as low as the window's minimum size lets it be
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    const ResultGrid* grid = window.gridPage()->grid();
    ASSERT_GE(grid->gridRowCount(), 4u);

    const QString why = QStringLiteral(": the figures may be the cache's, not the drive's; run again with a larger "
                                       "test size, with nothing else using the drive");
    std::vector<Explanation> explanations;
    for (const char* what : { "the test size (16 MiB) is smaller than the cache",
             "SEQ1M Q8T1: the passes varied (CV 14.2 %, best 512 MB/s, worst 388 MB/s)",
             "RND4K Q32T1: the device takes at most 32 commands at once", "the machine ran on battery" })
        explanations.push_back({ Explanation::Kind::Warning, QString::fromLatin1(what) + why, {} });
    explanations.back().kind = Explanation::Kind::Note;
    ExplanationPanel* panel = window.gridPage()->explanationPanel();
    const auto expectRoom = [&](const char* when) {
        ASSERT_FALSE(panel->isHidden());
        EXPECT_GE(panel->height(), 8 * panel->fontMetrics().lineSpacing()) << when << ": the explanations wrap";
        for (size_t row = 0; row < grid->gridRowCount(); ++row) {
            const QPushButton* button = grid->rowButton(row);
            EXPECT_GE(button->height(), button->sizeHint().height())
                << when << ": " << button->text().replace(QLatin1Char('\n'), QLatin1Char(' ')).toStdString();
        }
    };
    // At once, as the image saved at the end of a run (--save-image) sees the window, and after
    // the layout requests that the new text posted.
    bool explained = false;
    QObject::connect(
        panel, &ExplanationPanel::explained, panel,
        [&] {
            explained = true;
            expectRoom("when explained");
        },
        Qt::SingleShotConnection);
    panel->display({}, explanations);
    ASSERT_TRUE(explained);
    QApplication::processEvents();
    expectRoom("afterwards");
}
