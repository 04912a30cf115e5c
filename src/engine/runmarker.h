// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <vector>

namespace dm {

// Two Diskometer runs at once on one drive share its bandwidth: each reports a fraction of what
// the drive does alone (678 MB/s against 1,194), and nothing else would tell. A run marks the
// drive for as long as it runs, so that both notice each other: the one that starts second at
// once, the one already running when it ends.
//
// Warn, not refuse (decided for issue 14): the results of both runs are still real
// measurements, only of a shared drive, and a refusal would stop runs that are meant to overlap
// (the test suites of two checkouts on one disk, a scan of one partition while the other is in
// use). The reports say it, so no one compares such a figure with a quiet one unknowingly.
//
// How: a directory per drive under the lock directory (/run/lock/diskometer, shared by every
// user; DISKOMETER_LOCK_DIR names another), a file per run named after its pid, flock()ed
// exclusively for the run's lifetime. A lock dies with its process, so a killed run leaves at
// most a file no one holds, which the next run removes. A run that starts appends its pid to
// the files of the runs it finds, which is how a run that was already going learns of it.
class RunMarker {
public:
    // The drive that fd (the test region: a file, a directory's test file or a device) is on:
    // the whole disk when it is a partition. Does nothing when the lock directory cannot be used.
    explicit RunMarker(int fd);
    ~RunMarker();
    RunMarker(const RunMarker&) = delete;
    RunMarker& operator=(const RunMarker&) = delete;

    // Empty when no other run touched this drive while this one ran; else the warning for the
    // report. Call once, at the end of the run.
    std::string overlapWarning() const;

    // "8:0", "253:1", "0:45" for a tmpfs: the drive's key (tests).
    const std::string& driveKey() const { return m_key; }

private:
    std::string m_key;
    std::string m_path; // this run's file; empty when nothing is marked
    int m_fd = -1;
    std::vector<long> m_foundAtStart;
};

} // namespace dm
