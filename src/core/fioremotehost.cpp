// SPDX-License-Identifier: GPL-3.0-or-later
#include "fioremotehost.h"

#include <QRegularExpression>
#include <QStringList>

namespace dm {

namespace {

    Error bad(const QString& spec, const QString& why)
    {
        return usageError(QStringLiteral("'%1': %2 (write HOST[:PORT]:PATH, e.g. pi4.lan:/mnt/ssd, "
                                         "192.168.1.20:8766:/srv/dm or [fd00::2]:/srv/dm)")
                              .arg(spec, why)
                              .toStdString());
    }

} // namespace

QString RemoteHost::name() const
{
    if (port == kFioServerPort)
        return host;
    return (isIpv6() ? QLatin1Char('[') + host + QLatin1Char(']') : host) + QLatin1Char(':') + QString::number(port);
}

QString RemoteHost::clientArgument() const
{
    // fio takes "ip:"/"ip6:" for literal addresses and resolves anything else itself (IPv4).
    static const QRegularExpression ipv4(QStringLiteral("^\\d{1,3}(\\.\\d{1,3}){3}$"));
    const QString prefix = isIpv6() ? QStringLiteral("ip6:") : ipv4.match(host).hasMatch() ? QStringLiteral("ip:") : QString();
    return prefix + host + QLatin1Char(',') + QString::number(port);
}

QString RemoteHost::testFile() const
{
    if (isDevice())
        return {};
    return (path.endsWith(QLatin1Char('/')) ? path : path + QLatin1Char('/')) + QStringLiteral("diskometer-fio.tmp");
}

Result<RemoteHost> parseRemoteHost(const QString& spec)
{
    RemoteHost h;
    QString rest;
    if (spec.startsWith(QLatin1Char('['))) {
        const qsizetype close = spec.indexOf(QLatin1Char(']'));
        if (close < 0)
            return bad(spec, QStringLiteral("the IPv6 address has no closing ]"));
        h.host = spec.mid(1, close - 1);
        if (h.host.isEmpty() || !h.host.contains(QLatin1Char(':')))
            return bad(spec, QStringLiteral("brackets hold an IPv6 address"));
        rest = spec.mid(close + 1);
        if (!rest.startsWith(QLatin1Char(':')))
            return bad(spec, QStringLiteral("the address needs a path after it"));
        rest = rest.mid(1);
    } else {
        const qsizetype colon = spec.indexOf(QLatin1Char(':'));
        if (colon <= 0)
            return bad(spec, colon == 0 ? QStringLiteral("the host is missing") : QStringLiteral("no path on the host"));
        h.host = spec.left(colon);
        rest = spec.mid(colon + 1);
    }
    // An optional port, then the path: "8766:/srv" or "/srv". The path is absolute, so a port
    // is whatever comes before a ":/".
    if (!rest.startsWith(QLatin1Char('/'))) {
        const qsizetype colon = rest.indexOf(QLatin1Char(':'));
        if (colon < 0)
            return bad(spec, rest.isEmpty() ? QStringLiteral("no path on the host")
                                            : QStringLiteral("the path must be absolute on the host"));
        bool ok = false;
        h.port = rest.left(colon).toInt(&ok);
        if (!ok || h.port < 1 || h.port > 65535)
            return bad(spec, QStringLiteral("'%1' is not a port (1-65535)").arg(rest.left(colon)));
        rest = rest.mid(colon + 1);
    }
    if (!rest.startsWith(QLatin1Char('/')))
        return bad(spec, rest.isEmpty() ? QStringLiteral("no path on the host") : QStringLiteral("the path must be absolute on the host"));
    // fio's job files take the path verbatim: a newline or a comma would change the job.
    static const QRegularExpression unsafe(QStringLiteral("[\\n\\r,;#=\\\\]"));
    if (rest.contains(unsafe))
        return bad(spec, QStringLiteral("the path holds a character fio's job files cannot take (, ; # = \\ or a line break)"));
    static const QRegularExpression hostChars(QStringLiteral("^[A-Za-z0-9._:%-]+$"));
    if (!hostChars.match(h.host).hasMatch())
        return bad(spec, QStringLiteral("'%1' is not a host name or address").arg(h.host));
    h.path = rest;
    return h;
}

FioClientDiagnosis diagnoseFioClient(const QString& output, const RemoteHost& host)
{
    FioClientDiagnosis d;
    static const QRegularExpression version(QStringLiteral("client/server version mismatch \\((\\d+) != (\\d+)\\)"));
    if (const auto m = version.match(output); m.hasMatch()) {
        d.problem = FioClientProblem::VersionMismatch;
        // fio prints the version it received first, its own second (checked with a server that
        // answers in protocol 1: "(1 != 97)" from fio 3.33).
        d.detail = QStringLiteral("protocol %1 there, %2 here").arg(m.captured(1), m.captured(2));
        return d;
    }
    const QStringList lines = output.split(QLatin1Char('\n'));
    for (const QString& line : lines) {
        if (line.contains(QLatin1String("disconnected")) && line.contains(QStringLiteral("host=") + host.host)) {
            d.problem = FioClientProblem::Disconnected;
            d.detail = line.trimmed();
            return d;
        }
        if (line.contains(QLatin1String("file creation disallowed"))) {
            d.problem = FioClientProblem::NoSuchDevice;
            d.detail = line.section(QLatin1String("fio: "), -1).trimmed();
            return d;
        }
        if (line.contains(QLatin1String("is not a directory"))) {
            d.problem = FioClientProblem::NotADirectory;
            d.detail = line.section(QLatin1String("fio: "), -1).trimmed();
            return d;
        }
    }
    for (const QString& line : lines)
        if (line.contains(QLatin1String("failed to connect")) || line.contains(QLatin1String("fio: connect:"))) {
            d.problem = FioClientProblem::NoConnection;
            d.detail = line.section(QLatin1String("fio: "), -1).trimmed();
            return d;
        }
    return d;
}

QString noAnswerMessage(const RemoteHost& host, const QString& why)
{
    return QStringLiteral("%1 does not answer on port %2/tcp (%3): start fio's server there "
                          "(`fio --server` as an unprivileged user, see docs/REMOTE.md) and open the port "
                          "to this machine (e.g. `ufw allow from THIS-IP to any port %2 proto tcp`)")
        .arg(host.name())
        .arg(host.port)
        .arg(why);
}

QString versionMismatchMessage(const RemoteHost& host, const QString& localVersion, const QString& detail)
{
    return QStringLiteral("fio refuses to work with %1: this machine has %2 and the server there speaks another "
                          "version of fio's protocol (%3): install the same fio version on both (`fio --version` "
                          "on each)")
        .arg(host.name(), localVersion, detail);
}

} // namespace dm
