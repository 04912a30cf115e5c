// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QImage>

class QWidget;

namespace dm {

// The window as an image for a report: its contents under a title line with the window's title
// ("Diskometer <0Fill>"). The window manager's title bar cannot be grabbed portably, and the
// title names the test data as CrystalDiskMark's screenshots do, so we draw it ourselves.
// Line edits' placeholders are left out.
QImage windowImage(QWidget& window);

} // namespace dm
