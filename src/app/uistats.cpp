// SPDX-License-Identifier: GPL-3.0-or-later
#include "uistats.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

namespace dm {

UiStats::UiStats(QObject* parent)
    : QObject(parent)
{
    m_clock.start();
    m_timer.setInterval(5);
    m_timer.setTimerType(Qt::PreciseTimer);
    connect(&m_timer, &QTimer::timeout, this, [this] {
        const qint64 now = m_clock.nsecsElapsed();
        if (m_running && m_lastTick)
            m_maxGapNs = std::max(m_maxGapNs, now - m_lastTick);
        m_lastTick = now;
    });
    m_timer.start();
}

void UiStats::runStarted()
{
    m_running = true;
    m_maxGapNs = 0;
    m_chartUpdates = 0;
    m_lastTick = m_clock.nsecsElapsed();
    m_runStart = m_lastTick;
}

void UiStats::runEnded()
{
    m_running = false;
    m_runEnd = m_clock.nsecsElapsed();
}

double UiStats::chartUpdatesPerSecond() const
{
    const double seconds = double((m_running ? m_clock.nsecsElapsed() : m_runEnd) - m_runStart) / 1e9;
    return seconds > 0 ? m_chartUpdates / seconds : 0.0;
}

double UiStats::peakResidentMiB()
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray& line : f.readAll().split('\n'))
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').first().toDouble() / 1024.0;
    return 0;
}

QByteArray UiStats::toJson() const
{
    QJsonObject o;
    // The timer's own 5 ms period is part of every gap; what matters is how far above it we go.
    o[QStringLiteral("max_gui_gap_ms")] = maxGapMs();
    o[QStringLiteral("chart_updates_per_s")] = chartUpdatesPerSecond();
    o[QStringLiteral("peak_rss_mib")] = peakResidentMiB();
    return QJsonDocument(o).toJson();
}

} // namespace dm
