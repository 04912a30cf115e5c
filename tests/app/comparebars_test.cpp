// SPDX-License-Identifier: GPL-3.0-or-later
// The comparison dialog's bars (issue 30 and TestKind::bars): a kind's bars are a chart per kind,
// a bar set per run in the run's colour with its figures, a group per name, and the run's note
// in the table; a USB 2.0 stick at 15 MB/s beside a RAM disk at 7,000 MB/s is a bar that can be
// seen in the dialog's image, with its figure printed, not a line (measured in pixels); the
// legend and the table name runs by their short labels, the full one in the tooltip.
#include "chartstyle.h"
#include "comparedialog.h"
#include "offscreenapp.h"
#include "scaledbars.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QGraphicsSimpleTextItem>
#include <QLocale>
#include <QTableWidget>
#include <QTest>
#include <QRegularExpression>
#include <gtest/gtest.h>

using namespace dm;
using namespace dm::test;

namespace {

ComparisonRun namedRun(qint64 id, const char* shortLabel, const char* label)
{
    ComparisonRun run;
    run.entry.id = id;
    run.shortLabel = QString::fromUtf8(shortLabel);
    run.label = QString::fromUtf8(label);
    return run;
}

// Two grid runs, SEQ1M Q8T1 read and write: a RAM disk and a USB 2.0 stick.
Comparison ramDiskAndStick()
{
    Comparison c;
    for (Direction d : { Direction::Read, Direction::Write }) {
        ComparisonColumn col;
        col.row = TestRow { Pattern::Sequential, 1024 * 1024, 8, 1 };
        col.direction = d;
        col.readPercent = d == Direction::Read ? 100 : 0;
        col.label = d == Direction::Read ? QStringLiteral("SEQ1M Q8T1 Read") : QStringLiteral("SEQ1M Q8T1 Write");
        c.columns.push_back(col);
    }
    ComparisonRun ram = namedRun(1, "RAM disk", "Loop device (/dev/shm/ram.img) (loop)");
    ram.cells = { { 7000.0, 1750.0, 1100.0, {} }, { 6500.0, 1625.0, 1200.0, {} } };
    ComparisonRun stick = namedRun(2, "USB 2.0 stick", "SanDisk Cruzer Blade (usb, USB 2.0 (480 Mbps))");
    stick.cells = { { 15.0, 3.75, 530000.0, {} }, { 12.5, 3.1, 640000.0, {} } };
    c.runs = { ram, stick };
    return c;
}

// The tallest unbroken column of pixels of exactly `color`: a bar's height (its figure, where
// printed inside it, takes a few columns of its middle; the edges stay whole).
int tallestRun(const QImage& image, const QColor& color)
{
    const QRgb want = color.rgb();
    int best = 0;
    for (int x = 0; x < image.width(); ++x) {
        int run = 0;
        for (int y = 0; y < image.height(); ++y) {
            run = image.pixel(x, y) == want ? run + 1 : 0;
            best = std::max(best, run);
        }
    }
    return best;
}

} // namespace

