// SPDX-License-Identifier: GPL-3.0-or-later
#include "fiojob.h"

#include "targetinfo.h"

#include <QDir>
#include <QFileInfo>
#include <QStringList>

#include <algorithm>
#include <cmath>

namespace dm {

namespace {

    // Milliseconds: fio's times take whole units, so 0.5 s must not round to 0 or 1 s.
    QString ms(double seconds) { return QStringLiteral("%1ms").arg(qint64(std::llround(seconds * 1000))); }

    QString rwOf(const TestSpec& t)
    {
        const bool rnd = t.row.pattern == Pattern::Random;
        switch (t.direction) {
        case Direction::Read:
            return rnd ? QStringLiteral("randread") : QStringLiteral("read");
        case Direction::Write:
            return rnd ? QStringLiteral("randwrite") : QStringLiteral("write");
        case Direction::Mix:
            return rnd ? QStringLiteral("randrw") : QStringLiteral("rw");
        }
        return {};
    }

    // "SEQ1M-Q8T1-read-2": the row as --tests spells it, the direction, the pass.
    QString sectionName(const TestSpec& t, int pass)
    {
        return QStringLiteral("%1-%2-%3")
            .arg(QString::fromStdString(rowName(t.row)).replace(QLatin1Char(' '), QLatin1Char('-')),
                QLatin1String(directionName(t.direction)))
            .arg(pass);
    }

} // namespace

Status setFioJobRegion(FioJobRequest& r, bool sizeGiven, bool allowDeviceWrites)
{
    constexpr uint64_t kAlign = 4096; // the engine's region alignment: sizes cut down to whole 4 KiB
    const QFileInfo info(r.target);
    const uint64_t asked = r.settings.testSize / kAlign * kAlign;
    if (!info.exists())
        return usageError(QStringLiteral("%1 does not exist: give a directory, a file or a block device")
                              .arg(r.target)
                              .toStdString());
    if (info.isDir()) {
        r.kind = RegionInfo::Kind::Directory;
        r.regionBytes = asked;
        return Ok {};
    }
    uint64_t size = 0;
    if (info.isFile()) {
        r.kind = RegionInfo::Kind::File;
        size = uint64_t(info.size()) / kAlign * kAlign;
    } else {
        const TargetDescription t = describeTarget(r.target);
        if (t.kind != QLatin1String("block-device"))
            return usageError(QStringLiteral("%1 is neither a directory, a regular file nor a block device")
                                  .arg(r.target)
                                  .toStdString());
        r.kind = RegionInfo::Kind::BlockDevice;
        size = uint64_t(t.sizeBytes) / kAlign * kAlign;
        const bool writes = std::any_of(r.tests.begin(), r.tests.end(), [](const TestSpec& s) { return s.writes(); });
        if (writes && !allowDeviceWrites)
            return usageError(QStringLiteral("the write sections would destroy the data on %1: pass "
                                             "--allow-destructive if you mean it, or use --mode read")
                                  .arg(r.target)
                                  .toStdString());
    }
    if (size == 0)
        return usageError(QStringLiteral("%1 is empty or its size is unknown").arg(r.target).toStdString());
    if (sizeGiven && asked > size)
        return usageError(QStringLiteral("%1 holds only %2 MiB: choose a --size of at most that")
                              .arg(r.target)
                              .arg(size / MiB)
                              .toStdString());
    r.regionBytes = r.kind == RegionInfo::Kind::File && !sizeGiven ? size : std::min(asked, size);
    return Ok {};
}

QString formatFioJob(const FioJobRequest& r)
{
    const RunSettings& s = r.settings;
    const bool directory = r.kind == RegionInfo::Kind::Directory;
    const QString file = directory ? QDir(r.target).absoluteFilePath(QLatin1String(kFioJobFileName)) : r.target;
    bool writes = false;
    for (const TestSpec& t : r.tests)
        writes = writes || t.writes();

    QStringList out;
    out << QStringLiteral("# fio job file written by Diskometer (diskometer-cli fio-job, or File > Export fio Job): "
                          "the same tests as a Diskometer run.");
    out << QStringLiteral("# Run it with: fio --output-format=json THIS.fio > result.json (or fio --client=HOST ...),");
    out << QStringLiteral("# then: diskometer-cli history import result.json");
    out << QStringLiteral("# One section per measured pass (%1 per test); the best pass of a test is its headline.")
               .arg(s.count);
    if (!r.comment.isEmpty())
        out << QStringLiteral("# Comment: ") + r.comment.simplified();
    if (r.kind == RegionInfo::Kind::BlockDevice && writes)
        out << QStringLiteral("# WARNING: the write sections destroy the data on %1.").arg(r.target);
    if (directory)
        out << QStringLiteral("# fio makes and fills %1 before the first section; the last one removes it.").arg(file);
    out << QString() << QStringLiteral("[global]");
    out << QStringLiteral("ioengine=libaio") << QStringLiteral("direct=1");
    // Clones as threads of one process, as our I/O threads are.
    out << QStringLiteral("thread");
    out << QStringLiteral("time_based");
    // Random offsets: a new seed each run, repeats allowed, as our generator does.
    out << QStringLiteral("randrepeat=0") << QStringLiteral("norandommap");
    out << QStringLiteral("group_reporting");
    out << QStringLiteral("filename=") + file;
    if (directory)
        out << QStringLiteral("filesize=%1").arg(r.regionBytes);
    else
        out << QStringLiteral("allow_file_create=0"); // the file or device is the region: never make one
    // Our default data is incompressible and stamped per write, which fio's default buffers
    // (random, scrambled per write) match; zeros are zeros.
    if (s.data == DataFill::Zeros)
        out << QStringLiteral("zero_buffers");

    for (size_t i = 0; i < r.tests.size(); ++i) {
        const TestSpec& t = r.tests[i];
        const TestRow& row = t.row;
        for (int pass = 1; pass <= s.count; ++pass) {
            out << QString() << QLatin1Char('[') + sectionName(t, pass) + QLatin1Char(']');
            out << QStringLiteral("stonewall");
            out << QStringLiteral("rw=") + rwOf(t);
            if (t.direction == Direction::Mix)
                out << QStringLiteral("rwmixread=%1").arg(t.readPercent);
            out << QStringLiteral("bs=%1").arg(row.blockSize);
            out << QStringLiteral("iodepth=%1").arg(row.queueDepth);
            // As ours: submit up to Q prepared I/Os at once, reap up to Q per call.
            out << QStringLiteral("iodepth_batch_submit=%1").arg(row.queueDepth);
            out << QStringLiteral("iodepth_batch_complete_max=%1").arg(row.queueDepth);
            out << QStringLiteral("numjobs=%1").arg(row.threads);
            if (row.pattern == Pattern::Sequential && row.threads > 1) {
                // Our sequential threads each own a contiguous slice, cut on block boundaries.
                const uint64_t slice = r.regionBytes / row.threads / row.blockSize * row.blockSize;
                out << QStringLiteral("size=%1").arg(slice) << QStringLiteral("offset_increment=%1").arg(slice);
            } else {
                out << QStringLiteral("size=%1").arg(r.regionBytes);
            }
            if (pass == 1) {
                if (i > 0 && s.intervalSeconds > 0)
                    out << QStringLiteral("startdelay=") + ms(s.intervalSeconds);
                if (s.warmupSeconds > 0)
                    out << QStringLiteral("ramp_time=") + ms(s.warmupSeconds);
            }
            out << QStringLiteral("runtime=") + ms(s.measureSeconds);
            if (directory && i + 1 == r.tests.size() && pass == s.count)
                out << QStringLiteral("unlink=1");
        }
    }
    return out.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

} // namespace dm
