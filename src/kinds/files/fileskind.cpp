// SPDX-License-Identifier: GPL-3.0-or-later
// The small-file test as a test kind: diskometer.files/1. Headline: files created a second (what
// a build, an unpacked archive or a mail store waits for); metrics: each phase's rate and p99.
// The comparison groups the runs' bars per phase (TestKind::bars), in files a second.
#include "documentkind.h"
#include "filesreport.h"

namespace dm {

namespace {

    // The phases' names as the comparison's groups, marked for the window's translation (kindText).
    QString phaseGroup(FilesPhaseId p)
    {
        switch (p) {
        case FilesPhaseId::Create:
            return kindString(QT_TRANSLATE_NOOP("dm::TestKind", "Create"));
        case FilesPhaseId::Stat:
            return kindString(QT_TRANSLATE_NOOP("dm::TestKind", "Stat"));
        case FilesPhaseId::Read:
            return kindString(QT_TRANSLATE_NOOP("dm::TestKind", "Read"));
        case FilesPhaseId::Delete:
            return kindString(QT_TRANSLATE_NOOP("dm::TestKind", "Delete"));
        }
        return {};
    }

    class FilesKind final : public DocumentKind<FilesReport> {
    public:
        FilesKind()
            : DocumentKind({ QStringLiteral("files"), QString::fromLatin1(kFilesSchema),
                               kindString(QT_TRANSLATE_NOOP("dm::TestKind", "Small files")), std::nullopt },
                parseFilesJson, formatFilesText, formatFilesCsv)
        {
        }
        std::optional<BarAxes> barAxes() const override
        {
            return BarAxes { kindString(QT_TRANSLATE_NOOP("dm::TestKind", "Small files")), QStringLiteral("files/s") };
        }

    protected:
        RunSummary summary(const FilesReport& r) const override
        {
            const FilesResult& f = r.result;
            RunSummary s;
            const FilesPhaseResult& create = f.phase(FilesPhaseId::Create);
            if (create.ran && create.files > 0)
                s.headline = Headline { create.filesPerSecond(), QStringLiteral("files/s"),
                    QStringLiteral("created (%1 of %2, sync %3)")
                        .arg(r.result.request.fileSize >= KiB && r.result.request.fileSize % KiB == 0
                                ? QStringLiteral("%1 KiB").arg(r.result.request.fileSize / KiB)
                                : QStringLiteral("%1 B").arg(r.result.request.fileSize))
                        .arg(r.result.request.files)
                        .arg(QLatin1String(filesSyncName(r.result.request.sync))) };
            for (const FilesPhaseResult& ph : f.phases) {
                if (!ph.ran || ph.files == 0)
                    continue;
                const QString name = QString::fromLatin1(filesPhaseName(ph.id));
                s.metrics.push_back({ name + QStringLiteral("_files_per_s"), ph.filesPerSecond() });
                s.metrics.push_back({ name + QStringLiteral("_p99_us"), ph.latency.p99Us });
            }
            return s;
        }
        std::vector<KindBar> barValues(const FilesReport& r) const override
        {
            std::vector<KindBar> bars;
            for (const FilesPhaseResult& ph : r.result.phases)
                if (ph.ran && ph.files > 0)
                    bars.push_back({ phaseGroup(ph.id), ph.filesPerSecond() });
            return bars;
        }
    };

} // namespace

const TestKind& filesKind()
{
    static const FilesKind kind;
    return kind;
}

} // namespace dm
