// SPDX-License-Identifier: GPL-3.0-or-later
// The copy benchmark's file work (copybench.h): making a set, dropping its cached pages, copying
// a tree with read()/write(), and a syncfs() that Stop does not wait for.
#include "copybench.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <memory>
#include <mutex>
#include <thread>

namespace dm {

namespace {

    // A copied tree is as deep as the sets make it (a few levels); deeper is not ours.
    constexpr int kMaxDepth = 64;

    Error errnoError(const std::string& what, int err)
    {
        return (err == ENOSPC || err == EDQUOT ? targetError : ioError)(what + ": " + std::strerror(err), err);
    }
    Error cancelled() { return { Error::Kind::Cancelled, "stopped", 0 }; }

    class Fd {
    public:
        explicit Fd(int fd)
            : m_fd(fd)
        {
        }
        ~Fd()
        {
            if (m_fd >= 0)
                ::close(m_fd);
        }
        Fd(const Fd&) = delete;
        Fd& operator=(const Fd&) = delete;
        int get() const { return m_fd; }
        // close() reports a write-back error on some filesystems (NFS): a copy must hear it.
        int close()
        {
            const int rc = ::close(m_fd);
            m_fd = -1;
            return rc;
        }

    private:
        int m_fd;
    };

    bool writeAll(int fd, const char* data, size_t n)
    {
        while (n > 0) {
            const ssize_t w = ::write(fd, data, n);
            if (w < 0 && errno == EINTR)
                continue;
            if (w <= 0) {
                if (w == 0)
                    errno = EIO;
                return false;
            }
            data += w;
            n -= size_t(w);
        }
        return true;
    }

    // Random bytes no compressor can shrink: a drive that compresses (SandForce, some NVMe
    // firmware, btrfs with compress) must write every byte, as with the media files of a real copy.
    void fillRandom(uint64_t* words, size_t count, uint64_t key)
    {
        uint64_t state = key;
        for (size_t i = 0; i < count; ++i) {
            uint64_t z = (state += 0x9e3779b97f4a7c15ull);
            z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
            z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
            words[i] = z ^ (z >> 31);
        }
    }

    struct Copier {
        CopyCounts& copied;
        const CopyProgress& progress;
        const std::atomic<bool>& cancel;
        std::unique_ptr<char[]> buffer { new char[kCopyBufferBytes] };

        Status file(int fromDir, int toDir, const char* name)
        {
            Fd in(::openat(fromDir, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC));
            if (in.get() < 0)
                return errnoError(std::string("cannot open ") + name + " to copy it", errno);
            Fd out(::openat(toDir, name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600));
            if (out.get() < 0)
                return errnoError(std::string("cannot create the copy of ") + name, errno);
            // What cp and file managers tell the kernel before a copy: a larger readahead. It
            // moves nothing by itself, and without it a large file would be read slower than
            // any copying program reads it.
            (void)::posix_fadvise(in.get(), 0, 0, POSIX_FADV_SEQUENTIAL);
            for (;;) {
                if (cancel.load())
                    return cancelled();
                const ssize_t n = ::read(in.get(), buffer.get(), kCopyBufferBytes);
                if (n < 0 && errno == EINTR)
                    continue;
                if (n < 0)
                    return errnoError(std::string("cannot read ") + name, errno);
                if (n == 0)
                    break;
                ++copied.reads;
                if (!writeAll(out.get(), buffer.get(), size_t(n)))
                    return errnoError(std::string("cannot write the copy of ") + name, errno);
                ++copied.writes;
                copied.bytes += uint64_t(n);
                if (progress)
                    progress(uint64_t(n));
            }
            if (out.close() != 0)
                return errnoError(std::string("cannot close the copy of ") + name, errno);
            ++copied.files;
            return Ok {};
        }

