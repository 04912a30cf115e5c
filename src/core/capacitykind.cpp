// SPDX-License-Identifier: GPL-3.0-or-later
// The capacity check as a test kind: diskometer.capacity/1. Headline: the bytes that came back
// intact; no series to overlay (a check is a verdict, not a curve).
#include "capacityreport.h"
#include "targetinfo.h"
#include "testkind.h"

namespace dm {

namespace {

    class CapacityKind final : public TestKind {
    public:
        QString id() const override { return QStringLiteral("capacity"); }
        QString schema() const override { return QString::fromLatin1(kCapacitySchema); }
        QString title() const override { return kindString(QT_TRANSLATE_NOOP("dm::TestKind", "Capacity check")); }
        Result<KindReports> reports(const QByteArray& json, const QString& comment) const override
        {
            auto r = parseCapacityJson(json);
            if (!r)
                return r.error();
            if (!comment.isEmpty())
                r->header.comment = comment;
            const QString text = formatCapacityText(*r);
            const QString device = deviceSummary(r->header.target);
            return KindReports { formatCapacityCsv(*r), text,
                markdownOfText(title(), device.isEmpty() ? r->header.target.path : device,
                    r->header.date.toString(QStringLiteral("yyyy/MM/dd HH:mm:ss")), r->header.comment, text) };
        }
        Result<RunSummary> summarize(const QByteArray& json) const override
        {
            auto r = parseCapacityJson(json);
            if (!r)
                return r.error();
            const CapacityResult& c = r->result;
            RunSummary s;
            const auto verdict = capacityVerdict(c);
            if (!verdict)
                return s;
            // GB from a gigabyte up (a stick), MB below (a small --size), as the text report says it.
            const bool gb = c.verifiedBytes >= 1000000000ull;
            s.headline = Headline { double(c.verifiedBytes) / (gb ? 1e9 : 1e6), gb ? QStringLiteral("GB") : QStringLiteral("MB"),
                QStringLiteral("verified (%1)").arg(QString::fromLatin1(capacityVerdictName(*verdict))) };
            s.metrics = { { QStringLiteral("announced_bytes"), double(c.announcedBytes) },
                { QStringLiteral("verified_bytes"), double(c.verifiedBytes) },
                { QStringLiteral("lost_bytes"), double(c.lostBytes) },
                { QStringLiteral("write_mb_per_s"), c.writeMbPerSec() },
                { QStringLiteral("read_mb_per_s"), c.readMbPerSec() } };
            return s;
        }
    };

} // namespace

const TestKind& capacityKind()
{
    static const CapacityKind kind;
    return kind;
}

} // namespace dm
