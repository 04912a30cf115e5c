// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCommandLineParser>
#include <QString>
#include <QStringList>

#include <vector>

namespace dm {

// What a command's function returns when the word that chose it was not the command but an
// option's value (`diskometer-cli --comment scan /tmp` is a run with the comment "scan").
inline constexpr int kNotThisCommand = -1;

// The commands of diskometer-cli besides a grid run (`diskometer-cli [options] TARGET`), each
// parsing its own options: `targets`, every test kind's command (scan, sustained, sweep), `history`
// and `fio-job`. One line each in clicommands.cpp; main() hands the arguments to runNamedCommand.
// The man page and the shell completions are checked against this table too
// (tests/cli/packaging_test.cpp), so a command added here cannot be missing from them.
struct CliCommand {
    const char* name;
    // argv: program name, then the options and the command word in any order (`--quiet scan
    // DEV`). Returns the exit code (clicommon.h), or kNotThisCommand before doing anything.
    // Null for kRunCommand, which main() runs itself.
    int (*run)(const QStringList& arguments);
    const char* arguments; // as in the usage line, e.g. "DEVICE"
    const char* summary; // one line, for the man page (diskometer-cli-commands prints the table)
};

// The default command: `diskometer-cli [run] [options] [TARGET]`.
inline constexpr CliCommand kRunCommand { "run", nullptr, "[TARGET]", "the benchmark grid (the default command)" };

const std::vector<CliCommand>& cliCommands();
const CliCommand* findCliCommand(const QString& name);

// Runs the command the arguments name: the first argument that is a command's word and that its
// parser takes as its command, wherever the options stand (`--quiet scan DEV`, `scan --quiet
// DEV`). kNotThisCommand when none does: the arguments are a `run`'s, the default command.
int runNamedCommand(const QStringList& arguments);

// --quiet and --no-history for the commands that run no test (targets, history): accepted and
// without effect there, so that one alias (`diskometer-cli --no-history --quiet`) serves every
// command. Not shown in their --help.
void addRunOnlyOptionsAsNoOps(QCommandLineParser& p);

} // namespace dm
