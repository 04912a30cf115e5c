// SPDX-License-Identifier: GPL-3.0-or-later
#include "historycommand.h"
#include "clicommands.h"
#include "clicommon.h"

#include "comparison.h"
#include "driveline.h"
#include "historyimport.h"
#include "historystore.h"
#include "htmlreport.h"
#include "jsonreport.h"
#include "markdownreport.h"
#include "reportfile.h"
#include "targetjson.h"
#include "testkind.h"
#include "textreport.h"

#include <QCommandLineParser>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cstdio>

namespace dm {

namespace {

    constexpr int kDone = 0;
    constexpr int kStoreFailed = 1;
    constexpr int kUsage = 2;

    void print(const QByteArray& data)
    {
        std::fwrite(data.constData(), 1, size_t(data.size()), stdout);
        std::fflush(stdout);
    }

    // Usage errors (unknown id, unreadable file) are the user's to fix: 2; the rest is the
    // database's: 1.
    int fail(const Error& e)
    {
        printError(QString::fromStdString(e.message));
        return e.kind == Error::Kind::Usage ? kUsage : kStoreFailed;
    }

    // A damaged file was set aside: said on every command that opened it, loudly.
    bool openStore(HistoryStore& store, int* exitCode)
    {
        if (const QString notice = HistoryStore::defaultPathNotice(); !notice.isEmpty())
            printError(QStringLiteral("warning: ") + notice);
        auto st = store.open();
        if (!store.notice().isEmpty())
            printError(QStringLiteral("warning: ") + store.notice());
        if (!st) {
            *exitCode = fail(st.error());
            return false;
        }
        return true;
    }

    QString mbps(const std::optional<double>& v) { return v ? QString::number(*v, 'f', 1) : QStringLiteral("-"); }

    QJsonValue jsonNumber(const std::optional<double>& v) { return v ? QJsonValue(*v) : QJsonValue(); }

    QJsonValue headlineJson(const HistoryEntry& e)
    {
        if (!e.headline)
            return QJsonValue();
        return QJsonObject { { QStringLiteral("value"), e.headline->value },
            { QStringLiteral("unit"), e.headline->unit }, { QStringLiteral("label"), e.headline->label } };
    }

    QJsonObject metricsJson(const HistoryEntry& e)
    {
        QJsonObject o;
        for (const Metric& m : e.metrics)
            o.insert(m.name, m.value);
        return o;
    }

    // "3552.5 MB/s SEQ1M Q8T1 read", or "-".
    QString headlineText(const HistoryEntry& e)
    {
        if (e.failed) // not "-": a run that failed must not look like one that measured nothing yet
            return QStringLiteral("FAILED: every test failed (history show %1)").arg(e.id);
        if (!e.headline)
            return QStringLiteral("-");
        return QStringLiteral("%1 %2 %3").arg(e.headline->value, 0, 'f', 1).arg(e.headline->unit, e.headline->label);
    }

    QString dateWithOffset(const QDateTime& d)
    {
        return d.isValid() ? d.toOffsetFromUtc(d.offsetFromUtc()).toString(Qt::ISODate) : QString();
    }

    Result<qint64> parseId(const QString& text)
    {
        bool ok = false;
        const qint64 id = text.toLongLong(&ok);
        if (!ok || id <= 0)
            return usageError(
                QStringLiteral("'%1' is not a run id: give the number `diskometer-cli history list` shows")
                    .arg(text)
                    .toStdString());
        return id;
    }

    int list(HistoryStore& store, bool json)
    {
        auto entries = store.list();
        if (!entries)
            return fail(entries.error());
        print(json ? formatHistoryListJson(*entries) : formatHistoryList(*entries).toUtf8());
        return kDone;
    }

    int show(HistoryStore& store, qint64 id, const QString& format, const QString& htmlOut)
    {
        auto record = store.get(id);
        if (!record)
            return fail(record.error());
        if (!htmlOut.isEmpty())
            return writeHtmlOutput(htmlOut, record->json, record->entry.comment, record->entry.schema) ? kDone : kUsage;
        const TestKind* kind = kindForSchema(record->entry.schema);
        // A kind this build does not know (stored by a newer one) still shows: as its JSON.
        const QString asked = format.isEmpty() ? (kind ? QStringLiteral("text") : QStringLiteral("json")) : format;
        if (asked == QLatin1String("json")) {
            const QByteArray json = reportJsonForExport(record->json, serialShown());
            print(json.endsWith('\n') ? json : json + '\n');
            return kDone;
        }
        if (!kind)
            return fail(usageError(QStringLiteral("run %1 is a %2 run, which this version cannot lay out: show it "
                                                  "with --json")
                                       .arg(record->entry.id)
                                       .arg(record->entry.kind)
                                       .toStdString()));
        // The comment as edited in the history wins over the report's.
        auto reports = kind->reports(record->json, record->entry.comment);
        if (!reports)
            return fail(reports.error());
        print(asked == QLatin1String("markdown") ? reports->markdown.toUtf8() : reports->text.toUtf8());
        return kDone;
    }

