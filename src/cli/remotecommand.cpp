// SPDX-License-Identifier: GPL-3.0-or-later
#include "remotecommand.h"
#include "clicommands.h"
#include "htmlreport.h"
#include "sshremote.h"

#include "clicommon.h"
#include "clioptions.h"
#include "historystore.h"
#include "hostsrun.h"
#include "markdownreport.h"
#include "testkind.h"
#include "textreport.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstdio>

namespace dm {

namespace {

    // The grid options, parsed by parseCliOptions exactly as for `run`: one place for their
    // names, defaults and ranges.
    const QStringList kGridOptions { QStringLiteral("profile"), QStringLiteral("preset"), QStringLiteral("tests"),
        QStringLiteral("mode"), QStringLiteral("mix"), QStringLiteral("count"), QStringLiteral("measure"),
        QStringLiteral("interval"), QStringLiteral("warmup"), QStringLiteral("size"), QStringLiteral("data") };

    const char* kDescription
        = "Runs the grid on other machines through fio's client/server mode and shows them side by side.\n"
          "(ssh://[USER@]HOST[:PORT]/PATH hosts run Diskometer itself over SSH instead, any kind: see\n"
          "`remote ssh://HOST/PATH --help` and docs/REMOTE.md. Both kinds may be given in one run, for the\n"
          "grid: the fio servers run first, then the ssh:// hosts, in one table; --json is then\n"
          "diskometer.hosts/1 with each host's \"transport\", and --together takes hosts of one kind only.)\n"
          "Each HOST runs `fio --server` (packaged everywhere: apt-get install fio); this machine runs\n"
          "`fio --client` with the job file `diskometer-cli fio-job` prints, so the figures mean the same.\n"
          "PATH is a directory on that host (fio makes diskometer-fio.tmp there and removes it, also when a\n"
          "test fails or you press Ctrl-C) or a block device (/dev/...; writing needs --allow-destructive).\n"
          "IPv6 addresses go in brackets: [fd00::2]:8766:/srv/dm. fio's port is 8765/tcp.\n\n"
          "Hosts run in turn (each its own storage, no interference); --together runs them all at once\n"
          "(shared storage such as NFS, Ceph, Longhorn): each host's share and their sum.\n"
          "Every host that finished is stored in the history (kind grid, source fio, the host's name).\n\n"
          "SECURITY: fio's server has no authentication and runs any job it is sent, as the user it runs\n"
          "as, on every address it listens on. Diskometer never starts a server; it only connects to the\n"
          "hosts you give. Run the server as an unprivileged user that owns only the test directory,\n"
          "bound to a private address (fio --server=ip:192.168.1.20), with the port closed to everything\n"
          "else. See docs/REMOTE.md.\n\n"
          "Exit codes: 0 every host ran every test, 1 a host or a test failed (the others are still\n"
          "reported), 2 bad usage, no fio here or no host reachable, 130 interrupted.";

    QJsonValue number(const std::optional<double>& v) { return v ? QJsonValue(*v) : QJsonValue(); }

