// SPDX-License-Identifier: GPL-3.0-or-later
// dm-engine-ceiling: the engine's own ceiling (engineceiling.h) at the queue depth and thread
// count of each grid row, for each engine, measured --repeat times, with the median and the range;
// and, given --device (a RAM-backed loop device: bench/engine-ceiling --ramdisk makes one), what the
// grid itself reads there for the random rows, each run right after a ceiling of its row and
// engine, so the ratio result / ceiling is a median of per-pair ratios. Repetitions go round all
// rows and engines in turn, so drift on a shared machine touches every figure alike.
// bench/engine-ceiling builds and runs it; docs/MEASURING.md, "The engine's own ceiling", has figures.

#include "engineceiling.h"
#include "runner.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace dm {

namespace {

    const char* kUsage = "Usage: dm-engine-ceiling [options]\n"
                         "Prints the engine's own ceiling (no-data operations, no drive) at each row's queue depth\n"
                         "and thread count, and with --device what the grid reads there for the random rows.\n\n"
                         "  --rows LIST       default SEQ1M-Q8T1,SEQ1M-Q1T1,RND4K-Q32T1,RND4K-Q1T1,RND4K-Q32T16\n"
                         "  --engines LIST    default libaio,io_uring (those that run here)\n"
                         "  --repeat N        rounds over every row and engine (default 5)\n"
                         "  --measure SECONDS the ceiling's measured time per row (default 0.2)\n"
                         "  --device PATH     read the random rows there with the grid (a RAM-backed loop device)\n"
                         "  --grid-measure S  the grid's measured pass (default 2; plus 0.5 s of warm-up)\n"
                         "  --size SIZE       the grid's region on the device, in MiB (default 256)\n";

    struct Options {
        std::vector<TestRow> rows;
        std::vector<EngineKind> engines;
        int repeat = 5;
        double measure = kCeilingMeasureSeconds;
        std::string device;
        double gridMeasure = 2;
        uint64_t sizeMiB = 256;
    };

    struct Series {
        std::vector<double> ceiling, usPerIo, grid, ratio;
    };

    double median(std::vector<double> v)
    {
        if (v.empty())
            return 0;
        std::sort(v.begin(), v.end());
        const size_t n = v.size();
        return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }
    double lowest(const std::vector<double>& v) { return v.empty() ? 0 : *std::min_element(v.begin(), v.end()); }
    double highest(const std::vector<double>& v) { return v.empty() ? 0 : *std::max_element(v.begin(), v.end()); }

    double loadAverage()
    {
        double load = -1;
        if (FILE* f = std::fopen("/proc/loadavg", "r")) {
            if (std::fscanf(f, "%lf", &load) != 1)
                load = -1;
            std::fclose(f);
        }
        return load;
    }

    bool parse(int argc, char** argv, Options& o)
    {
        std::string rows = "SEQ1M-Q8T1,SEQ1M-Q1T1,RND4K-Q32T1,RND4K-Q1T1,RND4K-Q32T16";
        std::string engines;
        for (int i = 1; i < argc; ++i) {
            const std::string_view a = argv[i];
            const auto value = [&]() -> const char* { return i + 1 < argc ? argv[++i] : nullptr; };
            const char* v = nullptr;
            if (a == "-h" || a == "--help") {
                std::fputs(kUsage, stdout);
                std::exit(0);
            } else if (a == "--rows" && (v = value())) {
                rows = v;
            } else if (a == "--engines" && (v = value())) {
                engines = v;
            } else if (a == "--repeat" && (v = value())) {
                o.repeat = std::atoi(v);
            } else if (a == "--measure" && (v = value())) {
                o.measure = std::atof(v);
            } else if (a == "--device" && (v = value())) {
                o.device = v;
            } else if (a == "--grid-measure" && (v = value())) {
                o.gridMeasure = std::atof(v);
            } else if (a == "--size" && (v = value())) {
                o.sizeMiB = uint64_t(std::atoll(v));
            } else {
                std::fprintf(stderr, "dm-engine-ceiling: bad argument '%s'\n%s", argv[i], kUsage);
                return false;
            }
        }
        size_t start = 0;
        while (start <= rows.size()) {
            const size_t end = std::min(rows.find(',', start), rows.size());
            const auto row = parseRow(rows.substr(start, end - start));
            if (!row) {
                std::fprintf(stderr, "dm-engine-ceiling: '%s' is not a row\n", rows.substr(start, end - start).c_str());
                return false;
            }
            o.rows.push_back(*row);
            start = end + 1;
        }
        if (engines.empty()) {
            o.engines = availableEngines();
        } else {
            for (size_t s = 0; s <= engines.size();) {
                const size_t e = std::min(engines.find(',', s), engines.size());
                const auto kind = parseEngine(engines.substr(s, e - s));
                if (!kind) {
                    std::fprintf(
                        stderr, "dm-engine-ceiling: '%s' is not an engine\n", engines.substr(s, e - s).c_str());
                    return false;
                }
                o.engines.push_back(*kind);
                s = e + 1;
            }
        }
        return o.repeat > 0 && o.measure > 0 && o.gridMeasure > 0 && o.sizeMiB >= 16;
    }