    int compare(HistoryStore& store, const QList<qint64>& ids, bool csv, ComparisonMetric metric, const QString& htmlOut,
        std::optional<BarScale> scale)
    {
        std::vector<HistoryRecord> records;
        for (const qint64 id : ids) {
            auto record = store.get(id);
            if (!record)
                return fail(record.error());
            records.push_back(std::move(*record));
        }
        const Comparison c = buildComparison(records);
        if (!htmlOut.isEmpty())
            return writeOutput(htmlOut, formatComparisonHtml(c, metric, scale)) ? kDone : kUsage;
        print(csv ? formatComparisonCsv(c) : formatComparisonMarkdown(c, metric).toUtf8());
        return kDone;
    }

    // A file in the history's own unsaved/ directory (a run that could not be stored when it
    // finished): once it is in the history, the copy has done its job.
    bool isUnsavedCopy(const HistoryStore& store, const QString& path)
    {
        const QString unsaved = QFileInfo(QFileInfo(store.path()).absolutePath() + QStringLiteral("/unsaved"))
                                    .canonicalFilePath();
        return !unsaved.isEmpty() && path != QLatin1String("-")
            && QFileInfo(QFileInfo(path).canonicalFilePath()).absolutePath() == unsaved;
    }

    int import(HistoryStore& store, const QStringList& files, bool again)
    {
        // Every file is read and checked before anything is stored: a bad third file leaves
        // the history as it was, so the command can simply be run again once it is fixed.
        // A run already in the history is skipped (and said so) unless --again: importing a
        // folder twice must not list every run twice.
        std::vector<HistoryInput> inputs;
        QStringList storedFiles; // unsaved/ copies whose runs are in the history once this is done
        for (const QString& path : files) {
            QFile f;
            const bool ok = path == QLatin1String("-") ? f.open(stdin, QIODevice::ReadOnly)
                                                       : (f.setFileName(path), f.open(QIODevice::ReadOnly));
            if (!ok)
                return fail(usageError(QStringLiteral("cannot read %1: %2").arg(path, f.errorString()).toStdString()));
            auto in = historyInputsFromFile(f.readAll());
            if (!in)
                return fail(usageError(
                    QStringLiteral("%1: %2").arg(path, QString::fromStdString(in.error().message)).toStdString()));
            for (HistoryInput& i : *in) {
                if (!again) {
                    auto stored = store.findStored(i);
                    if (!stored)
                        return fail(stored.error());
                    const auto earlier = std::find_if(inputs.begin(), inputs.end(), [&](const HistoryInput& o) {
                        return o.json == i.json;
                    });
                    if (*stored || earlier != inputs.end()) {
                        printError(*stored ? QStringLiteral("%1: already in the history as run %2; not stored again "
                                                            "(--again stores it anyway)")
                                                 .arg(path)
                                                 .arg(**stored)
                                           : QStringLiteral("%1: the same run was given twice; stored once").arg(path));
                        continue;
                    }
                }
                inputs.push_back(std::move(i));
            }
            if (isUnsavedCopy(store, path))
                storedFiles << path;
        }
        auto ids = store.add(inputs);
        if (!ids)
            return fail(ids.error());
        for (const QString& path : storedFiles)
            if (QFile::remove(path))
                printError(QStringLiteral("removed %1: its run is in the history now").arg(path));
        for (size_t i = 0; i < ids->size(); ++i) {
            const HistoryEntry& e = inputs[i].entry;
            std::printf("stored run %lld: %s%s, %s\n", (*ids)[i], e.kind.toUtf8().constData(),
                e.host.isEmpty() ? "" : (QStringLiteral(" from ") + e.host).toUtf8().constData(),
                runLabel(e).toUtf8().constData());
        }
        std::fflush(stdout);
        return kDone;
    }

