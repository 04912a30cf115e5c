// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"

#include <QByteArray>
#include <QString>

#include <functional>
#include <utility>
#include <vector>

class QObject;

namespace dm {

// A file to write and what makes its content (a report formatter), both run off the GUI thread. A
// formatter that fails (a web page of a document it cannot read) writes nothing and says why.
using FileJob = std::pair<QString, std::function<Result<QByteArray>()>>;

// Makes and writes the files on a thread of their own (offguithread.h), then `then(written)` on
// the GUI thread while `context` lives (false when one could not be written, said on stderr); at
// once when there are none. For --save-* at the end of a run, the grid's and the pages'.
void writeFilesThen(QObject* context, std::vector<FileJob> files, std::function<void(bool written)> then);

// The web page of a report document (htmlreport.h), for Save as Web Page and --save-html.
Result<QByteArray> webPageOf(const QByteArray& json);

// writeReportFile(), saying on stderr what went wrong; the error, empty when written.
QString writeReportSayingWhy(const QString& path, const QByteArray& content);

} // namespace dm
