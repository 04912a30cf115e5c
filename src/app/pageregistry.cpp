// SPDX-License-Identifier: GPL-3.0-or-later
#include "pageregistry.h"

#include "capacitypage.h"
#include "scanpage.h"
#include "sustainedpage.h"
#include "sweeppage.h"

#include <QStringList>

namespace dm {

namespace {
    template <class Page> ToolPage* make(QWidget* parent) { return new Page(parent); }
}

const std::vector<PageEntry>& pageEntries()
{
    static const std::vector<PageEntry> all {
        { "scan", make<ScanPage> },
        { "sustained", make<SustainedPage> },
        { "sweep", make<SweepPage> },
        { "capacity", make<CapacityPage> },
    };
    return all;
}

QString pageKindList()
{
    QStringList names;
    for (const PageEntry& e : pageEntries())
        names << QLatin1String(e.kind);
    return names.join(QStringLiteral(", "));
}

} // namespace dm
