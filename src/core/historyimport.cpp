// SPDX-License-Identifier: GPL-3.0-or-later
#include "historyimport.h"

#include "htmlreport.h"

#include "fiofields.h"
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

    QString knownSchemas()
    {
        QStringList names;
        for (const TestKind* k : kinds())
            if (!k->schema().endsWith(QLatin1Char('-')))
                names << k->schema();
        return names.join(QStringLiteral(", "));
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
        // The four grid columns of the list are the grid kind's metrics of the same names.
        RunSummary s = summarizeGrid(report);
        e.seqReadMBps = s.metric(QStringLiteral("seq1m_q8t1_read_mb_per_s"));
        e.seqWriteMBps = s.metric(QStringLiteral("seq1m_q8t1_write_mb_per_s"));
        e.rndReadMBps = s.metric(QStringLiteral("rnd4k_q1t1_read_mb_per_s"));
        e.rndWriteMBps = s.metric(QStringLiteral("rnd4k_q1t1_write_mb_per_s"));
        setSummary(e, std::move(s));
        return e;
    }

    // For kinds this build does not know in detail: the fields every diskometer.* document shares
    // (reportHeaderJson() writes them for every kind): date, target, settings.profile, comment.
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
            // A kind this build knows figures itself out. Import refused anything else already
            // (checkImportable); a row an older build stored that its kind cannot read now is
            // still listed, with no headline: nothing stored is dropped.
            if (const TestKind* kind = kindForSchema(schema))
                if (auto summary = kind->summarize(content))
                    setSummary(in.entry, std::move(*summary));
        }
        in.entry.kind = kindOfSchema(schema);
        in.entry.schema = schema;
        in.entry.source = QString::fromLatin1(kSourceDiskometer);
        return in;
    }

    // What `history import` takes of our own documents (issue 12, item 7): a schema this build
    // reads, a date, and a document its kind reads in full. An empty document with a valid
    // schema would be stored dated 1970; a newer version of a kind would be stored and then
    // not shown.
    Status checkImportable(const QByteArray& content, const QJsonObject& root, const QString& schema)
    {
        const TestKind* kind = kindForSchema(schema);
        if (!kind) {
            const QString prefix = schema.section(QLatin1Char('/'), 0, 0) + QLatin1Char('/');
            for (const TestKind* k : kinds())
                if (k->schema().startsWith(prefix))
                    return usageError(QStringLiteral("a %1 report of schema '%2', which this version does not read "
                                                     "(it reads %3): import it with the Diskometer that wrote it, "
                                                     "or a newer one")
                                          .arg(k->title().toLower(), shortText(schema), k->schema())
                                          .toStdString());
            return usageError(QStringLiteral("unknown Diskometer schema '%1': this version reads %2")
                                  .arg(shortText(schema), knownSchemas())
                                  .toStdString());
        }
        const QJsonValue date = root.value(QLatin1String("date"));
        if (!date.isString() || !QDateTime::fromString(date.toString(), Qt::ISODate).isValid())
            return usageError(QStringLiteral("not a valid Diskometer report: \"date\" must be an ISO-8601 date (got %1)")
                                  .arg(shortValue(date))
                                  .toStdString());
        if (auto reports = kind->reports(content, QString()); !reports)
            return reports.error();
        return Ok {};
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

namespace {

Result<std::vector<HistoryInput>> readHistoryInputs(const QByteArray& content, bool strict)
{
    // fio may print text ahead of its JSON; ours never does.
    if (auto root = jsonObject(content); root && !isFioJson(*root)) {
        const QString schema = root->value(QLatin1String("schema")).toString();
        if (kindOfSchema(schema).isEmpty())
            return usageError(schema.isEmpty()
                    ? std::string("neither a Diskometer report nor fio's JSON output: it has no \"schema\" field "
                                  "and no \"fio version\"")
                    : "neither a Diskometer report nor fio's JSON output: unknown schema '"
                        + shortText(schema).toStdString() + "'");
        if (strict)
            if (auto st = checkImportable(content, *root, schema); !st)
                return st.error();
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

} // namespace

Result<std::vector<HistoryInput>> historyInputsFromFile(const QByteArray& content)
{
    // A web page this program saved holds its JSON report (htmlreport.h); another page holds none.
    if (auto embedded = reportJsonFromHtml(content))
        return readHistoryInputs(*embedded, true);
    if (const QByteArray head = content.left(512).trimmed().toLower(); head.startsWith("<!doctype html") || head.startsWith("<html"))
        return usageError("a web page that holds no Diskometer report: import the page Diskometer saved "
                          "(`--html`, File › Save as Web Page…), or the run's JSON report");
    return readHistoryInputs(content, true);
}

Result<HistoryEntry> summarizeStoredJson(const QByteArray& json)
{
    // Stored rows are summarised as they are: refusing one now would not remove it.
    auto inputs = readHistoryInputs(json, false);
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
