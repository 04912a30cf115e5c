// SPDX-License-Identifier: GPL-3.0-or-later
#include "runhealth.h"

#include "report.h"

#include <QJsonArray>
#include <QJsonObject>

#include <algorithm>

namespace dm {

namespace {

    QJsonValue orNull(const std::optional<double>& v) { return v ? QJsonValue(*v) : QJsonValue(); }
    QJsonValue orNull(const std::optional<int>& v) { return v ? QJsonValue(*v) : QJsonValue(); }

    std::optional<double> optionalDouble(const QJsonValue& v)
    {
        return v.isDouble() ? std::optional(v.toDouble()) : std::nullopt;
    }

    QJsonValue momentJson(const std::optional<HealthMoment>& m)
    {
        if (!m)
            return QJsonValue();
        return QJsonObject {
            { QStringLiteral("status"), healthStatusId(m->status) },
            { QStringLiteral("reason"), m->reason },
            { QStringLiteral("temperature_c"), orNull(m->temperatureC) },
        };
    }

    std::optional<HealthMoment> momentFromJson(const QJsonValue& v)
    {
        if (!v.isObject())
            return std::nullopt;
        const QJsonObject o = v.toObject();
        HealthMoment m;
        m.status = healthStatusFromId(o.value(QLatin1String("status")).toString());
        m.reason = o.value(QLatin1String("reason")).toString();
        m.temperatureC = optionalDouble(o.value(QLatin1String("temperature_c")));
        return m;
    }

    // Good < Caution < Bad (the enum's order); Unknown says nothing about worse or better.
    int severity(HealthStatus s) { return s == HealthStatus::Unknown ? -1 : int(s); }

    QString degrees(double c) { return QStringLiteral("%1 °C").arg(c, 0, 'f', 0); }

