// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QFile>
#include <QString>

namespace dm {

// What a sysfs attribute file holds (one value, a line), trimmed; empty where it cannot be read.
// Only for sysfs and its fixture trees: a file of a hung mount would block here.
inline QString readSysfsValue(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll()).trimmed();
}

} // namespace dm
