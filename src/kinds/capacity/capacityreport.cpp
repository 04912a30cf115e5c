// SPDX-License-Identifier: GPL-3.0-or-later
#include "capacityreport.h"

#include "capacityio.h"
#include "targetinfo.h"
#include "units.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace dm {

namespace {

    uint64_t unsignedOf(const QJsonObject& o, const char* key)
    {
        const qint64 n = o.value(QLatin1String(key)).toInteger(0);
        return n > 0 ? uint64_t(n) : 0;
    }

    QJsonValue optionalBytes(const std::optional<uint64_t>& v) { return v ? QJsonValue(qint64(*v)) : QJsonValue(); }

    std::optional<uint64_t> optionalUnsigned(const QJsonValue& v)
    {
        if (!v.isDouble())
            return std::nullopt;
        const qint64 n = v.toInteger(-1);
        return n >= 0 ? std::optional<uint64_t>(uint64_t(n)) : std::nullopt;
    }

    constexpr BlockClass kClasses[] = { BlockClass::Ok, BlockClass::Corrupted, BlockClass::Overwritten,
        BlockClass::Missing };

    std::optional<BlockClass> classNamed(const QString& name)
    {
        for (BlockClass c : kClasses)
            if (name == QLatin1String(blockClassName(c)))
                return c;
        return std::nullopt;
    }

    QString verdictText(const CapacityResult& r)
    {
        const auto v = capacityVerdict(r);
        return v ? QString::fromLatin1(capacityVerdictName(*v)) : QString();
    }

} // namespace

QString capacityVerdictSentence(const CapacityResult& r)
{
    const auto v = capacityVerdict(r);
    const bool probe = r.mode == CapacityMode::Probe;
    if (!v)
        return QStringLiteral("NO VERDICT: the check stopped before anything was read back");
    const QString partial = r.cancelled || r.error ? QStringLiteral(" (of what was checked before it stopped)")
                                                   : QString();
    switch (*v) {
    case CapacityVerdict::Ok:
        return (probe ? QStringLiteral("OK: holds all %1 it announces").arg(decimalSizeText(r.announcedBytes))
                      : QStringLiteral("OK: all %1 written to its free space came back intact")
                            .arg(decimalSizeText(r.bytesRead)))
            + partial;
    case CapacityVerdict::Fake:
        if (probe)
            return QStringLiteral("FAKE: holds %1 of the %2 it announces%3")
                       .arg(decimalSizeText(r.verifiedBytes), decimalSizeText(r.announcedBytes),
                           r.wrapBytes ? QStringLiteral(" (what is written past %1 lands on the start again)")
                                             .arg(decimalSizeText(*r.wrapBytes))
                                       : QStringLiteral(" (what is written past that is lost)"))
                + partial;
        return QStringLiteral("FAKE: only %1 of the %2 written to its free space came back; it holds less than it "
                              "announces%3")
                   .arg(decimalSizeText(r.verifiedBytes), decimalSizeText(r.bytesRead),
                       r.blockCount(BlockClass::Overwritten) ? QStringLiteral(" (later writes overwrote earlier ones)")
                                                              : QString())
            + partial;
    case CapacityVerdict::Damaged:
        return QStringLiteral("DAMAGED: %1 of the %2 did not come back intact, the first from offset %3%4")
                   .arg(decimalSizeText(r.lostBytes), decimalSizeText(probe ? r.announcedBytes : r.bytesRead),
                       decimalSizeText(r.firstLostOffset.value_or(0)), partial);
    }
    return {};
}

