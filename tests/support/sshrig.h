// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A real OpenSSH server for tests of `remote ssh://` (issue 31): Debian's sshd on a free port of
// 127.0.0.1 and ::1, with a host key and a client key it makes in its own scratch directory, its
// own sshd_config (only that key, no password, SetEnv PATH so the remote `diskometer-cli` is the
// one under test, or none at all) and a client config for `ssh -F` (that key, a known_hosts
// holding that host key, BatchMode). Nothing of the machine's own ssh setup is read or changed
// except /run/sshd, which sshd's privilege separation needs and which is made when missing.
//
// sshd forks a child per connection that starts a session of its own (setsid), so the process
// group does not hold them: the destructor ends the listener and every descendant found in /proc.
// Root only: sshd authenticates and runs sessions as users, and root is the one the test is.
#include "fioservers.h" // freeLoopbackPort, loopbackAnswers

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QString>
#include <QTemporaryDir>
#include <QThread>

#include <csignal>
#include <set>
#include <sys/prctl.h>
#include <unistd.h>

namespace dm::test {

// Every process under `root` (children, their children, ...), from /proc's PPid lines.
inline std::set<pid_t> descendantsOf(pid_t root)
{
    std::set<pid_t> found { root };
    for (bool grew = true; grew;) {
        grew = false;
        for (const QString& entry : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
            bool isPid = false;
            const pid_t pid = entry.toInt(&isPid);
            if (!isPid || found.count(pid))
                continue;
            QFile status(QStringLiteral("/proc/%1/status").arg(entry));
            if (!status.open(QIODevice::ReadOnly))
                continue;
            for (const QByteArray& line : status.readAll().split('\n'))
                if (line.startsWith("PPid:") && found.count(pid_t(line.mid(5).trimmed().toInt()))) {
                    found.insert(pid);
                    grew = true;
                }
        }
    }
    found.erase(root);
    return found;
}

// The pids of processes whose command line holds `word` and, when given, starts with `start`
// (for "no remote process is left": the remote run is `diskometer-cli PATH ...`, while the local
// `remote` command and its ssh clients hold the same PATH in their command lines too).
inline std::vector<pid_t> processesRunning(const QString& word, const QString& start = {})
{
    std::vector<pid_t> pids;
    for (const QString& entry : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
        bool isPid = false;
        const pid_t pid = entry.toInt(&isPid);
        if (!isPid || pid == ::getpid())
            continue;
        QFile cmdline(QStringLiteral("/proc/%1/cmdline").arg(entry));
        if (!cmdline.open(QIODevice::ReadOnly))
            continue;
        const QString line = QString::fromUtf8(cmdline.readAll().replace('\0', ' '));
        if (line.contains(word) && line.startsWith(start))
            pids.push_back(pid);
    }
    return pids;
}

class SshRig {
public:
    // pathDir: what SetEnv PATH starts with on the host (the built diskometer-cli's directory, a
    // directory holding a fake one, or empty for a host without Diskometer).
    explicit SshRig(const QString& pathDir)
    {
        if (::geteuid() != 0) {
            m_skip = QStringLiteral("sshd needs root to run sessions (the test is not root)");
            return;
        }
        if (!QFile::exists(QStringLiteral("/usr/sbin/sshd")) || QStandardPaths::findExecutable("ssh").isEmpty()
            || QStandardPaths::findExecutable("ssh-keygen").isEmpty()) {
            m_skip = QStringLiteral("OpenSSH is not installed (apt-get install openssh-server openssh-client)");
            return;
        }
        QDir().mkpath(QStringLiteral("/run/sshd")); // privilege separation's empty directory
        const QString d = m_dir.path();
        if (!keygen(d + "/host_key") || !keygen(d + "/client_key")) {
            m_error = QStringLiteral("ssh-keygen failed");
            return;
        }
        QFile::copy(d + "/client_key.pub", d + "/authorized_keys");
        for (int attempt = 0; attempt < 5 && !m_ready; ++attempt) {
            m_port = freeLoopbackPort(false);
            if (!writeConfigs(pathDir))
                return;
            m_process.setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGTERM); });
            m_process.setProcessChannelMode(QProcess::MergedChannels);
            m_process.start(QStringLiteral("/usr/sbin/sshd"), { "-D", "-e", "-f", d + "/sshd_config" });
            if (!m_process.waitForStarted(5000))
                continue;
            QElapsedTimer t;
            t.start();
            while (t.elapsed() < 5000 && m_process.state() == QProcess::Running && !m_ready) {
                m_ready = loopbackAnswers(m_port, false) && loopbackAnswers(m_port, true);
                if (!m_ready)
                    QThread::msleep(50);
            }
            if (!m_ready) {
                m_error = QString::fromUtf8(m_process.readAll());
                stop();
            }
        }
    }
    ~SshRig() { stop(); }
    SshRig(const SshRig&) = delete;
    SshRig& operator=(const SshRig&) = delete;

    QString skipReason() const { return m_skip; }
    bool ready() const { return m_ready; }
    QString error() const { return m_error; }
    int port() const { return m_port; }
    QString dir() const { return m_dir.path(); }
    QString clientConfig() const { return m_dir.path() + "/ssh_config"; }
    // What `remote` takes: "ssh://127.0.0.1:PORT/PATH", "ssh://root@[::1]:PORT/PATH".
    QString spec(const QString& path, bool ipv6 = false, const QString& user = {}) const
    {
        return QStringLiteral("ssh://%1%2:%3%4")
            .arg(user.isEmpty() ? QString() : user + "@", ipv6 ? QStringLiteral("[::1]") : QStringLiteral("127.0.0.1"))
            .arg(m_port)
            .arg(path);
    }
    // The environment that makes `remote` use this rig's client config (DISKOMETER_SSH).
    QProcessEnvironment environment(QProcessEnvironment env = QProcessEnvironment::systemEnvironment()) const
    {
        env.insert(QStringLiteral("DISKOMETER_SSH"), QStringLiteral("ssh -F ") + clientConfig());
        return env;
    }
    // The same config with a known_hosts that does not hold this host's key.
    QString clientConfigWithoutHostKey() const
    {
        const QString path = m_dir.path() + "/ssh_config_unknown";
        QFile f(path);
        if (f.open(QIODevice::WriteOnly | QIODevice::Truncate))
            f.write(clientText(m_dir.path() + "/empty_known_hosts").toUtf8());
        QFile(m_dir.path() + "/empty_known_hosts").open(QIODevice::WriteOnly | QIODevice::Truncate);
        return path;
    }
    // The same config with a key the host does not accept.
    QString clientConfigWithOtherKey() const
    {
        const QString d = m_dir.path();
        if (!QFile::exists(d + "/other_key"))
            keygen(d + "/other_key");
        QString text = clientText(d + "/known_hosts");
        text.replace(QStringLiteral("/client_key"), QStringLiteral("/other_key"));
        QFile f(d + "/ssh_config_other_key");
        if (f.open(QIODevice::WriteOnly | QIODevice::Truncate))
            f.write(text.toUtf8());
        return f.fileName();
    }
    // The sshd processes of the connections (not what they run), killed as a dropped
    // connection or a crashed sshd would end them.
    void killSessions()
    {
        for (const pid_t pid : sessions()) {
            QFile cmdline(QStringLiteral("/proc/%1/cmdline").arg(pid));
            if (cmdline.open(QIODevice::ReadOnly) && cmdline.readAll().startsWith("sshd"))
                ::kill(pid, SIGKILL);
        }
    }
    // The connections' sshd children and what they run (the listener itself not included).
    std::set<pid_t> sessions() const
    {
        return m_process.processId() > 0 ? descendantsOf(pid_t(m_process.processId())) : std::set<pid_t> {};
    }
    QString log() { return QString::fromUtf8(m_process.readAll()); }

