// SPDX-License-Identifier: GPL-3.0-or-later
// dm-fuse-rig: a FUSE file system serving one file, "disk.img", that misbehaves on purpose, so the
// tests can put a loop device on it and watch the engine meet a failing, stalling, lying, vanishing
// or fake-capacity device (docs/TESTING.md, issue 12). Every open is direct I/O (FOPEN_DIRECT_IO):
// the page cache never answers for the file, so each read and write reaches this program.
//
//   dm-fuse-rig MOUNTPOINT --size=BYTES [--wrap=BYTES] [--eio-after=BYTES] [--wrong=OFFSET:LENGTH]
//               [--stall-after=BYTES] [--stall-metadata]
//
// --size         the size the file announces
// --wrap         keep only this many bytes: offsets wrap modulo it (a fake flash drive that claims
//                --size but stores less); default: --size
// --eio-after    once this many bytes were read or written in all, every read and write fails (EIO)
// --wrong        reads of bytes in this range return them inverted (wrong data, silently)
// --stall-after  once this many bytes were moved, stall as if SIGUSR1 had come
// --stall-metadata  a stall holds stat of the file too, and the kernel keeps no attributes or
//                names cached: a hung network or FUSE mount, where even a stat never returns
// SIGUSR1 stalls: every read and write waits, unanswered, until SIGUSR2 resumes them.
// SIGTERM/SIGINT unmount and exit; SIGKILL makes the device vanish (the kernel aborts the
// connection and every I/O on it fails).
// Runs in the foreground, multi-threaded (a stalled request holds only its own thread).
#define FUSE_USE_VERSION 312 // libfuse 3.12+: fuse_loop_mt with a loop configuration
#include <fuse.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace {

constexpr const char* kFileName = "disk.img";

struct Config {
    uint64_t size = 0;
    uint64_t wrap = 0;
    uint64_t eioAfter = 0; // 0 = never
    uint64_t wrongOffset = 0, wrongLength = 0;
    uint64_t stallAfter = 0; // 0 = only on SIGUSR1
    bool stallMetadata = false;
};

Config g_config;
std::vector<uint8_t> g_data; // g_config.wrap bytes
std::mutex g_dataMutex;
std::atomic<uint64_t> g_moved { 0 }; // bytes read and written so far
// Set by the signal handlers, read by libfuse's worker threads: an atomic, as a volatile
// sig_atomic_t is only safe within the thread the signal interrupts (TSan reported the race).
// Lock-free, so async-signal-safe.
std::atomic<int> g_stalled { 0 };
static_assert(std::atomic<int>::is_always_lock_free);

void onStall(int) { g_stalled = 1; }
void onResume(int) { g_stalled = 0; }

// Holds a request while stalled. Polling keeps the signal handlers trivial (async-signal-safe).
void waitWhileStalled()
{
    while (g_stalled)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
}

// Stalls (once) the request that moves the byte count past --stall-after, before it is served.
void stallIfDue(uint64_t bytes)
{
    static std::atomic<bool> triggered { false };
    if (g_config.stallAfter && g_moved.load() + bytes > g_config.stallAfter && !triggered.exchange(true))
        g_stalled = 1;
    waitWhileStalled();
}

// Counts the bytes of one request; false when the device has "failed" (EIO from now on).
bool account(uint64_t bytes)
{
    const uint64_t before = g_moved.fetch_add(bytes);
    return !(g_config.eioAfter && before + bytes > g_config.eioAfter);
}

int rigGetattr(const char* path, struct stat* st, fuse_file_info*)
{
    std::memset(st, 0, sizeof *st);
    if (std::strcmp(path, "/") == 0) {
        st->st_mode = S_IFDIR | 0755;
        st->st_nlink = 2;
        return 0;
    }
    if (std::strcmp(path + 1, kFileName) != 0)
        return -ENOENT;
    if (g_config.stallMetadata)
        waitWhileStalled();
    st->st_mode = S_IFREG | 0600;
    st->st_nlink = 1;
    st->st_size = off_t(g_config.size);
    st->st_blocks = off_t(g_config.size / 512);
    return 0;
}

