// SPDX-License-Identifier: GPL-3.0-or-later
// The sustained write as a test kind: diskometer.sustained/1. Headline: the rate it sustains
// (after the cache cliff, or the median of the whole write); the comparison overlays MB/s by GB
// written, where each drive's cache runs out.
#include "documentkind.h"
#include "sustainedreport.h"

namespace dm {

namespace {

    // One decimal from 1 GB on; below it two significant digits, so that the ten steps of a short
    // write (64 MiB: 0.0067 GB apart) do not all read "0.0 GB".
    QString gbText(double x)
    {
        if (x > 0 && x < 1)
            return QStringLiteral("%1 GB").arg(QString::number(x, 'g', 2));
        return QStringLiteral("%1 GB").arg(x, 0, 'f', 1);
    }

    QString kindTitle() { return kindString(QT_TRANSLATE_NOOP("dm::TestKind", "Sustained write")); }

    class SustainedKind final : public DocumentKind<SustainedReport> {
    public:
        SustainedKind()
            : DocumentKind({ QStringLiteral("sustained"), QString::fromLatin1(kSustainedSchema), kindTitle(),
                               SeriesAxes { kindTitle(), kindString(QT_TRANSLATE_NOOP("dm::TestKind", "GB written")),
                                   kindString(QT_TRANSLATE_NOOP("dm::TestKind", "MB/s")), false, gbText } },
                parseSustainedJson, formatSustainedText, formatSustainedCsv)
        {
        }

    protected:
        RunSummary summary(const SustainedReport& r) const override
        {
            RunSummary s;
            const SustainedResult& w = r.result;
            if (w.timeline.empty())
                return s;
            s.headline = Headline { w.cliff.afterMbPerSec, QStringLiteral("MB/s"), QStringLiteral("sustained write") };
            s.metrics = { { QStringLiteral("average_mb_per_s"), w.averageMbPerSec() } };
            if (w.cliff.cacheBytes) {
                s.metrics.push_back({ QStringLiteral("before_mb_per_s"), w.cliff.beforeMbPerSec });
                s.metrics.push_back({ QStringLiteral("cache_bytes"), double(*w.cliff.cacheBytes) });
            }
            s.metrics.push_back({ QStringLiteral("after_mb_per_s"), w.cliff.afterMbPerSec });
            s.metrics.push_back({ QStringLiteral("bytes_written"), double(w.bytesWritten) });
            return s;
        }
        std::vector<Series> lines(const SustainedReport& r) const override
        {
            Series write { kindString(QT_TRANSLATE_NOOP("dm::TestKind", "write")), {} };
            for (const SustainedSample& s : r.result.timeline)
                write.points.push_back({ double(s.bytes) / 1e9, s.mbPerSec });
            return { std::move(write) };
        }
    };

} // namespace

const TestKind& sustainedKind()
{
    static const SustainedKind kind;
    return kind;
}

} // namespace dm
