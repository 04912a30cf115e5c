// SPDX-License-Identifier: GPL-3.0-or-later
// Checks the result tile and the live chart as widgets: the tile's text in every unit, a failed
// tile, its clicked signal, clear(), the Demo size; the chart's points as samples arrive, reset by
// startTest, a stored timeline shown exactly; and, rendered with a light and a dark palette, that
// the tile's number and the chart's lines are actually visible against their background.
// Set DM_SCREENSHOT_DIR to also save the rendered sheets as PNG files to look at.

#include "livechart.h"
#include "resulttile.h"
#include "tileformat.h"

#include <QApplication>
#include <QChart>
#include <QDir>
#include <QGridLayout>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QSignalSpy>
#include <QTest>
#include <QValueAxis>

#include <gtest/gtest.h>

#include <cmath>

using namespace dm;

namespace {

// One QApplication for the whole binary, deleted before exit: a function-static one would be
// destroyed after Qt's own globals and crash on the way out.
class QtEnvironment : public ::testing::Environment {
public:
    void SetUp() override
    {
        static int argc = 1;
        static char name[] = "tiles_chart_test";
        static char* argv[] = { name, nullptr };
        m_app = new QApplication(argc, argv);
    }
    void TearDown() override
    {
        delete m_app;
        m_app = nullptr;
    }

private:
    QApplication* m_app = nullptr;
};

[[maybe_unused]] const auto* const kQtEnvironment = ::testing::AddGlobalTestEnvironment(new QtEnvironment);

class Widgets : public ::testing::Test { };

PassResult pass(double mbPerSec, double iops, double latencyUs)
{
    PassResult p;
    p.seconds = 1;
    p.bytes = uint64_t(std::llround(mbPerSec * 1e6));
    p.ios = uint64_t(std::llround(iops));
    p.latency.meanNs = latencyUs * 1000;
    p.latency.p50Ns = latencyUs * 900;
    p.latency.p99Ns = latencyUs * 1500;
    p.latency.p999Ns = latencyUs * 2500;
    p.latency.maxNs = latencyUs * 8000;
    return p;
}

TestResult seqRead()
{
    TestResult r;
    r.spec.row = TestRow { Pattern::Sequential, 1 << 20, 8, 1 };
    r.passes = { pass(6800.5, 6485.5, 1233.4), pass(7045.123, 6718.8, 1190.6), pass(6990, 6666, 1199) };
    for (int i = 0; i < 24; ++i)
        r.timeline.push_back({ 0.25 * (i + 1), i < 4 ? 3000.0 + 900 * i : 7000.0 - 10 * (i % 5), 6700, i < 4 ? 0 : 1 });
    return r;
}

TestResult failed(const char* why)
{
    TestResult r;
    r.spec.row = TestRow { Pattern::Random, 4096, 32, 1 };
    r.spec.direction = Direction::Write;
    r.error = why;
    return r;
}

QPalette lightPalette()
{
    QPalette p;
    p.setColor(QPalette::Window, QColor(0xef, 0xef, 0xef));
    p.setColor(QPalette::WindowText, Qt::black);
    p.setColor(QPalette::Base, Qt::white);
    p.setColor(QPalette::Text, Qt::black);
    p.setColor(QPalette::Highlight, QColor(0x30, 0x8c, 0xc6));
    p.setColor(QPalette::HighlightedText, Qt::white);
    return p;
}

QPalette darkPalette()
{
    QPalette p;
    p.setColor(QPalette::Window, QColor(0x2b, 0x2b, 0x2b));
    p.setColor(QPalette::WindowText, QColor(0xe6, 0xe6, 0xe6));
    p.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
    p.setColor(QPalette::Text, QColor(0xe6, 0xe6, 0xe6));
    // A dark accent, as some dark themes have: the tile must lift it to stay visible.
    p.setColor(QPalette::Highlight, QColor(0x1d, 0x3f, 0x7a));
    p.setColor(QPalette::HighlightedText, Qt::white);
    return p;
}

double luminance(const QColor& c)
{
    auto ch = [](double v) { return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * ch(c.redF()) + 0.7152 * ch(c.greenF()) + 0.0722 * ch(c.blueF());
}

double contrast(const QColor& a, const QColor& b)
{
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

int distance(QRgb a, const QColor& b)
{
    return std::abs(qRed(a) - b.red()) + std::abs(qGreen(a) - b.green()) + std::abs(qBlue(a) - b.blue());
}

// Pixels in rect (logical coordinates) of image that are within tolerance of colour.
int pixelsNear(const QImage& image, QRect rect, const QColor& colour, int tolerance)
{
    const double dpr = image.devicePixelRatio();
    const QRect device(QPoint(int(rect.left() * dpr), int(rect.top() * dpr)),
        QPoint(int((rect.right() + 1) * dpr) - 1, int((rect.bottom() + 1) * dpr) - 1));
    int n = 0;
    for (int y = device.top(); y <= device.bottom() && y < image.height(); ++y)
        for (int x = device.left(); x <= device.right() && x < image.width(); ++x)
            if (distance(image.pixel(x, y), colour) <= tolerance)
                ++n;
    return n;
}

int pixelsAwayFrom(const QImage& image, QRect rect, const QColor& background, int tolerance)
{
    const double dpr = image.devicePixelRatio();
    const int total = int(rect.width() * dpr) * int(rect.height() * dpr);
    return total - pixelsNear(image, rect, background, tolerance);
}

void saveShot(QWidget& w, const QString& name)
{
    const QString dir = qEnvironmentVariable("DM_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    QDir().mkpath(dir);
    w.grab().save(dir + QLatin1Char('/') + name + QStringLiteral(".png"));
}

} // namespace

TEST_F(Widgets, TileShowsTheHeadlineInEachUnit)
{
    ResultTile tile;
    const TestResult r = seqRead();
    for (Unit unit : { Unit::MBps, Unit::GBps, Unit::Iops, Unit::Microseconds }) {
        tile.setResult(r, unit);
        EXPECT_EQ(tile.text(), formatTileValue(r, unit)) << unitName(unit).toStdString();
        EXPECT_DOUBLE_EQ(tile.barFraction(), tileBarFraction(r, unit));
        EXPECT_FALSE(tile.isFailed());
        EXPECT_EQ(tile.toolTip(), tileTooltip(r));
    }
    tile.setResult(r, Unit::MBps);
    EXPECT_EQ(tile.text(), QStringLiteral("7045.12"));
    tile.setResult(r, Unit::GBps);
    EXPECT_EQ(tile.text(), QStringLiteral("7.045"));
    tile.setResult(r, Unit::Iops);
    EXPECT_EQ(tile.text(), QStringLiteral("6719.0"));
    tile.setResult(r, Unit::Microseconds);
    EXPECT_EQ(tile.text(), QStringLiteral("1190.60"));
}

TEST_F(Widgets, FailedTileSaysErrorAndWhy)
{
    ResultTile tile;
    TestResult r = failed("Read-only file system (EROFS). Choose a writable target.");
    r.passes = { pass(100, 25000, 1200) }; // what finished before the error is not the headline
    tile.setResult(r, Unit::MBps);
    EXPECT_TRUE(tile.isFailed());
    EXPECT_EQ(tile.text(), QStringLiteral("Error"));
    EXPECT_EQ(tile.barFraction(), 0.0);
    EXPECT_TRUE(tile.toolTip().contains(QStringLiteral("Read-only file system (EROFS)")))
        << tile.toolTip().toStdString();

    tile.setResult(seqRead(), Unit::MBps);
    EXPECT_FALSE(tile.isFailed());
}

TEST_F(Widgets, ClickedOnReleaseInsideWithTheLeftButton)
{
    ResultTile tile;
    tile.setResult(seqRead(), Unit::MBps);
    tile.resize(tile.sizeHint());
    tile.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&tile));
    QSignalSpy spy(&tile, &ResultTile::clicked);

    QTest::mouseClick(&tile, Qt::LeftButton, {}, tile.rect().center());
    EXPECT_EQ(spy.count(), 1);
    QTest::mouseClick(&tile, Qt::RightButton, {}, tile.rect().center());
    EXPECT_EQ(spy.count(), 1);
    // Pressed inside, released outside: as with a button, no click.
    QTest::mousePress(&tile, Qt::LeftButton, {}, tile.rect().center());
    QTest::mouseRelease(&tile, Qt::LeftButton, {}, QPoint(tile.width() + 20, tile.height() / 2));
    EXPECT_EQ(spy.count(), 1);
}

TEST_F(Widgets, ClearEmptiesTheTile)
{
    ResultTile tile;
    tile.setResult(failed("I/O error"), Unit::MBps);
    tile.clear();
    EXPECT_TRUE(tile.text().isEmpty());
    EXPECT_FALSE(tile.isFailed());
    EXPECT_TRUE(tile.toolTip().isEmpty());
    tile.setResult(seqRead(), Unit::MBps);
    tile.clear();
    EXPECT_TRUE(tile.text().isEmpty());
    EXPECT_EQ(tile.barFraction(), 0.0);
}

TEST_F(Widgets, TileSizeFollowsFontAndDemoSize)
{
    ResultTile tile;
    const QSize normal = tile.sizeHint();
    EXPECT_GT(normal.width(), tile.fontMetrics().horizontalAdvance(QStringLiteral("99999.99")));
    EXPECT_LE(tile.minimumSizeHint().width(), normal.width());
    EXPECT_LE(tile.minimumSizeHint().height(), normal.height());

    tile.setLarge(true);
    const QSize large = tile.sizeHint();
    EXPECT_GT(large.width(), normal.width() * 3 / 2);
    EXPECT_GT(large.height(), normal.height() * 3 / 2);
    tile.setLarge(false);
    EXPECT_EQ(tile.sizeHint(), normal);

    // A bigger desktop font (or 200% text scaling) makes a bigger tile: nothing is fixed in pixels.
    QFont big = tile.font();
    big.setPointSizeF(big.pointSizeF() * 2);
    tile.setFont(big);
    EXPECT_GT(tile.sizeHint().width(), normal.width() * 3 / 2);
}

TEST_F(Widgets, TileColoursStandOutInLightAndDarkPalettes)
{
    for (const QPalette& pal : { lightPalette(), darkPalette() }) {
        const QColor base = pal.color(QPalette::Base);
        EXPECT_GE(contrast(ResultTile::barColor(pal), base), 3.0) << base.name().toStdString();
        EXPECT_GE(contrast(ResultTile::errorColor(pal), base), 4.5) << base.name().toStdString();
    }
}

TEST_F(Widgets, TileNumberIsVisibleInLightAndDarkPalettes)
{
    for (const QPalette& pal : { lightPalette(), darkPalette() }) {
        const QColor base = pal.color(QPalette::Base);
        const QString which = base.lightness() > 128 ? QStringLiteral("light") : QStringLiteral("dark");
        ResultTile tile;
        tile.setPalette(pal);
        tile.resize(tile.sizeHint());
        // The number sits right-aligned above the bar: the right half, away from frame and bar.
        const QRect numberRegion(tile.width() / 2, tile.height() / 5, tile.width() / 2 - 4, tile.height() * 3 / 5);

        // Control: an empty tile has nothing there, so the check below can fail.
        const QImage empty = tile.grab().toImage();
        EXPECT_EQ(pixelsAwayFrom(empty, numberRegion, base, 30), 0) << which.toStdString();

        tile.setResult(seqRead(), Unit::MBps);
        const QImage shown = tile.grab().toImage();
        const QColor text = pal.color(QPalette::Text);
        EXPECT_GT(pixelsNear(shown, numberRegion, text, 60), 20) << which.toStdString();
        EXPECT_GT(pixelsAwayFrom(shown, numberRegion, base, 30), numberRegion.width()) << which.toStdString();
        // The bar is drawn in the bar colour at the bottom left.
        const QRect barRegion(0, tile.height() * 4 / 5, tile.width() / 2, tile.height() / 5);
        EXPECT_GT(pixelsNear(shown, barRegion, ResultTile::barColor(pal), 10), 10) << which.toStdString();

        tile.setResult(failed("Device gone"), Unit::MBps);
        const QImage error = tile.grab().toImage();
        EXPECT_GT(pixelsNear(error, numberRegion, ResultTile::errorColor(pal), 60), 20) << which.toStdString();
    }
}

TEST_F(Widgets, ChartCountsSamplesAndStartTestResets)
{
    LiveChart chart;
    chart.show(); // legend markers of a chart never shown are all invisible
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&chart));
    EXPECT_EQ(chart.pointCount(), 0);
    chart.startTest(QStringLiteral("SEQ1M Q8T1 Read"));
    EXPECT_EQ(chart.title(), QStringLiteral("SEQ1M Q8T1 Read"));
    EXPECT_EQ(chart.chart()->title(), QStringLiteral("SEQ1M Q8T1 Read"));
    for (int i = 1; i <= 10; ++i) {
        chart.addSample({ 0.25 * i, 100.0 * i, 25.0 * i, i <= 4 ? 0 : 1 });
        EXPECT_EQ(chart.pointCount(), i);
    }
    EXPECT_DOUBLE_EQ(chart.warmupEnd(), 1.0);
    // The axes cover every point so far.
    const auto axes = chart.chart()->axes();
    for (QAbstractAxis* axis : axes) {
        auto* value = qobject_cast<QValueAxis*>(axis);
        ASSERT_TRUE(value);
        EXPECT_EQ(value->min(), 0.0);
    }
    EXPECT_GE(qobject_cast<QValueAxis*>(chart.chart()->axes(Qt::Horizontal).first())->max(), 2.5);
    for (QAbstractAxis* axis : chart.chart()->axes(Qt::Vertical)) {
        if (axis->isVisible()) { // not the temperature's: no reading came
            EXPECT_GE(qobject_cast<QValueAxis*>(axis)->max(), axis->alignment() == Qt::AlignLeft ? 1000.0 : 250.0);
        }
    }

    auto warmupInLegend = [&] {
        for (QLegendMarker* marker : chart.chart()->legend()->markers())
            if (marker->label() == QStringLiteral("Warm-up"))
                return marker->isVisible();
        return false;
    };
    EXPECT_TRUE(warmupInLegend());

    chart.startTest(QStringLiteral("RND4K Q32T1 Read"));
    EXPECT_EQ(chart.pointCount(), 0);
    EXPECT_EQ(chart.title(), QStringLiteral("RND4K Q32T1 Read"));
    EXPECT_EQ(chart.warmupEnd(), 0.0);
    EXPECT_FALSE(warmupInLegend()); // no band, so no legend entry for one
    chart.addSample({ 0.25, 1, 250, 0 });
    EXPECT_EQ(chart.pointCount(), 1);
    EXPECT_TRUE(warmupInLegend());

    chart.clear();
    EXPECT_EQ(chart.pointCount(), 0);
    EXPECT_TRUE(chart.title().isEmpty());
}

