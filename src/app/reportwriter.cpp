// SPDX-License-Identifier: GPL-3.0-or-later
#include "reportwriter.h"

#include "offguithread.h"
#include "reportfile.h"

#include <cstdio>

namespace dm {

QString writeReportSayingWhy(const QString& path, const QByteArray& content)
{
    const QString error = writeReportFile(path, content);
    if (!error.isEmpty())
        std::fprintf(stderr, "diskometer: %s\n", error.toLocal8Bit().constData());
    return error;
}

void writeFilesThen(QObject* context, std::vector<FileJob> files, std::function<void(bool written)> then)
{
    if (files.empty()) {
        then(true);
        return;
    }
    runOffGuiThread(
        context,
        [files = std::move(files)] {
            bool written = true;
            for (const auto& [path, content] : files)
                written = writeReportSayingWhy(path, content()).isEmpty() && written;
            return written;
        },
        std::move(then));
}

} // namespace dm
