// SPDX-License-Identifier: GPL-3.0-or-later
// Checks what a result tile shows, without a widget: the number in every unit with fewer decimals
// as it grows (never wider than 8 characters up to 9,999,999), the empty and failed cases, the
// tooltip's contents, the log-scale bar (monotonic, clamped, inverted for latency), and that the
// headline pass is the best one by MB/s rather than the first.

#include "tileformat.h"

#include <QStringList>

#include <gtest/gtest.h>

#include <cmath>

using namespace dm;

namespace {

// A one-second pass, so bytes and I/O counts are the rates themselves.
PassResult pass(double mbPerSec, double iops, double latencyUs)
{
    PassResult p;
    p.seconds = 1;
    p.bytes = uint64_t(std::llround(mbPerSec * 1e6));
    p.ios = uint64_t(std::llround(iops));
    p.latency.meanNs = latencyUs * 1000;
    p.latency.p50Ns = latencyUs * 900;
    p.latency.p90Ns = latencyUs * 1100;
    p.latency.p99Ns = latencyUs * 1500;
    p.latency.p999Ns = latencyUs * 2500;
    p.latency.maxNs = latencyUs * 8000;
    return p;
}

TestResult result(std::vector<PassResult> passes)
{
    TestResult r;
    r.spec.row = TestRow { Pattern::Random, 4096, 32, 1 };
    r.spec.direction = Direction::Read;
    r.passes = std::move(passes);
    return r;
}

int decimalsOf(const QString& text)
{
    const qsizetype point = text.indexOf(QLatin1Char('.'));
    return point < 0 ? 0 : int(text.size() - point - 1);
}

} // namespace

TEST(TileFormat, NumbersInEveryUnitAtSmallAndLargeMagnitudes)
{
    struct Case {
        double value;
        Unit unit;
        const char* expected;
    };
    const Case cases[] = {
        { 0.523, Unit::MBps, "0.52" },
        { 28.1234, Unit::MBps, "28.12" },
        { 1406.2891, Unit::MBps, "1406.29" },
        { 12345.67, Unit::MBps, "12345.7" },
        { 123456.7, Unit::MBps, "123457" },
        { 0.0281, Unit::GBps, "0.028" },
        { 1.40629, Unit::GBps, "1.406" },
        { 12.3456, Unit::GBps, "12.346" },
        { 1234.5, Unit::GBps, "1234.50" },
        { 0.5, Unit::Iops, "0.5" },
        { 92781.43, Unit::Iops, "92781.4" },
        { 123456.4, Unit::Iops, "123456" },
        { 1234567.8, Unit::Iops, "1234568" },
        { 9999999, Unit::Iops, "9999999" },
        { 5.5, Unit::Microseconds, "5.50" },
        { 344.891, Unit::Microseconds, "344.89" },
        { 12345.678, Unit::Microseconds, "12345.7" },
        { 2345678.9, Unit::Microseconds, "2345679" },
        // Rounding carries into a fifth integer digit: one decimal fewer, not "10000.00".
        { 9999.996, Unit::MBps, "10000.0" },
    };
    for (const Case& c : cases)
        EXPECT_EQ(formatTileNumber(c.value, c.unit), QLatin1String(c.expected))
            << c.value << " " << unitName(c.unit).toStdString();
}

TEST(TileFormat, TileValueOfAResultInEachUnit)
{
    const TestResult r = result({ pass(1406.2891, 92781.4, 344.891) });
    EXPECT_EQ(formatTileValue(r, Unit::MBps), QStringLiteral("1406.29"));
    EXPECT_EQ(formatTileValue(r, Unit::GBps), QStringLiteral("1.406"));
    EXPECT_EQ(formatTileValue(r, Unit::Iops), QStringLiteral("92781.0")); // ios are whole per pass
    EXPECT_EQ(formatTileValue(r, Unit::Microseconds), QStringLiteral("344.89"));
    EXPECT_DOUBLE_EQ(tileValue(r, Unit::MBps), 1406.2891);
    EXPECT_DOUBLE_EQ(tileValue(r, Unit::GBps), 1.4062891);
    EXPECT_DOUBLE_EQ(tileValue(r, Unit::Iops), 92781);
    EXPECT_DOUBLE_EQ(tileValue(r, Unit::Microseconds), 344.891);
}