// The time axis fits the test: its expected length live, its last sample when shown afterwards
// (issue 14 saw a 2-second test drawn on a 10-second axis).
TEST_F(Widgets, ChartTimeAxisFitsTheTest)
{
    LiveChart chart;
    const auto timeAxis = [&] { return qobject_cast<QValueAxis*>(chart.chart()->axes(Qt::Horizontal).first()); };
    chart.startTest(QStringLiteral("live"), 2.2); // 0.2 s warm-up and 4 x 0.5 s
    EXPECT_GE(timeAxis()->max(), 2.2);
    EXPECT_LE(timeAxis()->max(), 3.0);
    chart.addSample({ 2.6, 50, 50, 1 }); // a pass that ran a little long: the axis follows
    EXPECT_GE(timeAxis()->max(), 2.6);

    std::vector<LiveSample> two;
    for (int i = 1; i <= 8; ++i)
        two.push_back({ 0.25 * i, 50, 50, 1 });
    chart.showTimeline(QStringLiteral("done"), two);
    EXPECT_GE(timeAxis()->max(), 2.0);
    EXPECT_LE(timeAxis()->max(), 2.5);
}

TEST_F(Widgets, ChartShowsExactlyTheGivenTimeline)
{
    LiveChart chart;
    chart.startTest(QStringLiteral("live"));
    for (int i = 1; i <= 30; ++i)
        chart.addSample({ 0.25 * i, 50, 50, 1 });

    const std::vector<LiveSample> timeline = seqRead().timeline;
    chart.showTimeline(QStringLiteral("SEQ1M Q8T1 Read"), timeline);
    EXPECT_EQ(chart.title(), QStringLiteral("SEQ1M Q8T1 Read"));
    ASSERT_EQ(chart.pointCount(), int(timeline.size()));
    const QList<QPointF> rate = chart.rateSeries()->points();
    const QList<QPointF> iops = chart.iopsSeries()->points();
    ASSERT_EQ(rate.size(), qsizetype(timeline.size()));
    ASSERT_EQ(iops.size(), qsizetype(timeline.size()));
    for (size_t i = 0; i < timeline.size(); ++i) {
        EXPECT_EQ(rate[qsizetype(i)], QPointF(timeline[i].t, timeline[i].mbPerSec));
        EXPECT_EQ(iops[qsizetype(i)], QPointF(timeline[i].t, timeline[i].iops));
    }
    EXPECT_DOUBLE_EQ(chart.warmupEnd(), 1.0);

    chart.showTimeline(QStringLiteral("empty"), {});
    EXPECT_EQ(chart.pointCount(), 0);
    EXPECT_EQ(chart.title(), QStringLiteral("empty"));
}

