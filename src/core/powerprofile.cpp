// SPDX-License-Identifier: GPL-3.0-or-later
#include "powerprofile.h"

#include <QDBusConnection>
#include <QDBusError>
#include <QDBusMessage>
#include <QDBusVariant>
#include <QDir>
#include <QFile>
#include <QStringList>

#include <atomic>
#include <iterator>

namespace dm {

namespace {

    // Both daemons answer in milliseconds; a hung one must not hold up a run for long.
    constexpr int kTimeoutMs = 3000;

    QString readTrimmed(const QString& path)
    {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            return {};
        return QString::fromUtf8(file.readAll()).trimmed();
    }

    QDBusMessage call(QDBusMessage message)
    {
        QDBusConnection bus = QDBusConnection::systemBus();
        if (!bus.isConnected())
            return QDBusMessage::createError(QDBusError::Disconnected, QStringLiteral("no D-Bus system bus"));
        return bus.call(message, QDBus::Block, kTimeoutMs);
    }

    std::optional<QVariant> property(const char* service, const char* path, const char* interface, const char* name)
    {
        auto get = QDBusMessage::createMethodCall(QLatin1String(service), QLatin1String(path),
            QStringLiteral("org.freedesktop.DBus.Properties"), QStringLiteral("Get"));
        get << QLatin1String(interface) << QLatin1String(name);
        const QDBusMessage reply = call(get);
        if (reply.type() != QDBusMessage::ReplyMessage || reply.arguments().isEmpty())
            return std::nullopt;
        return reply.arguments().first().value<QDBusVariant>().variant();
    }

    bool absent(const QDBusError& error)
    {
        return error.type() == QDBusError::ServiceUnknown || error.type() == QDBusError::Disconnected
            || error.name() == QLatin1String("org.freedesktop.DBus.Error.NameHasNoOwner");
    }

} // namespace

namespace {
    std::atomic<bool> g_powerHold { true };
} // namespace

void setPowerHoldEnabled(bool on) { g_powerHold = on; }
bool powerHoldEnabled() { return g_powerHold; }

PowerProfileHold::PowerProfileHold(const QString& reason)
{
    QString lastError;
    for (int i = 0; i < int(std::size(kPowerProfilesServices)); ++i) {
        const auto& s = kPowerProfilesServices[i];
        auto hold = QDBusMessage::createMethodCall(QLatin1String(s.service), QLatin1String(s.path),
            QLatin1String(s.interface), QStringLiteral("HoldProfile"));
        hold << QStringLiteral("performance") << reason << QStringLiteral("io.github.diskometer");
        const QDBusMessage reply = call(hold);
        if (reply.type() == QDBusMessage::ReplyMessage && !reply.arguments().isEmpty()) {
            m_cookie = reply.arguments().first().toUInt();
            m_service = i;
            return;
        }
        const QDBusError error(reply);
        if (absent(error))
            continue; // the other name, or no daemon at all
        lastError = error.message();
        break; // the daemon is there and refused: asking under its other name would not help
    }
    m_whyNot = lastError.isEmpty()
        ? tr("power-profiles-daemon is not running, so the power profile is not held")
        : tr("power-profiles-daemon did not hold the performance profile: %1").arg(lastError);
    // Reports are in English whatever the window's language (docs/HISTORY.md): no tr().
    m_notHeld = lastError.isEmpty() ? QStringLiteral("no power-profiles-daemon")
                                    : QStringLiteral("refused: %1").arg(lastError);
}

PowerProfileHold::~PowerProfileHold()
{
    if (!m_cookie)
        return;
    const auto& s = kPowerProfilesServices[m_service];
    auto release = QDBusMessage::createMethodCall(QLatin1String(s.service), QLatin1String(s.path),
        QLatin1String(s.interface), QStringLiteral("ReleaseProfile"));
    release << *m_cookie;
    call(release); // a daemon that went away meanwhile has dropped the hold already
}

void readPowerProfile(PowerDescription& power)
{
    for (const auto& s : kPowerProfilesServices) {
        const auto active = property(s.service, s.path, s.interface, "ActiveProfile");
        if (!active)
            continue;
        power.profile = active->toString();
        power.degraded = property(s.service, s.path, s.interface, "PerformanceDegraded").value_or(QVariant()).toString();
        return;
    }
}

std::optional<bool> readOnBattery()
{
    const auto onBattery
        = property("org.freedesktop.UPower", "/org/freedesktop/UPower", "org.freedesktop.UPower", "OnBattery");
    if (!onBattery)
        return std::nullopt;
    return onBattery->toBool();
}

QString readCpuGovernor(const QString& sysRoot)
{
    const QDir cpus(sysRoot + QStringLiteral("/devices/system/cpu"));
    QStringList governors;
    for (const QString& cpu : cpus.entryList({ QStringLiteral("cpu[0-9]*") }, QDir::Dirs, QDir::Name)) {
        const QString governor = readTrimmed(cpus.filePath(cpu + QStringLiteral("/cpufreq/scaling_governor")));
        if (!governor.isEmpty() && !governors.contains(governor))
            governors << governor;
    }
    return governors.join(QStringLiteral(", "));
}

PowerDescription describePower(bool held, std::optional<bool> sleepInhibited, const QString& notHeld)
{
    PowerDescription power;
    readPowerProfile(power);
    power.held = held;
    power.notHeld = held ? QString() : notHeld;
    power.onBattery = readOnBattery();
    power.cpuGovernor = readCpuGovernor();
    power.sleepInhibited = sleepInhibited;
    return power;
}

QString powerSummary(const PowerDescription& power)
{
    QStringList parts;
    if (!power.profile.isEmpty())
        parts << (power.held ? QStringLiteral("%1 (held)").arg(power.profile) : power.profile);
    if (!power.held && !power.notHeld.isEmpty())
        parts << QStringLiteral("performance not held (%1)").arg(power.notHeld);
    if (!power.degraded.isEmpty())
        parts << QStringLiteral("degraded: %1").arg(power.degraded);
    if (power.onBattery)
        parts << (*power.onBattery ? QStringLiteral("on battery") : QStringLiteral("on AC"));
    if (!power.cpuGovernor.isEmpty())
        parts << QStringLiteral("governor %1").arg(power.cpuGovernor);
    if (power.sleepInhibited)
        parts << (*power.sleepInhibited ? QStringLiteral("suspend inhibited") : QStringLiteral("suspend not inhibited"));
    return parts.join(QStringLiteral(", "));
}

} // namespace dm
