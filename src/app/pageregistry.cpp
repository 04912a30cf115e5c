// SPDX-License-Identifier: GPL-3.0-or-later
#include "pageregistry.h"

#include "gridpage.h"
#include "kindregistry.h"
#include "scanpage.h"
#include "sustainedpage.h"
#include "sweeppage.h"

#include <QStringList>

namespace dm {

// Each kind that is a folder of its own defines its page (cmake/kinds.cmake).
#define DM_DECLARE_PAGE(id) TestPage* id##Page(const PageContext& context, QWidget* parent);
DM_FOLDER_KINDS_APP(DM_DECLARE_PAGE)
#undef DM_DECLARE_PAGE

namespace {
    // The other kinds' pages take their options after they are made (TestPage::applyOptions).
    template <class Page> TestPage* make(const PageContext&, QWidget* parent) { return new Page(parent); }
    TestPage* makeGrid(const PageContext& c, QWidget* parent) { return new GridPage(c.settings, c.options, parent); }
}

const std::vector<PageEntry>& pageEntries()
{
    static const std::vector<PageEntry> all {
        { kGridPage, makeGrid },
        { "scan", make<ScanPage> },
        { "sustained", make<SustainedPage> },
        { "sweep", make<SweepPage> },
#define DM_PAGE_ENTRY(id) { #id, id##Page },
        DM_FOLDER_KINDS_APP(DM_PAGE_ENTRY)
#undef DM_PAGE_ENTRY
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
