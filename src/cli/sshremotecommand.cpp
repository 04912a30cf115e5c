// SPDX-License-Identifier: GPL-3.0-or-later
// `diskometer-cli remote ssh://[USER@]HOST[:PORT]/PATH... [--kind KIND] [the kind's options]`
// (issue 31): Diskometer itself on every host, over the user's own OpenSSH (sshremote.h).
#include "remotecommand.h"

#include "clicommands.h"
#include "clicommon.h"
#include "clioptions.h"
#include "historystore.h"
#include "hostsrun.h"
#include "htmlreport.h"
#include "sshremote.h"
#include "testkind.h"

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
          "  --together       Every host at once (shared storage, a network under load): each host waits at\n"
          "                   a barrier before each timed item (each grid or sweep test, each copy set, the\n"
          "                   other kinds' timed part) until every host is there; the skew measured is said.\n"
          "                   With the grid, a last row sums the hosts.\n"
          "Every other option is the kind's own (`diskometer-cli KIND --help`), checked here first and\n"
          "passed on to each host. Hosts run in turn unless --together; each finished run is stored in the history as "
          "a run\n"
          "of its kind with the host's name (health is shown, not stored, as locally).\n\n"
          "Exit codes: 0 every host ran, 1 a host or a test failed (the others are still reported),\n"
          "2 bad usage or no host could run (none passed the check, or each refused the run, as a local\n"
          "run refuses a mounted device), 130 interrupted (every host's run is stopped).\n";

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

    // The kind's options through the kind's own parser here, so a typo or a value out of range
    // fails before any connection: the grid's in this process, another kind's by this program's
    // `KIND PLACEHOLDER OPTIONS --check-options` (clicommon.h), which reads and checks them and
    // stops before the target; health, which has no such stop, by `health OPTIONS --help`.
    QString checkKindOptions(const QString& program, const QString& kind, const QStringList& passed)
    {
        if (kind == QLatin1String("grid")) {
            auto grid = parseCliOptions(QStringList { program } + passed + QStringList { QStringLiteral(".") });
            return grid ? QString() : QString::fromStdString(grid.error().message);
        }
        const QStringList check = kind == QLatin1String("health")
            ? QStringList { kind } + passed + QStringList { QStringLiteral("--help") }
            : QStringList { kind, QStringLiteral("/placeholder-of-the-hosts-path") } + passed
                + QStringList { QStringLiteral("--check-options") };
        QProcess self;
        self.start(QCoreApplication::applicationFilePath(), check);
        if (!self.waitForFinished(30000))
            return QStringLiteral("the %1 options could not be checked here").arg(kind);
        if (self.exitStatus() == QProcess::NormalExit && self.exitCode() == 0)
            return {};
        return QString::fromLocal8Bit(self.readAllStandardError()).trimmed().remove(QStringLiteral("diskometer-cli: "));
    }

    // health is not a run: each host's drives in one table.
    QString healthTable(const SshOutcome& o)
    {
        QString t
            = QStringLiteral("| Host | Drive | Model | Health | Temperature |\n| --- | --- | --- | --- | ---: |\n");
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

    // How together the hosts were: the worst barrier's skew, measured, and its certain bound.
    QString togetherSummary(const SshOutcome& o)
    {
        if (o.barriers.empty())
            return QStringLiteral("together: no host came to a barrier, so nothing was started together");
        const SshTogetherSkew worst = worstSkew(o.barriers);
        return QStringLiteral("together: %1 barrier%2; the hosts started each within %3 ms of each other "
                              "(measured midway between go and started; at most %4 ms); the first to arrive "
                              "waited up to %5 ms")
            .arg(worst.barriers)
            .arg(worst.barriers == 1 ? QString() : QStringLiteral("s"))
            .arg(worst.skewMs, 0, 'f', 1)
            .arg(worst.skewBoundMs, 0, 'f', 1)
            .arg(worst.waitedMs, 0, 'f', 0);
    }

    QJsonValue barriersJson(const SshOutcome& o)
    {
        QJsonArray list;
        for (const SshBarrier& b : o.barriers)
            list.append(
                QJsonObject { { QStringLiteral("seq"), qint64(b.seq) }, { QStringLiteral("item"), qint64(b.item) },
                    { QStringLiteral("hosts"), qint64(b.hosts) }, { QStringLiteral("waited_ms"), b.waitedMs },
                    { QStringLiteral("skew_ms"), b.skewMs }, { QStringLiteral("skew_bound_ms"), b.skewBoundMs } });
        return list;
    }

    QByteArray hostsJson(const SshOutcome& o, const QString& kind, bool together)
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
        QJsonObject root { { QStringLiteral("schema"), QLatin1String(kHostsSchema) }, { QStringLiteral("kind"), kind },
            { QStringLiteral("transport"), QStringLiteral("ssh") }, { QStringLiteral("interrupted"), o.interrupted },
            { QStringLiteral("hosts"), hosts } };
        if (together)
            root.insert(QStringLiteral("together"), QJsonObject { { QStringLiteral("barriers"), barriersJson(o) } });
        return QJsonDocument(root).toJson(QJsonDocument::Indented);
    }

    QString reportsText(const SshOutcome& o, const QString& table, bool markdown)
    {
        QString out = table;
        for (const SshHostResult& h : o.hosts)
            out += hostReportSection(
                h.host.name() + QLatin1Char(':') + h.host.path, nullptr, h.run ? &*h.run : nullptr, h.error, markdown);
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
    if (args->together && args->kind == QLatin1String("health")) {
        printError(QStringLiteral("--together times runs, and health measures nothing: leave it out"));
        return kExitUsage;
    }
    SshRunRequest req;
    req.together = args->together;
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
    if (auto st = checkRemoteOutputs(args->json, args->markdown, args->text, args->html); !st) {
        printError(QString::fromStdString(st.error().message));
        return kExitUsage;
    }

    installSignalHandlers();
    StatusLine status(args->quiet);
    QStringList names;
    for (const SshHost& h : req.hosts)
        names << h.name();
    std::vector<HostStatus> states(req.hosts.size());
    SshOutcome outcome = runOverSsh(
        req,
        [&](const SshProgress& p) {
            states[p.host] = { hostStateOf(p.state), std::nullopt };
            status.show(hostsStatusLine(names, states));
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
    Comparison comparison = buildComparison(records);
    // What the shared storage gave at once: the grid's tests overlapped (each started at a barrier).
    if (req.together && req.kind == QLatin1String("grid"))
        addTotalRow(comparison);
    QString table = req.kind == QLatin1String("health")
        ? healthTable(outcome)
        : (records.empty() ? QString() : formatComparisonMarkdown(comparison));
    if (req.together)
        table += QLatin1Char('\n') + togetherSummary(outcome) + QLatin1Char('\n');
    // A kind the comparison cannot set side by side (the capacity check: a verdict, no curve or
    // bars) leaves only the hosts' names in the table: each host's own text report follows on
    // stdout, as a local run prints it, so the verdict is seen.
    const TestKind* kind = kindById(req.kind);
    const bool compared = !kind || kind->readsAsGrid() || kind->seriesAxes() || kind->barAxes();
    bool written = true;
    if (!outs.contains(QStringLiteral("-")))
        written &= writeOutput(QStringLiteral("-"), (compared ? table : reportsText(outcome, table, false)).toUtf8());
    if (!args->html.isEmpty() && !records.empty())
        written &= writeOutput(args->html, formatComparisonHtml(comparison));
    written &= writeOutput(args->json, hostsJson(outcome, req.kind, req.together));
    written &= writeOutput(args->markdown, reportsText(outcome, table, true).toUtf8());
    written &= writeOutput(args->text, reportsText(outcome, table, false).toUtf8());
    // What each host's run warned of (a killed run's test file it removed, a target that measures
    // memory): a local run says it in the report on its stdout, which here holds the hosts' table,
    // and the host's stderr stays there (--quiet). So each warning is said here, with its host,
    // also under --quiet, which hides progress only.
    for (const SshHostResult& h : outcome.hosts)
        for (const QJsonValue w : QJsonDocument::fromJson(h.json).object().value(QLatin1String("warnings")).toArray())
            printError(QStringLiteral("%1: warning: %2").arg(h.host.name(), w.toString()));
    for (const SshHostResult& h : outcome.hosts)
        if (!h.error.isEmpty())
            printError(h.error);
    if (outcome.interrupted)
        printError(QStringLiteral("interrupted: every host's run was stopped"));
    const int code = outcome.exitCode();
    return code == kExitOk && !written ? kExitTestError : code;
}

} // namespace dm
