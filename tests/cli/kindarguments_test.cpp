// SPDX-License-Identifier: GPL-3.0-or-later
// Each kind's request said as its command's options (File › Run on Hosts from a kind's tab, issue
// 31) and read back by that command's own parser: the same request, for every setting the page
// has. A setting the arguments leave out, or say under a name the command reads otherwise, fails.
#include "scanarguments.h"
#include "sweeparguments.h"

#include <gtest/gtest.h>

namespace dm {
namespace {

    QStringList commandLine(const char* kind, const QStringList& options)
    {
        return QStringList { QStringLiteral("diskometer-cli"), QString::fromLatin1(kind), QStringLiteral("/host/path") }
        + options;
    }

    TEST(KindArguments, SweepRoundTrips)
    {
        for (const bool random : { false, true })
            for (const auto& [reads, writes] :
                { std::pair { true, true }, std::pair { true, false }, std::pair { false, true } }) {
                SweepRequest want;
                want.pattern = random ? Pattern::Random : Pattern::Sequential;
                want.queueDepth = random ? 32 : 1;
                want.threads = random ? 4 : 2;
                want.minBlockSize = 8 * KiB;
                want.maxBlockSize = random ? 1 * MiB : 256 * KiB;
                want.reads = reads;
                want.writes = writes;
                want.settings.testSize = 48 * MiB + 4096; // not a whole MiB
                want.settings.measureSeconds = 0.75;
                want.settings.warmupSeconds = 0.25;
                auto got = parseSweepArguments(commandLine("sweep", sweepCliArguments(want)));
                ASSERT_TRUE(got) << got.error().message;
                EXPECT_EQ(got->target, "/host/path");
                EXPECT_EQ(got->pattern, want.pattern);
                EXPECT_EQ(got->queueDepth, want.queueDepth);
                EXPECT_EQ(got->threads, want.threads);
                EXPECT_EQ(got->minBlockSize, want.minBlockSize);
                EXPECT_EQ(got->maxBlockSize, want.maxBlockSize);
                EXPECT_EQ(got->reads, want.reads);
                EXPECT_EQ(got->writes, want.writes);
                EXPECT_EQ(got->settings, want.settings);
                EXPECT_TRUE(got->sizeGiven); // the window's size, not the command's default
            }
    }

    TEST(KindArguments, ScanRoundTrips)
    {
        for (const bool writeBack : { false, true }) {
            ScanRequest want;
            want.samples = 37;
            want.sampleSize = 12 * KiB;
            want.accessSamples = writeBack ? 0 : 250;
            want.writeBack = writeBack;
            auto got = parseScanArguments(commandLine("scan", scanCliArguments(want)));
            ASSERT_TRUE(got) << got.error().message;
            EXPECT_EQ(got->target, "/host/path");
            EXPECT_EQ(got->samples, want.samples);
            EXPECT_EQ(got->sampleSize, want.sampleSize);
            EXPECT_EQ(got->accessSamples, want.accessSamples);
            EXPECT_EQ(got->writeBack, want.writeBack);
            EXPECT_EQ(got->queueDepth, want.queueDepth);
        }
    }

    TEST(KindArguments, TheParsersStillRefuseWhatTheCommandRefuses)
    {
        EXPECT_FALSE(parseSweepArguments(commandLine("sweep", { QStringLiteral("--pattern"), QStringLiteral("zig") })));
        EXPECT_FALSE(
            parseScanArguments(commandLine("scan", { QStringLiteral("--sample-size"), QStringLiteral("5000") })));
        EXPECT_FALSE(parseScanArguments(commandLine("scan", { QStringLiteral("--no-such-option") })));
    }

} // namespace
} // namespace dm
