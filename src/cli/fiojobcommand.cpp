// SPDX-License-Identifier: GPL-3.0-or-later
#include "fiojobcommand.h"
#include "clicommands.h"

#include "clicommon.h"

#include <cstdio>

namespace dm {

namespace {

    // The run options that make no sense for a job file; refused so nobody waits for a report.
    const QStringList kReportOptions { QStringLiteral("text"), QStringLiteral("json"), QStringLiteral("markdown"),
        QStringLiteral("crlf"), QStringLiteral("no-history"), QStringLiteral("engine") };

} // namespace

Result<FioJobRequest> fioJobRequest(const CliOptions& o)
{
    FioJobRequest r;
    r.target = QString::fromStdString(o.request.target);
    r.tests = o.request.tests;
    r.settings = o.request.settings;
    r.comment = o.comment;
    if (Status region = setFioJobRegion(r, o.request.sizeGiven, o.request.allowDestructive); !region)
        return region.error();
    return r;
}

int runFioJobCommand(const QStringList& arguments)
{
    const QStringList& args = arguments; // parsed as `run` does, with "fio-job" as the command word
    if (args.contains(QStringLiteral("--help")) || args.contains(QStringLiteral("-h"))) {
        std::fputs("Usage: diskometer-cli fio-job [run options] TARGET\n\n"
                   "Prints an fio job file that runs the same tests as `diskometer-cli run` with these options:\n"
                   "libaio, O_DIRECT, the same block sizes, depths, threads and test region, one section per\n"
                   "measured pass. Run it with `fio --output-format=json FILE > out.json` (also with\n"
                   "--client=HOST for fio's client/server mode) and add the result to the history with\n"
                   "`diskometer-cli history import out.json`.\n\n"
                   "Run options: --profile, --preset, --mode, --mix, --tests, --count, --size, --measure,\n"
                   "--interval, --warmup, --data, --seed (ignored: fio seeds itself), --allow-destructive,\n"
                   "--comment (see diskometer-cli --help).\n",
            stdout);
        return 0;
    }
    for (const QString& a : args.mid(1))
        for (const QString& name : kReportOptions)
            if (a == QStringLiteral("--") + name || a.startsWith(QStringLiteral("--") + name + QLatin1Char('='))) {
                printError(QStringLiteral("--%1 is a `run` option: fio-job prints the job file on stdout").arg(name));
                return 2;
            }
    auto parsed = parseCliOptions(args, QStringLiteral("fio-job"));
    if (parsed && !parsed->commandGiven)
        return kNotThisCommand; // "fio-job" was an option's value
    if (!parsed) {
        printError(QString::fromStdString(parsed.error().message));
        return 2;
    }
    auto request = fioJobRequest(*parsed);
    if (!request) {
        printError(QString::fromStdString(request.error().message));
        return 2;
    }
    const QByteArray job = formatFioJob(*request).toUtf8();
    std::fwrite(job.constData(), 1, size_t(job.size()), stdout);
    std::fflush(stdout);
    return 0;
}

} // namespace dm
