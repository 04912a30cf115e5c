// SPDX-License-Identifier: GPL-3.0-or-later
// What the Debian package installs for diskometer-cli, checked against the CLI's own command
// table (clicommands.h) and its real --help: the generated man page has every command and every
// option, and man reads it without a warning; the bash completion, run by a real bash the way
// bash calls it, offers every command, each command's options and history's subcommands; the
// zsh and fish completions name every command (and fish, where installed, completes them).
#include "clicommands.h"
#include "clirun.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <gtest/gtest.h>

namespace {

using dm::test::CliTextOutcome;

CliTextOutcome run(const QString& program, const QStringList& args, const QString& cwd = {})
{
    return dm::test::asText(dm::test::runProcess(program, args, { .workingDirectory = cwd }));
}

QString readFile(const char* path)
{
    QFile f(QString::fromUtf8(path));
    EXPECT_TRUE(f.open(QIODevice::ReadOnly)) << path;
    return QString::fromUtf8(f.readAll());
}

// Every command: the default `run` and the table main() looks the others up in.
std::vector<dm::CliCommand> commands()
{
    std::vector<dm::CliCommand> all { dm::kRunCommand };
    all.insert(all.end(), dm::cliCommands().begin(), dm::cliCommands().end());
    return all;
}

QString name(const dm::CliCommand& c) { return QString::fromLatin1(c.name); }

// The roff spelling of an option or command: man pages write a hyphen as \-.
QString roff(QString s) { return s.replace(QLatin1Char('-'), QStringLiteral("\\-")); }

// "--size" and the like, as QCommandLineParser lists them in a --help.
QStringList optionsIn(const QString& help)
{
    QStringList out;
    static const QRegularExpression re(QStringLiteral("^\\s+(?:-\\w, )?(--[a-z][a-z0-9-]*)"),
        QRegularExpression::MultilineOption);
    for (auto it = re.globalMatch(help); it.hasNext();)
        out << it.next().captured(1);
    return out;
}

QStringList commandHelpArgs(const dm::CliCommand& c)
{
    return c.run ? QStringList { name(c), QStringLiteral("--help") } : QStringList { QStringLiteral("--help") };
}

// What `_diskometer_cli` offers for the words typed so far (the last one is being completed),
// run from an empty directory so that file names do not mix in.
QStringList bashComplete(const QStringList& words)
{
    QTemporaryDir empty;
    QString script = QStringLiteral("source \"$1\"; shift; COMP_WORDS=(\"$@\"); COMP_CWORD=$(($# - 1)); "
                                    "_diskometer_cli; printf '%s\\n' \"${COMPREPLY[@]}\"");
    QStringList args { QStringLiteral("--norc"), QStringLiteral("-c"), script, QStringLiteral("bash"),
        QStringLiteral(DM_BASH_COMPLETION) };
    args << QStringLiteral(DM_CLI_PATH) << words;
    const CliTextOutcome o = run(QStringLiteral("bash"), args, empty.path());
    EXPECT_EQ(o.exitCode, 0) << o.err.toStdString();
    return o.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

} // namespace

// The help's list is made from the same table: a kind's command appears there by being in it.
TEST(CliHelp, ListsEveryCommandWithItsArgumentsAndSummary)
{
    const CliTextOutcome o = run(QStringLiteral(DM_CLI_PATH), { QStringLiteral("--help") });
    ASSERT_EQ(o.exitCode, 0);
    const QString list = o.out.section(QStringLiteral("Commands:\n"), 1).section(QStringLiteral("\n\n"), 0, 0);
    for (const dm::CliCommand& c : commands()) {
        const QRegularExpression line(QStringLiteral("^  %1 *%2 +%3$")
                                          .arg(QRegularExpression::escape(name(c)),
                                              QRegularExpression::escape(QString::fromLatin1(c.arguments)),
                                              QRegularExpression::escape(QString::fromUtf8(c.summary))),
            QRegularExpression::MultilineOption);
        EXPECT_TRUE(line.match(list).hasMatch()) << name(c).toStdString() << " in:\n" << list.toStdString();
    }
}

TEST(ManPage, ListsEveryCommandWithItsSection)
{
    const QString page = readFile(DM_CLI_MANPAGE);
    ASSERT_FALSE(page.isEmpty());
    ASSERT_GE(commands().size(), 7u);
    for (const dm::CliCommand& c : commands()) {
        EXPECT_TRUE(page.contains(QStringLiteral(".TP\n\\fB%1\\fR").arg(roff(name(c)))))
            << "the COMMANDS section lacks " << c.name;
        if (c.run) {
            EXPECT_TRUE(page.contains(QStringLiteral(".SH \"DISKOMETER\\-CLI %1\"").arg(roff(name(c).toUpper()))))
                << "no section for " << c.name;
        }
    }
}

TEST(ManPage, HasEveryOptionOfEveryCommandsHelp)
{
    const QString page = readFile(DM_CLI_MANPAGE);
    for (const dm::CliCommand& c : commands()) {
        const CliTextOutcome help = run(QStringLiteral(DM_CLI_PATH), commandHelpArgs(c));
        ASSERT_EQ(help.exitCode, 0) << c.name;
        for (const QString& option : optionsIn(help.out))
            EXPECT_TRUE(page.contains(QStringLiteral("\\fB%1").arg(roff(option))))
                << c.name << ": the man page lacks " << option.toStdString();
    }
}

TEST(ManPage, ManFormatsItWithoutWarnings)
{
    const QString man = QStandardPaths::findExecutable(QStringLiteral("man"));
    if (man.isEmpty())
        GTEST_SKIP() << "man (man-db) is not installed";
    for (const char* page : { DM_CLI_MANPAGE, DM_WINDOW_MANPAGE }) {
        if (!QFile::exists(QString::fromUtf8(page)))
            continue; // the window's page only where the window is built
        // What lintian runs: groff's warnings go to stderr.
        QProcess p;
        auto env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("MANWIDTH"), QStringLiteral("80"));
        env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
        p.setProcessEnvironment(env);
        p.start(man, { QStringLiteral("--warnings"), QStringLiteral("-E"), QStringLiteral("UTF-8"),
                         QStringLiteral("-l"), QStringLiteral("-Tutf8"), QString::fromUtf8(page) });
        ASSERT_TRUE(p.waitForFinished(60000));
        // Bold and underline come as overstrikes ("S\bS") when man writes to a pipe.
        const QString out = QString::fromUtf8(p.readAllStandardOutput()).remove(QRegularExpression(QStringLiteral(".\b")));
        EXPECT_EQ(p.exitCode(), 0) << page;
        EXPECT_EQ(QString::fromUtf8(p.readAllStandardError()), QString()) << page;
        EXPECT_TRUE(out.contains(QStringLiteral("SYNOPSIS"))) << page;
    }
}