QByteArray formatCapacityJson(const CapacityReport& report)
{
    const CapacityResult& r = report.result;
    QJsonObject root = envelopeJson(kCapacitySchema, report.header, r, true);
    insertExplanations(root, r.warnings, explainCapacity(report));
    root.insert(QStringLiteral("settings"),
        QJsonObject {
            { QStringLiteral("mode"),
                r.mode == CapacityMode::Probe ? QStringLiteral("probe") : QStringLiteral("fill") },
            { QStringLiteral("size_bytes"), r.request.size ? QJsonValue(qint64(r.request.size)) : QJsonValue() },
            { QStringLiteral("restore"), r.request.restore },
            { QStringLiteral("block_size"), qint64(kCapacityBlock) },
            // A string: the stamp uses all 64 bits, which JSON numbers lose past 2^53 in most readers.
            { QStringLiteral("seed"), QString::number(r.request.seed) },
        });
    const QString verdict = verdictText(r);
    root.insert(QStringLiteral("summary"),
        QJsonObject {
            { QStringLiteral("announced_bytes"), qint64(r.announcedBytes) },
            { QStringLiteral("verified_bytes"), qint64(r.verifiedBytes) },
            { QStringLiteral("lost_bytes"), qint64(r.lostBytes) },
            { QStringLiteral("first_lost_offset"), optionalBytes(r.firstLostOffset) },
            { QStringLiteral("ok"), qint64(r.blockCount(BlockClass::Ok)) },
            { QStringLiteral("corrupted"), qint64(r.blockCount(BlockClass::Corrupted)) },
            { QStringLiteral("overwritten"), qint64(r.blockCount(BlockClass::Overwritten)) },
            { QStringLiteral("missing"), qint64(r.blockCount(BlockClass::Missing)) },
            { QStringLiteral("write_mb_per_s"), r.writeMbPerSec() },
            { QStringLiteral("read_mb_per_s"), r.readMbPerSec() },
            { QStringLiteral("verdict"), verdict.isEmpty() ? QJsonValue() : QJsonValue(verdict) },
            { QStringLiteral("verdict_text"), capacityVerdictSentence(r) },
            { QStringLiteral("wrap_bytes"), optionalBytes(r.wrapBytes) },
            { QStringLiteral("bytes_written"), qint64(r.bytesWritten) },
            { QStringLiteral("bytes_read"), qint64(r.bytesRead) },
            { QStringLiteral("write_seconds"), r.writeSeconds },
            { QStringLiteral("read_seconds"), r.readSeconds },
            { QStringLiteral("files"), qint64(r.files) },
            { QStringLiteral("probe_blocks_written"), qint64(r.blocksWrittenByProbe) },
            { QStringLiteral("restored_blocks"), qint64(r.restoredBlocks) },
            { QStringLiteral("unrestored_blocks"), qint64(r.unrestoredBlocks) },
            { QStringLiteral("lost_range_count"), qint64(r.lostRangeCount) },
        });
    QJsonArray ranges;
    for (const LostRange& x : r.lostRanges)
        ranges.append(QJsonObject {
            { QStringLiteral("offset"), qint64(x.offset) },
            { QStringLiteral("bytes"), qint64(x.length) },
            { QStringLiteral("class"), QString::fromLatin1(blockClassName(x.kind)) },
        });
    root.insert(QStringLiteral("lost_ranges"), ranges);
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

Result<CapacityReport> parseCapacityJson(const QByteArray& json)
{
    CapacityReport report;
    CapacityResult& r = report.result;
    auto opened = openEnvelopeJson(json, kCapacitySchema, "capacity check", report.header, r, r.request);
    if (!opened)
        return opened.error();
    const QJsonObject& root = *opened;
    const auto invalid = [](const QString& why) {
        return usageError("not a valid Diskometer capacity check: " + why.toStdString());
    };
    const QJsonObject settings = root.value(QLatin1String("settings")).toObject();
    const QString mode = settings.value(QLatin1String("mode")).toString();
    if (mode != QLatin1String("fill") && mode != QLatin1String("probe"))
        return invalid(QStringLiteral("its settings.mode is neither \"fill\" nor \"probe\""));
    r.mode = mode == QLatin1String("probe") ? CapacityMode::Probe : CapacityMode::Fill;
    r.request.size = unsignedOf(settings, "size_bytes");
    r.request.restore = settings.value(QLatin1String("restore")).toBool(true);
    r.request.seed = settings.value(QLatin1String("seed")).toString().toULongLong();
    r.seed = r.request.seed;
    const QJsonValue summaryValue = root.value(QLatin1String("summary"));
    if (!summaryValue.isObject())
        return invalid(QStringLiteral("it has no \"summary\" object"));
    const QJsonObject s = summaryValue.toObject();
    r.announcedBytes = unsignedOf(s, "announced_bytes");
    r.verifiedBytes = unsignedOf(s, "verified_bytes");
    r.lostBytes = unsignedOf(s, "lost_bytes");
    r.firstLostOffset = optionalUnsigned(s.value(QLatin1String("first_lost_offset")));
    for (BlockClass c : kClasses)
        r.blocks[size_t(c)] = unsignedOf(s, blockClassName(c));
    r.wrapBytes = optionalUnsigned(s.value(QLatin1String("wrap_bytes")));
    r.bytesWritten = unsignedOf(s, "bytes_written");
    r.bytesRead = unsignedOf(s, "bytes_read");
    r.writeSeconds = s.value(QLatin1String("write_seconds")).toDouble();
    r.readSeconds = s.value(QLatin1String("read_seconds")).toDouble();
    r.files = uint32_t(unsignedOf(s, "files"));
    r.blocksWrittenByProbe = unsignedOf(s, "probe_blocks_written");
    r.restoredBlocks = unsignedOf(s, "restored_blocks");
    r.unrestoredBlocks = unsignedOf(s, "unrestored_blocks");
    r.lostRangeCount = unsignedOf(s, "lost_range_count");
    if (r.verifiedBytes > r.announcedBytes || r.lostBytes > r.announcedBytes)
        return invalid(QStringLiteral("it verified or lost more bytes than it announces"));
    const QJsonValue ranges = root.value(QLatin1String("lost_ranges"));
    if (!ranges.isArray())
        return invalid(QStringLiteral("it has no \"lost_ranges\" list"));
    for (const QJsonValue v : ranges.toArray()) {
        const QJsonObject o = v.toObject();
        const auto kind = classNamed(o.value(QLatin1String("class")).toString());
        if (!kind || *kind == BlockClass::Ok)
            return invalid(QStringLiteral("a lost range has no class corrupted, overwritten or missing"));
        r.lostRanges.push_back({ unsignedOf(o, "offset"), unsignedOf(o, "bytes"), *kind });
    }
    r.lostRangeCount = std::max<uint64_t>(r.lostRangeCount, r.lostRanges.size());
    dropExplainedWarnings(r.warnings, explainCapacity(report));
    return report;
}

QByteArray formatCapacityCsv(const CapacityReport& report)
{
    const CapacityResult& r = report.result;
    QString out = QStringLiteral("mode,announced_bytes,verified_bytes,lost_bytes,first_lost_offset,ok,corrupted,"
                                 "overwritten,missing,write_mb_per_s,read_mb_per_s,verdict\n");
    out += QStringLiteral("%1,%2,%3,%4,%5,%6,%7,%8,%9,%10,%11,%12\n")
               .arg(r.mode == CapacityMode::Probe ? QStringLiteral("probe") : QStringLiteral("fill"))
               .arg(r.announcedBytes)
               .arg(r.verifiedBytes)
               .arg(r.lostBytes)
               .arg(r.firstLostOffset ? QString::number(*r.firstLostOffset) : QString())
               .arg(r.blockCount(BlockClass::Ok))
               .arg(r.blockCount(BlockClass::Corrupted))
               .arg(r.blockCount(BlockClass::Overwritten))
               .arg(r.blockCount(BlockClass::Missing))
               .arg(csvNumber(r.writeMbPerSec(), 3), csvNumber(r.readMbPerSec(), 3), verdictText(r));
    return out.toUtf8();
}

QString formatCapacityText(const CapacityReport& report)
{
    const CapacityResult& r = report.result;
    const bool probe = r.mode == CapacityMode::Probe;
    QString out = QStringLiteral("Capacity check of %1").arg(report.header.target.path);
    if (const QString device = deviceSummary(report.header.target); !device.isEmpty())
        out += QStringLiteral(": %1").arg(device);
    out += QLatin1Char('\n');
    out += QStringLiteral("  Verdict:  %1\n").arg(capacityVerdictSentence(r));
    if (probe)
        out += QStringLiteral("  Checked:  a probe of %1 blocks of 4 KiB across the %2 device%3\n")
                   .arg(r.blocksChecked())
                   .arg(decimalSizeText(r.announcedBytes),
                       r.request.restore ? QStringLiteral(", each put back afterwards") : QString());
    else
        out += QStringLiteral("  Checked:  %1 written to its free space in %2 test file%3, read back with O_DIRECT\n")
                   .arg(decimalSizeText(r.bytesWritten))
                   .arg(r.files)
                   .arg(r.files == 1 ? QString() : QStringLiteral("s"));
    out += QStringLiteral("  Blocks:   %1 ok, %2 corrupted, %3 overwritten, %4 missing (4 KiB each)\n")
               .arg(r.blockCount(BlockClass::Ok))
               .arg(r.blockCount(BlockClass::Corrupted))
               .arg(r.blockCount(BlockClass::Overwritten))
               .arg(r.blockCount(BlockClass::Missing));
    out += QStringLiteral("  Verified: %1 of %2; lost %3")
               .arg(decimalSizeText(r.verifiedBytes), decimalSizeText(probe ? r.announcedBytes : r.bytesRead),
                   r.lostBytes ? decimalSizeText(r.lostBytes) : QStringLiteral("nothing"));
    if (r.firstLostOffset)
        out += QStringLiteral(", the first at offset %1 (%2 bytes)")
                   .arg(decimalSizeText(*r.firstLostOffset))
                   .arg(*r.firstLostOffset);
    out += QLatin1Char('\n');
    const size_t shown = std::min<size_t>(r.lostRanges.size(), 10);
    for (size_t i = 0; i < shown; ++i) {
        const LostRange& x = r.lostRanges[i];
        out += QStringLiteral("  Lost:     %1 from %2 to %3 (%4)\n")
                   .arg(decimalSizeText(x.length), decimalSizeText(x.offset), decimalSizeText(x.offset + x.length),
                       QString::fromLatin1(blockClassName(x.kind)));
    }
    if (r.lostRangeCount > shown)
        out += QStringLiteral("  Lost:     and %1 more stretches (the JSON report lists the first %2)\n")
                   .arg(r.lostRangeCount - shown)
                   .arg(kMaxLostRanges);
    out += QStringLiteral("  Rates:    write %1 MB/s, read %2 MB/s\n")
               .arg(r.writeMbPerSec(), 0, 'f', 1)
               .arg(r.readMbPerSec(), 0, 'f', 1);
    if (probe && r.request.restore)
        out += QStringLiteral("  Restored: %1 blocks put back as they were%2\n")
                   .arg(r.restoredBlocks)
                   .arg(r.unrestoredBlocks ? QStringLiteral(", %1 not").arg(r.unrestoredBlocks) : QString());
    out += runConditionLines(report.header);
    if (!report.header.comment.isEmpty())
        out += QStringLiteral("  Comment: %1\n").arg(report.header.comment);
    out += deviceIoLines(deviceSeen(r.devicePhases));
    out += explanationLines(r.warnings, explainCapacity(report));
    if (r.error)
        out += QStringLiteral("  Stopped by an error: %1\n").arg(QString::fromStdString(*r.error));
    if (r.cancelled)
        out += QStringLiteral("  Interrupted: the figures cover what was checked before\n");
    return out;
}

std::vector<Explanation> explainCapacity(const CapacityReport& report)
{
    const CapacityResult& r = report.result;
    const TestRow io = r.mode == CapacityMode::Probe
        ? TestRow { Pattern::Random, uint32_t(kCapacityBlock), 1, 1 }
        : TestRow { Pattern::Sequential, uint32_t(CapacityIo::kBufferBytes), CapacityIo::kDepth, 1 };
    return explainConditions(
        report.header.target, report.header.system.power, { { io, Direction::Write }, { io, Direction::Read } },
        deviceSeen(r.devicePhases));
}

} // namespace dm
