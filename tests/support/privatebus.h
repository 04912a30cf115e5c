// SPDX-License-Identifier: GPL-3.0-or-later
// Real daemons for a test, on a private system bus of the test's own: a dbus-daemon with the
// system bus's policy on a socket in the test's directory, which the daemons and the CLI reach
// through DBUS_SYSTEM_BUS_ADDRESS. The tests neither disturb the machine's own daemons (UDisks2,
// logind, power-profiles-daemon) nor collide with a parallel run. Every process is stopped by its
// pid, never by name. Used by the UDisks2 and the power-profile tests.
#pragma once

#include "testtargets.h"

#include <QFile>
#include <QRegularExpression>
#include <QString>

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <functional>
#include <initializer_list>
#include <string>
#include <thread>
#include <vector>

extern char** environ;

namespace dm::test {

// A daemon this test started, stopped by its pid when the object goes. Its stdout and stderr go
// to a log file; its stdin is a pipe of ours (type() writes to it, closing it is its EOF).
class Daemon {
public:
    Daemon() = default;
    Daemon(const Daemon&) = delete;
    Daemon& operator=(const Daemon&) = delete;
    ~Daemon() { stop(); }

    bool start(const std::vector<std::string>& argv, const std::string& logPath)
    {
        int fds[2];
        if (::pipe2(fds, O_CLOEXEC) != 0)
            return false;
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_adddup2(&actions, fds[0], STDIN_FILENO);
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, logPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
        std::vector<char*> args;
        args.reserve(argv.size() + 1);
        for (const auto& a : argv)
            args.push_back(const_cast<char*>(a.c_str()));
        args.push_back(nullptr);
        const int rc = posix_spawn(&m_pid, args[0], &actions, nullptr, args.data(), environ);
        posix_spawn_file_actions_destroy(&actions);
        ::close(fds[0]);
        m_stdin = fds[1];
        if (rc != 0)
            m_pid = -1;
        m_log = logPath;
        return rc == 0;
    }

    void type(const char* keys) const { [[maybe_unused]] auto n = ::write(m_stdin, keys, std::strlen(keys)); }

    bool running()
    {
        if (m_pid > 0 && ::waitpid(m_pid, nullptr, WNOHANG) == m_pid)
            m_pid = -1;
        return m_pid > 0;
    }

    // SIGTERM, and SIGKILL when it has not gone after 5 s.
    void stop()
    {
        using namespace std::chrono_literals;
        if (m_stdin >= 0)
            ::close(m_stdin);
        m_stdin = -1;
        if (m_pid <= 0)
            return;
        ::kill(m_pid, SIGTERM);
        for (int i = 0; i < 100 && running(); ++i)
            std::this_thread::sleep_for(50ms);
        if (m_pid > 0) {
            ::kill(m_pid, SIGKILL);
            ::waitpid(m_pid, nullptr, 0);
            m_pid = -1;
        }
    }

    std::string logTail() const { return run("tail -n 5 " + m_log); }

private:
    pid_t m_pid = -1;
    int m_stdin = -1;
    std::string m_log;
};

// Polls `ready` every 100 ms; false when it is still not ready after `limit`.
inline bool waitFor(const std::function<bool()>& ready, std::chrono::milliseconds limit)
{
    using namespace std::chrono_literals;
    const auto end = std::chrono::steady_clock::now() + limit;
    while (!ready()) {
        if (std::chrono::steady_clock::now() > end)
            return false;
        std::this_thread::sleep_for(100ms);
    }
    return true;
}

// The first of `paths` that is an executable: daemons live in different places across releases.
inline std::string firstExisting(std::initializer_list<const char*> paths)
{
    for (const char* p : paths)
        if (::access(p, X_OK) == 0)
            return p;
    return {};
}

// The system bus's own configuration on a socket of ours: its policy (every package's files in
// system.d included) but no activation, pid file or syslog.
inline bool writeBusConfig(const std::string& configPath, const std::string& socketPath)
{
    QFile in(QStringLiteral("/usr/share/dbus-1/system.conf"));
    if (!in.open(QIODevice::ReadOnly))
        return false;
    QString config = QString::fromUtf8(in.readAll());
    config.replace(QRegularExpression(QStringLiteral("<listen>.*</listen>")),
        QStringLiteral("<listen>unix:path=%1</listen>").arg(QString::fromStdString(socketPath)));
    config.remove(QRegularExpression(QStringLiteral(
        "<pidfile>.*</pidfile>|<fork/>|<syslog/>|<standard_system_servicedirs/>|<servicehelper>.*</servicehelper>")));
    // Relative to the configuration file's directory, which is now ours.
    config.replace(QStringLiteral("<includedir>system.d</includedir>"),
        QStringLiteral("<includedir>/usr/share/dbus-1/system.d</includedir>"));
    QFile out(QString::fromStdString(configPath));
    return out.open(QIODevice::WriteOnly) && out.write(config.toUtf8()) > 0;
}

// A dbus-daemon with the system bus's policy, listening on `dir`/NAME_socket. `dir` must be open
// to others (0755): the bus and the daemons drop to their own users before they connect.
class PrivateBus {
public:
    // Empty when the bus is up (its socket exists); otherwise what went wrong, with its log.
    std::string start(const std::string& dbusDaemon, const std::string& dir, const std::string& name = "system_bus")
    {
        using namespace std::chrono_literals;
        const std::string socket = dir + "/" + name + "_socket";
        const std::string config = dir + "/" + name + ".conf";
        if (!writeBusConfig(config, socket))
            return "cannot write " + config + " from /usr/share/dbus-1/system.conf";
        if (!m_daemon.start({ dbusDaemon, "--config-file=" + config, "--nofork" }, dir + "/" + name + ".log")
            || !waitFor([&] { return ::access(socket.c_str(), F_OK) == 0; }, 10s))
            return "dbus-daemon did not start: " + m_daemon.logTail();
        m_address = "unix:path=" + socket;
        return {};
    }

    // This bus as the system bus of this process and of everything it starts from now on. Call it
    // before Qt's first use of the system bus: Qt connects once.
    void becomeTheSystemBus() const { ::setenv("DBUS_SYSTEM_BUS_ADDRESS", m_address.c_str(), 1); }

    const std::string& address() const { return m_address; }
    std::string logTail() const { return m_daemon.logTail(); }
    void stop() { m_daemon.stop(); }

private:
    Daemon m_daemon;
    std::string m_address;
};

} // namespace dm::test
