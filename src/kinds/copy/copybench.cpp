// SPDX-License-Identifier: GPL-3.0-or-later
// The copy benchmark's run (copybench.h): the space check, the run directory, and per set its
// make, drop, copy, sync and removal, with progress, device counters and Stop.
#include "copybench.h"

#include "devicecounters.h"
#include "runmarker.h"
#include "stalefiles.h"
#include "syncfilesystem.h"
#include "targetinuse.h"
#include "testdirectory.h"
#include "testregion.h"

#include <fcntl.h>
#include <linux/fs.h>
#include <linux/magic.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <optional>

namespace dm {

namespace {

    using Clock = std::chrono::steady_clock;
    using Seconds = std::chrono::duration<double>;

    std::string mibText(uint64_t bytes) { return std::to_string((bytes + MiB - 1) / MiB) + " MiB"; }

    std::string filesystemName(uint32_t magic)
    {
        switch (magic) {
        case EXT4_SUPER_MAGIC:
            return "ext4";
        case XFS_SUPER_MAGIC:
            return "xfs";
        case BTRFS_SUPER_MAGIC:
            return "btrfs";
        case 0xca451a4e:
            return "bcachefs";
        case TMPFS_MAGIC:
            return "tmpfs";
        case F2FS_SUPER_MAGIC:
            return "f2fs";
        case MSDOS_SUPER_MAGIC:
            return "vfat";
        case 0x2011bab0:
            return "exfat";
        case 0x5346544e:
        case 0x7366746e:
            return "ntfs";
        case NFS_SUPER_MAGIC:
            return "nfs";
        case 0x65735546:
            return "fuse";
        case 0x2fc12fc1:
            return "zfs";
        case OVERLAYFS_SUPER_MAGIC:
            return "overlay";
        }
        char hex[16];
        std::snprintf(hex, sizeof hex, "0x%x", magic);
        return hex;
    }