    const char* kUsageText
        = "Usage:\n"
          "  diskometer-cli history list [--json]\n"
          "  diskometer-cli history show ID [--text|--markdown|--json|--html FILE]\n"
          "  diskometer-cli history compare ID... [--markdown|--csv|--html FILE] [--metric mbps|iops|latency]\n"
          "                                       [--scale linear|log|relative]\n"
          "  diskometer-cli history import FILE... [--again]   (our --json report or fio's JSON output; - = stdin;\n"
          "                                          a run already stored is skipped unless --again)\n"
          "  diskometer-cli history delete ID...\n";

} // namespace

QString formatHistoryList(const std::vector<HistoryEntry>& entries)
{
    if (entries.empty())
        return QStringLiteral("The history is empty: `diskometer-cli run` stores every run, `history import` adds "
                              "reports and fio's JSON output.\n");
    QList<QStringList> rows { { QStringLiteral("ID"), QStringLiteral("Date"), QStringLiteral("Kind"),
        QStringLiteral("Run"), QStringLiteral("SEQ1M Q8T1 R/W MB/s"), QStringLiteral("RND4K Q1T1 R/W MB/s"),
        QStringLiteral("Headline"), QStringLiteral("Comment") } };
    for (const HistoryEntry& e : entries)
        rows << QStringList { QString::number(e.id),
            e.created.isValid() ? e.created.toString(QStringLiteral("yyyy-MM-dd HH:mm")) : QStringLiteral("-"), e.kind,
            runLabel(e), mbps(e.seqReadMBps) + QLatin1Char('/') + mbps(e.seqWriteMBps),
            mbps(e.rndReadMBps) + QLatin1Char('/') + mbps(e.rndWriteMBps), headlineText(e), e.comment.simplified() };
    QList<qsizetype> widths(rows.first().size(), 0);
    for (const QStringList& row : rows)
        for (qsizetype c = 0; c < row.size(); ++c)
            widths[c] = std::max(widths[c], row[c].size());
    QString out;
    for (const QStringList& row : rows) {
        QString line;
        for (qsizetype c = 0; c < row.size(); ++c) {
            const bool right = c == 0 || c == 4 || c == 5;
            line += (c ? QStringLiteral("  ") : QString())
                + (right ? row[c].rightJustified(widths[c]) : row[c].leftJustified(widths[c]));
        }
        while (line.endsWith(QLatin1Char(' ')))
            line.chop(1);
        out += line + QLatin1Char('\n');
    }
    return out;
}

QByteArray formatHistoryListJson(const std::vector<HistoryEntry>& entries)
{
    QJsonArray runs;
    for (const HistoryEntry& e : entries)
        runs.append(QJsonObject {
            { QStringLiteral("id"), e.id },
            { QStringLiteral("date"), dateWithOffset(e.created) },
            { QStringLiteral("stored"), dateWithOffset(e.stored) },
            { QStringLiteral("kind"), e.kind },
            { QStringLiteral("schema"), e.schema },
            { QStringLiteral("source"), e.source },
            { QStringLiteral("host"), e.host },
            { QStringLiteral("name"), e.name },
            { QStringLiteral("comment"), e.comment },
            { QStringLiteral("target_path"), e.targetPath },
            { QStringLiteral("model"), e.deviceModel },
            { QStringLiteral("bus"), e.bus },
            { QStringLiteral("link"), e.link },
            { QStringLiteral("profile"), e.profile },
            { QStringLiteral("seq1m_q8t1_read_mb_per_s"), jsonNumber(e.seqReadMBps) },
            { QStringLiteral("seq1m_q8t1_write_mb_per_s"), jsonNumber(e.seqWriteMBps) },
            { QStringLiteral("rnd4k_q1t1_read_mb_per_s"), jsonNumber(e.rndReadMBps) },
            { QStringLiteral("rnd4k_q1t1_write_mb_per_s"), jsonNumber(e.rndWriteMBps) },
            { QStringLiteral("failed"), e.failed },
            { QStringLiteral("headline"), headlineJson(e) },
            { QStringLiteral("metrics"), metricsJson(e) },
        });
    return QJsonDocument(
        QJsonObject { { QStringLiteral("schema"), QLatin1String(kHistoryListSchema) },
            { QStringLiteral("database"), HistoryStore::defaultPath() }, { QStringLiteral("runs"), runs } })
        .toJson(QJsonDocument::Indented);
}

int runHistoryCommand(const QStringList& arguments)
{
    QCommandLineParser p;
    p.setApplicationDescription(
        QStringLiteral(
            "The history of runs: every finished run, scan, sustained write and sweep is stored (unless\n"
            "--no-history), and reports and fio's JSON output can be imported, to list, show and compare.\n"
            "The database is $XDG_DATA_HOME/diskometer/history.sqlite (~/.local/share/diskometer/history.sqlite);\n"
            "DISKOMETER_HISTORY_DB names another file.\n\n")
        + QLatin1String(kUsageText)
        + QStringLiteral("\nExit codes: 0 done, 1 the history could not be read or written, 2 bad usage, an unknown "
                         "id or a file that is neither a Diskometer report nor fio's JSON output."));
    p.addPositionalArgument(QStringLiteral("history"), QStringLiteral("The command."), QStringLiteral("history"));
    p.addPositionalArgument(QStringLiteral("subcommand"), QStringLiteral("list, show, compare, import or delete."),
        QStringLiteral("SUBCOMMAND [ARGS...]"));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("list, show: JSON."));
    const QCommandLineOption text(QStringLiteral("text"), QStringLiteral("show: the text report (the default)."));
    const QCommandLineOption markdown(QStringLiteral("markdown"), QStringLiteral("show, compare: Markdown."));
    const QCommandLineOption csv(QStringLiteral("csv"), QStringLiteral("compare: CSV with MB/s, IOPS and µs."));
    const QCommandLineOption metric(QStringLiteral("metric"),
        QStringLiteral("compare --markdown: mbps (default), iops or latency."), QStringLiteral("NAME"),
        QStringLiteral("mbps"));
    const QCommandLineOption again(
        QStringLiteral("again"), QStringLiteral("import: store runs that are in the history already once more."));
    const QCommandLineOption html = htmlOptionSpec();
    const QCommandLineOption scale(QStringLiteral("scale"),
        QStringLiteral("compare --html: the bars' axis, linear, log or relative (to the fastest); default: log when "
                       "the figures span more than 20 times, else linear."),
        QStringLiteral("NAME"));
    p.addOptions({ json, text, markdown, csv, metric, again, html, scale });
    addRunOnlyOptionsAsNoOps(p);
    const auto helpOption = p.addHelpOption();
    const bool parsed = p.parse(arguments);
    if (p.positionalArguments().value(0) != QLatin1String("history"))
        return kNotThisCommand; // "history" was an option's value
    if (!parsed) {
        printError(p.errorText() + QStringLiteral(" (see history --help)"));
        return kUsage;
    }
    if (p.isSet(helpOption)) {
        print(p.helpText().toLocal8Bit());
        return kDone;
    }
    const QStringList args = p.positionalArguments().mid(1); // after "history"
    if (args.isEmpty()) {
        printError(
            QStringLiteral("history needs a subcommand: list, show, compare, import or delete (see history --help)"));
        return kUsage;
    }
    const QString sub = args.first();
    const QStringList rest = args.mid(1);

