// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fioremote.h"

#include <QByteArray>
#include <QStringList>

namespace dm {

// `diskometer-cli remote HOST[:PORT]:PATH... [grid options] [--together] [reports]` (issue 17).
int runRemoteCommand(const QStringList& arguments);
// The same command with ssh:// hosts (issue 31, sshremote.h): Diskometer itself on each host.
// `remoteAt` is the index of the "remote" word in `arguments`.
int runSshRemoteCommand(const QStringList& arguments, qsizetype remoteAt);

// Stores each host's run in the history (fio's and ssh's hosts alike), sets each record's id so
// the table names the runs by it, and says which ids on stderr unless `quiet`; a history that
// cannot be written is said, and the reports still go out.
void storeHostRuns(std::vector<HistoryRecord>& records, bool quiet);

// The --json report of a remote run: diskometer.remote/1, each host with its figures (the
// comparison's cells) and fio's own JSON for it, so nothing fio said is lost.
inline constexpr char kRemoteSchema[] = "diskometer.remote/1";
QByteArray formatRemoteJson(const RemoteOutcome& outcome, const Comparison& comparison, bool together);

} // namespace dm
