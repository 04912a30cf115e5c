// SPDX-License-Identifier: GPL-3.0-or-later
#include "reportfile.h"

#include <QRandomGenerator>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

namespace dm {

namespace {

    QString errnoText(int error) { return QString::fromLocal8Bit(std::strerror(error)); }
    QString cannotWrite(const QString& path, int error)
    {
        return QStringLiteral("cannot write %1: %2").arg(path, errnoText(error));
    }

    // Where the bytes for a path go, found by following its symlinks one hop at a time: a hop
    // into /dev/fd or /proc must not be resolved further, because renaming over what a
    // descriptor points at would replace the file a shell redirected stdout to.
    struct Destination {
        enum class Kind { Descriptor, InPlace, Replace, Directory } kind = Kind::Replace;
        int fd = -1;
        std::string path; // the last hop: the node written in place, or the file replaced
        bool exists = false;
        struct stat st { };
    };

    // "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1", "/proc/<our pid>/fd/1": -1 for anything else.
    int ownDescriptor(const std::string& p)
    {
        if (p == "/dev/stdout")
            return STDOUT_FILENO;
        if (p == "/dev/stderr")
            return STDERR_FILENO;
        std::string rest;
        for (const std::string& prefix :
            { std::string("/dev/fd/"), std::string("/proc/self/fd/"), "/proc/" + std::to_string(::getpid()) + "/fd/" })
            if (p.rfind(prefix, 0) == 0)
                rest = p.substr(prefix.size());
        if (rest.empty() || rest.size() > 9 || rest.find_first_not_of("0123456789") != std::string::npos)
            return -1;
        return std::stoi(rest);
    }

    std::string directoryOf(const std::string& p)
    {
        const auto slash = p.rfind('/');
        return slash == std::string::npos ? std::string(".") : slash == 0 ? std::string("/") : p.substr(0, slash);
    }

    Destination destinationOf(const QString& path)
    {
        Destination d;
        std::string p = path.toLocal8Bit().toStdString();
        for (int hop = 0; hop < 40; ++hop) {
            if ((d.fd = ownDescriptor(p)) >= 0) {
                d.kind = Destination::Kind::Descriptor;
                return d;
            }
            d.path = p;
            if (p.rfind("/proc/", 0) == 0) { // another magic link: reopened, never replaced
                d.kind = Destination::Kind::InPlace;
                d.exists = true;
                return d;
            }
            if (::lstat(p.c_str(), &d.st) != 0) {
                d.kind = Destination::Kind::Replace; // not there (yet): creating it says why not
                return d;
            }
            d.exists = true;
            if (S_ISLNK(d.st.st_mode)) {
                char target[4096];
                const ssize_t n = ::readlink(p.c_str(), target, sizeof target - 1);
                if (n <= 0)
                    break;
                const std::string next(target, size_t(n));
                p = next.front() == '/' ? next : directoryOf(p) + "/" + next;
                continue;
            }
            d.kind = S_ISREG(d.st.st_mode) ? Destination::Kind::Replace
                : S_ISDIR(d.st.st_mode)    ? Destination::Kind::Directory
                                           : Destination::Kind::InPlace;
            return d;
        }
        // A symlink loop or an unreadable link: opening it in place gives the kernel's reason.
        d.kind = Destination::Kind::InPlace;
        return d;
    }

    QString isDirectory(const QString& path) { return QStringLiteral("%1 is a directory: give a file name").arg(path); }

    // A socket cannot be opened as a file; say what can be.
    QString openError(const QString& path, const Destination& d, int error)
    {
        if (error == ENXIO && d.exists && S_ISSOCK(d.st.st_mode))
            return QStringLiteral("cannot write %1: it is a socket; give a file, a device, a FIFO or - (standard output)")
                .arg(path);
        return cannotWrite(path, error);
    }

