// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A dbus-daemon with the session bus's open policy (privatebus.h has the system bus's, for real
// daemons) on a socket of ours, made this process's
// system bus before Qt first connects to one, for stand-in daemons (power-profiles-daemon,
// UDisks2) that any user may own names on. Stopped by its pid.

#include <QDBusConnection>
#include <QDir>
#include <QFile>
#include <QString>
#include <QTemporaryDir>

#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>

#include <chrono>
#include <cstdlib>
#include <thread>

extern char** environ;

namespace dm::test {

class OpenBus {
public:
    OpenBus()
    {
        using namespace std::chrono_literals;
        const QString socket = QDir(m_dir.path()).filePath(QStringLiteral("bus"));
        address = QStringLiteral("unix:path=") + socket;
        const std::string addressArg = "--address=" + address.toStdString();
        const char* argv[] = { "dbus-daemon", "--session", "--nofork", addressArg.c_str(), nullptr };
        if (::posix_spawnp(&m_pid, "dbus-daemon", nullptr, nullptr, const_cast<char**>(argv), environ) != 0) {
            m_pid = -1;
            return;
        }
        for (int i = 0; i < 400 && !QFile::exists(socket); ++i) // up to 20 s on a busy machine
            std::this_thread::sleep_for(50ms);
        ::setenv("DBUS_SYSTEM_BUS_ADDRESS", address.toLocal8Bit().constData(), 1);
    }
    ~OpenBus()
    {
        if (m_pid > 0) {
            ::kill(m_pid, SIGTERM);
            ::waitpid(m_pid, nullptr, 0);
        }
    }
    OpenBus(const OpenBus&) = delete;
    OpenBus& operator=(const OpenBus&) = delete;
    bool up() const { return m_pid > 0 && QDBusConnection::systemBus().isConnected(); }
    QString address;

private:
    QTemporaryDir m_dir;
    pid_t m_pid = -1;
};

} // namespace dm::test