int rigReaddir(const char* path, void* buf, fuse_fill_dir_t fill, off_t, fuse_file_info*, fuse_readdir_flags)
{
    if (std::strcmp(path, "/") != 0)
        return -ENOENT;
    fill(buf, ".", nullptr, 0, fuse_fill_dir_flags(0));
    fill(buf, "..", nullptr, 0, fuse_fill_dir_flags(0));
    fill(buf, kFileName, nullptr, 0, fuse_fill_dir_flags(0));
    return 0;
}

int rigOpen(const char* path, fuse_file_info* fi)
{
    if (std::strcmp(path + 1, kFileName) != 0)
        return -ENOENT;
    fi->direct_io = 1; // no page cache: every read and write comes here
    fi->keep_cache = 0;
    return 0;
}

int rigTruncate(const char*, off_t, fuse_file_info*) { return -EPERM; }

// Copies between the request and the stored bytes, wrapping offsets modulo the stored size.
void copyWrapped(uint64_t offset, uint8_t* out, const uint8_t* in, size_t length)
{
    std::lock_guard lock(g_dataMutex);
    while (length > 0) {
        const uint64_t at = offset % g_config.wrap;
        const size_t n = size_t(std::min<uint64_t>(length, g_config.wrap - at));
        if (out)
            std::memcpy(out, g_data.data() + at, n);
        else
            std::memcpy(g_data.data() + at, in, n);
        offset += n;
        length -= n;
        if (out)
            out += n;
        else
            in += n;
    }
}

int rigRead(const char*, char* buf, size_t length, off_t off, fuse_file_info*)
{
    const auto offset = uint64_t(off);
    if (offset >= g_config.size)
        return 0;
    length = size_t(std::min<uint64_t>(length, g_config.size - offset));
    stallIfDue(length);
    if (!account(length))
        return -EIO;
    auto* out = reinterpret_cast<uint8_t*>(buf);
    copyWrapped(offset, out, nullptr, length);
    // Wrong data: the bytes of the range come back inverted.
    const uint64_t from = std::max(offset, g_config.wrongOffset);
    const uint64_t to = std::min(offset + length, g_config.wrongOffset + g_config.wrongLength);
    for (uint64_t i = from; i < to; ++i)
        out[i - offset] = uint8_t(~out[i - offset]);
    return int(length);
}

int rigWrite(const char*, const char* buf, size_t length, off_t off, fuse_file_info*)
{
    const auto offset = uint64_t(off);
    if (offset >= g_config.size)
        return -ENOSPC;
    length = size_t(std::min<uint64_t>(length, g_config.size - offset));
    stallIfDue(length);
    if (!account(length))
        return -EIO;
    copyWrapped(offset, nullptr, reinterpret_cast<const uint8_t*>(buf), length);
    return int(length);
}

int rigFsync(const char*, int, fuse_file_info*)
{
    waitWhileStalled();
    return 0;
}

void* rigInit(fuse_conn_info*, fuse_config* cfg)
{
    cfg->direct_io = 1;
    cfg->kernel_cache = 0;
    cfg->attr_timeout = 3600; // the size never changes
    if (g_config.stallMetadata) // every stat and lookup asks this program
        cfg->attr_timeout = cfg->entry_timeout = cfg->negative_timeout = 0;
    return nullptr;
}

bool parseBytes(const char* text, uint64_t& out)
{
    char* end = nullptr;
    errno = 0;
    const unsigned long long v = std::strtoull(text, &end, 10);
    if (errno || end == text)
        return false;
    uint64_t mult = 1;
    if (*end == 'K')
        mult = 1024;
    else if (*end == 'M')
        mult = 1024 * 1024;
    else if (*end == 'G')
        mult = 1024ull * 1024 * 1024;
    else if (*end != '\0')
        return false;
    if (mult > 1 && end[1] != '\0')
        return false;
    out = uint64_t(v) * mult;
    return true;
}

