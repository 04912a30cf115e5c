// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A device of known speed for tests: runs a command through tests/support/throttle-rig, which
// makes a RAM-backed loop device, throttles it for a cgroup of its own, runs the command inside
// that cgroup and removes everything afterwards (also when the command fails or hangs and is
// killed here). One implementation of the rig, shared with bench/known-answer.
#include <QFile>
#include <QProcess>
#include <QStringList>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <unistd.h>
#include <map>
#include <string>

namespace dm::test {

struct RigLimits {
    uint64_t readBps = 0, writeBps = 0, readIops = 0, writeIops = 0; // 0 = no limit
    uint64_t cliffAt = 0; // when the device has written this many bytes, the write limit becomes...
    uint64_t afterWriteBps = 0; // ...this
};

struct RigOutcome {
    int exitCode = -1; // the command's; 77 = the rig cannot run here (skipReason says why)
    QByteArray out, err;
    std::map<std::string, std::string> report; // device, flavour, cgroup, image, cliff_bytes
    bool skipped() const { return exitCode == 77; }
    std::string skipReason() const { return err.trimmed().toStdString(); }
    uint64_t number(const std::string& key) const
    {
        auto it = report.find(key);
        return it == report.end() ? 0 : std::stoull(it->second);
    }
};

// A throttled device's answer is known only while the CPUs have room for the loop driver's
// worker and the I/O thread: at a load average of 15-19 on 2 vCPUs (other sessions building)
// single runs came out 5-25 % off for fio as for us. Returns why a measurement should not be
// trusted now, or "" when it can.
// DM_KNOWN_ANSWER_ANY_LOAD=1 runs them anyway (to see how far load moves the figures).
inline std::string tooBusyForKnownAnswer()
{
    if (const char* any = std::getenv("DM_KNOWN_ANSWER_ANY_LOAD"); any && std::string(any) == "1")
        return {};
    double load = 0;
    if (FILE* f = std::fopen("/proc/loadavg", "r")) {
        if (std::fscanf(f, "%lf", &load) != 1)
            load = 0;
        std::fclose(f);
    }
    const long cpus = std::max(1L, ::sysconf(_SC_NPROCESSORS_ONLN));
    if (load <= 3.0 * double(cpus))
        return {};
    return "the machine is too busy for a known answer (load average " + std::to_string(load) + " on "
        + std::to_string(cpus) + " CPUs, above 3 per CPU): the throttle's figures depend on spare CPU time";
}

// Runs `command` (its arguments "@DEV@" become the device) on a throttled RAM-backed device.
inline RigOutcome runThrottled(const RigLimits& l, const QStringList& command, const QString& size = "256M",
    int timeoutMs = 180000)
{
    QTemporaryDir dir;
    const QString reportPath = dir.filePath(QStringLiteral("report"));
    QStringList args { QStringLiteral("--size"), size, QStringLiteral("--report"), reportPath };
    const auto add = [&](const char* option, uint64_t v) {
        if (v)
            args << QString::fromLatin1(option) << QString::number(v);
    };
    add("--read-bps", l.readBps);
    add("--write-bps", l.writeBps);
    add("--read-iops", l.readIops);
    add("--write-iops", l.writeIops);
    add("--cliff-at", l.cliffAt);
    add("--after-write-bps", l.afterWriteBps);
    args << QStringLiteral("--") << command;

    RigOutcome o;
    QProcess p;
    p.start(QStringLiteral(DM_RIG_PATH), args);
    if (!p.waitForFinished(timeoutMs)) {
        // TERM lets the rig remove its cgroup and device; only then is the outcome read.
        p.terminate();
        p.waitForFinished(10000);
        o.exitCode = -1;
    } else if (p.exitStatus() == QProcess::NormalExit) {
        o.exitCode = p.exitCode();
    }
    o.out = p.readAllStandardOutput();
    o.err = p.readAllStandardError();
    QFile f(reportPath);
    if (f.open(QIODevice::ReadOnly))
        for (const QByteArray& line : f.readAll().split('\n'))
            if (const int eq = line.indexOf('='); eq > 0)
                o.report[line.left(eq).toStdString()] = line.mid(eq + 1).toStdString();
    return o;
}

} // namespace dm::test
