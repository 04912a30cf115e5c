// SPDX-License-Identifier: GPL-3.0-or-later
#include "historyimport.h"

#include "fioimport.h"
#include "gridkind.h"
#include "jsonreport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>

#include <algorithm>

namespace dm {

namespace {

    const TestRow kSeqRow { Pattern::Sequential, 1 * MiB, 8, 1 };
    const TestRow kRndRow { Pattern::Random, 4 * KiB, 1, 1 };

    std::optional<double> headline(const Report& report, const TestRow& row, Direction direction)
    {
        for (const TestResult& t : report.run.tests)
            if (t.spec.row == row && t.spec.direction == direction && t.ok())
                return t.passes[passStatistics(t.passes).bestIndex].mbPerSec();
        return std::nullopt;
    }

    void setSummary(HistoryEntry& e, RunSummary&& s)
    {
        e.headline = std::move(s.headline);
        e.metrics = std::move(s.metrics);
        std::sort(e.metrics.begin(), e.metrics.end(), [](const Metric& a, const Metric& b) { return a.name < b.name; });
    }

    // The summary a Report gives, whoever measured it.
    HistoryEntry summaryOf(const Report& report)
    {
        HistoryEntry e;
        e.created = report.date;
        e.comment = report.comment;
        e.targetPath = report.target.path;
        e.deviceModel = report.target.model;
        e.bus = report.target.bus;
        e.link = report.target.link;
        e.seqReadMBps = headline(report, kSeqRow, Direction::Read);
        e.seqWriteMBps = headline(report, kSeqRow, Direction::Write);
        e.rndReadMBps = headline(report, kRndRow, Direction::Read);
        e.rndWriteMBps = headline(report, kRndRow, Direction::Write);
        setSummary(e, summarizeGrid(report));
        return e;
    }

    // For kinds this build does not know in detail: the fields every diskometer.* document
    // shares (REPORTS.md): date, target, settings.profile, comment.
    HistoryEntry genericSummary(const QJsonObject& root)
    {
        HistoryEntry e;
        QDateTime date = QDateTime::fromString(root.value(QLatin1String("date")).toString(), Qt::ISODate);
        e.created = date;
        const QJsonObject target = root.value(QLatin1String("target")).toObject();
        e.targetPath = target.value(QLatin1String("path")).toString();
        e.deviceModel = target.value(QLatin1String("model")).toString();
        e.bus = target.value(QLatin1String("bus")).toString();
        e.link = target.value(QLatin1String("link")).toString();
        e.profile = root.value(QLatin1String("settings")).toObject().value(QLatin1String("profile")).toString();
        e.comment = root.value(QLatin1String("comment")).toString();
        return e;
    }

    Result<QJsonObject> jsonObject(const QByteArray& content)
    {
        QJsonParseError error {};
        const QJsonDocument doc = QJsonDocument::fromJson(content, &error);
        if (error.error != QJsonParseError::NoError || !doc.isObject())
            return usageError("not JSON");
        return doc.object();
    }

    Result<HistoryInput> diskometerInput(const QByteArray& content, const QJsonObject& root)
    {
        const QString schema = root.value(QLatin1String("schema")).toString();
        HistoryInput in;
        in.json = content;
        if (schema == QLatin1String(kResultSchema)) {
            auto report = parseJson(content);
            if (!report)
                return report.error();
            in.entry = summaryOf(*report);
            in.entry.profile = QString::fromLatin1(profileName(report->profile));
        } else {
            in.entry = genericSummary(root);
            // A kind this build knows figures itself out; an unknown newer one, or a document its
            // kind cannot read, is kept as before with no headline (issue 7: nothing is refused
            // that an older build stored).
            if (const TestKind* kind = kindForSchema(schema))
                if (auto summary = kind->summarize(content))
                    setSummary(in.entry, std::move(*summary));
        }
        in.entry.kind = kindOfSchema(schema);
        in.entry.schema = schema;
        in.entry.source = QString::fromLatin1(kSourceDiskometer);
        return in;
    }

    HistoryInput fioInput(FioHostRun&& run, const QString& schema)
    {
        HistoryInput in;
        in.entry = summaryOf(run.report);
        in.entry.kind = QString::fromLatin1(kKindFio);
        in.entry.schema = schema;
        in.entry.source = QString::fromLatin1(kSourceFio);
        in.entry.host = run.host;
        in.json = std::move(run.json);
        return in;
    }

} // namespace

QString kindOfSchema(const QString& schema)
{
    if (!schema.startsWith(QLatin1String("diskometer.")) || !schema.contains(QLatin1Char('/')))
        return {};
    const QString kind = schema.mid(11).section(QLatin1Char('/'), 0, 0);
    return kind == QLatin1String("result") ? QString::fromLatin1(kKindGrid) : kind;
}

HistoryInput historyInputFromReport(const Report& report)
{
    HistoryInput in;
    in.json = formatJson(report);
    in.entry = summaryOf(report);
    in.entry.profile = QString::fromLatin1(profileName(report.profile));
    in.entry.kind = QString::fromLatin1(kKindGrid);
    in.entry.schema = QString::fromLatin1(kResultSchema);
    in.entry.source = QString::fromLatin1(kSourceDiskometer);
    return in;
}

Result<std::vector<HistoryInput>> historyInputsFromFile(const QByteArray& content)
{
    // fio may print text ahead of its JSON; ours never does.
    if (auto root = jsonObject(content); root && !isFioJson(*root)) {
        const QString schema = root->value(QLatin1String("schema")).toString();
        if (kindOfSchema(schema).isEmpty())
            return usageError(schema.isEmpty()
                    ? std::string("neither a Diskometer report nor fio's JSON output: it has no \"schema\" field "
                                  "and no \"fio version\"")
                    : "neither a Diskometer report nor fio's JSON output: unknown schema '" + schema.toStdString()
                        + "'");
        auto in = diskometerInput(content, *root);
        if (!in)
            return in.error();
        return std::vector<HistoryInput> { std::move(*in) };
    }
    auto fio = parseFioOutput(content);
    if (!fio) {
        if (content.trimmed().startsWith('{') || content.contains("fio"))
            return fio.error();
        return usageError("neither a Diskometer report nor fio's JSON output (give a file written by "
                          "`diskometer-cli --json` or by `fio --output-format=json`)");
    }
    const QString schema = readFioDocument(content)->value(QLatin1String("fio version")).toString();
    std::vector<HistoryInput> inputs;
    for (FioHostRun& run : *fio)
        inputs.push_back(fioInput(std::move(run), schema));
    return inputs;
}

Result<HistoryEntry> summarizeStoredJson(const QByteArray& json)
{
    auto inputs = historyInputsFromFile(json);
    if (!inputs)
        return inputs.error();
    return inputs->front().entry;
}

Result<Report> reportFromRecord(const HistoryRecord& record)
{
    const TestKind* kind = kindForSchema(record.entry.schema);
    if (!kind)
        return usageError(QStringLiteral("run %1 is a %2 run, which this version cannot read: show it with --json")
                              .arg(record.entry.id)
                              .arg(record.entry.kind)
                              .toStdString());
    return kind->gridReport(record.json);
}

} // namespace dm
