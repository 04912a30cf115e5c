// SPDX-License-Identifier: GPL-3.0-or-later
// diskometer-cli-commands: prints diskometer-cli's commands, `run` first, one a line
// ("name<TAB>arguments<TAB>summary"), for the man page generator at build time. Not installed.
#include "clicommands.h"

#include <cstdio>

int main()
{
    const auto print = [](const dm::CliCommand& c) { std::printf("%s\t%s\t%s\n", c.name, c.arguments, c.summary); };
    print(dm::kRunCommand);
    for (const dm::CliCommand& c : dm::cliCommands())
        print(c);
    return 0;
}
