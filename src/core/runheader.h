// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "reportheader.h"
#include "runenvelope.h"
#include "targetwarnings.h"

#include <QDateTime>
#include <QString>

#include "sleepinhibitor.h"
#include "temperaturesampler.h"

#include <memory>

namespace dm {

// The one run header core attaches to every run of every kind, for every front end (CLI,
// window, later a remote host): tool and version, date, system, the target as a person would
// describe it, the comment, and every target warning (RAM, copy-on-write, encryption, network,
// another process using the disk) appended to the run's own. Both halves read sysfs and may
// sleep: call them on the job thread, never on a GUI thread.
class RunHeaderProbe {
public:
    // Before the run's first I/O: describes the target (device, backing file, filesystem: what
    // the warnings are made of) and samples its disk's activity (200 ms), which the run's own
    // I/O would hide afterwards.
    // It also holds the run's conditions steady from here until it is destroyed: logind's suspend
    // and idle inhibitor, and the "performance" power profile (unless powerHoldEnabled() is off),
    // so the run is measured with the CPU and the bus at full speed and is not cut short by a
    // suspend. Both block for at most a few seconds each where a daemon is slow.
    // And it reads the drive's health (drivehealth.h: sysfs, UDisks2, maybe smartctl) and, where
    // the drive has a temperature sensor, samples it every 2 s until finish(), handing each
    // reading to `onTemperature` too (on the sampler's thread) when one is given.
    explicit RunHeaderProbe(QString target, TemperatureSampler::Listener onTemperature = {});

    // After the run: the header and the target's warnings added to `run`'s. The target is the
    // one described before the run (issue 12, item 10: a lazy unmount or `losetup -d` during the
    // run must not turn a loop device into /dev/vda or drop its page-cache warning); only the
    // free space is read again, as it was while the run went on, when the target still lives
    // on the same filesystem. `speed` is what the drive did in the run (result.fastest):
    // other I/O sampled before it is told only when it could move such a result. The drive's
    // health is read again; a health that got worse, or a drive that got hot, is warned of.
    ReportHeader finish(RunEnvelope& run, const QString& comment, const DriveSpeed& speed = {}) const;

private:
    SleepInhibitor m_noSuspend; // first: held before anything else is done for the run
    QString m_target;
    TargetDescription m_description;
    QDateTime m_started; // every kind's report dates the run from its start, as the grid always did
    std::vector<DiskActivity> m_otherIo; // judged after the run against what the drive did
    QStringList m_warnings; // what the target is (RAM, a loop device over a file...), read before the run too
    std::unique_ptr<PowerProfileHold> m_hold;
    RunHealth m_health; // as the run found the drive
    std::unique_ptr<TemperatureSampler> m_temperatures; // only for a drive with a sensor
};

} // namespace dm
