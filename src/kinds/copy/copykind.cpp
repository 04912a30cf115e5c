// SPDX-License-Identifier: GPL-3.0-or-later
// The copy test as a test kind: diskometer.copy/1. Headline: the three sets' bytes over their
// seconds together; a metric per set. The comparison overlays the sets as a line (x = the set):
// the registry has no bars for kinds other than the grid's yet.
#include "copyreport.h"
#include "documentkind.h"

namespace dm {

namespace {

    // The sets at x = 1, 2 and 4 on the comparison's block-size axis (xLog2): evenly spaced, and
    // the comparison's table lists exactly these three x, which xText names.
    double setX(CopySetKind k) { return k == CopySetKind::Iso ? 1 : k == CopySetKind::Program ? 2 : 4; }
    QString setAtX(double x)
    {
        for (CopySetKind k : kCopySets)
            if (setX(k) == x)
                return QString::fromLatin1(copySetTitle(k));
        return QString::number(x);
    }

    class CopyKind final : public DocumentKind<CopyReport> {
    public:
        CopyKind()
            : DocumentKind({ QStringLiteral("copy"), QString::fromLatin1(kCopySchema),
                               kindString(QT_TRANSLATE_NOOP("dm::TestKind", "Copy test")),
                               SeriesAxes { kindString(QT_TRANSLATE_NOOP("dm::TestKind", "Copy test")),
                                   kindString(QT_TRANSLATE_NOOP("dm::TestKind", "Set")), QStringLiteral("MB/s"),
                                   true, setAtX } },
                parseCopyJson, formatCopyText, formatCopyCsv)
        {
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
        std::vector<Series> lines(const CopyReport& r) const override
        {
            Series copy { kindString(QT_TRANSLATE_NOOP("dm::TestKind", "copy")), {} };
            for (const CopySetResult& set : r.result.sets)
                if (set.done)
                    copy.points.push_back({ setX(set.kind), set.mbPerSec() });
            if (copy.points.empty())
                return {};
            return { copy };
        }
    };

} // namespace

const TestKind& copyKind()
{
    static const CopyKind kind;
    return kind;
}

} // namespace dm
