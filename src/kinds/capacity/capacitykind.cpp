// SPDX-License-Identifier: GPL-3.0-or-later
// The capacity check as a test kind: diskometer.capacity/1. Headline: the bytes that came back
// intact; no lines to overlay (a check is a verdict, not a curve).
#include "capacityreport.h"
#include "documentkind.h"

namespace dm {

namespace {

    class CapacityKind final : public DocumentKind<CapacityReport> {
    public:
        CapacityKind()
            : DocumentKind({ QStringLiteral("capacity"), QString::fromLatin1(kCapacitySchema),
                               kindString(QT_TRANSLATE_NOOP("dm::TestKind", "Capacity check")), std::nullopt },
                parseCapacityJson, formatCapacityText, formatCapacityCsv)
        {
        }

    protected:
        RunSummary summary(const CapacityReport& r) const override
        {
            const CapacityResult& c = r.result;
            RunSummary s;
            const auto verdict = capacityVerdict(c);
            if (!verdict)
                return s;
            // GB from a gigabyte up (a stick), MB below (a small --size), as the text report says it.
            const bool gb = c.verifiedBytes >= 1000000000ull;
            s.headline = Headline { double(c.verifiedBytes) / (gb ? 1e9 : 1e6),
                gb ? QStringLiteral("GB") : QStringLiteral("MB"),
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