        Status folder(int fromDir, int toDir, int depth)
        {
            if (depth > kMaxDepth)
                return ioError("the folders to copy nest deeper than " + std::to_string(kMaxDepth) + " levels", ELOOP);
            ++copied.folders;
            // A descriptor of its own for the listing: fdopendir takes it over.
            DIR* listing = ::fdopendir(::dup(fromDir));
            if (!listing)
                return errnoError("cannot list a folder to copy", errno);
            const std::unique_ptr<DIR, int (*)(DIR*)> closer(listing, ::closedir);
            ::rewinddir(listing);
            while (const dirent* e = ::readdir(listing)) {
                const std::string_view n = e->d_name;
                if (n == "." || n == "..")
                    continue;
                unsigned char type = e->d_type;
                if (type == DT_UNKNOWN) { // some filesystems do not say: ask
                    struct stat st { };
                    if (::fstatat(fromDir, e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0)
                        return errnoError(std::string("cannot look at ") + e->d_name, errno);
                    type = S_ISDIR(st.st_mode) ? DT_DIR : S_ISREG(st.st_mode) ? DT_REG : DT_UNKNOWN;
                }
                if (type == DT_REG) {
                    if (auto st = file(fromDir, toDir, e->d_name); !st)
                        return st;
                } else if (type == DT_DIR) {
                    if (cancel.load())
                        return cancelled();
                    if (::mkdirat(toDir, e->d_name, 0700) != 0)
                        return errnoError(std::string("cannot make the folder ") + e->d_name, errno);
                    Fd from(::openat(fromDir, e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
                    Fd to(::openat(toDir, e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
                    if (from.get() < 0 || to.get() < 0)
                        return errnoError(std::string("cannot open the folder ") + e->d_name, errno);
                    if (auto st = folder(from.get(), to.get(), depth + 1); !st)
                        return st;
                }
                // Anything else (a link, a device node) is not in our sets and is not copied.
            }
            return Ok {};
        }
    };

} // namespace

Status makeCopySet(const CopySetPlan& plan, int dirFd, uint64_t seed, CopyCounts& made, const CopyProgress& progress,
    const std::atomic<bool>& cancel)
{
    for (uint32_t f = 1; f < plan.folders(); ++f) {
        if (cancel.load())
            return cancelled();
        if (::mkdirat(dirFd, plan.folderPath(f).c_str(), 0700) != 0)
            return errnoError("cannot make the folder " + plan.folderPath(f), errno);
        ++made.folders;
    }
    ++made.folders; // the set's own, which the caller made
    std::vector<uint64_t> words(kCopyBufferBytes / sizeof(uint64_t));
    for (size_t i = 0; i < plan.files.size(); ++i) {
        const std::string folder = plan.folderPath(plan.files[i].folder);
        const std::string path = folder.empty() ? plan.fileName(i) : folder + "/" + plan.fileName(i);
        Fd out(::openat(dirFd, path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600));
        if (out.get() < 0)
            return errnoError("cannot create " + path, errno);
        uint64_t chunk = 0;
        for (uint64_t left = plan.files[i].bytes; left > 0; ++chunk) {
            if (cancel.load())
                return cancelled();
            const size_t n = size_t(std::min<uint64_t>(left, kCopyBufferBytes));
            fillRandom(words.data(), (n + 7) / 8, seed ^ (uint64_t(plan.kind) << 60) ^ (uint64_t(i) << 24) ^ chunk);
            if (!writeAll(out.get(), reinterpret_cast<const char*>(words.data()), n))
                return errnoError("cannot write " + path, errno);
            left -= n;
            made.bytes += n;
            if (progress)
                progress(n);
        }
        if (out.close() != 0)
            return errnoError("cannot close " + path, errno);
        ++made.files;
    }
    return Ok {};
}

Status dropCopySetCache(const CopySetPlan& plan, int dirFd, const std::atomic<bool>& cancel)
{
    for (size_t i = 0; i < plan.files.size(); ++i) {
        if (cancel.load())
            return cancelled();
        const std::string folder = plan.folderPath(plan.files[i].folder);
        const std::string path = folder.empty() ? plan.fileName(i) : folder + "/" + plan.fileName(i);
        Fd fd(::openat(dirFd, path.c_str(), O_RDONLY | O_CLOEXEC));
        if (fd.get() < 0)
            return errnoError("cannot open " + path + " to drop its cached pages", errno);
        // Only clean pages are dropped: the caller synced the filesystem first. An error here
        // only means the copy may read some of the source from memory: not worth stopping for.
        (void)::posix_fadvise(fd.get(), 0, 0, POSIX_FADV_DONTNEED);
    }
    return Ok {};
}

Status copyTree(int fromFd, int toParentFd, const std::string& name, CopyCounts& copied, const CopyProgress& progress,
    const std::atomic<bool>& cancel)
{
    if (::mkdirat(toParentFd, name.c_str(), 0700) != 0)
        return errnoError("cannot make the folder " + name, errno);
    Fd to(::openat(toParentFd, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (to.get() < 0)
        return errnoError("cannot open the folder " + name, errno);
    Copier copier { copied, progress, cancel };
    return copier.folder(fromFd, to.get(), 0);
}

} // namespace dm
