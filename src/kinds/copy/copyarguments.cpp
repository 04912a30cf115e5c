// SPDX-License-Identifier: GPL-3.0-or-later
#include "copyarguments.h"

namespace dm {

QStringList copyCliArguments(const CopyRequest& r)
{
    QStringList a;
    a << QStringLiteral("--size") << QString::number(r.size);
    if (r.seed != 0)
        a << QStringLiteral("--seed") << QString::number(r.seed);
    return a;
}

} // namespace dm
