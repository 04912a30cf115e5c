// SPDX-License-Identifier: GPL-3.0-or-later
// The one QApplication of a window test binary: made on first use, on the offscreen platform,
// with the engine's value types registered for queued signals. A window stores every finished
// run, so a binary run by hand (outside ctest, which sets XDG_DATA_HOME to the build tree) stores
// into test-history.sqlite in the current directory, never into its user's history.
#pragma once

#include "benchmarkcontroller.h"

#include <QApplication>
#include <QDir>

namespace dm::test {

inline QApplication& offscreenApp()
{
    static int argc = 1;
    static char arg0[] = "diskometer-test";
    static char* argv[] = { arg0, nullptr };
    static QApplication* app = [] {
        qputenv("QT_QPA_PLATFORM", "offscreen");
        if (qEnvironmentVariableIsEmpty("XDG_DATA_HOME") && qEnvironmentVariableIsEmpty("DISKOMETER_HISTORY_DB"))
            qputenv("DISKOMETER_HISTORY_DB", QDir::currentPath().toUtf8() + "/test-history.sqlite");
        auto* made = new QApplication(argc, argv);
        registerEngineMetaTypes();
        return made;
    }();
    return *app;
}

} // namespace dm::test
