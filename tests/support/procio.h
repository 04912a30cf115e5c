// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What a running process has written, from /proc/PID/io, for tests that stop a run once it is
// under way (Ctrl-C or SIGKILL in the middle of a fill or a copy).
#include <QByteArray>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QThread>

namespace dm::test {

// A field of /proc/PID/io: "write_bytes" (what reached a block device's layer: a fill on a
// device) or "wchar" (what went through write(): tmpfs too, whose writes reach no device).
inline quint64 procIoField(qint64 pid, const QByteArray& field)
{
    QFile f(QStringLiteral("/proc/%1/io").arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    const QByteArray key = field + ':';
    for (const QByteArray& line : f.readAll().split('\n'))
        if (line.startsWith(key))
            return line.mid(key.size()).trimmed().toULongLong();
    return 0;
}

// Waits (at most 30 s, while it runs) until the process has written `bytes` by that count.
inline bool waitForProcIo(QProcess& p, const QByteArray& field, quint64 bytes)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < 30000 && p.state() == QProcess::Running) {
        if (procIoField(p.processId(), field) >= bytes)
            return true;
        QThread::msleep(10);
    }
    return false;
}

} // namespace dm::test
