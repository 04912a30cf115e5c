// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Real fio servers for tests of `remote` (issue 17): `fio --server=ip:127.0.0.1,PORT` or
// `ip6:::1,PORT` on a free port, each in its own process group so a test can kill the whole
// server (listener and the children it forks per connection and per job) as a host that goes
// down would, and the destructor can clean up whatever the test did. Loopback addresses only.
#include <QElapsedTimer>
#include <QProcess>
#include <QString>
#include <QThread>

#include <arpa/inet.h>
#include <csignal>
#include <cstring>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

namespace dm::test {

// A port nobody listens on right now (bound once, then released).
inline int freeLoopbackPort(bool ipv6 = false)
{
    const int fd = ::socket(ipv6 ? AF_INET6 : AF_INET, SOCK_STREAM, 0);
    if (fd < 0)
        return 0;
    sockaddr_storage ss {};
    socklen_t len = 0;
    if (ipv6) {
        auto* a = reinterpret_cast<sockaddr_in6*>(&ss);
        a->sin6_family = AF_INET6;
        a->sin6_addr = in6addr_loopback;
        len = sizeof *a;
    } else {
        auto* a = reinterpret_cast<sockaddr_in*>(&ss);
        a->sin_family = AF_INET;
        a->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        len = sizeof *a;
    }
    int port = 0;
    if (::bind(fd, reinterpret_cast<sockaddr*>(&ss), len) == 0
        && ::getsockname(fd, reinterpret_cast<sockaddr*>(&ss), &len) == 0)
        port = ipv6 ? ntohs(reinterpret_cast<sockaddr_in6*>(&ss)->sin6_port)
                    : ntohs(reinterpret_cast<sockaddr_in*>(&ss)->sin_port);
    ::close(fd);
    return port;
}

inline bool loopbackAnswers(int port, bool ipv6)
{
    const int fd = ::socket(ipv6 ? AF_INET6 : AF_INET, SOCK_STREAM, 0);
    if (fd < 0)
        return false;
    int rc = -1;
    if (ipv6) {
        sockaddr_in6 a {};
        a.sin6_family = AF_INET6;
        a.sin6_addr = in6addr_loopback;
        a.sin6_port = htons(uint16_t(port));
        rc = ::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a);
    } else {
        sockaddr_in a {};
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        a.sin_port = htons(uint16_t(port));
        rc = ::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a);
    }
    ::close(fd);
    return rc == 0;
}

class FioServer {
public:
    // prefix: e.g. {"setpriv", "--reuid=65534", ...} to run the server as another user.
    explicit FioServer(bool ipv6 = false, const QStringList& prefix = {})
        : m_ipv6(ipv6)
    {
        for (int attempt = 0; attempt < 5 && !m_ready; ++attempt) {
            m_port = freeLoopbackPort(ipv6);
            QStringList args = prefix;
            args << QStringLiteral("fio")
                 << QStringLiteral("--server=%1,%2").arg(ipv6 ? QStringLiteral("ip6:::1") : QStringLiteral("ip:127.0.0.1")).arg(m_port);
            m_process.setChildProcessModifier([] { ::setsid(); });
            m_process.setProcessChannelMode(QProcess::MergedChannels);
            m_process.start(args.takeFirst(), args);
            if (!m_process.waitForStarted(5000))
                continue;
            QElapsedTimer t;
            t.start();
            while (t.elapsed() < 5000 && m_process.state() == QProcess::Running && !m_ready) {
                m_ready = loopbackAnswers(m_port, ipv6);
                if (!m_ready)
                    QThread::msleep(50);
            }
            if (!m_ready)
                stop();
        }
    }
    ~FioServer() { stop(); }
    FioServer(const FioServer&) = delete;
    FioServer& operator=(const FioServer&) = delete;

    bool ready() const { return m_ready; }
    int port() const { return m_port; }
    // "127.0.0.1:PORT:DIR" or "[::1]:PORT:DIR", as `remote` takes it.
    QString spec(const QString& dir) const
    {
        return (m_ipv6 ? QStringLiteral("[::1]") : QStringLiteral("127.0.0.1")) + QStringLiteral(":%1:").arg(m_port) + dir;
    }
    QString name() const
    {
        return (m_ipv6 ? QStringLiteral("[::1]") : QStringLiteral("127.0.0.1")) + QStringLiteral(":%1").arg(m_port);
    }
    // The whole server at once, as a host that loses power: nothing it runs cleans up.
    void kill()
    {
        if (m_process.processId() > 0)
            ::kill(-pid_t(m_process.processId()), SIGKILL);
        m_process.waitForFinished(5000);
        m_ready = false;
    }
    bool running() const { return m_process.state() == QProcess::Running; }

private:
    void stop()
    {
        if (m_process.state() != QProcess::NotRunning) {
            ::kill(-pid_t(m_process.processId()), SIGTERM);
            if (!m_process.waitForFinished(3000)) {
                ::kill(-pid_t(m_process.processId()), SIGKILL);
                m_process.waitForFinished(3000);
            }
        }
    }

    bool m_ipv6;
    int m_port = 0;
    bool m_ready = false;
    QProcess m_process;
};

} // namespace dm::test