    QString reportsText(const RemoteOutcome& o, const QString& table, bool markdown)
    {
        QString out = table;
        for (const RemoteHostResult& h : o.hosts)
            out += hostReportSection(h.host.name() + QLatin1Char(':') + h.host.path, h.report ? &*h.report : nullptr,
                nullptr, h.error, markdown);
        return out;
    }

} // namespace

QByteArray formatRemoteJson(const RemoteOutcome& o, const Comparison& c, bool together)
{
    QJsonArray hosts;
    for (const RemoteHostResult& h : o.hosts) {
        QJsonObject host { { QStringLiteral("host"), h.host.name() }, { QStringLiteral("path"), h.host.path },
            { QStringLiteral("complete"), h.complete() }, { QStringLiteral("error"), h.error },
            { QStringLiteral("leftover"), h.leftover } };
        const auto run = std::find_if(c.runs.begin(), c.runs.end(),
            [&](const ComparisonRun& r) { return r.entry.host == h.host.name() && !r.entry.host.isEmpty(); });
        QJsonArray tests;
        if (run != c.runs.end())
            for (size_t i = 0; i < c.columns.size(); ++i) {
                const ComparisonCell& cell = run->cells[i];
                if (cell.empty())
                    continue;
                tests.append(QJsonObject { { QStringLiteral("test"), c.columns[i].label },
                    { QStringLiteral("mb_per_s"), number(cell.mbPerSec) },
                    { QStringLiteral("iops"), number(cell.iops) },
                    { QStringLiteral("latency_us"), number(cell.latencyUs) },
                    { QStringLiteral("error"), cell.error } });
            }
        host.insert(QStringLiteral("tests"), tests);
        if (h.run)
            host.insert(QStringLiteral("fio"), QJsonDocument::fromJson(h.run->json).object());
        hosts.append(host);
    }
    QJsonObject root { { QStringLiteral("schema"), QLatin1String(kRemoteSchema) },
        { QStringLiteral("fio_version"), o.fioVersion }, { QStringLiteral("together"), together },
        { QStringLiteral("interrupted"), o.interrupted }, { QStringLiteral("hosts"), hosts } };
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

Result<RemoteRequest> remoteGridRequest(const QCommandLineParser& p, const QString& program)
{
    if (p.isSet(QStringLiteral("kind")) && p.value(QStringLiteral("kind")) != QLatin1String("grid"))
        return usageError(QStringLiteral("--kind %1: fio's servers run only the grid; other kinds run on ssh:// hosts "
                                         "only (Diskometer itself over SSH: see docs/REMOTE.md)")
                              .arg(p.value(QStringLiteral("kind")))
                              .toStdString());
    // The grid options through the `run` parser, with a placeholder target.
    QStringList gridArgs { program };
    for (const QString& name : kGridOptions)
        if (p.isSet(name))
            gridArgs << QStringLiteral("--") + name << p.value(name);
    gridArgs << QStringLiteral(".");
    auto grid = parseCliOptions(gridArgs);
    if (!grid)
        return grid.error();
    RemoteRequest req;
    req.tests = grid->request.tests;
    req.settings = grid->request.settings;
    req.profile = grid->profile;
    req.preset = grid->preset;
    req.mode = grid->mode;
    req.mixReadPercent = grid->mixReadPercent;
    req.together = p.isSet(QStringLiteral("together"));
    req.allowDeviceWrites = p.isSet(QStringLiteral("allow-destructive"));
    req.comment = p.value(QStringLiteral("comment"));
    return req;
}

QString fioHostAmong(const QStringList& words)
{
    for (qsizetype i = 0; i < words.size(); ++i) {
        const QString& w = words[i];
        // An option's value ("--comment a:/b") is not a host: the word before it is an option
        // without '='.
        const QString before = i > 0 ? words[i - 1] : QString();
        if (w.startsWith(QLatin1Char('-')) || isSshSpec(w) || w == QLatin1String("remote")
            || (before.startsWith(QLatin1Char('-')) && !before.contains(QLatin1Char('='))
                && before != QLatin1String("--together") && before != QLatin1String("--allow-destructive")
                && before != QLatin1String("--no-history") && before != QLatin1String("--quiet")))
            continue;
        if (w.contains(QLatin1String(":/")) && parseRemoteHost(w))
            return w;
    }
    return {};
}

QString hostReportSection(
    const QString& where, const Report* fioReport, const HistoryInput* run, const QString& error, bool markdown)
{
    QString out = markdown ? QStringLiteral("\n## %1\n\n").arg(where) : QStringLiteral("\n==== %1 ====\n").arg(where);
    if (fioReport)
        out += markdown ? formatMarkdown(*fioReport) : formatText(*fioReport);
    else if (run)
        if (const TestKind* k = kindForSchema(run->entry.schema))
            if (auto r = k->reports(run->json, {}))
                out += markdown ? r->markdown : r->text;
    if (!error.isEmpty())
        out += QStringLiteral("Failed: ") + error + QLatin1Char('\n');
    return out;
}

Status checkRemoteOutputs(const QString& json, const QString& markdown, const QString& text, const QString& html)
{
    if (QStringList { json, markdown, text, html }.count(QStringLiteral("-")) > 1)
        return usageError("only one report can go to stdout (-): write the others to files");
    for (const auto& [name, path] :
        { std::pair { QStringLiteral("json"), json }, std::pair { QStringLiteral("markdown"), markdown },
            std::pair { QStringLiteral("text"), text }, std::pair { QStringLiteral("html"), html } })
        if (auto st = checkOutputPath(name, path); !st)
            return st;
    return Ok {};
}

QString hostsStatusLine(const QStringList& names, const std::vector<HostStatus>& hosts)
{
    QStringList parts;
    for (size_t i = 0; i < hosts.size(); ++i) {
        QString part = names.value(qsizetype(i)) + QStringLiteral(": ") + QLatin1String(hostStateWord(hosts[i].state));
        if (hosts[i].state == HostState::Running && hosts[i].fraction)
            part += QStringLiteral(" %1%").arg(int(*hosts[i].fraction * 100));
        parts << part;
    }
    return parts.join(QStringLiteral(" · "));
}

void printHostProblems(const QString& host, const QString& error, const Report* fioReport, const QString& leftover)
{
    if (!error.isEmpty())
        printError(error);
    if (fioReport)
        for (const TestResult& t : fioReport->run.tests)
            if (t.error)
                printError(
                    QStringLiteral("%1: %2 %3 failed: %4")
                        .arg(host, QString::fromStdString(rowName(t.spec.row)),
                            QString::fromLatin1(directionName(t.spec.direction)), QString::fromStdString(*t.error)));
    if (!leftover.isEmpty())
        printError(QStringLiteral("%1: %2 may remain there (the host did not answer the clean-up): remove it by hand")
                       .arg(host, leftover));
}

void storeHostRuns(std::vector<HistoryRecord>& records, bool quiet)
{
    if (records.empty())
        return;
    std::vector<HistoryInput> inputs;
    for (const HistoryRecord& r : records)
        inputs.push_back({ r.entry, r.json });
    HistoryStore store;
    auto ids = store.add(inputs);
    if (!store.notice().isEmpty())
        printError(QStringLiteral("warning: ") + store.notice());
    if (!ids) {
        printError(QStringLiteral("the runs were not stored in the history (%1): keep them with --json FILE")
                       .arg(QString::fromStdString(ids.error().message)));
        return;
    }
    QStringList stored;
    for (size_t i = 0; i < ids->size(); ++i) {
        records[i].entry.id = (*ids)[i];
        stored << QStringLiteral("%1 (%2)").arg((*ids)[i]).arg(records[i].entry.host);
    }
    if (!quiet)
        printError(QStringLiteral("stored in the history as run%1 %2")
                       .arg(ids->size() > 1 ? QStringLiteral("s") : QString(), stored.join(QStringLiteral(", "))));
}

int runRemoteCommand(const QStringList& arguments)
{
    QCommandLineParser p;
    p.setApplicationDescription(QString::fromLatin1(kDescription));
    p.addPositionalArgument(QStringLiteral("remote"), QStringLiteral("The command."), QStringLiteral("remote"));
    p.addPositionalArgument(QStringLiteral("hosts"), QStringLiteral("HOST[:PORT]:PATH, one or more."),
        QStringLiteral("HOST[:PORT]:PATH..."));
    for (const QString& name : kGridOptions)
        p.addOption({ name, QStringLiteral("As for `run` (see diskometer-cli --help)."), QStringLiteral("VALUE") });
    p.addOptions({
        { QStringLiteral("together"), QStringLiteral("Run every host at once (shared storage).") },
        { QStringLiteral("allow-destructive"), QStringLiteral("Allow write tests on a block device PATH.") },
        { QStringLiteral("json"), QStringLiteral("Write the JSON report (diskometer.remote/1) to FILE or -."),
            QStringLiteral("FILE") },
        htmlOptionSpec(),
        { QStringLiteral("markdown"), QStringLiteral("Write the hosts' table and reports as Markdown to FILE or -."),
            QStringLiteral("FILE") },
        { QStringLiteral("text"), QStringLiteral("Write the hosts' table and text reports to FILE or -."),
            QStringLiteral("FILE") },
        { QStringLiteral("comment"), QStringLiteral("A comment for the reports and the history."),
            QStringLiteral("TEXT") },
        { QStringLiteral("no-history"), QStringLiteral("Do not store the hosts' runs in the history.") },
        { QStringLiteral("quiet"), QStringLiteral("No progress on stderr.") },
        { QStringLiteral("kind"),
            QStringLiteral("grid (the default; the only kind fio's servers run: other kinds take ssh:// hosts only)."),
            QStringLiteral("KIND") },
    });
    const auto help = p.addHelpOption();
    const bool parsed = p.parse(arguments);
    const qsizetype at = arguments.indexOf(QStringLiteral("remote"), 1);
    if (at > 0 && std::any_of(arguments.begin(), arguments.end(), [](const QString& a) { return isSshSpec(a); })) {
        // ssh:// hosts run Diskometer itself, with any kind's options: a parser of their own,
        // unless a fio server is among them (the grid only, through runHosts).
        const QString fioHost = fioHostAmong(parsed ? p.positionalArguments().mid(1) : arguments.mid(at + 1));
        if (fioHost.isEmpty())
            return runSshRemoteCommand(arguments, at);
        if (!parsed) {
            printError(p.errorText()
                + QStringLiteral(" (with a fio server among the hosts, %1, remote takes the grid's options that fio's "
                                 "servers run: see remote --help)")
                      .arg(fioHost));
            return kExitUsage;
        }
        return runMixedRemoteCommand(p, arguments.first());
    }
    if (p.positionalArguments().value(0) != QLatin1String("remote"))
        return kNotThisCommand; // "remote" was an option's value (clicommands.h)
    if (!parsed) {
        printError(p.errorText() + QStringLiteral(" (see remote --help)"));
        return kExitUsage;
    }
    if (p.isSet(help)) {
        std::fputs(p.helpText().toLocal8Bit().constData(), stdout);
        return kExitOk;
    }
    const QStringList specs = p.positionalArguments().mid(1);
    if (specs.isEmpty()) {
        printError(QStringLiteral("remote needs at least one HOST[:PORT]:PATH, e.g. pi4.lan:/mnt/ssd (see remote "
                                  "--help)"));
        return kExitUsage;
    }

    auto grid = remoteGridRequest(p, arguments.first());
    if (!grid) {
        printError(QString::fromStdString(grid.error().message));
        return kExitUsage;
    }
    RemoteRequest req = *grid;
    for (const QString& spec : specs) {
        auto host = parseRemoteHost(spec);
        if (!host) {
            printError(QString::fromStdString(host.error().message));
            return kExitUsage;
        }
        req.hosts.push_back(*host);
    }
    if (auto st = checkRemoteRequest(req); !st) {
        printError(QString::fromStdString(st.error().message));
        return kExitUsage;
    }
    const QString jsonOut = p.value(QStringLiteral("json")), markdownOut = p.value(QStringLiteral("markdown")),
                  textOut = p.value(QStringLiteral("text")), htmlOut = p.value(QStringLiteral("html"));
    if (auto st = checkRemoteOutputs(jsonOut, markdownOut, textOut, htmlOut); !st) {
        printError(QString::fromStdString(st.error().message));
        return kExitUsage;
    }
    if (findFio().isEmpty()) {
        printError(noFioMessage());
        return kExitUsage;
    }

    installSignalHandlers();
    StatusLine status(p.isSet(QStringLiteral("quiet")));
    QStringList names;
    for (const RemoteHost& h : req.hosts)
        names << h.name();
    std::vector<HostStatus> states(req.hosts.size());
    auto outcome = runOnHosts(
        req,
        [&](const RemoteProgress& progress) {
            states[progress.host] = { hostStateOf(progress.state), progress.fraction };
            status.show(hostsStatusLine(names, states));
        },
        cliCancelFlag());
    status.clear();
    if (!outcome.error.isEmpty()) {
        printError(outcome.error);
        return outcome.exitCode();
    }

    // Stored first, so the table names the runs by their ids.
    std::vector<HistoryRecord> records = remoteRecords(outcome);
    if (!p.isSet(QStringLiteral("no-history")))
        storeHostRuns(records, p.isSet(QStringLiteral("quiet")));
    Comparison comparison = buildComparison(records);
    if (req.together)
        addTotalRow(comparison);
    const QString table = records.empty() ? QString() : formatComparisonMarkdown(comparison);

    bool written = true;
    if (jsonOut != QLatin1String("-") && markdownOut != QLatin1String("-") && textOut != QLatin1String("-")
        && htmlOut != QLatin1String("-"))
        written &= writeOutput(QStringLiteral("-"), table.toUtf8());
    // The hosts side by side, as `history compare --html` makes it of the rows just stored.
    if (!htmlOut.isEmpty())
        written &= writeOutput(htmlOut, formatComparisonHtml(comparison));
    written &= writeOutput(jsonOut, formatRemoteJson(outcome, comparison, req.together));
    written &= writeOutput(markdownOut, reportsText(outcome, table, true).toUtf8());
    written &= writeOutput(textOut, reportsText(outcome, table, false).toUtf8());

    for (const RemoteHostResult& h : outcome.hosts)
        printHostProblems(h.host.name(), h.error, h.report ? &*h.report : nullptr, h.leftover);
    if (outcome.interrupted)
        printError(QStringLiteral("interrupted: every server was told to stop"));
    const int code = outcome.exitCode();
    return code == kExitOk && !written ? kExitTestError : code;
}

} // namespace dm
