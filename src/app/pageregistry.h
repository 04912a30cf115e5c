// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <vector>

class QWidget;

namespace dm {

class ToolPage;

// The window's page of each test kind that has one, in tab order after the grid's: one line per
// kind in pageregistry.cpp. The window makes, lists, sets up (--target, --size, ...) and stores
// the runs of its pages through this and ToolPage's interface, never by a page's class or name.
struct PageEntry {
    const char* kind; // TestKind::id(); also the name --page takes
    ToolPage* (*make)(QWidget* parent);
};
const std::vector<PageEntry>& pageEntries();

// "scan, sustained, sweep": the names --page takes, for its help and errors.
QString pageKindList();

} // namespace dm
