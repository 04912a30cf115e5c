// SPDX-License-Identifier: GPL-3.0-or-later
// The surface scan as a test kind: diskometer.scan/1. Headline: the average read rate; the
// comparison overlays the read (and write-back) rate by position.
#include "scanreport.h"
#include "targetinfo.h"
#include "testkind.h"

namespace dm {

namespace {

    QString percentText(double x) { return QStringLiteral("%1 %").arg(x, 0, 'f', 0); }

    class ScanKind final : public TestKind {
    public:
        QString id() const override { return QStringLiteral("scan"); }
        QString schema() const override { return QString::fromLatin1(kScanSchema); }
        QString title() const override { return kindString(QT_TRANSLATE_NOOP("dm::TestKind", "Surface scan")); }
        Result<KindReports> reports(const QByteArray& json, const QString& comment) const override
        {
            auto r = parseScanJson(json);
            if (!r)
                return r.error();
            if (!comment.isEmpty())
                r->header.comment = comment;
            const QString text = formatScanText(*r);
            const QString device = deviceSummary(r->header.target);
            return KindReports { formatScanCsv(*r), text,
                markdownOfText(title(), device.isEmpty() ? r->header.target.path : device,
                    r->header.date.toString(QStringLiteral("yyyy/MM/dd HH:mm:ss")), r->header.comment, text) };
        }
        Result<RunSummary> summarize(const QByteArray& json) const override
        {
            auto r = parseScanJson(json);
            if (!r)
                return r.error();
            RunSummary s;
            if (r->result.samples.empty())
                return s;
            const ScanSummary sum = dm::summarize(r->result);
            s.headline = Headline { sum.averageMbPerSec, QStringLiteral("MB/s"), QStringLiteral("average read") };
            s.metrics = { { QStringLiteral("min_mb_per_s"), sum.minMbPerSec },
                { QStringLiteral("average_mb_per_s"), sum.averageMbPerSec },
                { QStringLiteral("max_mb_per_s"), sum.maxMbPerSec } };
            if (sum.averageWriteMbPerSec)
                s.metrics.push_back({ QStringLiteral("average_write_mb_per_s"), *sum.averageWriteMbPerSec });
            if (!r->result.access.empty())
                s.metrics.push_back({ QStringLiteral("average_access_ms"), sum.averageAccessMs });
            return s;
        }
        std::optional<SeriesAxes> seriesAxes() const override
        {
            return SeriesAxes { title(), kindString(QT_TRANSLATE_NOOP("dm::TestKind", "Position (%)")),
                kindString(QT_TRANSLATE_NOOP("dm::TestKind", "MB/s")), false, percentText };
        }
        Result<std::vector<Series>> series(const QByteArray& json) const override
        {
            auto r = parseScanJson(json);
            if (!r)
                return r.error();
            Series read { kindString(QT_TRANSLATE_NOOP("dm::TestKind", "read")), {} },
                write { kindString(QT_TRANSLATE_NOOP("dm::TestKind", "write-back")), {} };
            for (const ScanSample& s : r->result.samples) {
                read.points.push_back({ s.percent, s.readMbPerSec });
                if (s.writeMbPerSec)
                    write.points.push_back({ s.percent, *s.writeMbPerSec });
            }
            std::vector<Series> out { std::move(read) };
            if (!write.points.empty())
                out.push_back(std::move(write));
            return out;
        }
    };

} // namespace

const TestKind& scanKind()
{
    static const ScanKind kind;
    return kind;
}

} // namespace dm