TEST(BashCompletion, OffersEveryCommandFirst)
{
    const QStringList offered = bashComplete({ QString() });
    for (const dm::CliCommand& c : commands())
        EXPECT_TRUE(offered.contains(name(c))) << "bash does not offer " << c.name << "; got: "
                                               << offered.join(QLatin1Char(' ')).toStdString();
    EXPECT_EQ(bashComplete({ QStringLiteral("sus") }), QStringList { QStringLiteral("sustained") });
}

TEST(BashCompletion, OffersEachCommandsOwnOptionsFromItsHelp)
{
    const QStringList runOptions = optionsIn(run(QStringLiteral(DM_CLI_PATH), { QStringLiteral("--help") }).out);
    ASSERT_GT(runOptions.size(), 10);
    for (const dm::CliCommand& c : commands()) {
        const CliTextOutcome help = run(QStringLiteral(DM_CLI_PATH), commandHelpArgs(c));
        // fio-job's help lists no options of its own: it takes the run options.
        QStringList options = optionsIn(help.out);
        if (options.isEmpty())
            options = runOptions;
        QStringList words;
        if (c.run)
            words << name(c);
        words << QStringLiteral("--");
        const QStringList offered = bashComplete(words);
        for (const QString& option : options)
            EXPECT_TRUE(offered.contains(option)) << c.name << ": not offered: " << option.toStdString();
    }
    // Only that command's: --samples is scan's, not sweep's.
    EXPECT_EQ(bashComplete({ QStringLiteral("scan"), QStringLiteral("--sam") }),
        (QStringList { QStringLiteral("--samples"), QStringLiteral("--sample-size") }));
    EXPECT_TRUE(bashComplete({ QStringLiteral("sweep"), QStringLiteral("--sam") }).isEmpty());
}