TEST(CompareBars, AKindsBarsAreAChartWithABarSetPerRun)
{
    offscreenApp();
    Comparison c;
    for (const char* name : { "stick A", "stick B" }) {
        ComparisonRun run = namedRun(qint64(c.runs.size() + 1), name + 6, name);
        run.note = QStringLiteral("Bars: compared in its bars");
        c.runs.push_back(run);
    }
    c.barCharts.push_back({ QStringLiteral("bars"), { QStringLiteral("Bars"), QStringLiteral("MB/s") },
        { QStringLiteral("small"), QStringLiteral("large") },
        { { 0, { 12.0, 456.0 } }, { 1, { std::nullopt, 789.0 } } } });
    CompareDialog dialog(c);
    ASSERT_EQ(dialog.barCharts().size(), 1u);
    QChart* chart = dialog.barCharts()[0];
    EXPECT_EQ(chart->title(), QStringLiteral("Bars"));
    ASSERT_EQ(chart->series().size(), 1);
    const auto sets = static_cast<QBarSeries*>(chart->series()[0])->barSets();
    ASSERT_EQ(sets.size(), 2);
    EXPECT_EQ(sets[0]->label(), QStringLiteral("A")); // the short label
    EXPECT_EQ(sets[1]->at(0), 0.0); // no figure: no bar
    EXPECT_GT(sets[0]->at(1), sets[0]->at(0));
    // 12 to 789 is more than 20x: a log axis, and every figure printed; none for the missing one.
    const ScaledBars* bars = dialog.kindBars()[0];
    EXPECT_EQ(bars->scale(), BarScale::Log);
    ASSERT_EQ(bars->figures().size(), 3u);
    EXPECT_EQ(bars->figures()[0].item->text(), QLocale().toString(12.0, 'f', 2));
    EXPECT_EQ(bars->figures()[2].item->text(), QLocale().toString(789.0, 'f', 1));
    EXPECT_EQ(bars->figures()[2].set, 1);
    const bool dark = chartstyle::isDark(dialog.palette().color(QPalette::Base));
    EXPECT_EQ(sets[1]->color(), chartstyle::runColor(1, dark));
    const auto axes = chart->axes(Qt::Horizontal);
    ASSERT_EQ(axes.size(), 1);
    EXPECT_EQ(static_cast<QBarCategoryAxis*>(axes[0])->categories(), (QStringList { "small", "large" }));
    QTableWidget* table = dialog.table();
    // No kind of the registry has this schema: the core's note, as it is.
    EXPECT_EQ(table->item(0, table->columnCount() - 1)->text(), QStringLiteral("Bars: compared in its bars"));
    EXPECT_EQ(table->item(1, 0)->text(), QStringLiteral("B"));
    EXPECT_TRUE(table->item(1, 0)->toolTip().startsWith(QStringLiteral("stick B\n")));
}

TEST(CompareBars, AUsb2StickBesideARamDiskIsABarWithItsFigure)
{
    offscreenApp();
    CompareDialog dialog(ramDiskAndStick());
    dialog.resize(1000, 700);
    dialog.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&dialog));
    QTest::qWait(50); // the chart lays itself out, and the figures follow its plot area
    EXPECT_EQ(dialog.chosenBarScale(), std::nullopt);
    EXPECT_EQ(dialog.barScale(), BarScale::Log); // 7,000 / 12.5 is far beyond 20x

    const QImage image = dialog.image();
    if (const QString shots = qEnvironmentVariable("DM_SCREENSHOT_DIR"); !shots.isEmpty())
        image.save(shots + "/compare-stick.png"); // to look at
    const bool dark = chartstyle::isDark(dialog.palette().color(QPalette::Base));
    const int fast = tallestRun(image, chartstyle::runColor(0, dark));
    const int slow = tallestRun(image, chartstyle::runColor(1, dark));
    const double axis = dialog.findChild<QChartView*>(QStringLiteral("compareBars-grid"))->chart()->plotArea().height();
    EXPECT_GT(fast, 0.8 * axis) << "the chart is drawn";
    // Clearly a bar, one that can be read: at least a tenth of the axis and 20 px, far more than
    // the legend's swatch or a line.
    EXPECT_GE(slow, 0.10 * axis) << "slow " << slow << " px of an axis of " << axis << " px, fast " << fast << " px";
    EXPECT_GE(slow, 20) << "slow " << slow << " px";

    // Its figures are printed, where they can be read: inside the chart, and drawn.
    const ScaledBars* bars = dialog.gridBars();
    ASSERT_EQ(bars->figures().size(), 4u);
    auto* view = dialog.findChild<QChartView*>(QStringLiteral("compareBars-grid"));
    auto* content = dialog.findChild<QWidget*>(QStringLiteral("compareContent"));
    ASSERT_TRUE(view && content);
    const QColor text = dialog.palette().color(QPalette::Text);
    for (const ScaledBars::Figure& f : bars->figures()) {
        const QString expected = QLocale().toString(f.value, 'f', f.value < 100 ? 2 : 1);
        EXPECT_EQ(f.item->text(), expected);
        EXPECT_TRUE(f.item->isVisible());
        const QRectF inChart = f.item->sceneBoundingRect();
        EXPECT_TRUE(view->chart()->rect().contains(inChart)) << expected.toStdString();
        if (f.set != 1)
            continue;
        // The slow run's figures stand above their bars, in the text's colour: count its pixels.
        const QRect onView = view->mapFromScene(inChart).boundingRect();
        const QRect inImage(view->mapTo(content, onView.topLeft()), onView.size());
        int inked = 0;
        for (int y = inImage.top(); y <= inImage.bottom(); ++y)
            for (int x = inImage.left(); x <= inImage.right(); ++x) {
                const QColor p = image.pixelColor(x, y);
                inked += std::abs(p.lightness() - text.lightness()) < 60;
            }
        EXPECT_GE(inked, 15) << "the figure " << expected.toStdString() << " is not drawn";
    }

    // The legend and the table name the runs shortly; the table's tooltip has the full name.
    EXPECT_EQ(dialog.bars()->barSets()[1]->label(), QStringLiteral("USB 2.0 stick"));
    EXPECT_EQ(dialog.table()->item(1, 0)->text(), QStringLiteral("USB 2.0 stick"));
    EXPECT_TRUE(dialog.table()->item(1, 0)->toolTip().contains(QStringLiteral("SanDisk Cruzer Blade (usb")));

    // Its web page draws the same: a log axis, the stick's bar a tenth of the width at least.
    const QString page = QString::fromUtf8(dialog.webPage());
    EXPECT_TRUE(page.contains(QStringLiteral("data-scale=\"log\"")));
    const auto slowBar = QRegularExpression(QStringLiteral("<rect class=\"bar s1\" data-value=\"[0-9.]+\"[^>]* width=\"([0-9.]+)%\""))
                             .match(page);
    ASSERT_TRUE(slowBar.hasMatch());
    EXPECT_GE(slowBar.captured(1).toDouble(), 10.0);
    EXPECT_TRUE(page.contains(QStringLiteral(">USB 2.0 stick<")));
}