    // Options that do not belong to the subcommand are refused, not ignored: `history list
    // --csv` printing a table would look like a bug.
    const QList<std::pair<QCommandLineOption, QStringList>> allowed { { json, { "list", "show" } },
        { text, { "show" } }, { markdown, { "show", "compare" } }, { csv, { "compare" } }, { metric, { "compare" } },
        { again, { "import" } }, { html, { "show", "compare" } }, { scale, { "compare" } } };
    for (const auto& [option, subs] : allowed)
        if (p.isSet(option) && !subs.contains(sub)) {
            printError(QStringLiteral("--%1 does not go with `history %2` (see history --help)")
                           .arg(option.names().first(), sub));
            return kUsage;
        }
    if (int(p.isSet(json)) + int(p.isSet(text)) + int(p.isSet(markdown)) + int(p.isSet(csv)) + int(p.isSet(html)) > 1) {
        printError(QStringLiteral("choose one output format"));
        return kUsage;
    }

    QList<qint64> ids;
    if (sub == QLatin1String("show") || sub == QLatin1String("compare") || sub == QLatin1String("delete")) {
        if (rest.isEmpty() || (sub == QLatin1String("show") && rest.size() > 1)) {
            printError(
                QStringLiteral("history %1 needs %2 (see history list)")
                    .arg(sub, sub == QLatin1String("show") ? QStringLiteral("one run id") : QStringLiteral("run ids")));
            return kUsage;
        }
        for (const QString& a : rest) {
            auto id = parseId(a);
            if (!id)
                return fail(id.error());
            ids << *id;
        }
    } else if (sub == QLatin1String("list")) {
        if (!rest.isEmpty()) {
            printError(QStringLiteral("history list takes no arguments, got: %1").arg(rest.join(QLatin1Char(' '))));
            return kUsage;
        }
    } else if (sub == QLatin1String("import")) {
        if (rest.isEmpty()) {
            printError(QStringLiteral("history import needs a FILE: a `diskometer-cli --json` report or the output of "
                                      "`fio --output-format=json`"));
            return kUsage;
        }
    } else {
        printError(
            QStringLiteral("unknown history subcommand '%1': use list, show, compare, import or delete").arg(sub));
        return kUsage;
    }
    ComparisonMetric m = ComparisonMetric::MBps;
    const QString metricName = p.value(metric).toLower();
    if (metricName == QLatin1String("iops"))
        m = ComparisonMetric::Iops;
    else if (metricName == QLatin1String("latency"))
        m = ComparisonMetric::LatencyUs;
    else if (metricName != QLatin1String("mbps")) {
        printError(QStringLiteral("unknown --metric '%1': use mbps, iops or latency").arg(metricName));
        return kUsage;
    }

