// SPDX-License-Identifier: GPL-3.0-or-later
// The sustained write as a test kind: diskometer.sustained/1. Headline: the rate it sustains
// (after the cache cliff, or the median of the whole write); the comparison overlays MB/s by GB
// written, where each drive's cache runs out.
#include "sustainedreport.h"
#include "targetinfo.h"
#include "testkind.h"

namespace dm {

namespace {

    QString gbText(double x) { return QStringLiteral("%1 GB").arg(x, 0, 'f', 1); }

    class SustainedKind final : public TestKind {
    public:
        QString id() const override { return QStringLiteral("sustained"); }
        QString schema() const override { return QString::fromLatin1(kSustainedSchema); }
        QString title() const override { return kindString(QT_TRANSLATE_NOOP("dm::TestKind", "Sustained write")); }
        Result<KindReports> reports(const QByteArray& json, const QString& comment) const override
        {
            auto r = parseSustainedJson(json);
            if (!r)
                return r.error();
            if (!comment.isEmpty())
                r->header.comment = comment;
            const QString text = formatSustainedText(*r);
            const QString device = deviceSummary(r->header.target);
            return KindReports { formatSustainedCsv(*r), text,
                markdownOfText(title(), device.isEmpty() ? r->header.target.path : device,
                    r->header.date.toString(QStringLiteral("yyyy/MM/dd HH:mm:ss")), r->header.comment, text) };
        }
        Result<RunSummary> summarize(const QByteArray& json) const override
        {
            auto r = parseSustainedJson(json);
            if (!r)
                return r.error();
            RunSummary s;
            const SustainedResult& w = r->result;
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
        std::optional<SeriesAxes> seriesAxes() const override
        {
            return SeriesAxes { title(), kindString(QT_TRANSLATE_NOOP("dm::TestKind", "GB written")),
                kindString(QT_TRANSLATE_NOOP("dm::TestKind", "MB/s")), false, gbText };
        }
        Result<std::vector<Series>> series(const QByteArray& json) const override
        {
            auto r = parseSustainedJson(json);
            if (!r)
                return r.error();
            Series write { kindString(QT_TRANSLATE_NOOP("dm::TestKind", "write")), {} };
            for (const SustainedSample& s : r->result.timeline)
                write.points.push_back({ double(s.bytes) / 1e9, s.mbPerSec });
            return std::vector<Series> { std::move(write) };
        }
    };

} // namespace

const TestKind& sustainedKind()
{
    static const SustainedKind kind;
    return kind;
}

} // namespace dm
