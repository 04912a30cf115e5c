// SPDX-License-Identifier: GPL-3.0-or-later
#include "clicommands.h"

#include "fiojobcommand.h"
#include "historycommand.h"
#include "othercommands.h"
#include "remotecommand.h"
#include "targetscommand.h"

namespace dm {

const std::vector<CliCommand>& cliCommands()
{
    static const std::vector<CliCommand> all {
        { "targets", runTargetsCommand },
        { "scan", runScanCommand },
        { "sustained", runSustainedCommand },
        { "sweep", runSweepCommand },
        { "history", runHistoryCommand },
        { "fio-job", runFioJobCommand },
        { "remote", runRemoteCommand },
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

} // namespace dm
