// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QString>

namespace dm {

// Keeps the machine from suspending or going to sleep when idle while it lives: a benchmark
// leaves the keyboard alone for minutes, and a suspend in the middle would cut a test short or
// skew it. It holds a logind "block" inhibitor (org.freedesktop.login1.Manager.Inhibit on the
// system bus, what "sleep:idle"); destroying it closes the descriptor, which ends the inhibition.
// Where logind is absent (containers, systems without systemd) it does nothing and says why.
// RunHeaderProbe holds one for every run of every kind, on the run's own thread (the CLI's main
// thread, the window's worker threads), since it blocks for at most a few seconds if logind is
// slow to answer.
class SleepInhibitor {
    Q_DECLARE_TR_FUNCTIONS(SleepInhibitor)
public:
    SleepInhibitor();
    ~SleepInhibitor();
    SleepInhibitor(const SleepInhibitor&) = delete;
    SleepInhibitor& operator=(const SleepInhibitor&) = delete;

    bool active() const { return m_fd >= 0; }
    // Why sleep is not inhibited (empty while active), for a log or a status line.
    const QString& whyNot() const { return m_whyNot; }

private:
    int m_fd = -1;
    QString m_whyNot;
};

} // namespace dm
