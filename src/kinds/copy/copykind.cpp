// SPDX-License-Identifier: GPL-3.0-or-later
// The copy test as a test kind: diskometer.copy/1. Headline: the three sets' bytes over their
// seconds together; a metric per set. The comparison groups the runs' bars per set (TestKind::bars):
// the sets are not points of a curve, so no line joins them.
#include "copyreport.h"
#include "documentkind.h"

namespace dm {

namespace {

    // The sets' names as the comparison's groups, marked for the window's translation (kindText).
    QString setGroup(CopySetKind k)
    {
        switch (k) {
        case CopySetKind::Iso:
            return kindString(QT_TRANSLATE_NOOP("dm::TestKind", "ISO"));
        case CopySetKind::Program:
            return kindString(QT_TRANSLATE_NOOP("dm::TestKind", "Program"));
        case CopySetKind::Game:
            return kindString(QT_TRANSLATE_NOOP("dm::TestKind", "Game"));
        }
        return {};
    }

    class CopyKind final : public DocumentKind<CopyReport> {
    public:
        CopyKind()
            : DocumentKind({ QStringLiteral("copy"), QString::fromLatin1(kCopySchema),
                               kindString(QT_TRANSLATE_NOOP("dm::TestKind", "Copy test")), std::nullopt },
                parseCopyJson, formatCopyText, formatCopyCsv)
        {
        }
        std::optional<BarAxes> barAxes() const override
        {
            return BarAxes { kindString(QT_TRANSLATE_NOOP("dm::TestKind", "Copy test")), QStringLiteral("MB/s") };
        }

    protected:
        RunSummary summary(const CopyReport& r) const override
        {
            RunSummary s;
            for (const CopySetResult& set : r.result.sets)
                if (set.done)
                    s.metrics.push_back(
                        { QStringLiteral("%1_mb_per_s").arg(QLatin1String(copySetId(set.kind))), set.mbPerSec() });
            if (const double total = r.result.totalMbPerSec(); total > 0) {
                s.headline = Headline { total, QStringLiteral("MB/s"), QStringLiteral("copy (ISO, Program, Game)") };
                s.metrics.push_back({ QStringLiteral("total_mb_per_s"), total });
            }
            return s;
        }
        std::vector<KindBar> barValues(const CopyReport& r) const override
        {
            std::vector<KindBar> bars;
            for (const CopySetResult& set : r.result.sets)
                if (set.done)
                    bars.push_back({ setGroup(set.kind), set.mbPerSec() });
            return bars;
        }
    };

} // namespace

const TestKind& copyKind()
{
    static const CopyKind kind;
    return kind;
}

} // namespace dm
