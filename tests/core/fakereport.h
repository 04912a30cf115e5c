// SPDX-License-Identifier: GPL-3.0-or-later
// Hand-built Report values for the formatter tests: CrystalDiskMark's published sample figures,
// so the expected text can be checked against a real CrystalDiskMark report by eye.
#pragma once

#include "report.h"

#include <QDate>
#include <QTime>

namespace dm::test {

// One pass of 10 seconds with the given headline figures; 10 s keeps bytes and I/Os whole numbers.
inline PassResult fakePass(double mbPerSec, double iops, double latencyUs, bool writes = false)
{
    PassResult p;
    p.seconds = 10;
    p.bytes = uint64_t(mbPerSec * 1e7 + 0.5);
    p.ios = uint64_t(iops * 10 + 0.5);
    (writes ? p.writeBytes : p.readBytes) = p.bytes;
    (writes ? p.writeIos : p.readIos) = p.ios;
    p.latency.meanNs = latencyUs * 1000;
    p.latency.minNs = latencyUs * 500;
    p.latency.p50Ns = latencyUs * 950;
    p.latency.p90Ns = latencyUs * 1200;
    p.latency.p99Ns = latencyUs * 1500;
    p.latency.p999Ns = latencyUs * 2000;
    p.latency.maxNs = latencyUs * 4000;
    p.cpuUserSeconds = 0.25;
    p.cpuSystemSeconds = 1.5;
    return p;
}

// Three passes whose best (the headline) is the middle one, with the given figures; the other
// two are slower and have a latency that would show if the formatter took the wrong pass.
inline TestResult fakeTest(TestSpec spec, double mbPerSec, double iops, double latencyUs)
{
    TestResult t;
    t.spec = spec;
    t.passes = { fakePass(mbPerSec * 0.9, iops * 0.9, 9999.99, spec.writes()),
        fakePass(mbPerSec, iops, latencyUs, spec.writes()),
        fakePass(mbPerSec * 0.95, iops * 0.95, 8888.88, spec.writes()) };
    t.timeline = { { 0.5, mbPerSec * 0.5, iops * 0.5, 0 }, { 1.5, mbPerSec * 0.9, iops * 0.9, 1 },
        { 11.5, mbPerSec, iops, 2 } };
    return t;
}

inline const TestRow kSeq1MQ8 { Pattern::Sequential, 1 * MiB, 8, 1 };
inline const TestRow kSeq1MQ1 { Pattern::Sequential, 1 * MiB, 1, 1 };
inline const TestRow kRnd4KQ32 { Pattern::Random, 4 * KiB, 32, 1 };
inline const TestRow kRnd4KQ1 { Pattern::Random, 4 * KiB, 1, 1 };

// A Default-profile run on an NVMe SSD, read and write, no mix.
inline Report fakeReport()
{
    Report r;
    r.toolVersion = QStringLiteral("0.1.0");
    r.engine = QStringLiteral("libaio");
    r.date = QDateTime(QDate(2026, 11, 29), QTime(17, 41, 8), Qt::OffsetFromUTC, 3600);
    r.system = { QStringLiteral("Debian GNU/Linux 12 (bookworm)"), QStringLiteral("6.1.0-13-amd64"),
        QStringLiteral("Intel(R) Xeon(R) Processor"), {} };

    TargetDescription& t = r.target;
    t.path = QStringLiteral("/home/me/bench");
    t.kind = QStringLiteral("directory");
    t.mountPoint = QStringLiteral("/home");
    t.filesystem = QStringLiteral("ext4");
    t.mountOptions = QStringLiteral("rw,relatime");
    t.device = QStringLiteral("/dev/nvme0n1p2");
    t.model = QStringLiteral("Samsung SSD 980 PRO 1TB");
    t.bus = QStringLiteral("nvme");
    t.capacityBytes = qint64(242 * GiB);
    t.freeBytes = qint64(138 * GiB); // 104 GiB used: 43 %

    // As RunHeaderProbe records it: healthy, warmer at the end, hottest between.
    r.health.device = QStringLiteral("/dev/nvme0n1");
    r.health.model = QStringLiteral("Samsung SSD 980 PRO 1TB");
    r.health.start = HealthMoment { HealthStatus::Good, QStringLiteral("SMART reports no problem (udisks2)"), 41.85 };
    r.health.end = HealthMoment { HealthStatus::Good, QStringLiteral("SMART reports no problem (udisks2)"), 46.85 };
    r.health.warningTemperatureC = 82;
    r.health.temperatures = { { 0, 41.85 }, { 2, 44.85 }, { 4, 48.85 }, { 6, 46.85 } };

    r.run.settings = RunSettings {};
    r.run.seed = 0x1234abcd5678ef90ULL;
    r.run.region.kind = RegionInfo::Kind::Directory;
    r.run.region.path = "/home/me/bench";
    r.run.region.length = 1 * GiB;
    r.run.region.logicalBlockSize = 512;
    r.run.region.direct = true;

    const auto read = [](TestRow row) { return TestSpec { row, Direction::Read, 100 }; };
    const auto write = [](TestRow row) { return TestSpec { row, Direction::Write, 0 }; };
    r.run.tests = {
        fakeTest(read(kSeq1MQ8), 3552.486, 3387.9, 2359.08),
        fakeTest(read(kSeq1MQ1), 2160.286, 2060.2, 485.07),
        fakeTest(read(kRnd4KQ32), 354.657, 86586.2, 369.52),
        fakeTest(read(kRnd4KQ1), 48.779, 11909.0, 83.83),
        fakeTest(write(kSeq1MQ8), 2964.340, 2827.0, 2822.84),
        fakeTest(write(kSeq1MQ1), 2187.447, 2086.1, 478.93),
        fakeTest(write(kRnd4KQ32), 292.145, 71324.5, 448.51),
        fakeTest(write(kRnd4KQ1), 153.028, 37360.4, 26.64),
    };
    return r;
}

// The same run with a 70/30 mix test of every row after the writes.
inline Report fakeReportWithMix(int readPercent = 70)
{
    Report r = fakeReport();
    r.mixReadPercent = readPercent;
    const double figures[][3] = { { 3001.5, 2862.5, 2793.12 }, { 1500.25, 1430.7, 698.4 }, { 310.001, 75683.8, 422.75 },
        { 60.5, 14770.5, 67.6 } };
    const TestRow rows[] = { kSeq1MQ8, kSeq1MQ1, kRnd4KQ32, kRnd4KQ1 };
    for (int i = 0; i < 4; ++i)
        r.run.tests.push_back(
            fakeTest({ rows[i], Direction::Mix, readPercent }, figures[i][0], figures[i][1], figures[i][2]));
    return r;
}

} // namespace dm::test
