// SPDX-License-Identifier: GPL-3.0-or-later
#include "systeminfo.h"

#include <QFile>
#include <QList>

#include <sys/utsname.h>

namespace dm {

namespace {

    QByteArray readAll(const QString& path)
    {
        QFile file(path);
        // /proc files report a size of 0, so read until EOF rather than trusting size().
        if (!file.open(QIODevice::ReadOnly))
            return {};
        return file.readAll();
    }

    // os-release values are shell-style: optionally quoted, with backslash escapes inside quotes.
    QString unquote(QByteArray value)
    {
        value = value.trimmed();
        if (value.size() >= 2 && (value.front() == '"' || value.front() == '\'') && value.back() == value.front()) {
            const char quote = value.front();
            value = value.mid(1, value.size() - 2);
            if (quote == '"') {
                QByteArray out;
                out.reserve(value.size());
                for (qsizetype i = 0; i < value.size(); ++i) {
                    if (value[i] == '\\' && i + 1 < value.size())
                        ++i;
                    out += value[i];
                }
                value = out;
            }
        }
        return QString::fromUtf8(value);
    }

} // namespace

QString prettyNameFromOsRelease(const QByteArray& osRelease)
{
    QString name, version;
    for (const QByteArray& line : osRelease.split('\n')) {
        const qsizetype eq = line.indexOf('=');
        if (eq <= 0 || line.trimmed().startsWith('#'))
            continue;
        const QByteArray key = line.left(eq).trimmed();
        if (key == "PRETTY_NAME") {
            const QString pretty = unquote(line.mid(eq + 1));
            if (!pretty.isEmpty())
                return pretty;
        } else if (key == "NAME") {
            name = unquote(line.mid(eq + 1));
        } else if (key == "VERSION") {
            version = unquote(line.mid(eq + 1));
        }
    }
    if (!name.isEmpty())
        return version.isEmpty() ? name : name + QLatin1Char(' ') + version;
    return QStringLiteral("Linux");
}

QString cpuModelFromCpuInfo(const QByteArray& cpuInfo)
{
    // x86 says "model name"; older ARM kernels "Processor", POWER "cpu", MIPS "cpu model".
    // Newer ARM kernels name no model at all, and then we report none rather than guess.
    static const QList<QByteArray> keys { "model name", "Processor", "cpu model", "cpu" };
    const QList<QByteArray> lines = cpuInfo.split('\n');
    for (const QByteArray& wanted : keys) {
        for (const QByteArray& line : lines) {
            const qsizetype colon = line.indexOf(':');
            if (colon <= 0 || line.left(colon).trimmed() != wanted)
                continue;
            const QByteArray value = line.mid(colon + 1).simplified();
            if (!value.isEmpty())
                return QString::fromUtf8(value);
        }
    }
    return {};
}

SystemDescription describeSystem(const QString& osReleasePath)
{
    SystemDescription system;
    QByteArray osRelease = readAll(osReleasePath);
    // os-release(5): /etc/os-release may be missing, /usr/lib/os-release is the vendor's copy.
    if (osRelease.isEmpty() && osReleasePath == QLatin1String("/etc/os-release"))
        osRelease = readAll(QStringLiteral("/usr/lib/os-release"));
    system.os = prettyNameFromOsRelease(osRelease);

    utsname uts {};
    if (uname(&uts) == 0)
        system.kernel = QString::fromUtf8(uts.release);

    system.cpu = cpuModelFromCpuInfo(readAll(QStringLiteral("/proc/cpuinfo")));
    return system;
}

} // namespace dm
