// SPDX-License-Identifier: GPL-3.0-or-later
// `diskometer-cli remote ssh://HOST/PATH HOST:PATH... [grid options]` (issue 31): the grid on
// ssh:// hosts (Diskometer itself over SSH) and fio's servers in one run, through runHosts
// (hostsrun.h), in one table and one diskometer.hosts/1 document.
#include "remotecommand.h"

#include "clicommon.h"
#include "historystore.h"
#include "hostsrun.h"
#include "htmlreport.h"
#include "markdownreport.h"
#include "testkind.h"
#include "textreport.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace dm {

namespace {

    inline constexpr char kHostsSchema[] = "diskometer.hosts/1";

    QString transportWord(HostTransport t)
    {
        return t == HostTransport::Ssh ? QStringLiteral("ssh") : QStringLiteral("fio");
    }

    QByteArray hostsJson(const HostsOutcome& o)
    {
        QJsonArray hosts;
        for (const HostRun& h : o.hosts) {
            QJsonObject host { { QStringLiteral("host"), h.host.name() }, { QStringLiteral("path"), h.host.path() },
                { QStringLiteral("transport"), transportWord(h.host.transport) },
                { QStringLiteral("version"), h.version }, { QStringLiteral("complete"), h.complete() },
                { QStringLiteral("error"), h.error } };
            if (!h.leftover.isEmpty())
                host.insert(QStringLiteral("leftover"), h.leftover);
            // The host's own document: Diskometer's report over SSH, fio's JSON from a server.
            if (h.run)
                host.insert(h.host.transport == HostTransport::Ssh ? QStringLiteral("report") : QStringLiteral("fio"),
                    QJsonDocument::fromJson(h.run->json).object());
            hosts.append(host);
        }
        const QJsonObject root { { QStringLiteral("schema"), QLatin1String(kHostsSchema) },
            { QStringLiteral("kind"), QStringLiteral("grid") },
            { QStringLiteral("transport"), QStringLiteral("mixed") }, { QStringLiteral("fio_version"), o.fioVersion },
            { QStringLiteral("interrupted"), o.interrupted }, { QStringLiteral("hosts"), hosts } };
        return QJsonDocument(root).toJson(QJsonDocument::Indented);
    }

    QString reportsText(const HostsOutcome& o, const QString& table, bool markdown)
    {
        QString out = table;
        for (const HostRun& h : o.hosts)
            out += hostReportSection(
                h.host.where(), h.fioReport ? &*h.fioReport : nullptr, h.run ? &*h.run : nullptr, h.error, markdown);
        return out;
    }

} // namespace

int runMixedRemoteCommand(const QCommandLineParser& p, const QString& program)
{
    if (p.isSet(QStringLiteral("help"))) {
        std::fputs(p.helpText().toLocal8Bit().constData(), stdout);
        return kExitOk;
    }
    auto grid = remoteGridRequest(p, program);
    if (!grid) {
        printError(QString::fromStdString(grid.error().message));
        return kExitUsage;
    }
    HostsRequest req;
    req.grid = *grid;
    req.localVersion = QStringLiteral(DM_VERSION);
    auto hosts = parseHostSpecs(p.positionalArguments().mid(1));
    if (!hosts) {
        printError(QString::fromStdString(hosts.error().message));
        return kExitUsage;
    }
    req.hosts = *hosts;
    if (auto st = checkHostsRequest(req); !st) {
        printError(QString::fromStdString(st.error().message));
        return kExitUsage;
    }
    const QString jsonOut = p.value(QStringLiteral("json")), markdownOut = p.value(QStringLiteral("markdown")),
                  textOut = p.value(QStringLiteral("text")), htmlOut = p.value(QStringLiteral("html"));
    const QStringList outs { jsonOut, markdownOut, textOut, htmlOut };
    if (auto st = checkRemoteOutputs(jsonOut, markdownOut, textOut, htmlOut); !st) {
        printError(QString::fromStdString(st.error().message));
        return kExitUsage;
    }
    if (findFio().isEmpty()) {
        printError(noFioMessage());
        return kExitUsage;
    }

    const bool quiet = p.isSet(QStringLiteral("quiet"));
    installSignalHandlers();
    StatusLine status(quiet);
    QStringList names;
    for (const HostSpec& h : req.hosts)
        names << h.name();
    std::vector<HostStatus> states(req.hosts.size());
    HostsOutcome outcome = runHosts(
        req,
        [&](const HostsProgress& progress) {
            states[progress.host] = { progress.state, progress.fraction };
            status.show(hostsStatusLine(names, states));
        },
        cliCancelFlag());
    status.clear();
    if (!outcome.error.isEmpty()) {
        printError(outcome.error);
        return outcome.exitCode();
    }

    // Stored first, so the table names the runs by their ids.
    std::vector<HistoryRecord> records = outcome.records();
    if (!p.isSet(QStringLiteral("no-history")))
        storeHostRuns(records, quiet);
    const Comparison comparison = buildComparison(records);
    const QString table = records.empty() ? QString() : formatComparisonMarkdown(comparison);
    bool written = true;
    if (!outs.contains(QStringLiteral("-")))
        written &= writeOutput(QStringLiteral("-"), table.toUtf8());
    if (!htmlOut.isEmpty() && !records.empty())
        written &= writeOutput(htmlOut, formatComparisonHtml(comparison));
    written &= writeOutput(jsonOut, hostsJson(outcome));
    written &= writeOutput(markdownOut, reportsText(outcome, table, true).toUtf8());
    written &= writeOutput(textOut, reportsText(outcome, table, false).toUtf8());
    for (const HostRun& h : outcome.hosts)
        printHostProblems(h.host.name(), h.error, h.fioReport ? &*h.fioReport : nullptr, h.leftover);
    if (outcome.interrupted)
        printError(QStringLiteral("interrupted: every host's run was told to stop"));
    const int code = outcome.exitCode();
    return code == kExitOk && !written ? kExitTestError : code;
}

} // namespace dm