// Issue 15: the drive's temperature on an axis of its own, right of IOPS, only where the drive
// has a sensor; a reading taken now is drawn at the newest sample's time.
TEST_F(Widgets, ChartDrawsTheDrivesTemperatureOnASecondRightAxis)
{
    LiveChart chart;
    chart.show(); // legend markers of a chart never shown are all invisible
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&chart));
    const auto inLegend = [&] {
        for (QLegendMarker* marker :
            chart.chart()->legend()->markers(const_cast<QLineSeries*>(chart.temperatureSeries())))
            return marker->isVisible();
        return false;
    };
    auto* temperature = const_cast<QLineSeries*>(chart.temperatureSeries());
    const auto axis = [&] { return qobject_cast<QValueAxis*>(temperature->attachedAxes().last()); };
    chart.startTest(QStringLiteral("SEQ1M Q8T1 Read"), 2.2);
    EXPECT_FALSE(chart.temperatureShown());
    EXPECT_FALSE(inLegend());
    ASSERT_TRUE(axis());
    EXPECT_EQ(axis()->alignment(), Qt::AlignRight);
    EXPECT_NE(axis(), const_cast<QLineSeries*>(chart.iopsSeries())->attachedAxes().last()) << "an axis of its own";

    chart.addSample({ 0.25, 100, 100, 0 });
    chart.addSample({ 0.5, 100, 100, 0 });
    chart.addTemperature(41);
    chart.addSample({ 0.75, 100, 100, 0 });
    chart.addTemperature(67);
    EXPECT_TRUE(chart.temperatureShown());
    EXPECT_TRUE(inLegend());
    EXPECT_EQ(chart.temperatureSeries()->points(), (QList<QPointF> { { 0.5, 41 }, { 0.75, 67 } }));
    EXPECT_GE(axis()->max(), 67.0);
    EXPECT_EQ(chart.pointCount(), 3) << "the readings are not samples";

    chart.startTest(QStringLiteral("RND4K Q32T1 Read"));
    EXPECT_FALSE(chart.temperatureShown());
    EXPECT_FALSE(inLegend());
    EXPECT_TRUE(chart.temperatureSeries()->points().isEmpty());

    const std::vector<LiveSample> timeline { { 0.25, 10, 2500, 0 }, { 0.5, 10, 2500, 1 } };
    chart.showTimeline(QStringLiteral("stored"), timeline, { { 0.25, 40 }, { 0.5, 44 } });
    EXPECT_TRUE(chart.temperatureShown());
    EXPECT_EQ(chart.temperatureSeries()->points(), (QList<QPointF> { { 0.25, 40 }, { 0.5, 44 } }));
    chart.showTimeline(QStringLiteral("no sensor"), timeline);
    EXPECT_FALSE(chart.temperatureShown());
    EXPECT_TRUE(chart.temperatureSeries()->points().isEmpty());
}

