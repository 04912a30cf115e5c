// SPDX-License-Identifier: GPL-3.0-or-later
// dm-soak: calls dm::runTests many times in one process on one target and records, after every
// run, the resident memory (VmRSS, RssAnon, VmHWM from /proc/self/status; the resident part of
// the [heap] mapping, "brk", and of unnamed anonymous mappings, "mmap", from /proc/self/smaps),
// glibc's heap in use and free chunks (mallinfo2), the open descriptors (/proc/self/fd) and the
// threads. Issue 5 asks for "buffers allocated once per test, no growth across passes": 50
// back-to-back runs must leave resident memory and descriptors flat. bench/soak builds and runs
// it; see docs/PERFORMANCE.md.
//
// Growth is measured from run 5, not run 1: the first runs warm glibc's arenas and its cache of
// thread stacks. "heap" is what is allocated and not freed (mallinfo2 uordblks + hblkhd, chunks in
// the per-thread caches included); "free" is what malloc holds freed but has not given back
// (fordblks). Resident growth with a flat "heap" is the allocator's retention, not a leak;
// --trim (malloc_trim after every run) shows how much of it the allocator can return.

#include "engineselect.h"
#include "jobspec.h"
#include "presets.h"
#include "runner.h"

#include <dirent.h>
#include <malloc.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

namespace dm {

namespace {

    std::atomic<bool> g_cancel { false };
    static_assert(std::atomic<bool>::is_always_lock_free, "the signal handler stores into g_cancel");

    extern "C" void onSignal(int) { g_cancel.store(true); }

    struct Options {
        std::string target;
        int runs = 50;
        std::vector<TestRow> rows;
        Mode mode = Mode::All;
        RunSettings settings;
        bool allowDestructive = false;
        bool trim = false;
        EngineKind engine = kDefaultEngine;
        int64_t maxGrowthKiB = 1024;
    };

    struct Sample {
        int run = 0; // 0: before the first run
        double seconds = 0;
        uint64_t ios = 0;
        int64_t rssKiB = 0, anonKiB = 0, hwmKiB = 0, heapKiB = 0, freeKiB = 0;
        int64_t brkKiB = 0, mmapKiB = 0; // resident in [heap] and in unnamed anonymous mappings
        int fds = 0, threads = 0;
    };

    const char* kUsage = "Usage: dm-soak TARGET [options]\n"
                         "Runs the same tests on TARGET (a directory, file or block device) again and again in one\n"
                         "process and prints resident memory, heap and open descriptors after every run.\n\n"
                         "  --runs N              back-to-back runs (default 50)\n"
                         "  --tests LIST          rows (default SEQ1M-Q8T1,RND4K-Q32T16)\n"
                         "  --mode all|read|write default all (every row read, then written)\n"
                         "  --count N             measured passes per test (default 2)\n"
                         "  --measure SECONDS     length of a pass (default 0.5)\n"
                         "  --warmup SECONDS      uncounted warm-up pass (default 0.5)\n"
                         "  --size SIZE           test region (default 64MiB)\n"
                         "  --allow-destructive   allow writes to a block device (its data is lost)\n"
                         "  --engine NAME         libaio or io_uring (default: the engine's default)\n"
                         "  --max-growth-kib N    resident growth from run 5 to the last that still passes "
                         "(default 1024)\n"
                         "  --trim                malloc_trim(0) after every run, before the sample: tells memory "
                         "the\n"
                         "                        allocator keeps for reuse from memory still in use\n\n"
                         "Exit status: 0 flat (descriptors unchanged, growth within the limit), 1 not flat or a run\n"
                         "failed, 2 bad usage, 130 interrupted.\n";

    [[noreturn]] void usageExit(const std::string& message)
    {
        std::fprintf(stderr, "dm-soak: %s (see --help)\n", message.c_str());
        std::exit(2);
    }

    double parseSeconds(const char* name, const char* value)
    {
        char* end = nullptr;
        const double v = std::strtod(value, &end);
        if (end == value || *end != '\0')
            usageExit(std::string(name) + " needs a number of seconds, not '" + value + "'");
        return v;
    }

