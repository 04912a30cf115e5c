// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QDateTime>
#include <QString>

namespace dm {

// Writes a report through QSaveFile: a failed or interrupted write never leaves a truncated
// report in place of a good one. Returns an empty string, or a one-line reason.
QString writeReportFile(const QString& path, const QByteArray& content);

// "Diskometer_20261129174108.png": the default name of every saved report (REPORTS.md).
QString defaultReportFileName(const QString& suffix, const QDateTime& when);

} // namespace dm
