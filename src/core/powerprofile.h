// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QString>

#include <optional>

namespace dm {

// What the machine's power management did while a run went on, for every report (JSON
// `system.power`, `system.cpu_governor`) and the explanations (powersave, battery).
struct PowerDescription {
    QString profile; // power-profiles-daemon's ActiveProfile during the run; empty without the daemon
    bool held = false; // we held "performance" for the run
    QString degraded; // PerformanceDegraded ("lap-detected", "high-operating-temperature"); empty = not
    std::optional<bool> onBattery; // UPower's OnBattery; empty without UPower
    QString cpuGovernor; // cpufreq's scaling_governor ("schedutil"; "powersave, performance" when CPUs differ)
    std::optional<bool> sleepInhibited; // logind held off suspend and idle; empty when not recorded
    // Why it was not held, in a few words ("no power-profiles-daemon", "turned off", "refused:
    // Not authorized"); empty when held or not recorded. A reader of a low number asks this first.
    QString notHeld;
    bool operator==(const PowerDescription&) const = default;
};

// power-profiles-daemon's two names: UPower's since 0.20, the older one Debian 12's 0.12 uses.
struct PowerProfilesService {
    const char* service;
    const char* path;
    const char* interface;
};
inline constexpr PowerProfilesService kPowerProfilesServices[] = {
    { "org.freedesktop.UPower.PowerProfiles", "/org/freedesktop/UPower/PowerProfiles",
        "org.freedesktop.UPower.PowerProfiles" },
    { "net.hadess.PowerProfiles", "/net/hadess/PowerProfiles", "net.hadess.PowerProfiles" },
};

// Holds the "performance" profile while it lives (HoldProfile, released by ReleaseProfile in
// the destructor; the daemon also drops the hold when this process leaves the bus, so a crash or
// SIGKILL does not leave the machine in performance mode). Blocking D-Bus calls of at most a
// few seconds each: create it on a worker thread, never the GUI's. Where the daemon is absent or
// refuses, it holds nothing and says why.
class PowerProfileHold {
    Q_DECLARE_TR_FUNCTIONS(PowerProfileHold)
public:
    explicit PowerProfileHold(const QString& reason);
    ~PowerProfileHold();
    PowerProfileHold(const PowerProfileHold&) = delete;
    PowerProfileHold& operator=(const PowerProfileHold&) = delete;

    bool held() const { return m_cookie.has_value(); }
    const QString& whyNot() const { return m_whyNot; }
    // The same in a few words, for the report's Power line and JSON (PowerDescription::notHeld).
    const QString& notHeld() const { return m_notHeld; }

private:
    std::optional<unsigned> m_cookie;
    int m_service = -1; // index into kPowerProfilesServices of the daemon that answered
    QString m_whyNot;
    QString m_notHeld;
};

// Whether runs hold the performance profile: on unless --no-power-hold or the window's setting
// turn it off. One switch for the process, read by every kind's run header (runheader.h).
void setPowerHoldEnabled(bool on);
bool powerHoldEnabled();

// The profile and degradation power-profiles-daemon reports now; both empty without it.
void readPowerProfile(PowerDescription& power);
// UPower's OnBattery; empty without UPower.
std::optional<bool> readOnBattery();
// The CPUs' cpufreq governors below `sysRoot` ("/sys"); empty when there is no cpufreq (many VMs).
QString readCpuGovernor(const QString& sysRoot = QStringLiteral("/sys"));

// Everything above, read now (a run's end, before the hold is released): D-Bus and sysfs, not
// on a GUI thread.
PowerDescription describePower(bool held, std::optional<bool> sleepInhibited, const QString& notHeld = {});

// The text report's Power line: "performance (held), on AC, governor schedutil, suspend inhibited".
QString powerSummary(const PowerDescription& power);

} // namespace dm
