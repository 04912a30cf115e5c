// SPDX-License-Identifier: GPL-3.0-or-later
// fio's JSON output imported into the history (one host's jobs), as a test kind. Its jobs read as
// a grid (fioimport.h), so its reports and figures are the grid's; the schema is fio's version.
#include "fioimport.h"
#include "gridkind.h"
#include "markdownreport.h"
#include "textreport.h"

namespace dm {

namespace {

    Result<Report> fioDocumentReport(const QByteArray& json)
    {
        auto root = readFioDocument(json);
        if (!root)
            return root.error();
        return fioReport(*root);
    }

    class FioKind final : public TestKind {
    public:
        QString id() const override { return QStringLiteral("fio"); }
        QString schema() const override { return QStringLiteral("fio-"); }
        QString title() const override { return QStringLiteral("fio"); }
        Result<KindReports> reports(const QByteArray& json, const QString& comment) const override
        {
            auto report = fioDocumentReport(json);
            if (!report)
                return report.error();
            if (!comment.isEmpty())
                report->comment = comment;
            return KindReports { {}, formatText(*report), formatMarkdown(*report) };
        }
        bool readsAsGrid() const override { return true; }
        Result<Report> gridReport(const QByteArray& json) const override { return fioDocumentReport(json); }
        Result<RunSummary> summarize(const QByteArray& json) const override
        {
            auto report = fioDocumentReport(json);
            if (!report)
                return report.error();
            return summarizeGrid(*report);
        }
    };

} // namespace

const TestKind& fioKind()
{
    static const FioKind kind;
    return kind;
}

} // namespace dm