    std::optional<BarScale> barScale;
    if (p.isSet(scale)) {
        barScale = barScaleFromName(p.value(scale).toLower());
        if (!barScale) {
            printError(QStringLiteral("unknown --scale '%1': use linear, log or relative").arg(p.value(scale)));
            return kUsage;
        }
    }
    if (p.isSet(html))
        if (auto st = checkOutputPath(QStringLiteral("html"), p.value(html)); !st)
            return fail(st.error());

    HistoryStore store;
    if (sub != QLatin1String("import") && sub != QLatin1String("delete"))
        store.setReadOnlyUse(); // list, show, compare: never the command that sets a damaged file aside
    int code = kDone;
    if (!openStore(store, &code))
        return code;
    if (sub == QLatin1String("list"))
        return list(store, p.isSet(json));
    if (sub == QLatin1String("show"))
        return show(store, ids.first(),
            p.isSet(json)           ? QStringLiteral("json")
                : p.isSet(markdown) ? QStringLiteral("markdown")
                : p.isSet(text)     ? QStringLiteral("text")
                                    : QString(),
            p.value(html));
    if (sub == QLatin1String("compare"))
        return compare(store, ids, p.isSet(csv), m, p.value(html), barScale);
    if (sub == QLatin1String("import"))
        return import(store, rest, p.isSet(again));
    for (const qint64 id : ids) {
        if (auto st = store.remove(id); !st)
            return fail(st.error());
        std::printf("deleted run %lld\n", id);
    }
    return kDone;
}

namespace {
    // Stores one finished run; when that fails its JSON is kept in the history's directory
    // (unsaved/) so `history import` can add it later, and stderr says so.
    bool storeInHistory(
        const Result<std::vector<HistoryInput>>& inputs, const QByteArray& json, const QDateTime& date, bool quiet)
    {
        HistoryStore store;
        int ignored = 0;
        QString why;
        if (!inputs) {
            why = QString::fromStdString(inputs.error().message);
        } else if (openStore(store, &ignored)) {
            auto ids = store.add(*inputs);
            if (ids) {
                if (!quiet && ids->size() == 1)
                    printError(QStringLiteral("stored as run %1 in the history (diskometer-cli history show %1)")
                                   .arg(ids->front()));
                return true;
            }
            why = QString::fromStdString(ids.error().message);
        } else {
            why = QStringLiteral("see above");
        }
        // Never lose a finished run: keep its JSON where `history import` can pick it up.
        const QString dir = QFileInfo(store.path()).absolutePath() + QStringLiteral("/unsaved");
        QString file = dir + QLatin1Char('/') + defaultReportFileName(QStringLiteral("json"), date);
        for (int n = 2; QFileInfo::exists(file); ++n) // two runs in one second: keep both
            file = dir + QLatin1Char('/') + defaultReportFileName(QStringLiteral("%1.json").arg(n), date);
        if (QDir().mkpath(dir) && writeReportFile(file, json).isEmpty())
            printError(QStringLiteral("the run was not stored in the history (%1); its JSON report is kept in %2: add "
                                      "it later with `diskometer-cli history import %2`")
                           .arg(why, file));
        else
            printError(QStringLiteral("the run was not stored in the history (%1), and its JSON could not be kept in "
                                      "%2 either: save the reports above, or run again with --json FILE")
                           .arg(why, dir));
        return false;
    }
}

bool storeRunInHistory(const Report& report, bool quiet)
{
    HistoryInput input = historyInputFromReport(report);
    const QByteArray json = input.json;
    return storeInHistory(std::vector<HistoryInput> { std::move(input) }, json, report.date, quiet);
}

bool storeDocumentInHistory(const QByteArray& json, const QDateTime& date, bool quiet)
{
    return storeInHistory(historyInputsFromFile(json), json, date, quiet);
}

} // namespace dm
