// SPDX-License-Identifier: GPL-3.0-or-later
#include "reportfile.h"

#include <QSaveFile>

namespace dm {

QString writeReportFile(const QString& path, const QByteArray& content)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(content) != content.size() || !file.commit())
        return QStringLiteral("cannot write %1: %2").arg(path, file.errorString());
    return {};
}

QString defaultReportFileName(const QString& suffix, const QDateTime& when)
{
    return QStringLiteral("Diskometer_%1.%2").arg(when.toString(QStringLiteral("yyyyMMddhhmmss")), suffix);
}

} // namespace dm
