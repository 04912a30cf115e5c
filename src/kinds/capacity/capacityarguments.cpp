// SPDX-License-Identifier: GPL-3.0-or-later
#include "capacityarguments.h"

namespace dm {

QStringList capacityCliArguments(const CapacityRequest& r)
{
    QStringList a;
    if (r.size != 0) // 0: all the free space, the command's own default
        a << QStringLiteral("--size") << QString::number(r.size);
    if (!r.restore)
        a << QStringLiteral("--no-restore");
    return a;
}

} // namespace dm