    QString momentText(const HealthMoment& m)
    {
        QString s = healthStatusWord(m.status);
        if (m.temperatureC)
            s += QStringLiteral(", ") + degrees(*m.temperatureC);
        return s;
    }

} // namespace

std::optional<double> RunHealth::hottest() const
{
    std::optional<double> top;
    auto take = [&](std::optional<double> c) {
        if (c && (!top || *c > *top))
            top = c;
    };
    take(start ? start->temperatureC : std::nullopt);
    take(end ? end->temperatureC : std::nullopt);
    for (const TemperatureSample& s : temperatures)
        take(s.celsius);
    return top;
}

HealthMoment healthMoment(const DriveHealth& health)
{
    return HealthMoment { health.status, health.reason, health.temperatureC };
}

std::optional<double> temperatureAt(const std::vector<TemperatureSample>& temperatures, double seconds)
{
    if (temperatures.empty())
        return std::nullopt;
    // Sorted by time: the first reading after `seconds`, and the one before it.
    const auto after = std::upper_bound(temperatures.begin(), temperatures.end(), seconds,
        [](double s, const TemperatureSample& t) { return s < t.seconds; });
    return after == temperatures.begin() ? after->celsius : std::prev(after)->celsius;
}

std::vector<TemperatureSample> temperaturesAlong(const TestResult& test, const std::vector<TemperatureSample>& run)
{
    std::vector<TemperatureSample> along;
    if (run.empty() || !test.startSeconds)
        return along;
    along.reserve(test.timeline.size());
    for (const LiveSample& s : test.timeline)
        along.push_back({ s.t, *temperatureAt(run, *test.startSeconds + s.t) });
    return along;
}

std::optional<DriveHealth> readTargetHealth(const TargetDescription& target, const HealthSources& sources)
{
    if (!target.device.startsWith(QLatin1String("/dev/")))
        return std::nullopt;
    return readDriveHealth(target.device, sources);
}

QJsonValue runHealthJson(const RunHealth& h)
{
    if (!h.known())
        return QJsonValue();
    QJsonArray temperatures;
    for (const TemperatureSample& s : h.temperatures)
        temperatures.append(QJsonArray { s.seconds, s.celsius });
    return QJsonObject {
        { QStringLiteral("device"), h.device },
        { QStringLiteral("model"), h.model },
        { QStringLiteral("start"), momentJson(h.start) },
        { QStringLiteral("end"), momentJson(h.end) },
        { QStringLiteral("warning_temperature_c"), orNull(h.warningTemperatureC) },
        { QStringLiteral("hottest_c"), orNull(h.hottest()) },
        { QStringLiteral("temperatures"), temperatures },
    };
}

RunHealth runHealthFromJson(const QJsonValue& value)
{
    RunHealth h;
    const QJsonObject o = value.toObject();
    if (o.isEmpty())
        return h;
    h.device = o.value(QLatin1String("device")).toString();
    h.model = o.value(QLatin1String("model")).toString();
    h.start = momentFromJson(o.value(QLatin1String("start")));
    h.end = momentFromJson(o.value(QLatin1String("end")));
    if (const QJsonValue w = o.value(QLatin1String("warning_temperature_c")); w.isDouble())
        h.warningTemperatureC = w.toInt();
    for (const QJsonValue s : o.value(QLatin1String("temperatures")).toArray()) {
        const QJsonArray pair = s.toArray();
        if (pair.size() == 2 && pair[0].isDouble() && pair[1].isDouble())
            h.temperatures.push_back({ pair[0].toDouble(), pair[1].toDouble() });
    }
    return h;
}

QString healthSummary(const RunHealth& h)
{
    if (!h.known())
        return {};
    QString s;
    // Said once when a reader could not tell them apart: 38.2 and 37.9 °C are both "38 °C".
    if (h.start && h.end && momentText(*h.start) == momentText(*h.end) && h.start->reason == h.end->reason)
        s = momentText(*h.start) + QStringLiteral(" at the start and the end");
    else {
        QStringList parts;
        if (h.start)
            parts << momentText(*h.start) + QStringLiteral(" at the start");
        if (h.end)
            parts << momentText(*h.end) + QStringLiteral(" at the end");
        s = parts.join(QStringLiteral("; "));
    }
    // The hottest is said only when a reading between was hotter than both ends.
    RunHealth ends = h;
    ends.temperatures.clear();
    if (const std::optional<double> top = h.hottest(); top && top != ends.hottest())
        s += QStringLiteral(" (hottest %1)").arg(degrees(*top));
    // Why it is not Good, once: the end's reason, which is the newer.
    const std::optional<HealthMoment>& last = h.end ? h.end : h.start;
    // Unknown's reason lists every source that gave nothing and what would help: too long for
    // a report's line, and `diskometer-cli health` says it in full.
    if (last->status == HealthStatus::Unknown)
        s += QStringLiteral(" (%1; diskometer-cli health says why)").arg(last->reason.section(QLatin1Char(':'), 0, 0));
    else if (last->status != HealthStatus::Good && !last->reason.isEmpty())
        s += QStringLiteral(": ") + last->reason;
    return s;
}

QStringList healthWarnings(const RunHealth& h)
{
    QStringList out;
    if (h.start && h.end && severity(h.end->status) > severity(h.start->status) && severity(h.start->status) >= 0)
        out << (QStringLiteral("The drive's health went from %1 to %2 during the run: %3. Back up its data "
                               "before testing it again.")
                    .arg(healthStatusWord(h.start->status), healthStatusWord(h.end->status), h.end->reason));
    const std::optional<double> top = h.hottest();
    // A plain flag and value: GCC 12 on armhf took a nested optional for maybe-uninitialized.
    const bool haveFirst = h.start && h.start->temperatureC;
    const double first = haveFirst ? *h.start->temperatureC : 0;
    if (top && h.warningTemperatureC && *top >= *h.warningTemperatureC)
        out << (QStringLiteral("The drive reached %1, at or above its warning temperature (%2): it may have "
                               "slowed itself down to cool off (thermal throttling); let it cool and run again, "
                               "or give it more air.")
                    .arg(degrees(*top), degrees(*h.warningTemperatureC)));
    // The rise stands in for a drive that gives no warning temperature (thermalcliff.h): one
    // that does is taken at its word.
    else if (!h.warningTemperatureC && top && haveFirst && *top - first >= kThermalRiseC)
        out << (QStringLiteral("The drive warmed from %1 to %2 during the run: a rate that fell may be the drive "
                               "slowing itself down to cool off (thermal throttling), not a full cache.")
                    .arg(degrees(first), degrees(*top)));
    return out;
}

} // namespace dm