private:
    static bool keygen(const QString& file)
    {
        QProcess p;
        p.start(QStringLiteral("ssh-keygen"), { "-q", "-t", "ed25519", "-N", "", "-C", "diskometer-test", "-f", file });
        return p.waitForFinished(10000) && p.exitCode() == 0;
    }

    QString clientText(const QString& knownHosts) const
    {
        return QStringLiteral("Host *\n  Port %1\n  IdentityFile %2/client_key\n  IdentitiesOnly yes\n"
                              "  UserKnownHostsFile %3\n  GlobalKnownHostsFile /dev/null\n"
                              "  StrictHostKeyChecking yes\n  BatchMode yes\n  ConnectTimeout 10\n")
            .arg(m_port)
            .arg(m_dir.path(), knownHosts);
    }

    bool writeConfigs(const QString& pathDir)
    {
        const QString d = m_dir.path();
        QFile hostPub(d + "/host_key.pub");
        if (!hostPub.open(QIODevice::ReadOnly))
            return false;
        const QByteArray key = hostPub.readAll().trimmed();
        const QString path = (pathDir.isEmpty() ? QString() : pathDir + ":") + QStringLiteral("/usr/bin:/bin");
        const QString server = QStringLiteral(
            "ListenAddress 127.0.0.1:%1\nListenAddress [::1]:%1\nHostKey %2/host_key\nPidFile %2/sshd.pid\n"
            "AuthorizedKeysFile %2/authorized_keys\nStrictModes no\nPasswordAuthentication no\n"
            "KbdInteractiveAuthentication no\nPubkeyAuthentication yes\nPermitRootLogin prohibit-password\n"
            "UsePAM no\nPrintMotd no\nSetEnv PATH=%3\n")
                                   .arg(m_port)
                                   .arg(d, path);
        QFile s(d + "/sshd_config"), c(d + "/ssh_config"), k(d + "/known_hosts");
        return s.open(QIODevice::WriteOnly | QIODevice::Truncate) && s.write(server.toUtf8()) > 0
            && c.open(QIODevice::WriteOnly | QIODevice::Truncate) && c.write(clientText(d + "/known_hosts").toUtf8()) > 0
            && k.open(QIODevice::WriteOnly | QIODevice::Truncate)
            && k.write(QStringLiteral("[127.0.0.1]:%1 %2\n[::1]:%1 %2\n").arg(m_port).arg(QString::fromUtf8(key)).toUtf8())
                > 0;
    }

    void stop()
    {
        if (m_process.state() == QProcess::NotRunning)
            return;
        // The sessions first: they are not in the listener's process group.
        for (const pid_t pid : descendantsOf(pid_t(m_process.processId())))
            ::kill(pid, SIGKILL);
        m_process.terminate();
        if (!m_process.waitForFinished(3000)) {
            m_process.kill();
            m_process.waitForFinished(3000);
        }
        m_ready = false;
    }

    QTemporaryDir m_dir;
    QProcess m_process;
    QString m_skip, m_error;
    int m_port = 0;
    bool m_ready = false;
};

} // namespace dm::test
