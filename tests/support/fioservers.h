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
#include <atomic>
#include <csignal>
#include <poll.h>
#include <sys/prctl.h>
#include <thread>
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
            // Its own process group (kill() takes the whole server), and gone with the test
            // process even when that is killed before its destructors run.
            m_process.setChildProcessModifier([] {
                ::setsid();
                ::prctl(PR_SET_PDEATHSIG, SIGTERM);
            });
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

// The one thing this machine cannot have for real: an fio server of another version. This
// stand-in answers every connection with one command header in protocol `version` (fio's
// header: le16 version, le16 opcode, le32 flags, le64 tag, le32 pdu_len, le16 crc16 of the 20
// bytes before it, le16 crc16 of the payload; fio's crc16 is CRC-16/ARC). fio's client then
// refuses it as it would a real server of that version: "client/server version mismatch".
class OtherVersionFioServer {
public:
    explicit OtherVersionFioServer(uint16_t version)
        : m_version(version)
    {
        m_fd = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in a {};
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t len = sizeof a;
        if (m_fd < 0 || ::bind(m_fd, reinterpret_cast<sockaddr*>(&a), len) != 0 || ::listen(m_fd, 4) != 0
            || ::getsockname(m_fd, reinterpret_cast<sockaddr*>(&a), &len) != 0)
            return;
        m_port = ntohs(a.sin_port);
        m_thread = std::thread([this] { serve(); });
    }
    ~OtherVersionFioServer()
    {
        m_stop = true;
        if (m_thread.joinable())
            m_thread.join();
        if (m_fd >= 0)
            ::close(m_fd);
    }
    int port() const { return m_port; }

private:
    static uint16_t crc16(const unsigned char* p, size_t n)
    {
        uint16_t crc = 0;
        for (size_t i = 0; i < n; ++i) {
            crc ^= p[i];
            for (int b = 0; b < 8; ++b)
                crc = (crc & 1) ? uint16_t((crc >> 1) ^ 0xA001) : uint16_t(crc >> 1);
        }
        return crc;
    }
    void serve()
    {
        while (!m_stop) {
            pollfd p { m_fd, POLLIN, 0 };
            if (::poll(&p, 1, 100) <= 0)
                continue;
            const int c = ::accept(m_fd, nullptr, nullptr);
            if (c < 0)
                continue;
            unsigned char h[24] = {};
            h[0] = uint8_t(m_version & 0xff); // version, little-endian
            h[1] = uint8_t(m_version >> 8);
            h[2] = 6; // an opcode (FIO_NET_CMD_PROBE); the version is refused before it is read
            const uint16_t crc = crc16(h, 20);
            h[20] = uint8_t(crc & 0xff);
            h[21] = uint8_t(crc >> 8);
            (void)!::write(c, h, sizeof h);
            pollfd r { c, POLLIN, 0 };
            char sink[4096];
            while (!m_stop && ::poll(&r, 1, 2000) > 0 && ::read(c, sink, sizeof sink) > 0) {
            }
            ::close(c);
        }
    }

    uint16_t m_version;
    int m_fd = -1;
    int m_port = 0;
    std::atomic<bool> m_stop { false };
    std::thread m_thread;
};

} // namespace dm::test
