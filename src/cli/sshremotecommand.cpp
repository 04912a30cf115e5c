// SPDX-License-Identifier: GPL-3.0-or-later
// `diskometer-cli remote ssh://[USER@]HOST[:PORT]/PATH... [--kind KIND] [the kind's options]`
// (issue 31): Diskometer itself on every host, over the user's own OpenSSH (sshremote.h).
#include "remotecommand.h"

#include "clicommon.h"
#include "clicommands.h"
#include "clioptions.h"
#include "historystore.h"
#include "htmlreport.h"
#include "sshremote.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>

#include <cstdio>

namespace dm {

namespace {

    const char* kSshHelp
        = "Usage: diskometer-cli remote ssh://[USER@]HOST[:PORT]/PATH... [--kind KIND] [options]\n\n"
          "Runs Diskometer itself on each host through OpenSSH (`ssh -o BatchMode=yes`: your keys, agent and\n"
          "~/.ssh/config; a host that would ask for a password or an unknown host key is an error naming it)\n"
          "and reads its JSON report back over the same connection. Nothing listens on a port and nothing is\n"
          "copied to a host: each host needs diskometer-cli (the same MAJOR.MINOR version) on its PATH.\n"
          "IPv6 addresses go in brackets: ssh://[fd00::2]:2222/srv/dm. fio servers (HOST[:PORT]:PATH) may be\n"
          "given beside ssh:// hosts for the grid (see `remote --help` for its options; no other --kind).\n"
          "DISKOMETER_SSH, when set, is the ssh command with leading arguments (e.g. \"ssh -F /path/config\").\n\n"
          "  --kind KIND      grid (default), scan, sustained, sweep, capacity, files, copy or health.\n"
          "  --json FILE      Every host's report (diskometer.hosts/1) to FILE or -.\n"
          "  --markdown FILE  The hosts' table and reports as Markdown to FILE or -.\n"
          "  --text FILE      The hosts' table and text reports to FILE or -.\n"
          "  --html FILE      The hosts side by side as a web page.\n"
          "  --no-history     Do not store the hosts' runs in the history.\n"
          "  --quiet          No progress on stderr.\n"
          "Every other option is the kind's own (`diskometer-cli KIND --help`), checked here first and\n"
          "passed on to each host. Hosts run in turn; each finished run is stored in the history as a run\n"
          "of its kind with the host's name (health is shown, not stored, as locally).\n\n"
          "Exit codes: 0 every host ran, 1 a host or a test failed (the others are still reported),\n"
          "2 bad usage or no host could run, 130 interrupted (every host's run is stopped).\n";

    inline constexpr char kHostsSchema[] = "diskometer.hosts/1";

    struct SshArguments {
        QStringList specs, passed;
        QString kind = QStringLiteral("grid");
        QString json, markdown, text, html;
        bool noHistory = false, quiet = false, together = false, help = false;
    };

    // remote's own options, the hosts, and the rest for the kind, in order.
    Result<SshArguments> splitArguments(const QStringList& arguments, qsizetype remoteAt)
    {
        SshArguments a;
        const std::vector<std::pair<QString, QString*>> valued { { QStringLiteral("--kind"), &a.kind },
            { QStringLiteral("--json"), &a.json }, { QStringLiteral("--markdown"), &a.markdown },
            { QStringLiteral("--text"), &a.text }, { QStringLiteral("--html"), &a.html } };
        for (qsizetype i = 1; i < arguments.size(); ++i) {
            const QString& w = arguments[i];
            if (i == remoteAt)
                continue;
            if (isSshSpec(w)) {
                a.specs << w;
                continue;
            }
            bool own = false;
            for (const auto& [name, value] : valued) {
                if (w == name) {
                    if (i + 1 >= arguments.size())
                        return usageError(QStringLiteral("%1 needs a value").arg(name).toStdString());
                    *value = arguments[++i];
                    own = true;
                } else if (w.startsWith(name + QLatin1Char('='))) {
                    *value = w.mid(name.size() + 1);
                    own = true;
                }
            }
            if (own)
                continue;
            if (w == QLatin1String("--no-history"))
                a.noHistory = true;
            else if (w == QLatin1String("--quiet"))
                a.quiet = true;
            else if (w == QLatin1String("--together"))
                a.together = true;
            else if (w == QLatin1String("--help") || w == QLatin1String("-h"))
                a.help = true;
            else if (w == QLatin1String("--csv") || w.startsWith(QLatin1String("--csv=")))
                return usageError("--csv is not taken with ssh:// hosts: --json FILE holds every host's report");
            else
                a.passed << w;
        }
        return a;
    }

