// SPDX-License-Identifier: GPL-3.0-or-later
#include "thermalcliff.h"

#include <algorithm>

namespace dm {

namespace {
    // The sampler reads every 2 s (temperaturesampler.h): a reading up to one period after the
    // rate fell still describes the drive as it fell.
    constexpr double kReadingPeriodSeconds = 2.0;
}

std::optional<ThermalCliff> thermalCliff(const SustainedResult& result, const RunHealth& health)
{
    if (!result.cliff.cacheBytes || health.temperatures.empty())
        return std::nullopt;
    const auto fell = std::find_if(result.timeline.begin(), result.timeline.end(),
        [&](const SustainedSample& s) { return s.bytes > *result.cliff.cacheBytes; });
    if (fell == result.timeline.end())
        return std::nullopt;
    ThermalCliff c;
    c.atSeconds = fell->t;
    c.startCelsius = health.temperatures.front().celsius;
    if (health.start && health.start->temperatureC)
        c.startCelsius = *health.start->temperatureC;
    bool any = false;
    for (const TemperatureSample& s : health.temperatures)
        if (s.seconds <= c.atSeconds + kReadingPeriodSeconds) {
            c.celsius = any ? std::max(c.celsius, s.celsius) : s.celsius;
            any = true;
        }
    if (!any)
        return std::nullopt;
    c.warningCelsius = health.warningTemperatureC;
    c.atWarning = c.warningCelsius && c.celsius >= *c.warningCelsius;
    // A drive that says where it throttles is taken at its word: an NVMe drive warms by 20 °C
    // while it fills its cache and is nowhere near its 75 °C. The rise stands in only for a
    // drive that gives no warning temperature.
    if (!c.atWarning && (c.warningCelsius || c.celsius - c.startCelsius < kThermalRiseC))
        return std::nullopt;
    return c;
}

QString thermalCliffWhy(const ThermalCliff& c)
{
    const auto degrees = [](double v) { return QStringLiteral("%1 °C").arg(v, 0, 'f', 0); };
    if (c.atWarning)
        return QStringLiteral("the drive reached %1 (its warning temperature is %2)")
            .arg(degrees(c.celsius), degrees(*c.warningCelsius));
    return QStringLiteral("the drive warmed from %1 to %2").arg(degrees(c.startCelsius), degrees(c.celsius));
}

} // namespace dm
