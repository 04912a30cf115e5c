// SPDX-License-Identifier: GPL-3.0-or-later
#include "clicommands.h"

#include "fiojobcommand.h"
#include "historycommand.h"
#include "kindregistry.h"
#include "othercommands.h"
#include "remotecommand.h"
#include "targetscommand.h"

namespace dm {

// Each kind that is a folder of its own defines its command (cmake/kinds.cmake).
#define DM_DECLARE_COMMAND(id) const CliCommand& id##Command();
DM_FOLDER_KINDS_CLI(DM_DECLARE_COMMAND)
#undef DM_DECLARE_COMMAND

const std::vector<CliCommand>& cliCommands()
{
    static const std::vector<CliCommand> all {
        { "targets", runTargetsCommand, "", "list the filesystems and drives that can be tested" },
#define DM_COMMAND_ENTRY(id) id##Command(),
        DM_FOLDER_KINDS_CLI(DM_COMMAND_ENTRY)
#undef DM_COMMAND_ENTRY
        { "health", runHealthCommand, "[DEVICE]", "show each drive's health, temperature and SMART figures" },
        { "history", runHistoryCommand, "SUBCOMMAND", "list, show, compare, import and delete stored runs" },
        { "fio-job", runFioJobCommand, "TARGET", "print an fio job file that runs the same tests" },
        { "remote", runRemoteCommand, "ssh://HOST/PATH... | HOST[:PORT]:PATH...",
            "run any test on other machines over SSH, or the grid through fio's server" },
    };
    return all;
}

const CliCommand* findCliCommand(const QString& name)
{
    for (const CliCommand& c : cliCommands())
        if (name == QLatin1String(c.name))
            return &c;
    return nullptr;
}

int runNamedCommand(const QStringList& arguments)
{
    // Which options take a value is each command's own knowledge: a word after such an option
    // is tried as the command here, and the command's parser hands it back (kNotThisCommand,
    // before it does anything) when it was the option's value after all.
    for (const QString& a : arguments.mid(1)) {
        if (a == QLatin1String("--"))
            break; // what follows is a TARGET, never a command
        if (const CliCommand* c = findCliCommand(a))
            if (const int code = c->run(arguments); code != kNotThisCommand)
                return code;
    }
    return kNotThisCommand;
}

void addRunOnlyOptionsAsNoOps(QCommandLineParser& p)
{
    for (const char* name : { "quiet", "no-history" }) {
        QCommandLineOption o(QString::fromLatin1(name), QStringLiteral("No effect here."));
        o.setFlags(QCommandLineOption::HiddenFromHelp);
        p.addOption(o);
    }
}

} // namespace dm
