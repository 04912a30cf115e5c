// SPDX-License-Identifier: GPL-3.0-or-later
#include "runheader.h"

#include "targetinfo.h"
#include "targetwarnings.h"

namespace dm {

RunHeaderProbe::RunHeaderProbe(QString target)
    : m_noSuspend()
    , m_target(std::move(target))
    , m_description(describeTarget(m_target))
    , m_started(QDateTime::currentDateTime())
    , m_otherIo(sampleDeviceActivity(m_description.device))
    , m_warnings(targetWarnings(m_description))
{
    if (powerHoldEnabled())
        m_hold = std::make_unique<PowerProfileHold>(QStringLiteral("Diskometer is measuring %1").arg(m_target));
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
    header.system.power = describePower(m_hold && m_hold->held(), m_noSuspend.active());
    appendWarnings(run, QStringList(m_warnings) << deviceBusyWarning(m_otherIo, speed));
    return header;
}

} // namespace dm
