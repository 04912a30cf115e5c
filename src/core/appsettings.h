// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "barscale.h"
#include "engineselect.h"
#include "jobspec.h"
#include "presets.h"
#include "units.h"

#include <QSettings>
#include <QString>
#include <cstddef>
#include <optional>
#include <vector>

namespace dm {

// The Default profile's grid has four rows, as CrystalDiskMark's does; the settings file and the
// settings dialog hold exactly this many.
inline constexpr std::size_t kEditableRowCount = 4;

// Everything the window remembers between runs (QSettings, under "Diskometer/Diskometer").
struct GuiSettings {
    Profile profile = Profile::Default;
    Preset preset = Preset::Default;
    Mode mode = Mode::All;
    bool mixEnabled = false;
    int mixReadPercent = 70; // 10..90
    std::vector<TestRow> rows; // the Default profile's rows as edited in the settings dialog (kEditableRowCount)
    RunSettings run; // count, measure, interval, warm-up, test size, data
    Unit unit = Unit::MBps;
    QString targetPath; // last chosen target; empty = the filesystem of the home directory
    EngineKind engine = kDefaultEngine; // io_uring falls back to libaio where it cannot run
    // Hold power-profiles-daemon's "performance" profile while a test runs (powerprofile.h); the
    // window's counterpart of the CLI's --no-power-hold.
    bool holdPowerProfile = true;
    // Put the drive's serial number in reports, the saved image and history exports
    // (driveline.h): off, as CrystalDiskMark's screenshots have none; the issue's "Hide serial
    // number" turned around so that the default is the one a person posting results wants.
    bool showSerial = false;

    bool operator==(const GuiSettings&) const = default;
};

// The factory settings for a preset: its Default-profile rows, 5 x 5 s, 5 s interval, 1 GiB.
GuiSettings defaultGuiSettings(Preset preset = Preset::Default);

// Reads what saveGuiSettings wrote; anything missing, malformed or out of range falls back to
// the default for that one field (a hand-edited file never breaks the window).
GuiSettings loadGuiSettings(QSettings& store);
void saveGuiSettings(QSettings& store, const GuiSettings& settings);

// The scale the comparison's bars are drawn on, as the user last chose it in the comparison
// dialog ("compare/barScale": linear, log or relative); none when they have not chosen, or chose
// Automatic again, and the figures decide (defaultBarScale). Apart from GuiSettings, which is
// the grid's: the History tab's dialog keeps this one and nothing else.
std::optional<BarScale> loadCompareBarScale(QSettings& store);
void saveCompareBarScale(QSettings& store, std::optional<BarScale> scale);

// The rows a run with these settings uses: the edited rows for the Default profile, the
// profile's fixed rows otherwise.
std::vector<TestRow> effectiveRows(const GuiSettings& settings);

} // namespace dm