    // Opens a temporary next to `target` with the mode the file will have (a new file's honours
    // the umask, as any program's would). -1 and errno when the directory refuses.
    int openTemporary(const std::string& target, mode_t mode, std::string* name)
    {
        const std::string dir = directoryOf(target);
        const std::string base = target.substr(target.rfind('/') == std::string::npos ? 0 : target.rfind('/') + 1);
        for (int attempt = 0; attempt < 100; ++attempt) {
            char suffix[16];
            std::snprintf(suffix, sizeof suffix, "%08x", QRandomGenerator::global()->generate());
            *name = dir + "/." + base + "." + suffix + ".tmp";
            const int fd = ::open(name->c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
            if (fd >= 0 || errno != EEXIST)
                return fd;
        }
        errno = EEXIST;
        return -1;
    }

    QString writeAndClose(int fd, const QByteArray& content, const QString& path, bool sync)
    {
        QString error = writeAllToDescriptor(fd, content, path);
        // A full or failing disk may only say so here, after write() took the bytes.
        if (error.isEmpty() && sync && ::fsync(fd) != 0 && errno != EINVAL && errno != EROFS)
            error = cannotWrite(path, errno);
        if (::close(fd) != 0 && error.isEmpty() && errno != EINTR)
            error = cannotWrite(path, errno);
        return error;
    }

    // A device, FIFO or magic link is written from where it opens; a regular file reached this
    // way (through /proc, or in a directory the user may not write) is emptied first.
    QString writeInPlace(const QString& path, const Destination& d, const QByteArray& content)
    {
        const int fd = ::open(d.path.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC);
        if (fd < 0)
            return openError(path, d, errno);
        struct stat st { };
        const bool regular = ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
        if (regular && ::ftruncate(fd, 0) != 0) {
            const int error = errno;
            ::close(fd);
            return cannotWrite(path, error);
        }
        return writeAndClose(fd, content, path, regular);
    }

    QString writeReplacing(const QString& path, const Destination& d, const QByteArray& content)
    {
        std::string temporary;
        const int fd = openTemporary(d.path, d.exists ? (d.st.st_mode & 07777) : 0666, &temporary);
        if (fd < 0) {
            const int error = errno;
            // A file the user may write in a directory they may not: written in place, as any
            // editor would; the report cannot be atomic there, but it is what was asked for.
            if (d.exists && (error == EACCES || error == EPERM))
                return writeInPlace(path, d, content);
            return cannotWrite(path, error);
        }
        if (d.exists && ::geteuid() == 0 && ::fchown(fd, d.st.st_uid, d.st.st_gid) != 0) {
            // root replacing a user's file leaves it theirs where it can; a courtesy, not a failure
        }
        QString error = writeAndClose(fd, content, path, true);
        if (error.isEmpty() && ::rename(temporary.c_str(), d.path.c_str()) != 0)
            error = cannotWrite(path, errno);
        if (!error.isEmpty())
            ::unlink(temporary.c_str());
        return error;
    }

} // namespace

QString writeAllToDescriptor(int fd, const QByteArray& content, const QString& name)
{
    const char* data = content.constData();
    size_t left = size_t(content.size());
    while (left > 0) {
        const ssize_t n = ::write(fd, data, left);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return cannotWrite(name, errno);
        if (n == 0)
            return cannotWrite(name, ENOSPC);
        data += n;
        left -= size_t(n);
    }
    return {};
}

QString writeReportFile(const QString& path, const QByteArray& content)
{
    const Destination d = destinationOf(path);
    switch (d.kind) {
    case Destination::Kind::Descriptor:
        // stdio may hold earlier output for the same descriptor: it goes first.
        if (d.fd == STDOUT_FILENO && std::fflush(stdout) != 0)
            return cannotWrite(path, errno);
        return writeAllToDescriptor(d.fd, content, path);
    case Destination::Kind::Directory:
        return isDirectory(path);
    case Destination::Kind::InPlace:
        return writeInPlace(path, d, content);
    case Destination::Kind::Replace:
        return writeReplacing(path, d, content);
    }
    return {};
}

QString checkReportPath(const QString& path)
{
    const Destination d = destinationOf(path);
    switch (d.kind) {
    case Destination::Kind::Descriptor: {
        const int flags = ::fcntl(d.fd, F_GETFL);
        if (flags < 0 || (flags & O_ACCMODE) == O_RDONLY)
            return QStringLiteral("%1 is not open for writing in this process").arg(path);
        return {};
    }
    case Destination::Kind::Directory:
        return isDirectory(path);
    case Destination::Kind::InPlace: {
        // Opening a FIFO's write end and closing it would end its reader's input: ask instead.
        if (d.exists && S_ISFIFO(d.st.st_mode))
            return ::faccessat(AT_FDCWD, d.path.c_str(), W_OK, AT_EACCESS) == 0
                ? QString()
                : QStringLiteral("%1: no permission to write to this FIFO").arg(path);
        const int fd = ::open(d.path.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK);
        if (fd < 0)
            return openError(path, d, errno);
        ::close(fd);
        return {};
    }
    case Destination::Kind::Replace:
        break;
    }
    if (d.exists) { // the file itself decides: written through a temporary or, failing that, in place
        const int fd = ::open(d.path.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC);
        if (fd < 0)
            return errno == EACCES || errno == EPERM
                ? QStringLiteral("%1: no permission to write this file").arg(path)
                : cannotWrite(path, errno);
        ::close(fd);
        return {};
    }
    const QString dir = QString::fromLocal8Bit(directoryOf(d.path).c_str());
    std::string probe;
    const int fd = openTemporary(d.path, 0600, &probe);
    if (fd < 0) {
        const int error = errno;
        if (error == ENOENT || error == ENOTDIR)
            return QStringLiteral("%1: the directory %2 does not exist").arg(path, dir);
        if (error == EACCES || error == EPERM)
            return QStringLiteral("%1: no permission to create files in %2").arg(path, dir);
        return QStringLiteral("%1: cannot create files in %2: %3").arg(path, dir, errnoText(error));
    }
    ::close(fd);
    ::unlink(probe.c_str());
    return {};
}

QString defaultReportFileName(const QString& suffix, const QDateTime& when)
{
    return QStringLiteral("Diskometer_%1.%2").arg(when.toString(QStringLiteral("yyyyMMddhhmmss")), suffix);
}

} // namespace dm
