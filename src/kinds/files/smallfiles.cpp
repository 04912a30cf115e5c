// SPDX-License-Identifier: GPL-3.0-or-later
// The small-file test's run: create, stat, read and delete, each phase timed on its own.
#include "smallfiles.h"

#include "devicecounters.h"
#include "filesrundir.h"
#include "syncfilesystem.h"
#include "ioworker.h"
#include "latencyhistogram.h"
#include "randomgenerator.h"
#include "runmarker.h"
#include "stalefiles.h"
#include "targetinuse.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <functional>
#include <numeric>

namespace dm {

namespace {

    using Seconds = std::chrono::duration<double>;
    constexpr uint32_t kTmpfsMagic = 0x01021994;
    constexpr uint32_t kRamfsMagic = 0x858458f6;
    // The data buffer: a file's data starts at one of 16 places in it, so that no two neighbours
    // hold the same bytes (a deduplicating filesystem would store them once).
    constexpr uint64_t kDataSlack = 64 * KiB;

    std::string countText(uint64_t n) { return std::to_string(n); }

    // One phase's reports at most four times a second; the run's fraction counts each phase as a
    // quarter (their times differ from one filesystem to the next; an even share never goes back).
    class FilesProgress {
    public:
        FilesProgress(const RunEvents& events, uint32_t files)
            : m_events(events)
            , m_files(files)
        {
        }
        void start(FilesPhaseId id)
        {
            m_id = id;
            m_startedAt = Clock::now();
            report(0, true);
        }
        void advance(uint64_t done)
        {
            if ((done & 63) == 0 || done == m_files)
                report(done, false);
        }

    private:
        void report(uint64_t done, bool now)
        {
            const auto t = Clock::now();
            if (!now && done != m_files && t - m_last < std::chrono::milliseconds(250))
                return;
            m_last = t;
            static constexpr const Stage* stages[] = { &kCreateFilesStage, &kStatFilesStage, &kReadFilesStage,
                &kDeleteFilesStage };
            static constexpr const char* labels[] = { "Creating files", "Reading their metadata",
                "Reading files", "Deleting files" };
            RunPhase p;
            p.stage = *stages[size_t(m_id)];
            p.label = labels[size_t(m_id)];
            p.index = done;
            p.count = m_files;
            p.stageFraction = m_files ? double(done) / double(m_files) : 1.0;
            p.fraction = (double(size_t(m_id)) + p.stageFraction) / double(kFilesPhases);
            p.elapsedSeconds = Seconds(t - m_runStart).count();
            const double s = Seconds(t - m_startedAt).count();
            if (s > 0.5 && done > 0)
                p.stageSecondsLeft = double(m_files - done) * s / double(done);
            m_events.onPhase(p);
            if (s > 0 && done > 0)
                m_events.onSeries("files_per_s", size_t(m_id), double(done), double(done) / s);
        }
        const RunEvents& m_events;
        uint32_t m_files;
        FilesPhaseId m_id = FilesPhaseId::Create;
        Clock::time_point m_runStart = Clock::now(), m_startedAt = m_runStart, m_last {};
    };

    FileLatency latencyOf(const LatencyHistogram& h)
    {
        return { h.meanNs() / 1e3, h.percentileNs(0.5) / 1e3, h.percentileNs(0.99) / 1e3, h.percentileNs(0.999) / 1e3,
            double(h.maxNs()) / 1e3 };
    }

    std::vector<uint32_t> shuffled(uint32_t n, RandomGenerator& rng)
    {
        std::vector<uint32_t> order(n);
        std::iota(order.begin(), order.end(), 0u);
        for (uint32_t i = n; i > 1; --i)
            std::swap(order[i - 1], order[rng.next() % i]);
        return order;
    }

    // Writes or reads all of `n` bytes, through short transfers and EINTR (the CLI's Ctrl-C
    // handler does not restart calls). -1 with errno on failure; a read returns what there was.
    ssize_t fully(int fd, const uint8_t* from, uint8_t* to, size_t n)
    {
        size_t done = 0;
        while (done < n) {
            const ssize_t k = from ? ::write(fd, from + done, n - done) : ::read(fd, to + done, n - done);
            if (k < 0 && errno == EINTR)
                continue;
            if (k < 0)
                return -1;
            if (k == 0)
                break;
            done += size_t(k);
        }
        return ssize_t(done);
    }

