// SPDX-License-Identifier: GPL-3.0-or-later
#include "filesarguments.h"

namespace dm {

QStringList filesCliArguments(const FilesRequest& r)
{
    QStringList a;
    a << QStringLiteral("--files") << QString::number(r.files);
    a << QStringLiteral("--file-size") << QString::number(r.fileSize);
    a << QStringLiteral("--dirs") << QString::number(r.dirs);
    a << QStringLiteral("--sync") << QString::fromLatin1(filesSyncName(r.sync));
    return a;
}

} // namespace dm
