// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

#include <vector>

namespace dm {

// The commands of diskometer-cli besides a grid run (`diskometer-cli [options] TARGET`), each
// parsing its own options: `targets`, every test kind's command (scan, sustained, sweep), `history`
// and `fio-job`. One line each in clicommands.cpp; main() only looks the first argument up here.
struct CliCommand {
    const char* name;
    // argv: program name, the command, then its options. Returns the exit code (clicommon.h).
    int (*run)(const QStringList& arguments);
};

const std::vector<CliCommand>& cliCommands();
const CliCommand* findCliCommand(const QString& name);

} // namespace dm
