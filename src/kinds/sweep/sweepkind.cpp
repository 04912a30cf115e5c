// SPDX-License-Identifier: GPL-3.0-or-later
// The block-size sweep as a test kind: diskometer.sweep/1. Headline: the best read rate and the
// block size that reached it; the comparison overlays MB/s per block size, each direction.
#include "documentkind.h"
#include "sweepreport.h"

namespace dm {

namespace {

    // The series' x is KiB (the window's log axis reads 4 ... 16384 better than bytes).
    QString blockText(double kib) { return QString::fromStdString(blockSizeIecLabel(uint32_t(kib * 1024))); }

    const std::optional<SweepMeasurement>& measurement(const SweepPoint& p, bool reads)
    {
        return reads ? p.read : p.write;
    }

    QString kindTitle() { return kindString(QT_TRANSLATE_NOOP("dm::TestKind", "Block-size sweep")); }

    class SweepKind final : public DocumentKind<SweepReport> {
    public:
        SweepKind()
            : DocumentKind(
                { QStringLiteral("sweep"), QString::fromLatin1(kSweepSchema), kindTitle(),
                    SeriesAxes { kindTitle(), kindString(QT_TRANSLATE_NOOP("dm::TestKind", "Block size (KiB)")),
                        kindString(QT_TRANSLATE_NOOP("dm::TestKind", "MB/s")), true, blockText } },
                parseSweepJson, formatSweepText, formatSweepCsv)
        {
        }

    protected:
        RunSummary summary(const SweepReport& r) const override
        {
            RunSummary s;
            for (const bool reads : { true, false }) {
                const SweepPoint* best = nullptr;
                for (const SweepPoint& p : r.result.points) {
                    const auto& m = measurement(p, reads);
                    if (m && !m->error && (!best || m->mbPerSec > measurement(*best, reads)->mbPerSec))
                        best = &p;
                }
                if (!best)
                    continue;
                const double v = measurement(*best, reads)->mbPerSec;
                const QString dir = reads ? QStringLiteral("read") : QStringLiteral("write");
                s.metrics.push_back({ QStringLiteral("best_%1_mb_per_s").arg(dir), v });
                s.metrics.push_back({ QStringLiteral("best_%1_block_size_bytes").arg(dir), double(best->blockSize) });
                if (!s.headline)
                    s.headline = Headline { v, QStringLiteral("MB/s"),
                        QStringLiteral("best %1 (%2)").arg(dir, blockText(best->blockSize / 1024.0)) };
            }
            return s;
        }
        std::vector<Series> lines(const SweepReport& r) const override
        {
            std::vector<Series> out;
            for (const bool reads : { true, false }) {
                Series s { reads ? kindString(QT_TRANSLATE_NOOP("dm::TestKind", "read"))
                                 : kindString(QT_TRANSLATE_NOOP("dm::TestKind", "write")),
                    {} };
                for (const SweepPoint& p : r.result.points)
                    if (const auto& m = measurement(p, reads); m && !m->error)
                        s.points.push_back({ p.blockSize / 1024.0, m->mbPerSec });
                if (!s.points.empty())
                    out.push_back(std::move(s));
            }
            return out;
        }
    };

} // namespace

const TestKind& sweepKind()
{
    static const SweepKind kind;
    return kind;
}

} // namespace dm