    long parseWhole(const char* name, const char* value)
    {
        char* end = nullptr;
        const long v = std::strtol(value, &end, 10);
        if (end == value || *end != '\0' || v < 0)
            usageExit(std::string(name) + " needs a whole number, not '" + value + "'");
        return v;
    }

    Options parseOptions(int argc, char** argv)
    {
        Options o;
        o.settings.count = 2;
        o.settings.measureSeconds = 0.5;
        o.settings.warmupSeconds = 0.5;
        o.settings.intervalSeconds = 0;
        o.settings.testSize = 64 * MiB;
        std::string tests = "SEQ1M-Q8T1,RND4K-Q32T16";
        for (int i = 1; i < argc; ++i) {
            const std::string_view a = argv[i];
            const auto value = [&]() -> const char* {
                if (i + 1 >= argc)
                    usageExit(std::string(a) + " needs a value");
                return argv[++i];
            };
            if (a == "-h" || a == "--help") {
                std::fputs(kUsage, stdout);
                std::exit(0);
            } else if (a == "--runs") {
                o.runs = int(parseWhole("--runs", value()));
            } else if (a == "--tests") {
                tests = value();
            } else if (a == "--mode") {
                const char* v = value();
                const auto m = parseMode(v);
                if (!m)
                    usageExit(std::string("unknown --mode '") + v + "': use all, read or write");
                o.mode = *m;
            } else if (a == "--count") {
                o.settings.count = int(parseWhole("--count", value()));
            } else if (a == "--measure") {
                o.settings.measureSeconds = parseSeconds("--measure", value());
            } else if (a == "--warmup") {
                o.settings.warmupSeconds = parseSeconds("--warmup", value());
            } else if (a == "--size") {
                const char* v = value();
                auto size = parseSize(v);
                if (!size)
                    usageExit(size.error().message);
                o.settings.testSize = *size;
            } else if (a == "--allow-destructive") {
                o.allowDestructive = true;
            } else if (a == "--engine") {
                const char* v = value();
                const auto e = parseEngine(v);
                if (!e)
                    usageExit(std::string("unknown --engine '") + v + "': use libaio or io_uring");
                o.engine = *e;
            } else if (a == "--trim") {
                o.trim = true;
            } else if (a == "--max-growth-kib") {
                o.maxGrowthKiB = parseWhole("--max-growth-kib", value());
            } else if (!a.empty() && a[0] == '-') {
                usageExit("unknown option '" + std::string(a) + "'");
            } else if (o.target.empty()) {
                o.target = a;
            } else {
                usageExit("give one target, not '" + o.target + "' and '" + std::string(a) + "'");
            }
        }
        if (o.target.empty())
            usageExit("give a target: a directory, file or block device");
        if (o.runs < 1)
            usageExit("--runs must be at least 1");
        if (auto st = validate(o.settings); !st)
            usageExit(st.error().message);
        size_t start = 0;
        while (start <= tests.size()) {
            size_t end = tests.find(',', start);
            if (end == std::string::npos)
                end = tests.size();
            if (end > start) {
                auto row = parseRow(std::string_view(tests).substr(start, end - start));
                if (!row)
                    usageExit(row.error().message);
                o.rows.push_back(*row);
            }
            start = end + 1;
        }
        if (o.rows.empty())
            usageExit("--tests needs at least one row, e.g. SEQ1M-Q8T1");
        return o;
    }

    // "VmRSS:	  12345 kB" -> 12345
    void readStatus(Sample& s)
    {
        std::ifstream in("/proc/self/status");
        std::string line;
        const auto field = [&](std::string_view name, int64_t& out) {
            if (line.compare(0, name.size(), name) == 0)
                out = std::strtoll(line.c_str() + name.size(), nullptr, 10);
        };
        while (std::getline(in, line)) {
            field("VmRSS:", s.rssKiB);
            field("RssAnon:", s.anonKiB);
            field("VmHWM:", s.hwmKiB);
            int64_t threads = -1;
            field("Threads:", threads);
            if (threads >= 0)
                s.threads = int(threads);
        }
    }

