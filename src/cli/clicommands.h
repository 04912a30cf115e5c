// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

#include <vector>

namespace dm {

// The commands of diskometer-cli besides a grid run (`diskometer-cli [options] TARGET`), each
// parsing its own options: `targets`, every test kind's command (scan, sustained, sweep), `history`
// and `fio-job`. One line each in clicommands.cpp; main() only looks the first argument up here.
// The man page and the shell completions are checked against this table too
// (tests/cli/packaging_test.cpp), so a command added here cannot be missing from them.
struct CliCommand {
    const char* name;
    // argv: program name, the command, then its options. Returns the exit code (clicommon.h).
    // Null for kRunCommand, which main() runs itself.
    int (*run)(const QStringList& arguments);
    const char* arguments; // as in the usage line, e.g. "DEVICE"
    const char* summary; // one line, for the man page (diskometer-cli-commands prints the table)
};

// The default command: `diskometer-cli [run] [options] [TARGET]`.
inline constexpr CliCommand kRunCommand { "run", nullptr, "[TARGET]", "the benchmark grid (the default command)" };

const std::vector<CliCommand>& cliCommands();
const CliCommand* findCliCommand(const QString& name);

} // namespace dm