TEST_F(Widgets, ChartFollowsThePaletteAndIsVisible)
{
    LiveChart chart;
    chart.resize(chart.sizeHint());
    chart.showTimeline(QStringLiteral("SEQ1M Q8T1 Read"), seqRead().timeline);
    for (const QPalette& pal : { lightPalette(), darkPalette() }) {
        const QColor base = pal.color(QPalette::Base);
        const QString which = base.lightness() > 128 ? QStringLiteral("light") : QStringLiteral("dark");
        chart.setPalette(pal); // a PaletteChange, as when the desktop switches theme
        EXPECT_EQ(chart.chart()->backgroundBrush().color(), base) << which.toStdString();
        EXPECT_EQ(chart.chart()->titleBrush().color(), pal.color(QPalette::Text)) << which.toStdString();

        const QImage image = chart.grab().toImage();
        const QRect all = chart.rect();
        // Mostly background, with the title, labels and lines drawn over it.
        EXPECT_GT(pixelsNear(image, all, base, 6), all.width() * all.height() / 2) << which.toStdString();
        const QColor rateColour = chart.rateSeries()->pen().color();
        EXPECT_GE(contrast(rateColour, base), 3.0) << which.toStdString();
        EXPECT_GT(pixelsNear(image, all, rateColour, 40), chart.width() / 4) << which.toStdString();
        const QRect titleStrip(0, 0, chart.width(), chart.fontMetrics().height() * 2);
        EXPECT_GT(pixelsNear(image, titleStrip, pal.color(QPalette::Text), 90), 20) << which.toStdString();
    }
}