    // Resident memory of the [heap] mapping (malloc's main arena) and of unnamed anonymous mappings
    // (other arenas, thread stacks, large blocks malloc maps on their own).
    void readSmaps(Sample& s)
    {
        std::ifstream in("/proc/self/smaps");
        std::string line;
        int64_t* target = nullptr;
        while (std::getline(in, line)) {
            const size_t firstSpace = line.find(' ');
            if (line.find(':') > firstSpace) {
                // "start-end perms offset dev inode [path]": the path is the sixth field.
                size_t pos = 0;
                for (int field = 0; field < 5 && pos != std::string::npos; ++field) {
                    pos = line.find_first_not_of(' ', line.find(' ', pos));
                }
                const std::string_view path
                    = pos == std::string::npos ? std::string_view() : std::string_view(line).substr(pos);
                target = path == "[heap]" ? &s.brkKiB : path.empty() ? &s.mmapKiB : nullptr;
            } else if (target && line.compare(0, 4, "Rss:") == 0) {
                *target += std::strtoll(line.c_str() + 4, nullptr, 10);
            }
        }
    }

    // The open descriptors, not counting the one opendir() holds while counting.
    int countFds()
    {
        DIR* dir = opendir("/proc/self/fd");
        if (!dir)
            return -1;
        int n = 0;
        while (const dirent* e = readdir(dir))
            if (e->d_name[0] != '.')
                ++n;
        closedir(dir);
        return n - 1;
    }

    Sample sampleNow(int run)
    {
        Sample s;
        s.run = run;
        readStatus(s);
        readSmaps(s);
        const struct mallinfo2 mi = mallinfo2();
        s.heapKiB = int64_t((mi.uordblks + mi.hblkhd) / 1024);
        s.freeKiB = int64_t(mi.fordblks / 1024);
        s.fds = countFds();
        return s;
    }

    void printHeader()
    {
        std::printf("%4s %5s %8s %9s %9s %9s %8s %8s %8s %8s %4s %7s\n", "run", "s", "I/Os", "VmRSS KiB", "anon KiB",
            "VmHWM KiB", "brk KiB", "mmap KiB", "heap KiB", "free KiB", "fds", "threads");
    }

    void printRow(const Sample& s)
    {
        std::printf("%4d %5.1f %8llu %9lld %9lld %9lld %8lld %8lld %8lld %8lld %4d %7d\n", s.run, s.seconds,
            static_cast<unsigned long long>(s.ios), static_cast<long long>(s.rssKiB), static_cast<long long>(s.anonKiB),
            static_cast<long long>(s.hwmKiB), static_cast<long long>(s.brkKiB), static_cast<long long>(s.mmapKiB),
            static_cast<long long>(s.heapKiB), static_cast<long long>(s.freeKiB), s.fds, s.threads);
    }

} // namespace

int soakMain(int argc, char** argv)
{
    const Options opt = parseOptions(argc, argv);
    struct sigaction sa { };
    sa.sa_handler = onSignal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, nullptr);
    sigaction(SIGTERM, &sa, nullptr);
    sigaction(SIGHUP, &sa, nullptr);

    RunRequest req;
    req.target = opt.target;
    req.tests = expandTests(opt.rows, opt.mode, std::nullopt);
    req.settings = opt.settings;
    req.sizeGiven = true;
    req.allowDestructive = opt.allowDestructive;
    const EngineChoice engine = resolveEngine(opt.engine);
    req.engine = engine.kind;
    if (!engine.warning.empty())
        std::printf("%s\n", engine.warning.c_str());

    std::string testNames;
    for (const auto& t : req.tests)
        testNames += (testNames.empty() ? "" : ", ") + rowName(t.row) + " " + directionName(t.direction);
    std::printf(
        "target %s; engine %s; %d runs of: %s; count %d, measure %.2f s, warm-up %.2f s, interval 0, %llu MiB\n",
        opt.target.c_str(), engineName(req.engine), opt.runs, testNames.c_str(), opt.settings.count,
        opt.settings.measureSeconds, opt.settings.warmupSeconds,
        static_cast<unsigned long long>(opt.settings.testSize / MiB));

