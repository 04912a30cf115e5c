// SPDX-License-Identifier: GPL-3.0-or-later
// The surface scan as a test kind: diskometer.scan/1. Headline: the average read rate; the
// comparison overlays the read (and write-back) rate by position.
#include "documentkind.h"
#include "scanreport.h"

namespace dm {

namespace {

    QString percentText(double x) { return QStringLiteral("%1 %").arg(x, 0, 'f', 0); }

    QString kindTitle() { return kindString(QT_TRANSLATE_NOOP("dm::TestKind", "Surface scan")); }

    class ScanKind final : public DocumentKind<ScanReport> {
    public:
        ScanKind()
            : DocumentKind({ QStringLiteral("scan"), QString::fromLatin1(kScanSchema), kindTitle(),
                               SeriesAxes { kindTitle(), kindString(QT_TRANSLATE_NOOP("dm::TestKind", "Position (%)")),
                                   kindString(QT_TRANSLATE_NOOP("dm::TestKind", "MB/s")), false, percentText } },
                parseScanJson, formatScanText, formatScanCsv)
        {
        }

    protected:
        RunSummary summary(const ScanReport& r) const override
        {
            RunSummary s;
            if (r.result.samples.empty())
                return s;
            const ScanSummary sum = dm::summarize(r.result);
            s.headline = Headline { sum.averageMbPerSec, QStringLiteral("MB/s"), QStringLiteral("average read") };
            s.metrics = { { QStringLiteral("min_mb_per_s"), sum.minMbPerSec },
                { QStringLiteral("average_mb_per_s"), sum.averageMbPerSec },
                { QStringLiteral("max_mb_per_s"), sum.maxMbPerSec } };
            if (sum.averageWriteMbPerSec)
                s.metrics.push_back({ QStringLiteral("average_write_mb_per_s"), *sum.averageWriteMbPerSec });
            if (!r.result.access.empty())
                s.metrics.push_back({ QStringLiteral("average_access_ms"), sum.averageAccessMs });
            return s;
        }
        std::vector<Series> lines(const ScanReport& r) const override
        {
            Series read { kindString(QT_TRANSLATE_NOOP("dm::TestKind", "read")), {} };
            Series write { kindString(QT_TRANSLATE_NOOP("dm::TestKind", "write-back")), {} };
            for (const ScanSample& s : r.result.samples) {
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
