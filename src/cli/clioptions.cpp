// SPDX-License-Identifier: GPL-3.0-or-later
#include "clioptions.h"
#include "clicommands.h"
#include "clicommon.h"

#include <QCommandLineParser>
#include <QDir>

namespace dm {

namespace {

    Error usage(const QString& message) { return usageError(message.toStdString()); }

    // "Commands:" and one line per command of the table (clicommands.cpp), so a new kind's
    // command is in the help as soon as it is in the table.
    QString commandListText()
    {
        std::vector<CliCommand> all { kRunCommand };
        all.insert(all.end(), cliCommands().begin(), cliCommands().end());
        qsizetype width = 0;
        const auto usageOf = [](const CliCommand& c) {
            return QString::fromLatin1(c.name) + (*c.arguments ? QLatin1Char(' ') + QString::fromLatin1(c.arguments) : QString());
        };
        for (const CliCommand& c : all)
            width = std::max(width, usageOf(c).size());
        QString text = QStringLiteral("Commands:");
        for (const CliCommand& c : all)
            text += QStringLiteral("\n  %1  %2").arg(usageOf(c), -int(width)).arg(QString::fromUtf8(c.summary));
        return text;
    }

    Result<double> secondsOption(const QCommandLineParser& p, const QString& name, double lo, double hi)
    {
        bool ok = false;
        const double v = p.value(name).toDouble(&ok);
        if (!ok || !(v >= lo && v <= hi))
            return usage(QStringLiteral("--%1 must be a number of seconds from %2 to %3 (got '%4')")
                             .arg(name)
                             .arg(lo)
                             .arg(hi)
                             .arg(p.value(name)));
        return v;
    }

} // namespace

Result<CliOptions> parseCliOptions(const QStringList& arguments, const QString& command)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "Measures a drive the way CrystalDiskMark does: sequential and random reads and writes with O_DIRECT.\n"
        "TARGET is a directory (a test file is made there and removed; default: the current directory),\n"
        "an existing file, or a block device (read tests; writing needs --allow-destructive).\n\n"
        "Exit codes: 0 all tests ran, 1 a test failed while running, 2 bad usage or unusable target,\n"
        "130 interrupted (partial results are still written).\n\n")
        + commandListText());
    p.addPositionalArgument(QStringLiteral("run"),
        QStringLiteral("The command (optional: see Commands above; 'COMMAND --help' for each). Options may come "
                       "before or after the command."),
        QStringLiteral("[run]"));
    p.addPositionalArgument(
        QStringLiteral("TARGET"), QStringLiteral("Directory, file or block device."), QStringLiteral("[TARGET]"));
    QList<QCommandLineOption> options {
        { QStringLiteral("profile"),
            QStringLiteral("default, peak, real or demo (CrystalDiskMark's profiles), or flash (CrystalDiskMark 9's "
                           "Flash Memory: the default rows, --measure 1 and --interval 30 unless given)."),
            QStringLiteral("NAME"), QStringLiteral("default") },
        { QStringLiteral("preset"), QStringLiteral("default or nvme (the NVMe SSD rows)."), QStringLiteral("NAME"),
            QStringLiteral("default") },
        { QStringLiteral("mode"), QStringLiteral("all, read or write."), QStringLiteral("MODE"),
            QStringLiteral("all") },
        { QStringLiteral("mix"), QStringLiteral("Add mixed tests with this read share (10-90)."),
            QStringLiteral("PERCENT") },
        { QStringLiteral("tests"),
            QStringLiteral(
                "Run exactly these rows, e.g. SEQ1M-Q8T1,RND4K-Q32T16,SEQ128K-Q32T1 (block size in bytes, K or M)."),
            QStringLiteral("LIST") },
        { QStringLiteral("count"), QStringLiteral("Measured passes per test, 1-9."), QStringLiteral("N"),
            QStringLiteral("3") },
        { QStringLiteral("size"), QStringLiteral("Test size, 16MiB-64GiB (e.g. 64MiB, 1GiB)."), QStringLiteral("SIZE"),
            QStringLiteral("1GiB") },
        { QStringLiteral("measure"), QStringLiteral("Seconds per pass, 0.5-60."), QStringLiteral("SECONDS"),
            QStringLiteral("5") },
        { QStringLiteral("interval"), QStringLiteral("Seconds between tests, 0-600."), QStringLiteral("SECONDS"),
            QStringLiteral("5") },
        { QStringLiteral("warmup"), QStringLiteral("Seconds of the uncounted warm-up pass, 0-60."),
            QStringLiteral("SECONDS"), QStringLiteral("1") },
        { QStringLiteral("data"), QStringLiteral("random or zeros."), QStringLiteral("KIND"),
            QStringLiteral("random") },
        { QStringLiteral("engine"),
            QStringLiteral("I/O engine: libaio or io_uring (io_uring falls back to libaio where the kernel "
                           "refuses it; --version lists what works here)."),
            QStringLiteral("NAME"), QString::fromLatin1(engineName(kDefaultEngine)) },
        { QStringLiteral("seed"), QStringLiteral("Seed for random offsets (default: new each run)."),
            QStringLiteral("N") },
        { QStringLiteral("allow-destructive"),
            QStringLiteral("Allow write tests on an existing file or an unmounted block device (destroys its data).") },
        { QStringLiteral("comment"), QStringLiteral("A comment for the reports."), QStringLiteral("TEXT") },
        { QStringLiteral("text"), QStringLiteral("Write the text report to FILE (- = stdout; the default)."),
            QStringLiteral("FILE") },
        { QStringLiteral("json"), QStringLiteral("Write the JSON report (diskometer.result/1) to FILE or -."),
            QStringLiteral("FILE") },
        { QStringLiteral("markdown"), QStringLiteral("Write the Markdown report to FILE or -."),
            QStringLiteral("FILE") },
        htmlOptionSpec(),
        { QStringLiteral("crlf"), QStringLiteral("CRLF line ends in the text report.") },
        { QStringLiteral("quiet"), QStringLiteral("No progress on stderr.") },
        { QStringLiteral("no-power-hold"),
            QStringLiteral("Do not hold the performance power profile (power-profiles-daemon) while testing.") },
        { QStringLiteral("show-serial"),
            QStringLiteral("Put the drive's serial number in the reports (left out unless asked: it identifies the "
                           "drive, and reports get posted).") },
        { QStringLiteral("no-history"),
            QStringLiteral("Do not store the run in the history ($XDG_DATA_HOME/diskometer/history.sqlite; "
                           "see diskometer-cli history --help).") },
    };
    options.append(stallTimeoutOptionSpec());
    p.addOptions(withDefaultsShown(options));
    const auto helpOption = p.addHelpOption();
    const auto versionOption = p.addVersionOption();

    CliOptions o;
    o.helpText = p.helpText();
    if (!p.parse(arguments))
        return usage(p.errorText() + QStringLiteral(" (see --help)"));
    if (p.isSet(helpOption)) {
        o.showHelp = true;
        return o;
    }
    if (p.isSet(versionOption)) {
        o.showVersion = true;
        return o;
    }

    QStringList positional = p.positionalArguments();
    o.commandGiven = !positional.isEmpty() && positional.first() == command;
    if (o.commandGiven)
        positional.removeFirst();
    if (positional.size() > 1)
        return usage(QStringLiteral("one TARGET only, got %1: %2").arg(positional.size()).arg(positional.join(' ')));
    o.request.target = positional.isEmpty() ? std::string(".") : positional.first().toStdString();

    const auto profile = parseProfile(p.value(QStringLiteral("profile")).toStdString());
    if (!profile)
        return usage(QStringLiteral("unknown --profile '%1': use default, peak, real, demo or flash")
                         .arg(p.value(QStringLiteral("profile"))));
    o.profile = *profile;
    const auto preset = parsePreset(p.value(QStringLiteral("preset")).toStdString());
    if (!preset)
        return usage(
            QStringLiteral("unknown --preset '%1': use default or nvme").arg(p.value(QStringLiteral("preset"))));
    o.preset = *preset;
    const auto mode = parseMode(p.value(QStringLiteral("mode")).toStdString());
    if (!mode)
        return usage(
            QStringLiteral("unknown --mode '%1': use all, read or write").arg(p.value(QStringLiteral("mode"))));
    o.mode = *mode;
    if (p.isSet(QStringLiteral("mix"))) {
        auto mix = intOption(p, QStringLiteral("mix"), kMinMixRead, kMaxMixRead);
        if (!mix)
            return mix.error();
        o.mixReadPercent = int(*mix);
    }

    std::vector<TestRow> rows;
    if (p.isSet(QStringLiteral("tests"))) {
        for (const QString& item : p.value(QStringLiteral("tests")).split(',', Qt::SkipEmptyParts)) {
            auto row = parseRow(item.trimmed().toStdString());
            if (!row)
                return row.error();
            rows.push_back(*row);
        }
        if (rows.empty())
            return usage(QStringLiteral("--tests needs at least one row, e.g. --tests SEQ1M-Q8T1,RND4K-Q32T1"));
        o.profile = Profile::Custom; // so the reports and the history do not call these rows a profile
    } else {
        rows = profileRows(o.profile, o.preset);
    }
    o.request.tests = expandTests(rows, o.mode, o.mixReadPercent);

    RunSettings& s = o.request.settings;
    auto count = intOption(p, QStringLiteral("count"), kMinCount, kMaxCount);
    if (!count)
        return count.error();
    s.count = int(*count);
    auto size = sizeOption(p, QStringLiteral("size"), kMinTestSize, kMaxTestSize);
    if (!size)
        return size.error();
    s.testSize = *size;
    o.request.sizeGiven = p.isSet(QStringLiteral("size"));
    auto measure = secondsOption(p, QStringLiteral("measure"), kMinMeasureSeconds, kMaxMeasureSeconds);
    if (!measure)
        return measure.error();
    s.measureSeconds = *measure;
    auto interval = secondsOption(p, QStringLiteral("interval"), 0, kMaxIntervalSeconds);
    if (!interval)
        return interval.error();
    s.intervalSeconds = *interval;
    // The named profile's own times, where it has them and the user gave none; also with --tests,
    // which makes the rows (and so the recorded profile) custom but leaves --profile's times: the
    // help says they hold "unless given".
    if (const auto times = profileTimes(*profile)) {
        if (!p.isSet(QStringLiteral("measure")))
            s.measureSeconds = times->measureSeconds;
        if (!p.isSet(QStringLiteral("interval")))
            s.intervalSeconds = times->intervalSeconds;
    }
    auto warmup = secondsOption(p, QStringLiteral("warmup"), 0, kMaxMeasureSeconds);
    if (!warmup)
        return warmup.error();
    s.warmupSeconds = *warmup;
    const QString data = p.value(QStringLiteral("data")).toLower();
    if (data == QLatin1String("random"))
        s.data = DataFill::Random;
    else if (data == QLatin1String("zeros"))
        s.data = DataFill::Zeros;
    else
        return usage(QStringLiteral("unknown --data '%1': use random or zeros").arg(data));
    const QString engine = p.value(QStringLiteral("engine"));
    const auto engineKind = parseEngine(engine.toStdString());
    if (!engineKind)
        return usage(QStringLiteral("unknown --engine '%1': use libaio or io_uring").arg(engine));
    o.request.engine = *engineKind;
    auto stall = stallTimeoutOption(p);
    if (!stall)
        return stall.error();
    o.request.stallTimeoutSeconds = *stall;
    if (p.isSet(QStringLiteral("seed"))) {
        bool ok = false;
        s.seed = p.value(QStringLiteral("seed")).toULongLong(&ok);
        if (!ok || s.seed == 0)
            return usage(QStringLiteral("--seed must be a positive whole number"));
    }
    o.request.allowDestructive = p.isSet(QStringLiteral("allow-destructive"));
    o.comment = p.value(QStringLiteral("comment"));

    o.textOut = p.value(QStringLiteral("text"));
    o.jsonOut = p.value(QStringLiteral("json"));
    o.markdownOut = p.value(QStringLiteral("markdown"));
    o.htmlOut = p.value(QStringLiteral("html"));
    if (o.textOut.isEmpty() && o.jsonOut.isEmpty() && o.markdownOut.isEmpty() && o.htmlOut.isEmpty())
        o.textOut = QStringLiteral("-");
    const int toStdout = int(o.textOut == QLatin1String("-")) + int(o.jsonOut == QLatin1String("-"))
        + int(o.markdownOut == QLatin1String("-")) + int(o.htmlOut == QLatin1String("-"));
    if (toStdout > 1)
        return usage(QStringLiteral("only one report can go to stdout (-): write the others to files"));
    for (const auto& [name, path] : { std::pair { QStringLiteral("text"), o.textOut },
             std::pair { QStringLiteral("json"), o.jsonOut }, std::pair { QStringLiteral("markdown"), o.markdownOut },
             std::pair { QStringLiteral("html"), o.htmlOut } })
        if (auto st = checkOutputPath(name, path); !st)
            return st.error();
    o.crlf = p.isSet(QStringLiteral("crlf"));
    o.quiet = p.isSet(QStringLiteral("quiet"));
    o.storeHistory = !p.isSet(QStringLiteral("no-history"));
    o.powerHold = !p.isSet(QStringLiteral("no-power-hold"));
    o.showSerial = p.isSet(QStringLiteral("show-serial"));
    return o;
}

} // namespace dm
