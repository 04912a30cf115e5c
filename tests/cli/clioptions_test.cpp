// SPDX-License-Identifier: GPL-3.0-or-later
// Checks diskometer-cli's option parsing: defaults, every option's mapping onto the request, and
// a clear usage error (naming the option and the range) for each malformed or out-of-range value.
#include "clioptions.h"

#include <gtest/gtest.h>

using namespace dm;

namespace {
Result<CliOptions> parse(QStringList args)
{
    args.prepend(QStringLiteral("diskometer-cli"));
    return parseCliOptions(args);
}
std::string errorOf(QStringList args)
{
    auto r = parse(std::move(args));
    EXPECT_FALSE(r);
    if (r)
        return {};
    EXPECT_EQ(r.error().kind, Error::Kind::Usage);
    return r.error().message;
}
}

TEST(CliOptions, DefaultsAreTheDefaultProfileOnTheCurrentDirectory)
{
    auto o = parse({});
    ASSERT_TRUE(o) << o.error().message;
    EXPECT_EQ(o->request.target, ".");
    EXPECT_EQ(o->request.tests.size(), 8u);
    EXPECT_EQ(o->request.settings, RunSettings {});
    EXPECT_FALSE(o->request.sizeGiven);
    EXPECT_FALSE(o->request.allowDestructive);
    EXPECT_EQ(o->request.engine, kDefaultEngine);
    EXPECT_EQ(o->textOut, QStringLiteral("-"));
    EXPECT_TRUE(o->jsonOut.isEmpty());
}

TEST(CliOptions, MapsEveryOption)
{
    auto o = parse({ "run", "--profile", "peak", "--preset", "nvme", "--mode", "read", "--mix", "60", "--count", "3",
        "--size", "64MiB", "--measure", "2", "--interval", "0", "--warmup", "0.5", "--data", "zeros", "--seed", "7",
        "--allow-destructive", "--comment", "USB 3.0 port", "--json", "-", "--quiet", "--engine", "io_uring", "/mnt" });
    ASSERT_TRUE(o) << o.error().message;
    EXPECT_EQ(o->request.target, "/mnt");
    EXPECT_EQ(o->profile, Profile::Peak);
    EXPECT_EQ(o->preset, Preset::Nvme);
    EXPECT_EQ(o->mode, Mode::Read);
    EXPECT_EQ(o->mixReadPercent, 60);
    // Peak + NVMe: SEQ1M Q8T1 and RND4K Q32T16, read, then the same two as mix.
    ASSERT_EQ(o->request.tests.size(), 4u);
    EXPECT_EQ(rowName(o->request.tests[1].row), "RND4K Q32T16");
    EXPECT_EQ(o->request.tests[2].direction, Direction::Mix);
    EXPECT_EQ(o->request.tests[2].readPercent, 60);
    const RunSettings& s = o->request.settings;
    EXPECT_EQ(s.count, 3);
    EXPECT_EQ(s.testSize, 64 * MiB);
    EXPECT_TRUE(o->request.sizeGiven);
    EXPECT_EQ(s.measureSeconds, 2);
    EXPECT_EQ(s.intervalSeconds, 0);
    EXPECT_EQ(s.warmupSeconds, 0.5);
    EXPECT_EQ(s.data, DataFill::Zeros);
    EXPECT_EQ(s.seed, 7u);
    EXPECT_TRUE(o->request.allowDestructive);
    EXPECT_EQ(o->request.engine, EngineKind::IoUring);
    EXPECT_EQ(o->comment, QStringLiteral("USB 3.0 port"));
    EXPECT_EQ(o->jsonOut, QStringLiteral("-"));
    EXPECT_TRUE(o->textOut.isEmpty()); // only what was asked goes to stdout
    EXPECT_TRUE(o->quiet);
}

