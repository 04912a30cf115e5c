// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "runevents.h"

#include <QString>

#include <functional>

namespace dm {

// The window's status line for a run's phase (runevents.h), in the window's language, for every
// kind of test: the one place the window words a stage.
struct PhaseWords {
    PhaseWords(QString path, std::function<QString(size_t)> titleOf = {},
        std::function<QString(const RunPhase&)> ownStages = {})
        : target(std::move(path))
        , itemTitle(std::move(titleOf))
        , stageText(std::move(ownStages))
    {
    }
    QString target; // "Preparing /media/stick…"
    // The translated title of item `index` ("SEQ1M Q8T1 Read", "4 KiB read"); unset: the
    // engine's English label.
    std::function<QString(size_t index)> itemTitle;
    // The page's words for its kind's own stages (a scan's samples, a probe's blocks), most
    // simply stageProgressText() with the stage's translated name; empty for a stage it leaves
    // to the shared words below. Unset, or empty for a stage nobody words: the engine's label.
    std::function<QString(const RunPhase& phase)> stageText;
};
QString phaseStatusText(const RunPhase& phase, const PhaseWords& words);

// A stage named `what` ("Probing", translated) with what it counts (Stage::counts): "Probing: 12
// of 400" for items, "Writing 1.2 GB of 4.0 GB at 30.0 MB/s" for bytes, then the time left.
QString stageProgressText(const RunPhase& phase, const QString& what);
// " · 1:05 left" where the engine can tell, else empty.
QString phaseTimeLeftText(const RunPhase& phase);

// "402.5 MB/s", "12.34 MB/s": a rate as the status line and the pages' summaries write it.
QString mbPerSecText(double mbPerSec);

} // namespace dm