TEST(TileFormat, DecimalsShrinkAsNumbersGrowAndTextStaysNarrow)
{
    for (Unit unit : { Unit::MBps, Unit::GBps, Unit::Iops, Unit::Microseconds }) {
        int lastDecimals = 99;
        for (double v = 0.001; v <= 9'999'999; v *= 1.07) {
            const QString text = formatTileNumber(v, unit);
            EXPECT_LE(text.size(), 8) << text.toStdString();
            EXPECT_LE(decimalsOf(text), lastDecimals) << text.toStdString();
            lastDecimals = decimalsOf(text);
        }
        EXPECT_LE(formatTileNumber(9'999'999, unit).size(), 8);
        EXPECT_EQ(decimalsOf(formatTileNumber(9'999'999, unit)), 0);
    }
}

TEST(TileFormat, NoPassesMeansEmpty)
{
    const TestResult r = result({});
    for (Unit unit : { Unit::MBps, Unit::GBps, Unit::Iops, Unit::Microseconds }) {
        EXPECT_TRUE(formatTileValue(r, unit).isEmpty());
        EXPECT_EQ(tileValue(r, unit), 0.0);
        EXPECT_EQ(tileBarFraction(r, unit), 0.0);
    }
    const QString tip = tileTooltip(r);
    EXPECT_TRUE(tip.contains(QStringLiteral("RND4K Q32T1"))) << tip.toStdString();
    EXPECT_FALSE(tip.contains(QStringLiteral("MB/s"))) << tip.toStdString();
}

TEST(TileFormat, FailedTestTooltipSaysWhy)
{
    TestResult r = result({});
    r.error = "No space left on the target filesystem (ENOSPC). Free some space or choose a smaller size.";
    const QString tip = tileTooltip(r);
    EXPECT_TRUE(tip.contains(QStringLiteral("No space left on the target filesystem (ENOSPC)"))) << tip.toStdString();
    EXPECT_TRUE(tip.contains(QStringLiteral("Failed"))) << tip.toStdString();

    // Passes that finished before the error are reported, and marked as such.
    r.passes = { pass(100, 25000, 1200) };
    const QString partial = tileTooltip(r);
    EXPECT_TRUE(partial.contains(QStringLiteral("ENOSPC")));
    EXPECT_TRUE(partial.contains(QStringLiteral("100.00 MB/s"))) << partial.toStdString();
}

TEST(TileFormat, TooltipListsAllUnitsLatencyAndSpread)
{
    const TestResult r = result({ pass(300, 73242, 436.9), pass(354.657, 86586.2, 369.52), pass(320, 78125, 409.5) });
    const QString tip = tileTooltip(r);
    const QStringList lines = tip.split(QLatin1Char('\n'));
    auto has = [&](const QString& s) { return lines.contains(s); };
    EXPECT_TRUE(has(QStringLiteral("RND4K Q32T1 Read"))) << tip.toStdString();
    EXPECT_TRUE(has(QStringLiteral("354.66 MB/s"))) << tip.toStdString();
    EXPECT_TRUE(has(QStringLiteral("0.355 GB/s"))) << tip.toStdString();
    EXPECT_TRUE(has(QStringLiteral("86586.0 IOPS"))) << tip.toStdString();
    const QString us = unitName(Unit::Microseconds);
    EXPECT_TRUE(has(QStringLiteral("Latency mean: 369.52 ") + us)) << tip.toStdString();
    EXPECT_TRUE(has(QStringLiteral("Latency p50: 332.57 ") + us)) << tip.toStdString();
    EXPECT_TRUE(has(QStringLiteral("Latency p99: 554.28 ") + us)) << tip.toStdString();
    EXPECT_TRUE(has(QStringLiteral("Latency p99.9: 923.80 ") + us)) << tip.toStdString();
    EXPECT_TRUE(has(QStringLiteral("Latency max: 2956.16 ") + us)) << tip.toStdString();
    EXPECT_TRUE(has(QStringLiteral("Median: 320.00 MB/s"))) << tip.toStdString();
    EXPECT_TRUE(has(QStringLiteral("Min: 300.00 MB/s"))) << tip.toStdString();
    EXPECT_TRUE(has(QStringLiteral("Max: 354.66 MB/s"))) << tip.toStdString();
    const PassStatistics stats = passStatistics(r.passes);
    EXPECT_TRUE(has(QStringLiteral("CV: %1%").arg(stats.cvPercent, 0, 'f', 1))) << tip.toStdString();
    EXPECT_TRUE(has(QStringLiteral("Passes: 3, shown: pass 2"))) << tip.toStdString();
}