int usage(const char* why)
{
    std::fprintf(stderr,
        "dm-fuse-rig: %s\nusage: dm-fuse-rig MOUNTPOINT --size=BYTES [--wrap=BYTES] [--eio-after=BYTES] "
        "[--wrong=OFFSET:LENGTH] [--stall-after=BYTES] [--stall-metadata]\n",
        why);
    return 2;
}

} // namespace

int main(int argc, char** argv)
{
    std::string mountPoint;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const auto value = [&](const char* name, uint64_t& out) {
            const std::string prefix = std::string(name) + "=";
            if (a.rfind(prefix, 0) != 0)
                return false;
            if (!parseBytes(a.c_str() + prefix.size(), out)) {
                std::fprintf(stderr, "dm-fuse-rig: bad number in %s\n", a.c_str());
                std::exit(2);
            }
            return true;
        };
        if (value("--size", g_config.size) || value("--wrap", g_config.wrap) || value("--eio-after", g_config.eioAfter)
            || value("--stall-after", g_config.stallAfter))
            continue;
        if (a == "--stall-metadata") {
            g_config.stallMetadata = true;
            continue;
        }
        if (a.rfind("--wrong=", 0) == 0) {
            const auto colon = a.find(':');
            if (colon == std::string::npos || !parseBytes(a.substr(8, colon - 8).c_str(), g_config.wrongOffset)
                || !parseBytes(a.c_str() + colon + 1, g_config.wrongLength))
                return usage("--wrong needs OFFSET:LENGTH");
            continue;
        }
        if (a.rfind("--", 0) == 0 || !mountPoint.empty())
            return usage(("unknown argument " + a).c_str());
        mountPoint = a;
    }
    if (mountPoint.empty() || g_config.size == 0)
        return usage("a mount point and --size are needed");
    if (g_config.wrap == 0 || g_config.wrap > g_config.size)
        g_config.wrap = g_config.size;
    g_data.assign(g_config.wrap, 0);

    struct sigaction sa {};
    sa.sa_handler = onStall;
    sigaction(SIGUSR1, &sa, nullptr);
    sa.sa_handler = onResume;
    sigaction(SIGUSR2, &sa, nullptr);

    fuse_operations ops {};
    ops.getattr = rigGetattr;
    ops.readdir = rigReaddir;
    ops.open = rigOpen;
    ops.read = rigRead;
    ops.write = rigWrite;
    ops.truncate = rigTruncate;
    ops.fsync = rigFsync;
    ops.init = rigInit;

    // Not fuse_main: libfuse 3.14's passes an invalid thread limit and warns on every mount.
    // Each stalled request holds a thread: allow more than the loop device ever has in flight.
    std::vector<std::string> args = { argv[0], "-o", "fsname=dm-fuse-rig,subtype=dmrig" };
    if (::geteuid() == 0)
        args.insert(args.end(), { "-o", "allow_other" });
    std::vector<char*> fuseArgv;
    for (auto& s : args)
        fuseArgv.push_back(s.data());
    fuse_args fargs = FUSE_ARGS_INIT(int(fuseArgv.size()), fuseArgv.data());
    fuse* f = fuse_new(&fargs, &ops, sizeof ops, nullptr);
    if (!f) {
        fuse_opt_free_args(&fargs);
        return 1;
    }
    int rc = 1;
    if (fuse_mount(f, mountPoint.c_str()) == 0) {
        if (fuse_set_signal_handlers(fuse_get_session(f)) == 0) {
            fuse_loop_config* loop = fuse_loop_cfg_create();
            fuse_loop_cfg_set_max_threads(loop, 256);
            fuse_loop_cfg_set_idle_threads(loop, 16);
            rc = fuse_loop_mt(f, loop) == 0 ? 0 : 1;
            fuse_loop_cfg_destroy(loop);
            fuse_remove_signal_handlers(fuse_get_session(f));
        }
        fuse_unmount(f);
    }
    fuse_destroy(f);
    // fuse_new copies the arguments it parses into fargs; ASan's leak check sees them otherwise.
    fuse_opt_free_args(&fargs);
    return rc;
}
