// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

namespace dm {

// Measures how smooth the GUI thread stays (for bench/gui-stall): a 5 ms timer on the GUI thread
// records the largest gap between its ticks, chart updates are counted, and the peak resident
// memory is read from /proc/self/status. Only created when --stats is given.
class UiStats : public QObject {
    Q_OBJECT
public:
    explicit UiStats(QObject* parent = nullptr);

    void runStarted();
    void runEnded();
    void chartUpdated() { ++m_chartUpdates; }

    double maxGapMs() const { return m_maxGapNs / 1e6; }
    double chartUpdatesPerSecond() const;
    static double peakResidentMiB();
    QByteArray toJson() const;

private:
    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_lastTick = 0;
    qint64 m_maxGapNs = 0;
    qint64 m_runStart = 0, m_runEnd = 0;
    int m_chartUpdates = 0;
    bool m_running = false;
};

} // namespace dm
