// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "presets.h"
#include "runner.h"

#include <QString>
#include <QStringList>
#include <optional>

namespace dm {

// Everything diskometer-cli was asked to do, checked and ready to run.
struct CliOptions {
    RunRequest request;
    Profile profile = Profile::Default;
    Preset preset = Preset::Default;
    Mode mode = Mode::All;
    std::optional<int> mixReadPercent;
    QString comment;
    QString textOut, jsonOut, markdownOut, htmlOut; // "" = not asked, "-" = stdout
    bool crlf = false;
    bool quiet = false;
    bool storeHistory = true; // --no-history turns it off
    bool powerHold = true; // --no-power-hold turns it off
    bool showSerial = false; // --show-serial: the drive's serial in the reports (driveline.h)

    bool commandGiven = false; // the command word stood among the positional arguments
    bool showHelp = false;
    bool showVersion = false;
    QString helpText;
};

// Parses argv (program name first; options before or after the command word, which is `run` and
// optional, or another command that takes the run options, such as `fio-job`). Bad usage comes
// back as a usage Error whose message says what is wrong and what to write instead.
Result<CliOptions> parseCliOptions(const QStringList& arguments, const QString& command = QStringLiteral("run"));

} // namespace dm
