// SPDX-License-Identifier: GPL-3.0-or-later
// Hand-built reports of the scan, sustained write and sweep, every figure fixed (date, seed,
// system, target), for the formatter tests and the golden files in tests/data/golden.
#pragma once

#include "cachecliff.h"
#include "capacityreport.h"
#include "filesreport.h"
#include "scanreport.h"
#include "sustainedreport.h"
#include "sweepreport.h"

#include <QTimeZone>

namespace dm::test {

inline ReportHeader fakeHeader()
{
    ReportHeader h;
    h.toolVersion = QStringLiteral("0.1.0");
    h.engine = QStringLiteral("libaio");
    h.date = QDateTime(QDate(2026, 11, 29), QTime(17, 41, 8), QTimeZone(3600));
    h.system = { QStringLiteral("Debian GNU/Linux 12"), QStringLiteral("6.1.0"), QStringLiteral("cpu"), {} };
    h.target.path = QStringLiteral("/dev/loop3");
    h.target.kind = QStringLiteral("block-device");
    h.target.device = QStringLiteral("/dev/loop3");
    h.target.bus = QStringLiteral("loop");
    h.target.capacityBytes = 1073741824;
    const HealthMoment loop { HealthStatus::Unknown,
        QStringLiteral("no SMART data: /dev/loop3 is a loop device over /srv/disk.img: its drive has the SMART data"),
        std::nullopt };
    h.health.device = QStringLiteral("/dev/loop3");
    h.health.start = loop;
    h.health.end = loop;
    h.comment = QStringLiteral("ünïcode");
    return h;
}

// Three rate samples with write-back and two access reads on a 1 GiB device.
inline ScanReport fakeScanReport()
{
    ScanReport r;
    r.header = fakeHeader();
    ScanResult& s = r.result;
    s.request.target = "/dev/loop3";
    s.request.samples = 3;
    s.request.accessSamples = 2;
    s.request.writeBack = true;
    s.request.seed = 0xfedcba9876543210ULL;
    s.region.kind = RegionInfo::Kind::BlockDevice;
    s.region.length = GiB;
    s.region.logicalBlockSize = 512;
    s.ioSize = MiB;
    s.engine = "libaio";
    s.samples = { { 0, 0, 2000.5, 1500.25, 0.005, 0.01 }, { 500 * MiB, 50, 1800, 1400, 0.006, 0.02 },
        { GiB - 10 * MiB, 100, 1600.75, 1300, 0.007, 0.03 } };
    s.access = { { 4096, 0.0004, 120000 }, { 512 * MiB, 50, 80000 } };
    s.warnings = { "a warning" };
    return r;
}

// 2000 MB/s for the first 20 GB, 400 MB/s after: a cache cliff at 20 GB.
inline SustainedReport fakeSustainedReport()
{
    SustainedReport in;
    in.header = fakeHeader();
    SustainedResult& r = in.result;
    r.request.totalBytes = 200 * 250'000'000ULL;
    r.request.seed = 99;
    r.engine = "libaio";
    r.region.kind = RegionInfo::Kind::BlockDevice;
    r.region.path = "/dev/loop3";
    r.region.length = r.request.totalBytes;
    for (int i = 1; i <= 100; ++i) {
        const double rate = i <= 40 ? 2000 : 400;
        const uint64_t prev = r.timeline.empty() ? 0 : r.timeline.back().bytes;
        r.timeline.push_back({ 0.25 * i, prev + uint64_t(rate * 1e6 * 0.25), rate });
    }
    r.bytesWritten = r.timeline.back().bytes;
    r.seconds = 25;
    r.cliff = findCacheCliff(ratePoints(r.timeline));
    return in;
}

// Random reads and writes at 4, 8 and 16 KiB; 8 KiB wrote nothing, 16 KiB's write failed.
inline SweepReport fakeSweepReport()
{
    SweepReport in;
    in.header = fakeHeader();
    SweepResult& r = in.result;
    r.request.target = "/dev/loop3";
    r.request.pattern = Pattern::Random;
    r.request.minBlockSize = 4 * KiB;
    r.request.maxBlockSize = 16 * KiB;
    r.request.settings.seed = 12345;
    r.engine = "libaio";
    r.region.kind = RegionInfo::Kind::BlockDevice;
    r.region.path = "/dev/loop3";
    r.region.length = GiB;
    for (uint32_t bs : sweepBlockSizes(4 * KiB, 16 * KiB)) {
        SweepMeasurement m { 100.0 * bs / 4096, 25000, 40000, 90000, std::nullopt, std::nullopt, std::nullopt };
        r.points.push_back({ bs, m, bs == 8 * KiB ? std::optional<SweepMeasurement>() : m });
    }
    r.points[2].write->error = "write failed at offset 0: I/O error";
    return in;
}

// A probe of a "64 GB" stick that keeps 7.8 GB: its addresses wrap there.
inline CapacityReport fakeCapacityReport()
{
    CapacityReport in;
    in.header = fakeHeader();
    CapacityResult& r = in.result;
    r.mode = CapacityMode::Probe;
    r.request.target = "/dev/loop3";
    r.request.allowDestructive = true;
    r.request.seed = 0xfedcba9876543210ULL;
    r.seed = r.request.seed;
    r.engine = "libaio";
    r.region.kind = RegionInfo::Kind::BlockDevice;
    r.region.path = "/dev/loop3";
    r.region.length = 64'000'000'000ULL;
    r.announcedBytes = 64'000'000'000ULL;
    r.wrapBytes = 7'800'000'512ULL;
    r.verifiedBytes = *r.wrapBytes;
    r.lostBytes = r.announcedBytes - r.verifiedBytes;
    r.firstLostOffset = r.wrapBytes;
    r.lostRanges = { { *r.wrapBytes, r.lostBytes, BlockClass::Overwritten } };
    r.lostRangeCount = 1;
    r.blocks = { 15000, 0, 12, 0 };
    r.bytesWritten = 15012ull * 4096;
    r.bytesRead = 15012ull * 4096;
    r.writeSeconds = 4;
    r.readSeconds = 2;
    r.blocksWrittenByProbe = 15012;
    r.restoredBlocks = 15012;
    return in;
}


// A small-file run on ext4 whose read phase was stopped by an error: three phases ran, the
// create and stat complete, the read stopped part way.
inline FilesReport fakeFilesReport()
{
    FilesReport in;
    in.header = fakeHeader();
    in.header.target.path = QStringLiteral("/mnt/data");
    in.header.target.kind = QStringLiteral("directory");
    in.header.target.filesystem = QStringLiteral("ext4");
    FilesResult& r = in.result;
    r.request.target = "/mnt/data";
    r.request.files = 1000;
    r.request.fileSize = 4096;
    r.request.dirs = 16;
    r.request.sync = FilesSync::End;
    r.request.seed = 0xfedcba9876543210ULL;
    r.seed = r.request.seed;
    r.engine = "syscalls";
    r.region.kind = RegionInfo::Kind::Directory;
    r.region.path = "/mnt/data";
    r.region.length = 1000 * 4096;
    r.cacheDrop = FilesCacheDrop::Fadvise;
    r.syncSeconds = 0.125;
    FilesPhaseResult& create = r.phase(FilesPhaseId::Create);
    create = { FilesPhaseId::Create, 1000, 1000 * 4096, 0.5, 0.01, { 375.5, 250.25, 2000, 4000.5, 9000 }, true, true };
    FilesPhaseResult& stat = r.phase(FilesPhaseId::Stat);
    stat = { FilesPhaseId::Stat, 1000, 0, 0.004, 0.6, { 3.5, 3, 12, 40, 55.5 }, true, true };
    FilesPhaseResult& read = r.phase(FilesPhaseId::Read);
    read = { FilesPhaseId::Read, 400, 400 * 4096, 0.2, 0.7, { 480, 450, 1200, 3000, 3100 }, true, false };
    r.error = "the read phase stopped after 400 of 1000 files: reading d00001/f00000401 failed: Input/output error";
    r.warnings = { "a warning" };
    return in;
}

} // namespace dm::test