// A sheet of tiles and the chart as the window would show them; saved when DM_SCREENSHOT_DIR is
// set, so the look can be checked by eye at any QT_SCALE_FACTOR.
TEST_F(Widgets, RenderSheets)
{
    for (const QPalette& pal : { lightPalette(), darkPalette() }) {
        QWidget sheet;
        sheet.setPalette(pal);
        sheet.setAutoFillBackground(true);
        auto* grid = new QGridLayout(&sheet);
        const TestResult seq = seqRead();
        TestResult slow;
        slow.spec.row = TestRow { Pattern::Random, 4096, 1, 1 };
        slow.passes = { pass(0.523, 127.7, 7830) };
        TestResult iops;
        iops.spec.row = TestRow { Pattern::Random, 4096, 32, 16 };
        iops.passes = { pass(4567.9, 1115210.3, 458.9) };
        const QString units[] = { QStringLiteral("Read [MB/s]"), QStringLiteral("Write [MB/s]") };
        grid->addWidget(new QLabel(units[0]), 0, 1, Qt::AlignCenter);
        grid->addWidget(new QLabel(units[1]), 0, 2, Qt::AlignCenter);
        auto addRow = [&](int row, const QString& name, ResultTile* read, ResultTile* write) {
            grid->addWidget(new QLabel(name), row, 0);
            grid->addWidget(read, row, 1);
            grid->addWidget(write, row, 2);
        };
        auto tile = [](const TestResult& r, Unit u) {
            auto* t = new ResultTile;
            t->setResult(r, u);
            return t;
        };
        addRow(1, QStringLiteral("SEQ1M Q8T1"), tile(seq, Unit::MBps), tile(failed("No space left"), Unit::MBps));
        auto* running = new ResultTile;
        running->setRunning(true);
        addRow(2, QStringLiteral("RND4K Q1T1"), tile(slow, Unit::MBps), running);
        addRow(3, QStringLiteral("RND4K Q32T16"), tile(iops, Unit::Iops), new ResultTile);
        addRow(4, QStringLiteral("latency"), tile(slow, Unit::Microseconds), tile(iops, Unit::Microseconds));
        auto* large = tile(seq, Unit::GBps);
        large->setLarge(true);
        grid->addWidget(large, 5, 0, 1, 3);
        auto* chart = new LiveChart;
        chart->startTest(QStringLiteral("SEQ1M Q8T1 Read"));
        for (const LiveSample& s : seq.timeline)
            chart->addSample(s);
        grid->addWidget(chart, 6, 0, 1, 3);
        sheet.resize(sheet.sizeHint().width(), sheet.sizeHint().height());
        sheet.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&sheet));
        const QString which
            = pal.color(QPalette::Base).lightness() > 128 ? QStringLiteral("light") : QStringLiteral("dark");
        saveShot(sheet, QStringLiteral("tiles_%1").arg(which));
        EXPECT_FALSE(sheet.grab().isNull());

        // The chart as it sits under the grid (about 200 px high), mid-test on a fast random test,
        // where IOPS labels are widest.
        LiveChart live;
        live.setPalette(pal);
        live.resize(live.fontMetrics().height() * 36, live.fontMetrics().height() * 12);
        live.startTest(QStringLiteral("RND4K Q32T16 Read"));
        for (int i = 1; i <= 50; ++i) {
            const double ramp = i <= 4 ? 0.5 + 0.12 * i : 1.0 + 0.02 * std::sin(i);
            live.addSample({ 0.25 * i, 4400 * ramp, 1.07e6 * ramp, i <= 4 ? 0 : 1 + (i - 5) / 20 });
            if (i % 8 == 0) // a reading every 2 s, warming (issue 15: the third axis must fit too)
                live.addTemperature(42 + 2.0 * i / 8);
        }
        live.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&live));
        saveShot(live, QStringLiteral("chart_%1").arg(which));
    }
}
