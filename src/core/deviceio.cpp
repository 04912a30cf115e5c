// SPDX-License-Identifier: GPL-3.0-or-later
#include "deviceio.h"

#include "explanations.h"

#include <QStringList>

#include <algorithm>
#include <cmath>

namespace dm {

namespace {
    constexpr double kKiB = 1024.0, kMiB = 1024.0 * 1024.0;

    // The fields read back, each a count or a size (non-negative), in the order written.
    constexpr const char* kCounts[] = { "reads", "writes", "read_merges", "write_merges", "read_bytes", "write_bytes",
        "foreign_bytes" };
} // namespace

std::vector<RequestShape> reshapedRequests(const DeviceSeen& seen)
{
    std::vector<RequestShape> out;
    if (seen.ioBytes == 0)
        return out;
    const double tolerance = explain::kRequestShapeTolerance;
    const auto check = [&](bool write, uint64_t ownIos, uint64_t ownBytes, uint64_t requests, uint64_t bytes) {
        if (ownIos < explain::kMinRequestsForShape || requests < explain::kMinRequestsForShape)
            return;
        // The requests are the test's only when the device moved what the test did: others' I/O
        // (or a page cache's) would make the average theirs as much as ours.
        if (std::abs(double(bytes) - double(ownBytes)) > tolerance * double(ownBytes))
            return;
        const double size = double(bytes) / double(requests);
        if (std::abs(size - double(seen.ioBytes)) <= tolerance * double(seen.ioBytes))
            return;
        out.push_back({ write, size / double(seen.ioBytes), size });
    };
    check(false, seen.ownReads, seen.ownReadBytes, seen.io.reads, seen.io.readBytes);
    check(true, seen.ownWrites, seen.ownWriteBytes, seen.io.writes, seen.io.writeBytes);
    return out;
}

bool foreignIoAbove(const DeviceSeen& seen)
{
    return seen.foreignBesideBytes > 0 && seen.foreignBytes >= explain::kMinForeignBytes
        && double(seen.foreignBytes) > explain::kMaxForeignShare * double(seen.foreignBesideBytes);
}

double foreignPercent(const DeviceSeen& seen)
{
    return seen.foreignBesideBytes > 0 ? double(seen.foreignBytes) * 100.0 / double(seen.foreignBesideBytes) : 100.0;
}

QString requestSizeLabel(double bytes)
{
    if (bytes >= kMiB) {
        const double m = bytes / kMiB;
        return std::abs(m - std::round(m)) < 0.005 ? QStringLiteral("%1 MiB").arg(qint64(std::round(m)))
                                                   : QStringLiteral("%1 MiB").arg(m, 0, 'f', 1);
    }
    const double k = bytes / kKiB;
    return std::abs(k - std::round(k)) < 0.05 || k >= 100 ? QStringLiteral("%1 KiB").arg(qint64(std::round(k)))
                                                          : QStringLiteral("%1 KiB").arg(k, 0, 'f', 1);
}

QString deviceIoLine(const DeviceSeen& seen)
{
    const std::vector<RequestShape> shapes = reshapedRequests(seen);
    const bool foreign = foreignIoAbove(seen);
    if (shapes.empty() && !foreign)
        return {};
    QStringList parts;
    for (const RequestShape& s : shapes) {
        // Written as the kernel did it: n sent as one, or one sent as n.
        const QString how = s.sentPerRequest >= 1
            ? QStringLiteral("%1 joined into one").arg(s.sentPerRequest, 0, 'f', 1)
            : QStringLiteral("each as %1").arg(1.0 / s.sentPerRequest, 0, 'f', 1);
        parts << QStringLiteral("%1 %2 arrived as %3 requests (%4)")
                     .arg(requestSizeLabel(seen.ioBytes), s.write ? QStringLiteral("writes") : QStringLiteral("reads"),
                         requestSizeLabel(s.requestBytes), how);
    }
    parts << QStringLiteral("%1 in flight on average, busy %2 %")
                 .arg(seen.io.avgInFlight, 0, 'f', 1)
                 .arg(seen.io.busyPercent, 0, 'f', 0);
    if (foreign)
        parts << QStringLiteral("%1 MB moved by others (%2 % beside the test's own)")
                     .arg(double(seen.foreignBytes) / 1e6, 0, 'f', 1)
                     .arg(foreignPercent(seen), 0, 'f', 0);
    return QStringLiteral("%1 on %2: %3")
        .arg(seen.label, QString::fromStdString(seen.io.device), parts.join(QStringLiteral(", ")));
}

std::vector<DeviceSeen> deviceSeen(const RunResult& run)
{
    std::vector<DeviceSeen> all;
    for (size_t i = 0; i < run.tests.size(); ++i) {
        const TestResult& t = run.tests[i];
        DeviceSeen seen;
        std::vector<DeviceIo> passes;
        double worstShare = -1;
        for (const PassResult& p : t.passes) {
            if (!p.device)
                continue; // a pass without counters adds nothing, on either side
            passes.push_back(*p.device);
            if (const double share = double(p.device->foreignBytes) / double(std::max<uint64_t>(1, p.bytes));
                share > worstShare) {
                worstShare = share;
                seen.foreignBytes = p.device->foreignBytes;
                seen.foreignBesideBytes = p.bytes;
            }
            seen.ownReadBytes += p.readBytes;
            seen.ownWriteBytes += p.writeBytes;
            seen.ownReads += p.readIos;
            seen.ownWrites += p.writeIos;
        }
        if (passes.empty())
            continue;
        seen.label = testLabel(t.spec);
        seen.ioBytes = t.spec.row.blockSize;
        seen.io = combine(passes);
        seen.row = i;
        all.push_back(std::move(seen));
    }
    return all;
}

QJsonObject deviceIoJson(const DeviceIo& io)
{
    return QJsonObject {
        { QStringLiteral("device"), QString::fromStdString(io.device) },
        { QStringLiteral("reads"), qint64(io.reads) },
        { QStringLiteral("writes"), qint64(io.writes) },
        { QStringLiteral("read_merges"), qint64(io.readMerges) },
        { QStringLiteral("write_merges"), qint64(io.writeMerges) },
        { QStringLiteral("read_bytes"), qint64(io.readBytes) },
        { QStringLiteral("write_bytes"), qint64(io.writeBytes) },
        { QStringLiteral("avg_read_request_bytes"), io.avgReadRequestBytes() },
        { QStringLiteral("avg_write_request_bytes"), io.avgWriteRequestBytes() },
        { QStringLiteral("avg_in_flight"), io.avgInFlight },
        { QStringLiteral("busy_percent"), io.busyPercent },
        { QStringLiteral("foreign_bytes"), qint64(io.foreignBytes) },
        { QStringLiteral("seconds"), io.seconds },
    };
}

QJsonValue deviceIoJson(const std::optional<DeviceIo>& io) { return io ? QJsonValue(deviceIoJson(*io)) : QJsonValue(); }

std::optional<DeviceIo> readDeviceIo(const QJsonValue& value, QString* problem)
{
    if (value.isUndefined() || value.isNull())
        return std::nullopt;
    const auto bad = [&](const QString& what) -> std::optional<DeviceIo> {
        if (problem)
            *problem = what;
        return std::nullopt;
    };
    if (!value.isObject())
        return bad(QStringLiteral("device_io must be an object"));
    const QJsonObject o = value.toObject();
    uint64_t counts[std::size(kCounts)] = {};
    for (size_t i = 0; i < std::size(kCounts); ++i) {
        // A whole number of 0 or more that fits (toInteger gives -1 for anything else).
        const qint64 n = o.value(QLatin1String(kCounts[i])).toInteger(-1);
        if (n < 0)
            return bad(QStringLiteral("device_io.%1 must be a whole number of 0 or more").arg(QLatin1String(kCounts[i])));
        counts[i] = uint64_t(n);
    }
    DeviceIo io;
    io.device = o.value(QLatin1String("device")).toString().toStdString();
    io.reads = counts[0];
    io.writes = counts[1];
    io.readMerges = counts[2];
    io.writeMerges = counts[3];
    io.readBytes = counts[4];
    io.writeBytes = counts[5];
    io.foreignBytes = counts[6];
    io.avgInFlight = o.value(QLatin1String("avg_in_flight")).toDouble();
    io.busyPercent = o.value(QLatin1String("busy_percent")).toDouble();
    io.seconds = o.value(QLatin1String("seconds")).toDouble();
    if (io.avgInFlight < 0 || io.busyPercent < 0 || io.busyPercent > 100 || io.seconds < 0)
        return bad(QStringLiteral("device_io.avg_in_flight, busy_percent (0-100) and seconds must not be negative"));
    return io;
}

DeviceSeen deviceSeen(const DevicePhase& phase, const QString& label)
{
    DeviceSeen seen;
    seen.label = label;
    seen.ioBytes = phase.ioBytes;
    seen.ownReadBytes = phase.ownReadBytes;
    seen.ownWriteBytes = phase.ownWriteBytes;
    seen.ownReads = phase.ownReads;
    seen.ownWrites = phase.ownWrites;
    seen.io = phase.io;
    seen.foreignBytes = phase.io.foreignBytes;
    seen.foreignBesideBytes = phase.ownReadBytes + phase.ownWriteBytes;
    return seen;
}

std::vector<DeviceSeen> deviceSeen(const std::vector<DevicePhase>& phases)
{
    // The phases' names as a report says them, beside the grid's "SEQ1M Q8T1 read".
    static const std::pair<const char*, const char*> labels[] = { { "read", "the reads" },
        { "access", "the access-time reads" }, { "write", "the writes" }, { "probe", "the probe" } };
    std::vector<DeviceSeen> all;
    for (const DevicePhase& p : phases) {
        QString label = QString::fromStdString(p.name);
        for (const auto& [name, text] : labels)
            if (p.name == name)
                label = QLatin1String(text);
        if (p.name == "read" && p.ownWrites > 0)
            label = QStringLiteral("the reads and writes back"); // a scan's samples with write-back
        all.push_back(deviceSeen(p, label));
    }
    return all;
}

std::vector<DeviceSeen> withFilesystemWorkAsOwn(std::vector<DeviceSeen> seen)
{
    for (DeviceSeen& s : seen)
        s.foreignBytes = 0;
    return seen;
}

QString deviceIoLines(const std::vector<DeviceSeen>& seen)
{
    QString out;
    for (const DeviceSeen& s : seen)
        if (const QString line = deviceIoLine(s); !line.isEmpty())
            out += QStringLiteral("  Requests: %1\n").arg(line);
    return out;
}

QJsonObject devicePhaseJson(const DevicePhase& phase)
{
    QJsonObject o = deviceIoJson(phase.io);
    o.insert(QStringLiteral("io_bytes"), qint64(phase.ioBytes));
    o.insert(QStringLiteral("own_read_bytes"), qint64(phase.ownReadBytes));
    o.insert(QStringLiteral("own_write_bytes"), qint64(phase.ownWriteBytes));
    o.insert(QStringLiteral("own_reads"), qint64(phase.ownReads));
    o.insert(QStringLiteral("own_writes"), qint64(phase.ownWrites));
    return o;
}

std::optional<DevicePhase> readDevicePhase(const QJsonValue& value, QString* problem)
{
    std::optional<DeviceIo> io = readDeviceIo(value, problem);
    if (!io)
        return std::nullopt;
    const QJsonObject o = value.toObject();
    const auto count = [&](const char* key) {
        const qint64 n = o.value(QLatin1String(key)).toInteger(0);
        return n > 0 ? uint64_t(n) : uint64_t(0);
    };
    DevicePhase phase;
    phase.io = std::move(*io);
    phase.ioBytes = uint32_t(std::min<uint64_t>(count("io_bytes"), UINT32_MAX));
    phase.ownReadBytes = count("own_read_bytes");
    phase.ownWriteBytes = count("own_write_bytes");
    phase.ownReads = count("own_reads");
    phase.ownWrites = count("own_writes");
    return phase;
}

QJsonObject devicePhasesJson(const std::vector<DevicePhase>& phases)
{
    QJsonObject o;
    for (const DevicePhase& p : phases)
        o.insert(QString::fromStdString(p.name), devicePhaseJson(p));
    return o;
}

std::vector<DevicePhase> readDevicePhases(const QJsonValue& value)
{
    std::vector<DevicePhase> phases;
    const QJsonObject o = value.toObject();
    // In the order the kinds run them, whatever order the file has them in.
    static const char* const order[] = { "write", "read", "access", "probe" }; // a fill writes first
    QStringList keys = o.keys();
    std::stable_sort(keys.begin(), keys.end(), [](const QString& a, const QString& b) {
        const auto rank = [](const QString& k) {
            for (size_t i = 0; i < std::size(order); ++i)
                if (k == QLatin1String(order[i]))
                    return int(i);
            return int(std::size(order));
        };
        return rank(a) < rank(b);
    });
    for (const QString& key : keys)
        if (auto p = readDevicePhase(o.value(key))) {
            p->name = key.toStdString();
            phases.push_back(std::move(*p));
        }
    return phases;
}

} // namespace dm
