// SPDX-License-Identifier: GPL-3.0-or-later
// Loaded into diskometer-cli with LD_PRELOAD by kill_test.cpp, to reach the code paths of a
// filesystem without O_TMPFILE (FUSE, NFS) on the ordinary disk: open(O_TMPFILE) fails with
// EOPNOTSUPP as it does there. With DM_PRELOAD_KEEP_NAMED=1 the unlink of a named test file fails
// too, which leaves the file behind as a crash right after creating it would.
// The shim defines open and open64 both, so glibc must not rename open to open64 as it does for
// the rest of the build's 64-bit file offsets (CMakeLists.txt).
#undef _FILE_OFFSET_BITS
#include <dlfcn.h>
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdarg>
#include <cstdlib>
#include <cstring>

namespace {

using OpenFn = int (*)(const char*, int, ...);
using UnlinkFn = int (*)(const char*);

template <typename Fn> Fn next(const char* name) { return reinterpret_cast<Fn>(::dlsym(RTLD_NEXT, name)); }

int openCommon(const char* symbol, const char* path, int flags, va_list args)
{
    mode_t mode = 0;
    if ((flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE)
        mode = mode_t(va_arg(args, int));
    if ((flags & O_TMPFILE) == O_TMPFILE) {
        errno = EOPNOTSUPP;
        return -1;
    }
    static const OpenFn realOpen = next<OpenFn>("open");
    static const OpenFn realOpen64 = next<OpenFn>("open64");
    const OpenFn real = std::strcmp(symbol, "open64") == 0 && realOpen64 ? realOpen64 : realOpen;
    return real(path, flags, mode);
}

bool isNamedTestFile(const char* path)
{
    const char* slash = std::strrchr(path, '/');
    return std::strncmp(slash ? slash + 1 : path, ".diskometer-", 12) == 0;
}

} // namespace

extern "C" {

int open(const char* path, int flags, ...)
{
    va_list args;
    va_start(args, flags);
    const int fd = openCommon("open", path, flags, args);
    va_end(args);
    return fd;
}

int open64(const char* path, int flags, ...)
{
    va_list args;
    va_start(args, flags);
    const int fd = openCommon("open64", path, flags, args);
    va_end(args);
    return fd;
}

int unlink(const char* path)
{
    static const UnlinkFn real = next<UnlinkFn>("unlink");
    const char* keep = std::getenv("DM_PRELOAD_KEEP_NAMED");
    if (keep && keep[0] == '1' && isNamedTestFile(path)) {
        errno = EIO;
        return -1;
    }
    return real(path);
}
}
