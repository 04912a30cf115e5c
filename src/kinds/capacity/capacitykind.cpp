// SPDX-License-Identifier: GPL-3.0-or-later
// The capacity check as a test kind: diskometer.capacity/1. Headline: the bytes that came back
// intact; no lines to overlay (a check is a verdict, not a curve).
#include "capacityreport.h"
#include "documentkind.h"
#include "htmlpage.h"
#include "svgchart.h"

#include <QCoreApplication>

namespace dm {

namespace {

    // (DocumentKind has a Text of its own: its text formatter's type.)
    struct PageText {
        Q_DECLARE_TR_FUNCTIONS(dm::CapacityKind)
    };

    QString gbText(double bytes)
    {
        return bytes <= 0 ? QStringLiteral("0") : QStringLiteral("%1 GB").arg(bytes / 1e9, 0, 'f', bytes < 10e9 ? 2 : 1);
    }

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

        // The web page's answer to "is this stick real": the verdict in words, and the device
        // (or the free space a fill wrote) as one bar, what came back intact in green and each
        // lost stretch in the warning colour, with the first lost ones in a table.
        QString pageHtml(const CapacityReport& r) const override
        {
            const CapacityResult& c = r.result;
            const auto verdict = capacityVerdict(c);
            if (!verdict)
                return {};
            QString html = QStringLiteral("<p class=\"verdict %1\">%2</p>\n")
                               .arg(QString::fromLatin1(capacityVerdictName(*verdict)), htmlEscape(capacityVerdictSentence(c)));
            SpanChart map { double(c.announcedBytes), {}, [](double x) { return gbText(x); },
                { { PageText::tr("came back intact"), {}, 2 }, { PageText::tr("lost"), {}, 4 } } };
            double at = 0;
            for (const LostRange& l : c.lostRanges) {
                if (double(l.offset) > at)
                    map.spans.push_back({ at, double(l.offset), 2, QStringLiteral("%1 – %2").arg(gbText(at), gbText(double(l.offset))) });
                map.spans.push_back({ double(l.offset), double(l.offset + l.length), 4,
                    QStringLiteral("%1 – %2: %3").arg(gbText(double(l.offset)), gbText(double(l.offset + l.length)),
                        QString::fromLatin1(blockClassName(l.kind))) });
                at = double(l.offset + l.length);
            }
            if (at < double(c.announcedBytes) && c.lostRangeCount <= c.lostRanges.size())
                map.spans.push_back({ at, double(c.announcedBytes), 2, QStringLiteral("%1 – %2").arg(gbText(at), gbText(double(c.announcedBytes))) });
            html += spanChartHtml(map);
            if (!c.lostRanges.empty()) {
                HtmlTable table;
                table.caption = PageText::tr("Lost stretches (%1 of %2)").arg(c.lostRanges.size()).arg(c.lostRangeCount);
                table.header = { PageText::tr("What came back"), PageText::tr("From"), PageText::tr("Length") };
                for (const LostRange& l : c.lostRanges)
                    table.rows.push_back({ QString::fromLatin1(blockClassName(l.kind)), gbText(double(l.offset)), gbText(double(l.length)) });
                html += htmlTableHtml(table);
            }
            return html;
        }
    };

} // namespace

const TestKind& capacityKind()
{
    static const CapacityKind kind;
    return kind;
}

} // namespace dm
