// SPDX-License-Identifier: GPL-3.0-or-later
#include "reportwriter.h"

#include "htmlreport.h"
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

Result<QByteArray> webPageOf(const QByteArray& json)
{
    noteOffGuiThread("web page");
    if (json.isEmpty())
        return usageError("no run to save: start a test first");
    return formatHtmlReport(json);
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
            for (const auto& [path, make] : files) {
                const auto content = make();
                if (!content) {
                    std::fprintf(stderr, "diskometer: %s was not written: %s\n", path.toLocal8Bit().constData(),
                        content.error().message.c_str());
                    written = false;
                    continue;
                }
                written = writeReportSayingWhy(path, *content).isEmpty() && written;
            }
            return written;
        },
        std::move(then));
}

} // namespace dm