    // Reserved up front: a vector that grows between runs would put a live block at the top of the
    // heap after a run, and the allocator could then not give back anything below it.
    std::vector<Sample> samples;
    samples.reserve(size_t(opt.runs) + 1);
    samples.push_back(sampleNow(0));
    std::printf("before the first run: VmRSS %lld KiB, heap %lld KiB, %d fds, %d threads\n\n",
        static_cast<long long>(samples[0].rssKiB), static_cast<long long>(samples[0].heapKiB), samples[0].fds,
        samples[0].threads);
    std::fflush(stdout);

    for (int run = 1; run <= opt.runs; ++run) {
        const auto t0 = std::chrono::steady_clock::now();
        uint64_t ios = 0;
        {
            // The result goes out of scope before the sample: only what the engine keeps counts.
            auto result = runTests(req, {}, g_cancel);
            if (!result) {
                std::fprintf(stderr, "dm-soak: run %d could not start: %s\n", run, result.error().message.c_str());
                return 1;
            }
            if (result->cancelled) {
                std::fprintf(stderr, "dm-soak: interrupted in run %d\n", run);
                return 130;
            }
            for (const auto& t : result->tests) {
                if (t.error) {
                    std::fprintf(stderr, "dm-soak: run %d: %s %s failed: %s\n", run, rowName(t.spec.row).c_str(),
                        directionName(t.spec.direction), t.error->c_str());
                    return 1;
                }
                for (const auto& p : t.passes)
                    ios += p.ios;
            }
        }
        if (opt.trim)
            malloc_trim(0);
        Sample s = sampleNow(run);
        s.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        s.ios = ios;
        samples.push_back(s);
        if (run % 10 == 0 || run == opt.runs) {
            printHeader();
            for (int r = (run - 1) / 10 * 10 + 1; r <= run; ++r)
                printRow(samples[size_t(r)]);
            std::printf("\n");
            std::fflush(stdout);
        }
    }

    const Sample& before = samples.front();
    const Sample& from = samples[size_t(std::min(5, opt.runs))];
    const Sample& last = samples.back();
    int fdMin = last.fds, fdMax = last.fds;
    for (size_t i = 1; i < samples.size(); ++i) {
        fdMin = std::min(fdMin, samples[i].fds);
        fdMax = std::max(fdMax, samples[i].fds);
    }
    const int64_t rssGrowth = last.rssKiB - from.rssKiB;
    const int64_t anonGrowth = last.anonKiB - from.anonKiB;
    const int64_t heapGrowth = last.heapKiB - from.heapKiB;
    const int64_t freeGrowth = last.freeKiB - from.freeKiB;
    const int fdChange = last.fds - before.fds;
    const bool flat
        = fdChange == 0 && fdMin == fdMax && rssGrowth <= opt.maxGrowthKiB && last.threads == before.threads;
    std::printf("verdict: %s. VmRSS run %d -> %d: %+lld KiB (%+.2f %%; %lld -> %lld KiB), RssAnon %+lld KiB, "
                "heap in use %+lld KiB, malloc's free chunks %+lld KiB, VmHWM %lld KiB; open fds %d before, %d-%d "
                "after each run, %d after run %d "
                "(change %+d); threads %d after the last run (%d before)\n",
        flat ? "FLAT" : "NOT FLAT", from.run, last.run, static_cast<long long>(rssGrowth),
        from.rssKiB ? 100.0 * double(rssGrowth) / double(from.rssKiB) : 0.0, static_cast<long long>(from.rssKiB),
        static_cast<long long>(last.rssKiB), static_cast<long long>(anonGrowth), static_cast<long long>(heapGrowth),
        static_cast<long long>(freeGrowth), static_cast<long long>(last.hwmKiB), before.fds, fdMin, fdMax, last.fds,
        last.run, fdChange, last.threads, before.threads);
    return flat ? 0 : 1;
}

} // namespace dm

int main(int argc, char** argv) { return dm::soakMain(argc, argv); }
