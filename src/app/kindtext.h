// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QString>

namespace dm {

// A kind's title, axis label or series name (testkind.h, English) in the window's language:
// the kinds mark them for lupdate in the context "dm::TestKind".
inline QString kindText(const QString& english)
{
    return QCoreApplication::translate("dm::TestKind", english.toUtf8().constData());
}

} // namespace dm