    // The grid's read of one row on the device: its IOPS, or a negative number after printing why.
    double gridIops(const Options& o, const TestRow& row, EngineKind engine)
    {
        RunRequest req;
        req.target = o.device;
        req.engine = engine;
        req.tests = { TestSpec { row, Direction::Read, 100 } };
        req.settings.count = 1;
        req.settings.measureSeconds = o.gridMeasure;
        req.settings.warmupSeconds = 0.5;
        req.settings.intervalSeconds = 0;
        req.settings.testSize = o.sizeMiB * MiB;
        const std::atomic<bool> cancel { false };
        const auto run = runTests(req, RunCallbacks {}, cancel);
        if (!run) {
            std::fprintf(stderr, "dm-engine-ceiling: %s\n", run.error().message.c_str());
            return -1;
        }
        if (run->tests.empty() || !run->tests[0].ok()) {
            std::fprintf(stderr, "dm-engine-ceiling: %s: %s\n", rowName(row).c_str(),
                run->tests.empty() ? "no test ran" : run->tests[0].error.value_or("no pass").c_str());
            return -1;
        }
        return run->tests[0].passes[0].iops();
    }

    int run(const Options& o)
    {
        std::vector<Series> series(o.rows.size() * o.engines.size());
        const double loadBefore = loadAverage();
        for (int round = 0; round < o.repeat; ++round) {
            for (size_t r = 0; r < o.rows.size(); ++r) {
                for (size_t e = 0; e < o.engines.size(); ++e) {
                    Series& s = series[r * o.engines.size() + e];
                    const TestRow& row = o.rows[r];
                    const auto c = measureEngineCeiling(o.engines[e], row.queueDepth, row.threads, o.measure);
                    if (!c) {
                        std::fprintf(stderr, "dm-engine-ceiling: %s\n", c.error().message.c_str());
                        return 1;
                    }
                    s.ceiling.push_back(c->iops);
                    s.usPerIo.push_back(c->usPerIo);
                    if (!o.device.empty() && row.pattern == Pattern::Random) {
                        const double g = gridIops(o, row, o.engines[e]);
                        if (g < 0)
                            return 1;
                        s.grid.push_back(g);
                        s.ratio.push_back(g / c->iops);
                    }
                }
            }
            std::fprintf(stderr, "round %d of %d done\n", round + 1, o.repeat);
        }
        std::printf("Engine ceiling: %d rounds, %.2f s per row and engine; load average %.2f before, %.2f after\n",
            o.repeat, o.measure, loadBefore, loadAverage());
        if (!o.device.empty())
            std::printf("Grid: random reads on %s, %.1f s measured after 0.5 s of warm-up, right after each ceiling\n",
                o.device.c_str(), o.gridMeasure);
        std::printf("%-14s %-9s %22s %18s %22s %20s %s\n", "row", "engine", "ceiling IOPS (range)", "CPU us/op (range)",
            "grid IOPS (range)", "grid/ceiling (range)", "");
        for (size_t r = 0; r < o.rows.size(); ++r) {
            for (size_t e = 0; e < o.engines.size(); ++e) {
                const Series& s = series[r * o.engines.size() + e];
                char ceiling[64], us[64], grid[64] = "", ratio[64] = "";
                std::snprintf(ceiling, sizeof ceiling, "%.0fk (%.0f-%.0f)", median(s.ceiling) / 1e3,
                    lowest(s.ceiling) / 1e3, highest(s.ceiling) / 1e3);
                std::snprintf(
                    us, sizeof us, "%.2f (%.2f-%.2f)", median(s.usPerIo), lowest(s.usPerIo), highest(s.usPerIo));
                if (!s.grid.empty()) {
                    std::snprintf(grid, sizeof grid, "%.0fk (%.0f-%.0f)", median(s.grid) / 1e3, lowest(s.grid) / 1e3,
                        highest(s.grid) / 1e3);
                    std::snprintf(
                        ratio, sizeof ratio, "%.2f (%.2f-%.2f)", median(s.ratio), lowest(s.ratio), highest(s.ratio));
                }
                const bool flagged = !s.ratio.empty() && median(s.ratio) > kProcessorBoundShare;
                std::printf("%-14s %-9s %22s %18s %22s %20s %s\n", rowName(o.rows[r]).c_str(), engineName(o.engines[e]),
                    ceiling, us, grid, ratio, flagged ? "processor-bound" : "");
            }
        }
        return 0;
    }

} // namespace

} // namespace dm

int main(int argc, char** argv)
{
    dm::Options o;
    if (!dm::parse(argc, argv, o))
        return 2;
    return dm::run(o);
}
