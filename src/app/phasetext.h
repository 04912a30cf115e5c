// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "runevents.h"

#include <QString>

#include <functional>

namespace dm {

// The window's status line for a run's phase (runevents.h), in the window's language, for every
// kind of test: the one place the window words a stage.
struct PhaseWords {
    PhaseWords(QString path, std::function<QString(size_t)> titleOf = {})
        : target(std::move(path))
        , itemTitle(std::move(titleOf))
    {
    }
    QString target; // "Preparing /media/stick…"
    // The translated title of item `index` ("SEQ1M Q8T1 Read", "4 KiB read"); unset: the
    // engine's English label.
    std::function<QString(size_t index)> itemTitle;
};
QString phaseStatusText(const RunPhase& phase, const PhaseWords& words);

// "402.5 MB/s", "12.34 MB/s": a rate as the status line and the pages' summaries write it.
QString mbPerSecText(double mbPerSec);

} // namespace dm