TEST(CliOptions, TestsListReplacesTheProfileRows)
{
    auto o = parse({ "--tests", "SEQ1M-Q8T1,RND4K-Q32T16,SEQ128K-Q32T1,RND512-Q1T1", "--mode", "write" });
    ASSERT_TRUE(o) << o.error().message;
    ASSERT_EQ(o->request.tests.size(), 4u);
    EXPECT_EQ(rowName(o->request.tests[2].row), "SEQ128K Q32T1");
    EXPECT_EQ(o->request.tests[3].row.blockSize, 512u);
    EXPECT_EQ(o->request.tests[0].direction, Direction::Write);
    EXPECT_EQ(o->profile, Profile::Custom); // not the Default profile's rows: reports must not say so
    EXPECT_EQ(parse({})->profile, Profile::Default);
}

// Names are case-insensitive alike (--tests seq1m-q8t1 always was), and sizes take decimal units
// as drives are sold as well as binary ones.
TEST(CliOptions, NamesInAnyCaseAndDecimalSizes)
{
    auto o = parse({ "--profile", "Peak", "--preset", "NVMe", "--mode", "READ", "--data", "Zeros", "--engine",
        "IO_URING", "--size", "500MB" });
    ASSERT_TRUE(o) << o.error().message;
    EXPECT_EQ(o->profile, Profile::Peak);
    EXPECT_EQ(o->preset, Preset::Nvme);
    EXPECT_EQ(o->mode, Mode::Read);
    EXPECT_EQ(o->request.settings.data, DataFill::Zeros);
    EXPECT_EQ(o->request.engine, EngineKind::IoUring);
    EXPECT_EQ(o->request.settings.testSize, 500'000'000u);
    EXPECT_EQ(parse({ "--size", "2GB" })->request.settings.testSize, 2'000'000'000u);
    EXPECT_EQ(parse({ "--size", "1.5GiB" })->request.settings.testSize, 3 * GiB / 2); // as sticks are sold
    EXPECT_EQ(parse({ "--size", "1gib" })->request.settings.testSize, GiB);
    // Options before the command word are options (the usage line puts them there).
    auto before = parse({ "--quiet", "--count", "2", "run", "/mnt" });
    ASSERT_TRUE(before) << before.error().message;
    EXPECT_TRUE(before->quiet);
    EXPECT_EQ(before->request.settings.count, 2);
    EXPECT_EQ(before->request.target, "/mnt");
}

TEST(CliOptions, OutOfRangeAndMalformedValuesAreUsageErrors)
{
    EXPECT_NE(errorOf({ "--count", "0" }).find("--count"), std::string::npos);
    EXPECT_NE(errorOf({ "--count", "10" }).find("1 to 9"), std::string::npos);
    EXPECT_NE(errorOf({ "--count", "many" }).find("--count"), std::string::npos);
    EXPECT_NE(errorOf({ "--size", "8MiB" }).find("16MiB"), std::string::npos);
    EXPECT_NE(errorOf({ "--size", "65GiB" }).find("64GiB"), std::string::npos);
    // Refusals name the range, whatever was wrong.
    EXPECT_NE(errorOf({ "--size", "1TB" }).find("must be from 16MiB to 64GiB (got '1TB')"), std::string::npos);
    EXPECT_NE(errorOf({ "--size", "1XB" }).find("unknown unit"), std::string::npos);
    EXPECT_NE(errorOf({ "--size", "1XB" }).find("from 16MiB to 64GiB"), std::string::npos);
    EXPECT_NE(errorOf({ "--size", "big" }).find("--size"), std::string::npos);
    EXPECT_NE(errorOf({ "--measure", "0" }).find("--measure"), std::string::npos);
    EXPECT_NE(errorOf({ "--measure", "61" }).find("--measure"), std::string::npos);
    EXPECT_NE(errorOf({ "--interval", "-1" }).find("--interval"), std::string::npos);
    EXPECT_NE(errorOf({ "--mix", "5" }).find("10 to 90"), std::string::npos);
    EXPECT_NE(errorOf({ "--mix", "95" }).find("--mix"), std::string::npos);
    EXPECT_NE(errorOf({ "--profile", "fast" }).find("default, peak, real, demo or flash"), std::string::npos);
    EXPECT_NE(errorOf({ "--preset", "sata" }).find("--preset"), std::string::npos);
    EXPECT_NE(errorOf({ "--mode", "both" }).find("--mode"), std::string::npos);
    EXPECT_NE(errorOf({ "--data", "ones" }).find("--data"), std::string::npos);
    EXPECT_NE(errorOf({ "--tests", "SEQ1M-Q0T1" }).find("queue depth"), std::string::npos);
    EXPECT_NE(errorOf({ "--tests", "SEQ1M-Q1T65" }).find("T64"), std::string::npos);
    EXPECT_NE(errorOf({ "--tests", "XYZ" }).find("SEQ1M-Q8T1"), std::string::npos);
    EXPECT_NE(errorOf({ "--tests", "," }).find("--tests"), std::string::npos);
    EXPECT_NE(errorOf({ "--seed", "0" }).find("--seed"), std::string::npos);
    EXPECT_NE(errorOf({ "--engine", "spdk" }).find("libaio or io_uring"), std::string::npos);
    EXPECT_NE(errorOf({ "--bogus" }).find("--help"), std::string::npos);
    EXPECT_NE(errorOf({ "a", "b" }).find("one TARGET"), std::string::npos);
    EXPECT_NE(errorOf({ "--json", "-", "--text", "-" }).find("stdout"), std::string::npos);
    EXPECT_NE(errorOf({ "--json", "/nonexistent/dir/r.json" }).find("does not exist"), std::string::npos);
}

TEST(CliOptions, HelpAndVersion)
{
    auto h = parse({ "--help" });
    ASSERT_TRUE(h);
    EXPECT_TRUE(h->showHelp);
    EXPECT_TRUE(h->helpText.contains(QStringLiteral("--allow-destructive")));
    EXPECT_TRUE(h->helpText.contains(QStringLiteral("Exit codes")));
    auto v = parse({ "--version" });
    ASSERT_TRUE(v);
    EXPECT_TRUE(v->showVersion);
}

TEST(CliOptions, FlashProfileIsCrystalDiskMark9sFlashMemory)
{
    auto o = parse({ QStringLiteral("--profile"), QStringLiteral("flash") });
    ASSERT_TRUE(o) << o.error().message;
    EXPECT_EQ(o->profile, Profile::Flash);
    EXPECT_EQ(o->request.tests.size(), 8u); // the Default rows, read and write
    EXPECT_EQ(o->request.tests, parse({})->request.tests);
    EXPECT_EQ(o->request.settings.measureSeconds, 1);
    EXPECT_EQ(o->request.settings.intervalSeconds, 30);
    EXPECT_EQ(o->request.settings.count, 3);
    // Times the user gives win over the profile's.
    auto given = parse({ QStringLiteral("--profile"), QStringLiteral("flash"), QStringLiteral("--measure"),
        QStringLiteral("2"), QStringLiteral("--interval"), QStringLiteral("0") });
    ASSERT_TRUE(given);
    EXPECT_EQ(given->request.settings.measureSeconds, 2);
    EXPECT_EQ(given->request.settings.intervalSeconds, 0);
    // Rows of one's own keep the profile's times (the rows, not the times, make the run custom).
    auto rows = parse({ QStringLiteral("--profile"), QStringLiteral("flash"), QStringLiteral("--tests"),
        QStringLiteral("RND4K-Q1T1") });
    ASSERT_TRUE(rows) << rows.error().message;
    EXPECT_EQ(rows->profile, Profile::Custom);
    EXPECT_EQ(rows->request.settings.measureSeconds, 1);
    EXPECT_EQ(rows->request.settings.intervalSeconds, 30);
    EXPECT_NE(errorOf({ QStringLiteral("--profile"), QStringLiteral("flashy") }).find("default, peak, real, demo or flash"),
        std::string::npos);
    EXPECT_TRUE(parse({})->powerHold);
    EXPECT_FALSE(parse({ QStringLiteral("--no-power-hold") })->powerHold);
}
