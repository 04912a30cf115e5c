// SPDX-License-Identifier: GPL-3.0-or-later
// The block-size sweep as a test kind: diskometer.sweep/1. Headline: the best read rate and the
// block size that reached it; the comparison overlays MB/s per block size, each direction.
#include "sweepreport.h"
#include "targetinfo.h"
#include "testkind.h"

namespace dm {

namespace {

    // The series' x is KiB (the window's log axis reads 4 ... 16384 better than bytes).
    QString blockText(double kib) { return QString::fromStdString(blockSizeIecLabel(uint32_t(kib * 1024))); }

    class SweepKind final : public TestKind {
    public:
        QString id() const override { return QStringLiteral("sweep"); }
        QString schema() const override { return QString::fromLatin1(kSweepSchema); }
        QString title() const override { return kindString(QT_TRANSLATE_NOOP("dm::TestKind", "Block-size sweep")); }
        Result<KindReports> reports(const QByteArray& json, const QString& comment) const override
        {
            auto r = parseSweepJson(json);
            if (!r)
                return r.error();
            if (!comment.isEmpty())
                r->header.comment = comment;
            const QString text = formatSweepText(*r);
            const QString device = deviceSummary(r->header.target);
            return KindReports { formatSweepCsv(*r), text,
                markdownOfText(title(), device.isEmpty() ? r->header.target.path : device,
                    r->header.date.toString(QStringLiteral("yyyy/MM/dd HH:mm:ss")), r->header.comment, text) };
        }
        Result<RunSummary> summarize(const QByteArray& json) const override
        {
            auto r = parseSweepJson(json);
            if (!r)
                return r.error();
            RunSummary s;
            for (const bool reads : { true, false }) {
                const SweepPoint* best = nullptr;
                for (const SweepPoint& p : r->result.points) {
                    const auto& m = reads ? p.read : p.write;
                    if (m && !m->error && (!best || m->mbPerSec > (reads ? best->read : best->write)->mbPerSec))
                        best = &p;
                }
                if (!best)
                    continue;
                const double v = (reads ? best->read : best->write)->mbPerSec;
                const QString dir = reads ? QStringLiteral("read") : QStringLiteral("write");
                s.metrics.push_back({ QStringLiteral("best_%1_mb_per_s").arg(dir), v });
                s.metrics.push_back({ QStringLiteral("best_%1_block_size_bytes").arg(dir), double(best->blockSize) });
                if (!s.headline)
                    s.headline = Headline { v, QStringLiteral("MB/s"),
                        QStringLiteral("best %1 (%2)").arg(dir, blockText(best->blockSize / 1024.0)) };
            }
            return s;
        }
        std::optional<SeriesAxes> seriesAxes() const override
        {
            return SeriesAxes { title(), kindString(QT_TRANSLATE_NOOP("dm::TestKind", "Block size (KiB)")),
                kindString(QT_TRANSLATE_NOOP("dm::TestKind", "MB/s")), true, blockText };
        }
        Result<std::vector<Series>> series(const QByteArray& json) const override
        {
            auto r = parseSweepJson(json);
            if (!r)
                return r.error();
            Series read { kindString(QT_TRANSLATE_NOOP("dm::TestKind", "read")), {} },
                write { kindString(QT_TRANSLATE_NOOP("dm::TestKind", "write")), {} };
            for (const SweepPoint& p : r->result.points) {
                if (p.read && !p.read->error)
                    read.points.push_back({ p.blockSize / 1024.0, p.read->mbPerSec });
                if (p.write && !p.write->error)
                    write.points.push_back({ p.blockSize / 1024.0, p.write->mbPerSec });
            }
            std::vector<Series> out;
            for (Series* s : { &read, &write })
                if (!s->points.empty())
                    out.push_back(std::move(*s));
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