TEST(BashCompletion, OffersHistorySubcommandsAndOptionValues)
{
    EXPECT_EQ(bashComplete({ QStringLiteral("history"), QString() }),
        (QStringList { QStringLiteral("list"), QStringLiteral("show"), QStringLiteral("compare"),
            QStringLiteral("import"), QStringLiteral("delete") }));
    EXPECT_EQ(bashComplete({ QStringLiteral("--profile"), QString() }),
        (QStringList { QStringLiteral("default"), QStringLiteral("peak"), QStringLiteral("real"),
            QStringLiteral("demo") }));
    EXPECT_EQ(bashComplete({ QStringLiteral("sweep"), QStringLiteral("--engine"), QStringLiteral("io") }),
        QStringList { QStringLiteral("io_uring") });
}

TEST(OtherCompletions, NameEveryCommand)
{
    const QString zsh = readFile(DM_ZSH_COMPLETION);
    const QString fish = readFile(DM_FISH_COMPLETION);
    for (const dm::CliCommand& c : commands()) {
        EXPECT_TRUE(zsh.contains(QStringLiteral("'%1:").arg(name(c)))) << "zsh lacks " << c.name;
        EXPECT_TRUE(fish.contains(QStringLiteral("-a %1 -d").arg(name(c)))) << "fish lacks " << c.name;
    }
}

TEST(OtherCompletions, FishCompletesCommandsAndOptions)
{
    const QString fish = QStandardPaths::findExecutable(QStringLiteral("fish"));
    if (fish.isEmpty())
        GTEST_SKIP() << "fish is not installed (tools/debian-packages-test.txt has it)";
    // The completion calls `diskometer-cli`: the built one, first on PATH.
    QTemporaryDir bin;
    ASSERT_TRUE(QFile::link(QStringLiteral(DM_CLI_PATH), bin.filePath(QStringLiteral("diskometer-cli"))));
    const auto complete = [&](const QString& line) {
        const CliTextOutcome o = run(fish,
            { QStringLiteral("--no-config"), QStringLiteral("-c"),
                QStringLiteral("set PATH %1 $PATH; source %2; complete -C'%3'")
                    .arg(bin.path(), QStringLiteral(DM_FISH_COMPLETION), line) },
            bin.path());
        EXPECT_EQ(o.exitCode, 0) << o.err.toStdString();
        QStringList words;
        for (const QString& l : o.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
            words << l.section(QLatin1Char('\t'), 0, 0);
        return words;
    };
    const QStringList first = complete(QStringLiteral("diskometer-cli "));
    for (const dm::CliCommand& c : commands())
        EXPECT_TRUE(first.contains(name(c))) << "fish does not offer " << c.name;
    const QStringList scan = complete(QStringLiteral("diskometer-cli scan --sam"));
    EXPECT_TRUE(scan.contains(QStringLiteral("--samples"))) << scan.join(QLatin1Char(' ')).toStdString();
    EXPECT_FALSE(complete(QStringLiteral("diskometer-cli sweep --")).contains(QStringLiteral("--samples")));
    EXPECT_TRUE(complete(QStringLiteral("diskometer-cli history ")).contains(QStringLiteral("compare")));
}

TEST(OtherCompletions, ZshReadsTheFile)
{
    const QString zsh = QStandardPaths::findExecutable(QStringLiteral("zsh"));
    if (zsh.isEmpty())
        GTEST_SKIP() << "zsh is not installed (tools/debian-packages-test.txt has it)";
    const CliTextOutcome o = run(zsh, { QStringLiteral("-n"), QStringLiteral(DM_ZSH_COMPLETION) });
    EXPECT_EQ(o.exitCode, 0) << o.err.toStdString();
    EXPECT_EQ(o.err, QString());
}
