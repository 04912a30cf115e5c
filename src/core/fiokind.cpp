// SPDX-License-Identifier: GPL-3.0-or-later
// fio's JSON output imported into the history (one host's jobs), as a test kind. Its jobs read as
// a grid (fioimport.h), so its reports and figures are the grid's; its schema is fio's version.
#include "fioimport.h"
#include "gridkind.h"

namespace dm {

namespace {

    Result<Report> fioDocumentReport(const QByteArray& json)
    {
        auto root = readFioDocument(json);
        if (!root)
            return root.error();
        return fioReport(*root);
    }

} // namespace

const TestKind& fioKind()
{
    static const GridShapedKind kind(
        QStringLiteral("fio"), QStringLiteral("fio-"), QStringLiteral("fio"), fioDocumentReport);
    return kind;
}

} // namespace dm