    // The kind's options through the kind's own parser here, so a typo fails before any
    // connection: the grid's in this process (values too), another kind's by this program's
    // `KIND OPTIONS --help`, which fails on an unknown option or a missing value.
    QString checkKindOptions(const QString& program, const QString& kind, const QStringList& passed)
    {
        if (kind == QLatin1String("grid")) {
            auto grid = parseCliOptions(QStringList { program } + passed + QStringList { QStringLiteral(".") });
            return grid ? QString() : QString::fromStdString(grid.error().message);
        }
        QProcess self;
        self.start(QCoreApplication::applicationFilePath(), QStringList { kind } + passed + QStringList { QStringLiteral("--help") });
        if (!self.waitForFinished(30000))
            return QStringLiteral("the %1 options could not be checked here").arg(kind);
        if (self.exitStatus() == QProcess::NormalExit && self.exitCode() == 0)
            return {};
        return QString::fromLocal8Bit(self.readAllStandardError()).trimmed().remove(QStringLiteral("diskometer-cli: "));
    }

    QString stateWord(SshHostState s)
    {
        switch (s) {
        case SshHostState::Waiting:
            return QStringLiteral("waiting");
        case SshHostState::Checking:
            return QStringLiteral("checking");
        case SshHostState::Running:
            return QStringLiteral("running");
        case SshHostState::Done:
            return QStringLiteral("done");
        case SshHostState::Failed:
            return QStringLiteral("failed");
        }
        return {};
    }

    // health is not a run: each host's drives in one table.
    QString healthTable(const SshOutcome& o)
    {
        QString t = QStringLiteral("| Host | Drive | Model | Health | Temperature |\n| --- | --- | --- | --- | ---: |\n");
        for (const SshHostResult& h : o.hosts) {
            const QJsonArray drives = QJsonDocument::fromJson(h.json).object().value(QLatin1String("drives")).toArray();
            if (h.json.isEmpty())
                t += QStringLiteral("| %1 | | | failed | |\n").arg(h.host.name());
            else if (drives.isEmpty())
                t += QStringLiteral("| %1 | (no drive) | | | |\n").arg(h.host.name());
            for (const QJsonValue v : drives) {
                const QJsonObject d = v.toObject();
                const QJsonValue temp = d.value(QLatin1String("temperature_c"));
                t += QStringLiteral("| %1 | %2 | %3 | %4 | %5 |\n")
                         .arg(h.host.name(), d.value(QLatin1String("device")).toString(),
                             d.value(QLatin1String("model")).toString(), d.value(QLatin1String("status")).toString(),
                             temp.isDouble() ? QStringLiteral("%1 °C").arg(temp.toDouble(), 0, 'f', 0) : QString());
            }
        }
        return t;
    }

    QByteArray hostsJson(const SshOutcome& o, const QString& kind)
    {
        QJsonArray hosts;
        for (const SshHostResult& h : o.hosts) {
            QJsonObject host { { QStringLiteral("host"), h.host.name() }, { QStringLiteral("path"), h.host.path },
                { QStringLiteral("version"), h.version }, { QStringLiteral("complete"), h.complete() },
                { QStringLiteral("exit_code"), h.remoteExit }, { QStringLiteral("error"), h.error } };
            if (!h.json.isEmpty())
                host.insert(QStringLiteral("report"), QJsonDocument::fromJson(h.json).object());
            hosts.append(host);
        }
        const QJsonObject root { { QStringLiteral("schema"), QLatin1String(kHostsSchema) },
            { QStringLiteral("kind"), kind }, { QStringLiteral("transport"), QStringLiteral("ssh") },
            { QStringLiteral("interrupted"), o.interrupted }, { QStringLiteral("hosts"), hosts } };
        return QJsonDocument(root).toJson(QJsonDocument::Indented);
    }