TEST(CompareBars, TheChosenScaleIsDrawnAndOnlyTheUsersChoiceIsAnnounced)
{
    offscreenApp();
    CompareDialog dialog(ramDiskAndStick());
    std::vector<std::optional<BarScale>> announced;
    QObject::connect(
        &dialog, &CompareDialog::barScaleChosen, [&announced](std::optional<BarScale> s) { announced.push_back(s); });
    dialog.setChosenBarScale(BarScale::Relative);
    EXPECT_TRUE(announced.empty());
    EXPECT_EQ(dialog.barScale(), BarScale::Relative);
    // Each bar its share of its test's fastest: the stick's read is 15 / 7,000 of the axis.
    EXPECT_NEAR(dialog.bars()->barSets()[1]->at(0), 15.0 / 7000, 1e-9);
    EXPECT_NEAR(dialog.bars()->barSets()[0]->at(1), 1.0, 1e-9);
    // The figures stay the figures, not percentages.
    EXPECT_EQ(dialog.gridBars()->figures()[2].item->text(), QLocale().toString(15.0, 'f', 2));

    auto* box = dialog.findChild<QComboBox*>(QStringLiteral("barScale"));
    ASSERT_TRUE(box);
    box->setFocus();
    QTest::keyClick(box, Qt::Key_Up); // Relative -> Logarithmic
    ASSERT_EQ(announced.size(), 1u);
    EXPECT_EQ(announced[0], BarScale::Log);
    EXPECT_EQ(dialog.barScale(), BarScale::Log);
    QTest::keyClick(box, Qt::Key_Home); // back to Automatic: the figures decide again
    ASSERT_EQ(announced.size(), 2u);
    EXPECT_EQ(announced[1], std::nullopt);
    EXPECT_EQ(dialog.barScale(), BarScale::Log);
    dialog.setChosenBarScale(BarScale::Linear);
    EXPECT_NEAR(dialog.bars()->barSets()[1]->at(0), 15.0 / 8000, 1e-9); // on 0 to 8,000
}
