// SPDX-License-Identifier: GPL-3.0-or-later
// The small-file test as a test kind: diskometer.files/1. Headline: files created a second (what
// a build, an unpacked archive or a mail store waits for); metrics: each phase's rate and p99.
#include "documentkind.h"
#include "filesreport.h"

namespace dm {

namespace {

    class FilesKind final : public DocumentKind<FilesReport> {
    public:
        FilesKind()
            : DocumentKind({ QStringLiteral("files"), QString::fromLatin1(kFilesSchema),
                               kindString(QT_TRANSLATE_NOOP("dm::TestKind", "Small files")), std::nullopt },
                parseFilesJson, formatFilesText, formatFilesCsv)
        {
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
    };

} // namespace

const TestKind& filesKind()
{
    static const FilesKind kind;
    return kind;
}

} // namespace dm