    int closeRetrying(int fd) { return ::close(fd) == 0 || errno == EINTR ? 0 : -1; }

} // namespace

const char* filesSyncName(FilesSync s)
{
    switch (s) {
    case FilesSync::None:
        return "none";
    case FilesSync::File:
        return "file";
    case FilesSync::End:
        return "end";
    }
    return "?";
}

std::optional<FilesSync> filesSyncNamed(const std::string& name)
{
    for (FilesSync s : { FilesSync::None, FilesSync::File, FilesSync::End })
        if (name == filesSyncName(s))
            return s;
    return std::nullopt;
}

const char* filesPhaseName(FilesPhaseId p)
{
    static constexpr const char* names[] = { "create", "stat", "read", "delete" };
    return names[size_t(p)];
}

const char* filesCacheDropName(FilesCacheDrop d) { return d == FilesCacheDrop::Fadvise ? "fadvise" : "none"; }

Status validate(const FilesRequest& r)
{
    if (r.files < 1 || r.files > kMaxFiles)
        return usageError("the number of files must be from 1 to " + countText(kMaxFiles) + " (got "
            + countText(r.files) + "): e.g. --files 16384");
    if (r.fileSize > kMaxFileSize)
        return usageError("the file size must be from 0 to 1 MiB (got " + countText(r.fileSize)
            + " bytes): small files are what this test measures; use the grid for big ones");
    if (r.dirs < 1 || r.dirs > kMaxDirs)
        return usageError("the number of folders must be from 1 to " + countText(kMaxDirs) + " (got "
            + countText(r.dirs) + "): e.g. --dirs 16");
    if (r.dirs > r.files)
        return usageError("more folders (" + countText(r.dirs) + ") than files (" + countText(r.files)
            + "): choose --dirs " + countText(r.files) + " or fewer");
    if (r.allowDestructive)
        return usageError("--allow-destructive is for a device: the small-file test only makes files in a folder "
                          "and removes them, so leave it out");
    return Ok {};
}

uint64_t filesSpaceNeeded(const FilesRequest& r)
{
    return uint64_t(r.files) * ((r.fileSize + 4 * KiB - 1) / (4 * KiB) * (4 * KiB));
}

Result<FilesResult> runSmallFiles(const FilesRequest& req, const RunEvents& events, const std::atomic<bool>& cancel)
{
    const FinishedOnExit finished(events);
    if (auto st = validate(req); !st)
        return st.error();
    struct stat st { };
    if (::stat(req.target.c_str(), &st) != 0)
        return targetError("'" + req.target + "' does not exist: give a folder on the drive to test", errno);
    if (!S_ISDIR(st.st_mode))
        return targetError("'" + req.target
                + "' is not a folder: the small-file test makes its files in a folder on the drive's filesystem",
            ENOTDIR);
    if (auto pseudo = pseudoFilesystemOf(req.target))
        return targetError(*pseudo, ENODEV);
    struct statvfs vfs { };
    if (::statvfs(req.target.c_str(), &vfs) != 0)
        return targetError("cannot read the free space of '" + req.target + "': " + std::strerror(errno), errno);
    const uint64_t freeBytes = uint64_t(vfs.f_bavail) * vfs.f_frsize;
    if (filesSpaceNeeded(req) > freeBytes)
        return targetError("not enough free space in '" + req.target + "': " + countText(req.files)
                + " files of " + countText(req.fileSize) + " bytes need about " + countText(filesSpaceNeeded(req) / MiB)
                + " MiB and " + countText(freeBytes / MiB) + " MiB is free; choose fewer --files or a smaller --file-size",
            ENOSPC);

    const auto runStart = Clock::now();
    FilesResult out;
    keepRequest(out, req);
    for (const auto& path : sweepStaleTestFiles(req.target))
        out.warnings.push_back("removed a test file left behind by an earlier run: " + path);
    struct statfs fs { };
    if (::statfs(req.target.c_str(), &fs) == 0
        && (filesystemMagic(fs.f_type) == kTmpfsMagic || filesystemMagic(fs.f_type) == kRamfsMagic))
        out.cacheDrop = FilesCacheDrop::None;
    out.region.kind = RegionInfo::Kind::Directory;
    out.region.path = req.target;
    out.region.deviceId = st.st_dev;
    out.region.direct = false;
    out.region.length = uint64_t(req.files) * req.fileSize;
    out.engine = "syscalls"; // open, write, read, stat, unlink: no I/O engine of ours

    FilesRunDir dir;
    if (auto made = dir.make(req.target, req.dirs); !made)
        return made.error(); // the destructor removes what was made
    const RunMarker marker(dir.fd()); // another run on this drive meanwhile
    out.region.testFilePath = dir.path();

    RandomGenerator rng(out.request.seed);
    std::vector<uint8_t> data(size_t(req.fileSize + kDataSlack));
    for (size_t i = 0; i + 8 <= data.size(); i += 8) {
        const uint64_t v = rng.next();
        std::memcpy(data.data() + i, &v, 8);
    }
    std::vector<uint8_t> readBuffer(size_t(std::max<uint64_t>(req.fileSize, 4 * KiB)) + 1);

    FilesProgress progress(events, req.files);
    const DeviceCounters counters = DeviceCounters::forPath(req.target);
    const int root = dir.fd();
    const uint32_t perDir = (req.files + req.dirs - 1) / req.dirs; // never past the last folder

    // One phase: `op` on every file in `order` (nullptr: creation order), each timed.
    const auto runPhase = [&](FilesPhaseId id, const std::vector<uint32_t>* order,
                              const std::function<Status(uint32_t, char (&)[32])>& op) {
        FilesPhaseResult& ph = out.phase(id);
        ph.id = id;
        ph.ran = true;
        LatencyHistogram latency;
        events.onItemStarting(size_t(id)); // each phase is a timed item (a stop is seen below)
        progress.start(id);
        const auto phaseStart = Clock::now();
        ph.startSeconds = Seconds(phaseStart - runStart).count();
        const auto mark = counters.mark();
        for (uint32_t k = 0; k < req.files; ++k) {
            if (cancel.load()) {
                out.cancelled = true;
                break;
            }
            const uint32_t file = order ? (*order)[k] : k;
            char path[32];
            FilesRunDir::filePath(path, file, perDir);
            const auto t0 = Clock::now();
            const Status done = op(file, path);
            const auto t1 = Clock::now();
            if (!done) {
                if (done.error().kind == Error::Kind::Cancelled) {
                    out.cancelled = true;
                    break;
                }
                std::string message = "the " + std::string(filesPhaseName(id)) + " phase stopped after "
                    + countText(ph.files) + " of " + countText(req.files) + " files: " + done.error().message;
                if (done.error().errnum == ENOSPC) {
                    struct statvfs now { };
                    message += ::fstatvfs(root, &now) == 0 && now.f_favail == 0
                        ? " (no free inodes left: the filesystem holds no more files; choose fewer --files)"
                        : " (the filesystem is full; choose fewer --files or a smaller --file-size)";
                }
                out.error = message;
                break;
            }
            latency.record(uint64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(t1 - t0).count()));
            ++ph.files;
            progress.advance(ph.files);
        }
        ph.seconds = Seconds(Clock::now() - phaseStart).count();
        ph.complete = ph.files == req.files;
        ph.latency = latencyOf(latency);
        return mark;
    };
    const auto fileError = [](const char* what, const char* path, int e) {
        return ioError(std::string(what) + " " + path + " failed: " + std::strerror(e), e);
    };
    const auto notePhase = [&](const DeviceCounters::Mark& mark, FilesPhaseId id, uint64_t readBytes,
                               uint64_t writeBytes) {
        const FilesPhaseResult& ph = out.phase(id);
        if (ph.complete && !out.error && !out.cancelled)
            counters.addPhase(out.devicePhases, mark,
                { filesPhaseName(id), 0, readBytes, writeBytes, readBytes ? ph.files : 0, writeBytes ? ph.files : 0, {} });
    };

