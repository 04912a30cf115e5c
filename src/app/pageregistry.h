// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <vector>

class QWidget;

namespace dm {

struct AppOptions;
struct GuiSettings;
class TestPage;

// What a page is made with: the grid's settings (the window's menus edit them) and the command line.
struct PageContext {
    const GuiSettings& settings;
    const AppOptions& options;
};

// The window's page of each test kind that has one, in tab order, the grid's first: one line per
// kind in pageregistry.cpp. The window makes, lists, sets up (--target, --size, ...), runs one
// at a time and stores the runs of its pages through this and TestPage's interface, never by a
// page's class or name; only its menus, which are the grid's settings, reach the grid's page.
struct PageEntry {
    const char* kind; // TestKind::id(); also the name --page takes
    TestPage* (*make)(const PageContext& context, QWidget* parent);
};
inline constexpr char kGridPage[] = "grid"; // the page without --page
const std::vector<PageEntry>& pageEntries();

// "grid, scan, sustained, ...": the names --page takes, for its help and errors.
QString pageKindList();

} // namespace dm