    QString reportsText(const SshOutcome& o, const QString& table, bool markdown)
    {
        QString out = table;
        for (const SshHostResult& h : o.hosts) {
            out += markdown ? QStringLiteral("\n## %1:%2\n\n").arg(h.host.name(), h.host.path)
                            : QStringLiteral("\n==== %1:%2 ====\n").arg(h.host.name(), h.host.path);
            if (h.run)
                if (const TestKind* k = kindForSchema(h.run->entry.schema))
                    if (auto r = k->reports(h.json, {}))
                        out += markdown ? r->markdown : r->text;
            if (!h.error.isEmpty())
                out += QStringLiteral("Failed: ") + h.error + QLatin1Char('\n');
        }
        return out;
    }

} // namespace

int runSshRemoteCommand(const QStringList& arguments, qsizetype remoteAt)
{
    auto args = splitArguments(arguments, remoteAt);
    if (!args) {
        printError(QString::fromStdString(args.error().message) + QStringLiteral(" (see remote --help)"));
        return kExitUsage;
    }
    if (args->help) {
        std::fputs(kSshHelp, stdout);
        return kExitOk;
    }
    if (!sshKinds().contains(args->kind)) {
        printError(QStringLiteral("--kind %1: give one of %2").arg(args->kind, sshKinds().join(QStringLiteral(", "))));
        return kExitUsage;
    }
    if (args->together) {
        printError(QStringLiteral("--together is not available for ssh:// hosts yet: they run in turn"));
        return kExitUsage;
    }
    SshRunRequest req;
    req.kind = args->kind;
    req.kindArguments = args->passed;
    req.localVersion = QStringLiteral(DM_VERSION);
    for (const QString& spec : args->specs) {
        auto host = parseSshHost(spec);
        if (!host) {
            printError(QString::fromStdString(host.error().message));
            return kExitUsage;
        }
        for (const SshHost& other : req.hosts)
            if (other.name() == host->name()) {
                printError(QStringLiteral("%1 is given twice: one path per host and run").arg(host->name()));
                return kExitUsage;
            }
        req.hosts.push_back(*host);
    }
    if (const QString problem = checkKindOptions(arguments.first(), req.kind, req.kindArguments); !problem.isEmpty()) {
        printError(problem);
        return kExitUsage;
    }
    const QStringList outs { args->json, args->markdown, args->text, args->html };
    if (outs.count(QStringLiteral("-")) > 1) {
        printError(QStringLiteral("only one report can go to stdout (-): write the others to files"));
        return kExitUsage;
    }
    for (const auto& [name, path] : { std::pair { QStringLiteral("json"), args->json },
             std::pair { QStringLiteral("markdown"), args->markdown }, std::pair { QStringLiteral("text"), args->text },
             std::pair { QStringLiteral("html"), args->html } })
        if (auto st = checkOutputPath(name, path); !st) {
            printError(QString::fromStdString(st.error().message));
            return kExitUsage;
        }

    installSignalHandlers();
    StatusLine status(args->quiet);
    std::vector<SshHostState> states(req.hosts.size());
    SshOutcome outcome = runOverSsh(
        req,
        [&](const SshProgress& p) {
            states[p.host] = p.state;
            QStringList parts;
            for (size_t i = 0; i < states.size(); ++i)
                parts << req.hosts[i].name() + QStringLiteral(": ") + stateWord(states[i]);
            status.show(parts.join(QStringLiteral(" · ")));
        },
        cliCancelFlag());
    status.clear();
    if (!outcome.error.isEmpty()) {
        printError(outcome.error);
        return outcome.exitCode();
    }

    std::vector<HistoryRecord> records;
    for (const SshHostResult& h : outcome.hosts)
        if (h.run)
            records.push_back({ h.run->entry, h.run->json });
    if (!args->noHistory)
        storeHostRuns(records, args->quiet);
    const Comparison comparison = buildComparison(records);
    const QString table = req.kind == QLatin1String("health")
        ? healthTable(outcome)
        : (records.empty() ? QString() : formatComparisonMarkdown(comparison));
    bool written = true;
    if (!outs.contains(QStringLiteral("-")))
        written &= writeOutput(QStringLiteral("-"), table.toUtf8());
    if (!args->html.isEmpty() && !records.empty())
        written &= writeOutput(args->html, formatComparisonHtml(comparison));
    written &= writeOutput(args->json, hostsJson(outcome, req.kind));
    written &= writeOutput(args->markdown, reportsText(outcome, table, true).toUtf8());
    written &= writeOutput(args->text, reportsText(outcome, table, false).toUtf8());
    for (const SshHostResult& h : outcome.hosts)
        if (!h.error.isEmpty())
            printError(h.error);
    if (outcome.interrupted)
        printError(QStringLiteral("interrupted: every host's run was stopped"));
    const int code = outcome.exitCode();
    return code == kExitOk && !written ? kExitTestError : code;
}

} // namespace dm
