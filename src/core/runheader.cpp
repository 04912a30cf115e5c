// SPDX-License-Identifier: GPL-3.0-or-later
#include "runheader.h"

#include "devicecounters.h"

#include "drivehealth.h"
#include "driveline.h"
#include "targetinfo.h"
#include "targetwarnings.h"

namespace dm {

RunHeaderProbe::RunHeaderProbe(QString target, TemperatureSampler::Listener onTemperature)
    : m_noSuspend()
    , m_target(std::move(target))
    , m_description(describeTarget(m_target, {}, serialShown()))
    , m_started(QDateTime::currentDateTime())
    , m_otherIo(sampleDeviceActivity(m_description.device))
    , m_warnings(targetWarnings(m_description))
{
    if (powerHoldEnabled())
        m_hold = std::make_unique<PowerProfileHold>(QStringLiteral("Diskometer is measuring %1").arg(m_target));
    if (const std::optional<DriveHealth> health = readTargetHealth(m_description, {})) {
        m_health.device = health->device;
        m_health.model = health->model;
        m_health.start = healthMoment(*health);
        m_health.warningTemperatureC = health->nvme.warningTemperatureC;
        if (health->temperatureC)
            m_temperatures = std::make_unique<TemperatureSampler>( // "/dev/" off
                health->device.mid(5), QStringLiteral("/sys"), std::chrono::seconds(2), std::move(onTemperature));
    }
}

ReportHeader RunHeaderProbe::finish(RunEnvelope& run, const QString& comment, const DriveSpeed& speed) const
{
    ReportHeader header = describeRunHeader(m_target, run.engine, comment);
    const TargetDescription after = header.target;
    header.target = m_description;
    if (after.device == m_description.device && after.mountPoint == m_description.mountPoint) {
        // Used and free together, as df read them while the run went on (a test file counts).
        header.target.freeBytes = after.freeBytes;
        header.target.usedBytes = after.usedBytes;
    }
    header.date = m_started;
    // Read while the hold still stands: the profile the run had.
    header.system.power = describePower(m_hold && m_hold->held(), m_noSuspend.active(),
        m_hold ? m_hold->notHeld() : QStringLiteral("turned off")); // --no-power-hold, the setting
    header.health = m_health;
    if (m_health.known()) {
        if (const std::optional<DriveHealth> end = readTargetHealth(m_description, {}))
            header.health.end = healthMoment(*end);
        if (m_temperatures)
            header.health.temperatures = m_temperatures->samples();
    }
    // Other I/O sampled before the run is a guess at what happened during it; where the device's
    // counters were read around every pass (devicecounters.h) and are a whole drive's they say it
    // exactly, and the explanations speak from them ("something else used the drive ..."). A
    // partition's counters miss the drive's other partitions, a volume's its members' own I/O
    // (a RAID resync): the guess, which samples every disk beneath, stays for those.
    const DeviceCounters counters = DeviceCounters::forPath(m_target.toStdString());
    const bool counted = counters.available() && counters.wholeDisk();
    appendWarnings(run,
        QStringList(m_warnings) << (counted ? QString() : deviceBusyWarning(m_otherIo, speed))
                                << healthWarnings(header.health));
    return header;
}

} // namespace dm