    // Create: each file made, written and closed (fsync'd first with --sync file).
    auto mark = runPhase(FilesPhaseId::Create, nullptr, [&](uint32_t file, char (&path)[32]) -> Status {
        const int fd = ::openat(root, path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
        if (fd < 0)
            return fileError("creating", path, errno);
        const uint8_t* from = data.data() + (file % 16) * (kDataSlack / 16);
        if (req.fileSize && fully(fd, from, nullptr, req.fileSize) != ssize_t(req.fileSize)) {
            const int e = errno;
            ::close(fd);
            return fileError("writing", path, e);
        }
        if (req.sync == FilesSync::File) {
            while (::fsync(fd) != 0) {
                if (errno == EINTR)
                    continue;
                const int e = errno;
                ::close(fd);
                return fileError("flushing", path, e);
            }
        }
        out.phase(FilesPhaseId::Create).bytes += req.fileSize;
        if (closeRetrying(fd) != 0)
            return fileError("closing", path, errno);
        return Ok {};
    });
    if (!out.error && !out.cancelled && req.sync == FilesSync::End) {
        // The data and the new entries on the drive, in the phase's time: a create that has only
        // reached the page cache is not a create the drive did.
        const auto syncStart = Clock::now();
        if (auto synced = syncFilesystem(root, cancel); !synced) {
            if (synced.error().kind == Error::Kind::Cancelled)
                out.cancelled = true;
            else
                out.error = "the create phase's " + synced.error().message;
        }
        out.syncSeconds = Seconds(Clock::now() - syncStart).count();
        out.phase(FilesPhaseId::Create).seconds += out.syncSeconds;
    }
    notePhase(mark, FilesPhaseId::Create, 0, out.phase(FilesPhaseId::Create).bytes);

    // Stat, in a random order.
    if (!out.error && !out.cancelled) {
        const std::vector<uint32_t> order = shuffled(req.files, rng);
        mark = runPhase(FilesPhaseId::Stat, &order, [&](uint32_t, char (&path)[32]) -> Status {
            struct stat fst { };
            if (::fstatat(root, path, &fst, AT_SYMLINK_NOFOLLOW) != 0)
                return fileError("stat of", path, errno);
            if (uint64_t(fst.st_size) != req.fileSize)
                return ioError(std::string(path) + " holds " + countText(uint64_t(fst.st_size)) + " bytes, not the "
                    + countText(req.fileSize) + " written");
            return Ok {};
        });
        notePhase(mark, FilesPhaseId::Stat, 0, 0);
    }

    // Read, in a random order, from the drive: what the page cache holds of the files is written
    // back and dropped first (not timed).
    if (!out.error && !out.cancelled) {
        if (out.cacheDrop == FilesCacheDrop::Fadvise) {
            if (auto synced = syncFilesystem(root, cancel); !synced) {
                if (synced.error().kind == Error::Kind::Cancelled)
                    out.cancelled = true;
                else
                    out.error = "before the read phase, " + synced.error().message;
            }
            for (uint32_t file = 0; file < req.files && !out.error && !out.cancelled; ++file) {
                if ((file & 255) == 0 && cancel.load()) {
                    out.cancelled = true;
                    break;
                }
                char path[32];
                FilesRunDir::filePath(path, file, perDir);
                const int fd = ::openat(root, path, O_RDONLY | O_CLOEXEC | O_NOATIME);
                if (fd >= 0) {
                    ::posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
                    ::close(fd);
                }
            }
        }
    }
    if (!out.error && !out.cancelled) {
        const std::vector<uint32_t> order = shuffled(req.files, rng);
        mark = runPhase(FilesPhaseId::Read, &order, [&](uint32_t, char (&path)[32]) -> Status {
            int fd = ::openat(root, path, O_RDONLY | O_CLOEXEC | O_NOATIME);
            if (fd < 0 && errno == EPERM) // O_NOATIME on a file of another user's (root on a shared folder)
                fd = ::openat(root, path, O_RDONLY | O_CLOEXEC);
            if (fd < 0)
                return fileError("opening", path, errno);
            // One more byte than the file holds: the read that returns 0 is the end a program sees too.
            const ssize_t n = fully(fd, nullptr, readBuffer.data(), size_t(req.fileSize) + 1);
            const int e = errno;
            ::close(fd);
            if (n < 0)
                return fileError("reading", path, e);
            if (uint64_t(n) != req.fileSize)
                return ioError(std::string("reading ") + path + " gave " + countText(uint64_t(n)) + " bytes, not the "
                    + countText(req.fileSize) + " written");
            out.phase(FilesPhaseId::Read).bytes += uint64_t(n);
            return Ok {};
        });
        notePhase(mark, FilesPhaseId::Read, out.phase(FilesPhaseId::Read).bytes, 0);
    }

    // Delete, in the order they were made (what is left after an error or Stop goes with the run
    // directory below, untimed).
    if (!out.error && !out.cancelled) {
        mark = runPhase(FilesPhaseId::Delete, nullptr, [&](uint32_t, char (&path)[32]) -> Status {
            if (::unlinkat(root, path, 0) != 0)
                return fileError("deleting", path, errno);
            return Ok {};
        });
        notePhase(mark, FilesPhaseId::Delete, 0, 0);
    }

    int removeError = 0;
    if (!dir.remove(&removeError))
        out.warnings.push_back("could not remove all of the test's folder '" + out.region.testFilePath
            + "' (" + std::strerror(removeError) + "): remove it by hand");
    for (const FilesPhaseResult& ph : out.phases)
        if (ph.complete)
            out.fastest.note(ph.mbPerSecond(), ph.id == FilesPhaseId::Stat ? 0.0 : ph.filesPerSecond());
    if (std::string w = marker.overlapWarning(); !w.empty())
        out.warnings.push_back(w);
    return out;
}

} // namespace dm
