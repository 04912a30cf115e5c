// SPDX-License-Identifier: GPL-3.0-or-later
#include "scanarguments.h"

namespace dm {

QStringList scanCliArguments(const ScanRequest& r)
{
    QStringList a;
    a << QStringLiteral("--samples") << QString::number(r.samples);
    a << QStringLiteral("--sample-size") << QString::number(r.sampleSize);
    a << QStringLiteral("--access-samples") << QString::number(r.accessSamples);
    if (r.writeBack)
        a << QStringLiteral("--write-back");
    return a;
}

} // namespace dm
