// SPDX-License-Identifier: GPL-3.0-or-later
#include "pageregistry.h"

#include "gridpage.h"
#include "kindregistry.h"

#include <QStringList>

namespace dm {

// Each kind that is a folder of its own defines its page (cmake/kinds.cmake).
#define DM_DECLARE_PAGE(id) TestPage* id##Page(const PageContext& context, QWidget* parent);
DM_FOLDER_KINDS_APP(DM_DECLARE_PAGE)
#undef DM_DECLARE_PAGE

namespace {
    TestPage* makeGrid(const PageContext& c, QWidget* parent) { return new GridPage(c.settings, c.options, parent); }
}

const std::vector<PageEntry>& pageEntries()
{
    static const std::vector<PageEntry> all {
        { kGridPage, makeGrid },
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
