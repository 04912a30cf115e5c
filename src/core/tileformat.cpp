// SPDX-License-Identifier: GPL-3.0-or-later
#include "tileformat.h"

#include <QCoreApplication>
#include <QStringList>

#include <algorithm>
#include <cmath>

namespace dm {

namespace {

    // A translation context lupdate understands, for free functions.
    struct TileText {
        Q_DECLARE_TR_FUNCTIONS(dm::TileFormat)
    };

    // CrystalDiskMark's precision for small numbers: the text report prints MB/s with 3 decimals,
    // but a tile is narrower, so 2 for MB/s and µs, 3 for GB/s (which is rarely above 10), and 1
    // for IOPS (a fraction of an I/O per second means nothing to anyone).
    int maxDecimals(Unit unit)
    {
        switch (unit) {
        case Unit::MBps:
        case Unit::Microseconds:
            return 2;
        case Unit::GBps:
            return 3;
        case Unit::Iops:
            return 1;
        }
        return 2;
    }

    // Digits plus decimals the tile has room for: "1406.29", "12345.6", "1234567" are 7 characters
    // at most up to 9,999,999, so every tile of a column is the same width as "99999.99" or less.
    constexpr int kSignificantDigits = 6;

    const PassResult* headline(const TestResult& result)
    {
        if (result.passes.empty())
            return nullptr;
        return &result.passes[passStatistics(result.passes).bestIndex];
    }

    double valueOf(const PassResult& pass, Unit unit)
    {
        switch (unit) {
        case Unit::MBps:
            return pass.mbPerSec();
        case Unit::GBps:
            return pass.mbPerSec() / 1000.0;
        case Unit::Iops:
            return pass.iops();
        case Unit::Microseconds:
            return pass.latency.meanNs / 1000.0;
        }
        return 0;
    }

    // Where x lies between lo and hi on a log scale, clamped to [0, 1]; 0 for nothing measured.
    double logFraction(double x, double lo, double hi)
    {
        if (!(x > 0) || !std::isfinite(x))
            return 0;
        const double f = (std::log10(x) - std::log10(lo)) / (std::log10(hi) - std::log10(lo));
        return std::clamp(f, 0.0, 1.0);
    }

    QString directionLabel(const TestSpec& spec)
    {
        switch (spec.direction) {
        case Direction::Read:
            return TileText::tr("Read");
        case Direction::Write:
            return TileText::tr("Write");
        case Direction::Mix:
            return TileText::tr("Mix (%1% read)").arg(spec.readPercent);
        }
        return {};
    }

    QString microseconds(double ns) { return formatTileNumber(ns / 1000.0, Unit::Microseconds); }

} // namespace

QString formatTileNumber(double value, Unit unit)
{
    if (!std::isfinite(value))
        return {};
    // Try the unit's full precision first and drop decimals until the number fits. Formatting
    // before counting catches the rounding carry: 9999.996 prints as "10000.00", one digit more.
    // Always '.', as in CrystalDiskMark and our text reports, so screenshots compare across locales.
    for (int decimals = maxDecimals(unit); decimals > 0; --decimals) {
        const QString text = QString::number(value, 'f', decimals);
        const qsizetype point = text.indexOf(QLatin1Char('.'));
        const qsizetype integerDigits = value < 0 ? point - 1 : point;
        if (integerDigits + decimals <= kSignificantDigits)
            return text;
    }
    return QString::number(value, 'f', 0);
}

QString formatTileValue(const TestResult& result, Unit unit)
{
    const PassResult* pass = headline(result);
    return pass ? formatTileNumber(valueOf(*pass, unit), unit) : QString();
}

double tileValue(const TestResult& result, Unit unit)
{
    const PassResult* pass = headline(result);
    return pass ? valueOf(*pass, unit) : 0.0;
}

double tileBarFraction(const TestResult& result, Unit unit)
{
    const PassResult* pass = headline(result);
    if (!pass)
        return 0;
    switch (unit) {
    case Unit::MBps:
    case Unit::GBps:
        return logFraction(pass->mbPerSec(), 0.1, 100'000);
    case Unit::Iops:
        return logFraction(pass->iops(), 1, 10'000'000);
    case Unit::Microseconds: {
        const double us = pass->latency.meanNs / 1000.0;
        if (!(us > 0))
            return 0; // no latency measured: nothing to show, not a perfect score
        return 1.0 - logFraction(us, 1, 10'000'000);
    }
    }
    return 0;
}

QString tileTooltip(const TestResult& result)
{
    QStringList lines;
    lines << QString::fromStdString(rowName(result.spec.row)) + QLatin1Char(' ') + directionLabel(result.spec);
    if (result.error)
        lines << TileText::tr("Failed: %1").arg(QString::fromStdString(*result.error).simplified());

    const PassResult* pass = headline(result);
    if (!pass) {
        if (!result.error)
            lines << TileText::tr("No result yet");
        return lines.join(QLatin1Char('\n'));
    }
    if (result.error)
        lines << TileText::tr("Before it failed:");

    for (Unit unit : { Unit::MBps, Unit::GBps, Unit::Iops })
        lines << formatTileNumber(valueOf(*pass, unit), unit) + QLatin1Char(' ') + unitName(unit);

    const QString us = unitName(Unit::Microseconds);
    const LatencySummary& lat = pass->latency;
    lines << TileText::tr("Latency mean: %1 %2").arg(microseconds(lat.meanNs), us);
    lines << TileText::tr("Latency p50: %1 %2").arg(microseconds(lat.p50Ns), us);
    lines << TileText::tr("Latency p99: %1 %2").arg(microseconds(lat.p99Ns), us);
    lines << TileText::tr("Latency p99.9: %1 %2").arg(microseconds(lat.p999Ns), us);
    lines << TileText::tr("Latency max: %1 %2").arg(microseconds(lat.maxNs), us);

    const PassStatistics stats = passStatistics(result.passes);
    const QString mbps = unitName(Unit::MBps);
    lines << TileText::tr("Passes: %1, shown: pass %2").arg(result.passes.size()).arg(stats.bestIndex + 1);
    // With one pass the spread is that pass again and a CV of 0 would claim a precision never measured.
    if (result.passes.size() > 1) {
        lines << TileText::tr("Median: %1 %2").arg(formatTileNumber(stats.medianMbPerSec, Unit::MBps), mbps);
        lines << TileText::tr("Min: %1 %2").arg(formatTileNumber(stats.minMbPerSec, Unit::MBps), mbps);
        lines << TileText::tr("Max: %1 %2").arg(formatTileNumber(stats.maxMbPerSec, Unit::MBps), mbps);
        lines << TileText::tr("CV: %1%").arg(QString::number(stats.cvPercent, 'f', 1));
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace dm
