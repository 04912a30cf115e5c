// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Finding an explanation by its text, and all of them for a failure message.
#include "explanations.h"

#include <QStringList>

namespace dm::test {

inline const Explanation* findText(const std::vector<Explanation>& all, const QString& part)
{
    for (const Explanation& e : all)
        if (e.text.contains(part))
            return &e;
    return nullptr;
}

inline QString dump(const std::vector<Explanation>& all)
{
    QStringList lines;
    for (const Explanation& e : all)
        lines << (e.kind == Explanation::Kind::Warning ? QStringLiteral("W: ") : QStringLiteral("N: ")) + e.text;
    return lines.join(QLatin1Char('\n'));
}

} // namespace dm::test
