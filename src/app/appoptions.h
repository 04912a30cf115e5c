// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "appsettings.h"
#include "error.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace dm {

// The window's command line, for scripted screenshots and tests (issue: Automation). Values
// given here apply to this session and are not saved as the user's settings.
struct AppOptions {
    std::optional<QString> target;
    std::optional<Profile> profile;
    std::optional<Preset> preset;
    std::optional<Mode> mode;
    std::optional<int> count;
    std::optional<uint64_t> size;
    std::optional<double> measure, interval, warmup;
    std::optional<int> mix; // read share
    std::optional<Unit> unit;
    std::optional<EngineKind> engine;
    bool noPowerHold = false; // --no-power-hold: the setting "Hold the performance power profile" off
    QString comment;
    QString palette; // "", "light" or "dark"
    QString language; // "ja", "en"…; empty: the desktop's locale
    QString page; // --page: "scan", "sustained", "sweep" or "history" (empty: the grid)
    QList<qint64> compare; // --compare ID,ID,...: open the comparison of these stored runs
    QString historyPath; // the history file; empty: HistoryStore::defaultPath() (tests set it)
    int historyBusyTimeoutMs = 10000; // HistoryStore's default; tests of a locked file wait less
    bool start = false;
    QString saveImage, saveText, saveJson, saveMarkdown, saveCsv, saveHtml;
    QString statsFile; // --stats: GUI smoothness figures for bench/gui-stall
    bool quitWhenDone = false;
    bool allowRoot = false; // test rigs and containers only: the window never needs root
    bool showHelp = false;
    bool showVersion = false; // --version: print it and quit, as diskometer-cli does
    QString helpText;

    bool anyOverride() const;
    // Applies the overrides to the settings the window starts with.
    void applyTo(GuiSettings& settings) const;
};

Result<AppOptions> parseAppOptions(const QStringList& arguments);

} // namespace dm