    // Whether this filesystem clones files (a reflink): asked of it, on two empty files of the
    // run, rather than guessed from its name (XFS made without reflink cannot; NFS 4.2 and
    // overlayfs over a filesystem that can, can).
    bool canClone(int runFd)
    {
        const int a = ::openat(runFd, "clone-probe-a", O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
        const int b = ::openat(runFd, "clone-probe-b", O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
        const bool ok = a >= 0 && b >= 0 && ::ioctl(b, FICLONE, a) == 0;
        for (int fd : { a, b })
            if (fd >= 0)
                ::close(fd);
        ::unlinkat(runFd, "clone-probe-a", 0);
        ::unlinkat(runFd, "clone-probe-b", 0);
        return ok;
    }

    // Progress over the whole run: each set's making and copying weigh its bytes each, so the
    // share never goes back; phases at most four times a second but at every change of stage.
    class CopyProgressReport {
    public:
        CopyProgressReport(const RunEvents& events, uint64_t total)
            : m_events(events)
            , m_total(total)
        {
        }
        void stage(Stage s, CopySetKind set, uint64_t setBytes, size_t index)
        {
            m_stage = s;
            m_set = set;
            m_setBytes = setBytes;
            m_index = index;
            m_stageDone = 0;
            m_stageStart = Clock::now();
            report(true);
        }
        void advance(uint64_t bytes)
        {
            m_stageDone += bytes;
            m_done += bytes;
            report(false);
        }
        // The copy's rate between reports, over its bytes: the page's live line.
        double lastRate = 0;

    private:
        void report(bool now)
        {
            const auto t = Clock::now();
            if (!now && t - m_last < std::chrono::milliseconds(250))
                return;
            m_last = t;
            RunPhase p;
            p.stage = m_stage;
            const std::string title = copySetTitle(m_set);
            const std::string_view id = m_stage.id;
            p.label = title
                + (id == kMakeSetStage.id          ? " set: making its files"
                        : id == kDropCacheStage.id ? " set: syncing it and dropping its cached pages"
                        : id == kCopyStage.id      ? " set: copying"
                        : id == Stage::Flush.id    ? " set: syncing the copy"
                                                   : " set: removing it and its copy");
            p.index = m_index;
            p.count = 3;
            if (m_stage.counts == StageCounts::Bytes) {
                p.bytesDone = m_stageDone;
                p.bytesTotal = m_setBytes;
                p.stageFraction = double(std::min(m_stageDone, m_setBytes)) / double(std::max<uint64_t>(1, m_setBytes));
                const double s = Seconds(t - m_stageStart).count();
                if (s > 0.25 && m_stageDone > 0)
                    p.mbPerSec = double(m_stageDone) / s / 1e6;
            }
            p.fraction = std::min(1.0, double(m_done) / double(std::max<uint64_t>(1, 2 * m_total)));
            p.elapsedSeconds = Seconds(t - m_start).count();
            if (p.fraction > 0.02)
                p.secondsLeft = p.elapsedSeconds * (1 - p.fraction) / p.fraction;
            m_events.onPhase(p);
            if (m_stage == kCopyStage && p.mbPerSec)
                m_events.onSeries("copy_mb_per_s", m_index, double(m_stageDone), *p.mbPerSec);
        }

        const RunEvents& m_events;
        uint64_t m_total;
        uint64_t m_done = 0, m_stageDone = 0, m_setBytes = 0;
        Stage m_stage = Stage::Prepare;
        CopySetKind m_set = CopySetKind::Iso;
        size_t m_index = 0;
        Clock::time_point m_start = Clock::now(), m_stageStart = m_start, m_last {};
    };

    class Dir {
    public:
        explicit Dir(int fd = -1)
            : m_fd(fd)
        {
        }
        ~Dir()
        {
            if (m_fd >= 0)
                ::close(m_fd);
        }
        Dir(const Dir&) = delete;
        Dir& operator=(const Dir&) = delete;
        int get() const { return m_fd; }

    private:
        int m_fd;
    };

} // namespace

const CopySetResult* CopyResult::set(CopySetKind kind) const
{
    for (const CopySetResult& s : sets)
        if (s.kind == kind)
            return &s;
    return nullptr;
}

double CopyResult::totalMbPerSec() const
{
    uint64_t bytes = 0;
    double seconds = 0;
    for (const CopySetResult& s : sets) {
        if (!s.done)
            return 0;
        bytes += s.bytes;
        seconds += s.seconds;
    }
    return !sets.empty() && seconds > 0 ? double(bytes) / seconds / 1e6 : 0.0;
}

Status validate(const CopyRequest& r)
{
    if (r.size < kMinCopySize || r.size > kMaxCopySize)
        return usageError("the size of the copy test's three sets together must be from 16 MiB to 64 GiB (got "
            + std::to_string(r.size) + " bytes): e.g. --size 1GiB, the default");
    if (r.allowDestructive)
        return usageError("--allow-destructive is for a device: the copy test only makes and removes its own files "
                          "in a folder, so leave it out");
    return Ok {};
}

Result<CopyResult> runCopyBench(const CopyRequest& req, const RunEvents& events, const std::atomic<bool>& cancel)
{
    const FinishedOnExit finished(events);
    if (auto st = validate(req); !st)
        return st.error();
    struct stat st { };
    if (::stat(req.target.c_str(), &st) != 0)
        return targetError("'" + req.target + "' does not exist: give a folder on the drive to test", errno);
    if (!S_ISDIR(st.st_mode))
        return targetError(
            "'" + req.target + "' is not a folder: the copy test makes its files in a folder on the drive's filesystem",
            ENOTDIR);
    if (auto pseudo = pseudoFilesystemOf(req.target))
        return targetError(*pseudo, ENODEV);
    const Dir target(::open(req.target.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (target.get() < 0)
        return targetError("cannot open '" + req.target + "': " + std::strerror(errno), errno);
    if (::faccessat(target.get(), ".", W_OK, AT_EACCESS) != 0)
        return targetError("cannot write to '" + req.target + "': choose a folder you can write to", errno);
    const std::vector<std::string> swept = sweepStaleTestFiles(req.target);

    CopyResult out;
    keepRequest(out, req);
    const std::vector<CopySetPlan> plans = planCopySets(req.size, out.request.seed);
    struct statfs sfs { };
    struct statvfs vfs { };
    if (::fstatfs(target.get(), &sfs) != 0 || ::fstatvfs(target.get(), &vfs) != 0)
        return targetError("cannot read the free space of '" + req.target + "': " + std::strerror(errno), errno);
    out.filesystem = filesystemName(filesystemMagic(sfs.f_type));
    // Each set and its copy at once, one set at a time: twice the largest, as the filesystem
    // allocates it (small files take whole blocks), plus the margin every test leaves.
    const uint64_t block = std::max<uint64_t>(4096, vfs.f_bsize);
    uint64_t largest = 0, inodes = 0;
    const CopySetPlan* largestPlan = &plans.front();
    for (const CopySetPlan& p : plans) {
        if (p.allocatedBytes(block) > largest)
            largestPlan = &p;
        largest = std::max(largest, p.allocatedBytes(block));
        inodes = std::max<uint64_t>(inodes, 2 * (p.files.size() + p.folders()) + 4);
    }
    out.neededBytes = 2 * largest + kFreeSpaceMargin;
    const uint64_t freeBytes = uint64_t(vfs.f_bavail) * vfs.f_frsize;
    if (freeBytes < out.neededBytes)
        return targetError("not enough free space in '" + req.target + "' for the copy test: it needs "
                + mibText(out.neededBytes) + " (its largest set, " + copySetTitle(largestPlan->kind) + " of "
                + mibText(largestPlan->bytes) + ", twice: the set and its copy, and " + mibText(kFreeSpaceMargin)
                + " to spare) and " + mibText(freeBytes) + " is free; choose a smaller --size or free some space",
            ENOSPC);
    if (vfs.f_files != 0 && vfs.f_favail < inodes)
        return targetError("not enough free inodes in '" + req.target + "' for the copy test: it needs "
                + std::to_string(inodes) + " files and folders at once and " + std::to_string(vfs.f_favail)
                + " are left; choose a smaller --size",
            ENOSPC);

    // The run directory: everything below it, removed however the run ends (explicitly before the
    // result is returned, so that a failure's warning reaches the report).
    TestDirectory run;
    if (auto made = run.make(req.target, "copy test"); !made)
        return made.error();
    const RunMarker marker(run.fd()); // another run on this drive at the same time

    for (const auto& path : swept)
        out.warnings.push_back("removed a test file left behind by an earlier run: " + path);
    out.engine = "read/write";
    out.region.kind = RegionInfo::Kind::Directory;
    out.region.path = req.target;
    out.region.testFilePath = run.path();
    out.region.length = req.size;
    out.region.deviceId = st.st_dev;
    out.region.direct = false;
    out.cloneCapable = canClone(run.fd());
    for (const CopySetPlan& p : plans)
        out.sets.push_back({ p.kind, p.bytes, uint32_t(p.files.size()), p.folders(), 0, 0, 0, false });

    const auto runStart = Clock::now();
    const DeviceCounters counters = DeviceCounters::forPath(req.target);
    CopyProgressReport progress(events, req.size);
    const auto advance = [&](uint64_t n) { progress.advance(n); };
    for (size_t i = 0; i < plans.size() && !out.cancelled && !out.error; ++i) {
        if (cancel.load()) { // between two sets, or in a set's removal
            out.cancelled = true;
            break;
        }
        const CopySetPlan& plan = plans[i];
        CopySetResult& result = out.sets[i];
        const std::string title = copySetTitle(plan.kind);
        const std::string source = std::string(copySetId(plan.kind)) + "-source";
        const std::string copy = std::string(copySetId(plan.kind)) + "-copy";
        // Any way out of this set: the set's error (with its stage and count) or Stop.
        const auto stopWith = [&](const Error& e, const std::string& stage, uint64_t filesDone) {
            if (e.kind == Error::Kind::Cancelled || cancel.load())
                out.cancelled = true;
            else
                out.error = stage + " the " + title + " set failed after " + std::to_string(filesDone) + " of "
                    + std::to_string(plan.files.size()) + " files: " + e.message;
        };

        progress.stage(kMakeSetStage, plan.kind, plan.bytes, i);
        const auto makeStart = Clock::now();
        const auto makeMark = counters.mark();
        CopyCounts made;
        if (::mkdirat(run.fd(), source.c_str(), 0700) != 0) {
            stopWith(ioError(std::strerror(errno), errno), "making", 0);
            break;
        }
        const Dir sourceFd(::openat(run.fd(), source.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
        if (auto s = makeCopySet(plan, sourceFd.get(), out.request.seed, made, advance, cancel); !s) {
            stopWith(s.error(), "making", made.files);
            break;
        }
        // Written back before its pages can be dropped: DONTNEED leaves dirty pages in memory.
        progress.stage(kDropCacheStage, plan.kind, plan.bytes, i);
        if (auto s = syncFilesystem(run.fd(), cancel); !s) {
            stopWith(s.error(), "syncing", made.files);
            break;
        }
        result.makeSeconds = Seconds(Clock::now() - makeStart).count();
        counters.addPhase(out.devicePhases, makeMark,
            { std::string("make_") + copySetId(plan.kind), 0, 0, made.bytes, 0, made.files, {} });
        if (auto s = dropCopySetCache(plan, sourceFd.get(), cancel); !s) {
            stopWith(s.error(), "dropping the cached pages of", 0);
            break;
        }

        // The copy, timed until it is on the drive; each set is a timed item.
        events.onItemStarting(i);
        progress.stage(kCopyStage, plan.kind, plan.bytes, i);
        const auto copyMark = counters.mark();
        const auto copyStart = Clock::now();
        CopyCounts copied;
        if (auto s = copyTree(sourceFd.get(), run.fd(), copy, copied, advance, cancel); !s) {
            stopWith(s.error(), "copying", copied.files);
            break;
        }
        progress.stage(Stage::Flush, plan.kind, plan.bytes, i);
        const auto syncStart = Clock::now();
        if (auto s = syncFilesystem(run.fd(), cancel); !s) {
            stopWith(s.error(), "syncing the copy of", copied.files);
            break;
        }
        const auto copyEnd = Clock::now();
        result.seconds = Seconds(copyEnd - copyStart).count();
        result.syncSeconds = Seconds(copyEnd - syncStart).count();
        result.atSeconds = Seconds(copyEnd - runStart).count();
        result.done = copied.bytes == plan.bytes && copied.files == plan.files.size();
        if (!result.done) {
            out.error = "copying the " + title + " set moved " + std::to_string(copied.bytes) + " bytes in "
                + std::to_string(copied.files) + " files instead of " + std::to_string(plan.bytes) + " in "
                + std::to_string(plan.files.size()) + ": a file changed while it was copied";
            break;
        }
        counters.addPhase(out.devicePhases, copyMark,
            { std::string("copy_") + copySetId(plan.kind), 0, copied.bytes, copied.bytes, copied.reads, copied.writes,
                {} });
        out.fastest.note(result.mbPerSec());
        events.onSeries("set_mb_per_s", i, double(i), result.mbPerSec());
        events.onItemFinished(i);

        progress.stage(kRemoveSetStage, plan.kind, plan.bytes, i);
        for (const std::string& name : { source, copy })
            if (int error = 0; !removeTestDirectory(run.fd(), name, &error) && !out.error)
                out.error = "removing the " + title + " set failed: " + std::strerror(error);
    }
    if (std::string w = marker.overlapWarning(); !w.empty())
        out.warnings.push_back(w);
    if (int error = 0; !run.remove(&error))
        out.warnings.push_back("could not remove the copy test's folder " + run.path() + ": " + std::strerror(error)
            + "; the next run removes it");
    return out;
}

} // namespace dm
