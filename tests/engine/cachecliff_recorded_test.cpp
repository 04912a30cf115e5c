// SPDX-License-Identifier: GPL-3.0-or-later
// The cache-cliff rule on timelines recorded from the real diskometer-cli on a device of known
// speed (tests/support/throttle-rig, bench/known-answer): a RAM-backed loop device whose write
// limit a watcher lowered when the device had written a set amount. Each file in
// tests/data/cliff holds the true answer (where the limit changed, the limits before and after)
// and the timeline as the CLI reported it. The rule must find the cliff within 5 % of where the
// limit changed and both rates within 5 % of the limits (issue 11), on short writes (where one
// 0.25 s sample is a tenth of the bytes) and long ones alike.
#include "cachecliff.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

using namespace dm;

namespace {

struct Recorded {
    std::string name;
    uint64_t switchedBytes = 0;
    double before = 0, after = 0;
    std::vector<RatePoint> series;
};

Recorded load(const std::filesystem::path& path)
{
    Recorded r;
    r.name = path.filename().string();
    std::ifstream in(path);
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#')
            continue;
        std::replace(line.begin(), line.end(), ',', ' ');
        std::istringstream fields(line);
        if (line.rfind("known", 0) == 0) {
            std::string word;
            fields >> word >> r.switchedBytes >> r.before >> r.after;
            continue;
        }
        double t = 0, rate = 0;
        uint64_t bytes = 0;
        fields >> t >> bytes >> rate;
        r.series.push_back({ bytes, rate });
    }
    return r;
}

std::vector<Recorded> allRecorded()
{
    std::vector<Recorded> out;
    for (const auto& e : std::filesystem::directory_iterator(DM_TEST_DATA_DIR "/cliff"))
        if (e.path().extension() == ".csv")
            out.push_back(load(e.path()));
    std::sort(out.begin(), out.end(), [](const Recorded& a, const Recorded& b) { return a.name < b.name; });
    return out;
}

} // namespace

TEST(CacheCliffRecorded, FindsTheTrueSizeAndRatesOnEveryRecordedRun)
{
    const std::vector<Recorded> runs = allRecorded();
    ASSERT_GE(runs.size(), 6u) << "tests/data/cliff is missing its timelines";
    for (const Recorded& r : runs) {
        SCOPED_TRACE(r.name);
        ASSERT_GT(r.switchedBytes, 0u);
        ASSERT_GT(r.series.size(), 10u);
        const CacheCliff cliff = findCacheCliff(r.series);
        ASSERT_TRUE(cliff.cacheBytes) << cliff.reason;
        EXPECT_NEAR(double(*cliff.cacheBytes) / double(r.switchedBytes), 1.0, 0.05) << *cliff.cacheBytes;
        EXPECT_NEAR(cliff.beforeMbPerSec / r.before, 1.0, 0.05) << cliff.beforeMbPerSec;
        EXPECT_NEAR(cliff.afterMbPerSec / r.after, 1.0, 0.05) << cliff.afterMbPerSec;
    }
}
