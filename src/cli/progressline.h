// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "clicommon.h"
#include "runevents.h"

#include <QString>

namespace dm {

// The line every command redraws on stderr while its test runs, made from the run's phases
// (runevents.h) in one format for every kind:
//   [2/6] SEQ1M Q8T1 read  pass 1/5  1234.5 MB/s  (0:40 left)
//   Writing  1.20 of 4.00 GB (30 %)  41.0 MB/s  (2:05 left)
QString phaseLineText(const RunPhase& phase);

// Shows the phases of a run on a terminal (nothing with --quiet or when stderr is not one) and
// clears the line when the run returns.
class ProgressLine {
public:
    explicit ProgressLine(bool quiet)
        : m_status(quiet)
    {
    }
    // Points the events' phase and finished callbacks at this line; it must outlive the run.
    void attach(RunEvents& events);

private:
    StatusLine m_status;
};

} // namespace dm
