// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace dm::udisks {

// UDisks2's names on the system bus, for every part that talks to it (opening a device through
// polkit, udisksopener.cpp; reading SMART, udiskshealth.cpp): one place, so that the two never
// ask different services or objects.
inline const QString kService = QStringLiteral("org.freedesktop.UDisks2");
inline const QString kManagerPath = QStringLiteral("/org/freedesktop/UDisks2/Manager");
inline const QString kManagerInterface = QStringLiteral("org.freedesktop.UDisks2.Manager");
inline const QString kBlockInterface = QStringLiteral("org.freedesktop.UDisks2.Block");

} // namespace dm::udisks
