// SPDX-License-Identifier: GPL-3.0-or-later
#include "sweeparguments.h"

namespace dm {

QStringList sweepCliArguments(const SweepRequest& r)
{
    const auto seconds = [](double s) { return QString::number(s, 'g', 12); };
    QStringList a;
    a << QStringLiteral("--pattern") << (r.pattern == Pattern::Random ? QStringLiteral("rnd") : QStringLiteral("seq"));
    a << QStringLiteral("--queue-depth") << QString::number(r.queueDepth);
    a << QStringLiteral("--threads") << QString::number(r.threads);
    a << QStringLiteral("--min") << QString::number(r.minBlockSize);
    a << QStringLiteral("--max") << QString::number(r.maxBlockSize);
    a << QStringLiteral("--mode")
      << (r.reads && r.writes ? QStringLiteral("all")
                 : r.reads    ? QStringLiteral("read")
                              : QStringLiteral("write"));
    a << QStringLiteral("--size") << QString::number(r.settings.testSize);
    a << QStringLiteral("--measure") << seconds(r.settings.measureSeconds);
    a << QStringLiteral("--warmup") << seconds(r.settings.warmupSeconds);
    return a;
}

} // namespace dm
