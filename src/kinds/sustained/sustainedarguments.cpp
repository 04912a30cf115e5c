// SPDX-License-Identifier: GPL-3.0-or-later
#include "sustainedarguments.h"

namespace dm {

QStringList sustainedCliArguments(const SustainedRequest& r)
{
    QStringList a;
    a << QStringLiteral("--total") << QString::number(r.totalBytes);
    a << QStringLiteral("--queue-depth") << QString::number(r.queueDepth);
    return a;
}

} // namespace dm