TEST(TileFormat, SinglePassTooltipClaimsNoSpread)
{
    const QString tip = tileTooltip(result({ pass(100, 100, 10000) }));
    EXPECT_FALSE(tip.contains(QStringLiteral("CV"))) << tip.toStdString();
    EXPECT_TRUE(tip.contains(QStringLiteral("Passes: 1"))) << tip.toStdString();
}

TEST(TileFormat, BarIsLogScaleMonotonicAndClamped)
{
    double last = -1;
    for (double mb = 0.001; mb < 1e7; mb *= 1.3) {
        const double f = tileBarFraction(result({ pass(mb, 1, 1) }), Unit::MBps);
        EXPECT_GE(f, 0.0);
        EXPECT_LE(f, 1.0);
        EXPECT_GE(f, last) << mb;
        last = f;
    }
    EXPECT_EQ(tileBarFraction(result({ pass(0.01, 1, 1) }), Unit::MBps), 0.0);
    EXPECT_EQ(tileBarFraction(result({ pass(1e6, 1, 1) }), Unit::MBps), 1.0);
    // 0.1 … 100,000 MB/s is six decades: 100 MB/s is half way, on either MB/s or GB/s.
    EXPECT_NEAR(tileBarFraction(result({ pass(100, 1, 1) }), Unit::MBps), 0.5, 1e-9);
    EXPECT_NEAR(tileBarFraction(result({ pass(100, 1, 1) }), Unit::GBps), 0.5, 1e-9);
    // A USB 2 stick's random writes still get a visible bar.
    EXPECT_GT(tileBarFraction(result({ pass(1, 250, 1) }), Unit::MBps), 0.1);

    last = -1;
    for (double iops = 0.1; iops < 1e8; iops *= 1.3) {
        const double f = tileBarFraction(result({ pass(1, iops, 1) }), Unit::Iops);
        EXPECT_GE(f, 0.0);
        EXPECT_LE(f, 1.0);
        EXPECT_GE(f, last) << iops;
        last = f;
    }
    EXPECT_EQ(tileBarFraction(result({ pass(1, 20'000'000, 1) }), Unit::Iops), 1.0);
}

TEST(TileFormat, ShorterLatencyGivesLongerBar)
{
    double last = 2;
    for (double us = 0.1; us < 1e8; us *= 1.3) {
        const double f = tileBarFraction(result({ pass(1, 1, us) }), Unit::Microseconds);
        EXPECT_GE(f, 0.0);
        EXPECT_LE(f, 1.0);
        EXPECT_LE(f, last) << us;
        last = f;
    }
    EXPECT_EQ(tileBarFraction(result({ pass(1, 1, 1) }), Unit::Microseconds), 1.0);
    EXPECT_EQ(tileBarFraction(result({ pass(1, 1, 10'000'000) }), Unit::Microseconds), 0.0);
    EXPECT_GT(tileBarFraction(result({ pass(1, 1, 80) }), Unit::Microseconds),
        tileBarFraction(result({ pass(1, 1, 8000) }), Unit::Microseconds));
}

TEST(TileFormat, HeadlineIsTheBestPassNotTheFirst)
{
    const TestResult r = result({ pass(500, 500, 5000), pass(1500, 1500, 1500), pass(1000, 1000, 1000) });
    EXPECT_EQ(formatTileValue(r, Unit::MBps), QStringLiteral("1500.00"));
    EXPECT_EQ(formatTileValue(r, Unit::Iops), QStringLiteral("1500.0"));
    // Latency comes from the same pass, even though another pass had a lower one.
    EXPECT_EQ(formatTileValue(r, Unit::Microseconds), QStringLiteral("1500.00"));
    EXPECT_DOUBLE_EQ(tileBarFraction(r, Unit::MBps), tileBarFraction(result({ pass(1500, 1, 1) }), Unit::MBps));
}
