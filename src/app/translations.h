// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

class QApplication;

namespace dm {

// Installs the window's translation and Qt's own (for the standard dialogs and buttons) for
// `language` ("ja", "en", "ja_JP"…), or for the desktop's locale when it is empty. A language
// without a translation leaves the source text, English. Call it once, after the QApplication
// exists and before any window is built: widgets take their text when they are made.
void installTranslations(QApplication& app, const QString& language);

} // namespace dm
