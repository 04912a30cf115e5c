// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QDateTime>
#include <QString>

namespace dm {

// How a report reaches a path (issue 12, items 0 and 3; README "Where a report goes"):
// - a regular file (or a name not there yet) is written to a temporary in the same directory,
//   flushed and renamed into place, so a failed write never leaves half a report where a good
//   one was; a file the user may write in a directory they may not is written in place instead;
// - anything else (character and block devices, FIFOs, `/dev/stdout`, a symlink to any of them)
//   is opened as it is and written in place: never replaced, so `/dev/null` stays a device;
// - `/dev/stdout`, `/dev/stderr` and `/dev/fd/N` are this process's own descriptors, written
//   directly (a socket or a redirected file cannot be reopened safely through /proc).
// Every write, flush and close is checked. Returns an empty string, or a one-line reason that
// names the file and the error.
QString writeReportFile(const QString& path, const QByteArray& content);

// Whether writeReportFile(path) can succeed, asked before a run of minutes starts: the path is
// opened the way it will be opened (a new file's directory by creating and removing a probe),
// except a FIFO, whose reader would see an end of file. Empty string, or a one-line reason.
QString checkReportPath(const QString& path);

// Writes all of `content` to an open descriptor, retrying short writes and EINTR. Empty string,
// or "cannot write NAME: reason".
QString writeAllToDescriptor(int fd, const QByteArray& content, const QString& name);

// "Diskometer_20261129174108.png": the default name of every saved report.
QString defaultReportFileName(const QString& suffix, const QDateTime& when);

} // namespace dm
