// SPDX-License-Identifier: GPL-3.0-or-later
// Each kind's request said as its command's options (File › Run on Hosts from a kind's tab, issue
// 31) and read back by that command's own parser: the same request, for every setting the page
// has. A setting the arguments leave out, or say under a name the command reads otherwise, fails.
#include "capacityarguments.h"
#include "copyarguments.h"
#include "filesarguments.h"
#include "scanarguments.h"
#include "sustainedarguments.h"
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

    TEST(KindArguments, SustainedRoundTrips)
    {
        for (const uint64_t total : { 16 * MiB, 3 * GiB + 4096 }) {
            SustainedRequest want;
            want.totalBytes = total;
            want.queueDepth = total > GiB ? 32 : 1;
            auto got = parseSustainedArguments(commandLine("sustained", sustainedCliArguments(want)));
            ASSERT_TRUE(got) << got.error().message;
            EXPECT_EQ(got->target, "/host/path");
            EXPECT_EQ(got->totalBytes, want.totalBytes);
            EXPECT_EQ(got->queueDepth, want.queueDepth);
            EXPECT_TRUE(got->totalGiven); // the window's amount, not the command's default
        }
    }

    TEST(KindArguments, CapacityRoundTrips)
    {
        // 0 is all the free space: the command's own default, said by leaving --size out.
        for (const uint64_t size : { uint64_t(0), 2 * GiB, 5 * MiB + 4096 })
            for (const bool restore : { true, false }) {
                CapacityRequest want;
                want.size = size;
                want.restore = restore;
                auto got = parseCapacityArguments(commandLine("capacity", capacityCliArguments(want)));
                ASSERT_TRUE(got) << got.error().message;
                EXPECT_EQ(got->target, "/host/path");
                EXPECT_EQ(got->size, want.size);
                EXPECT_EQ(got->restore, want.restore);
                EXPECT_FALSE(got->allowDestructive); // never said for a host: its user gives it
            }
    }

    TEST(KindArguments, FilesRoundTrips)
    {
        for (const FilesSync sync : { FilesSync::None, FilesSync::File, FilesSync::End }) {
            FilesRequest want;
            want.files = sync == FilesSync::File ? 3 : 5000;
            want.fileSize = sync == FilesSync::None ? 0 : 64 * KiB + 512;
            want.dirs = sync == FilesSync::File ? 3 : 17; // not the default the command takes when --dirs is left out
            want.sync = sync;
            auto got = parseFilesArguments(commandLine("files", filesCliArguments(want)));
            ASSERT_TRUE(got) << got.error().message;
            EXPECT_EQ(got->target, "/host/path");
            EXPECT_EQ(got->files, want.files);
            EXPECT_EQ(got->fileSize, want.fileSize);
            EXPECT_EQ(got->dirs, want.dirs);
            EXPECT_EQ(got->sync, want.sync);
        }
    }

    TEST(KindArguments, CopyRoundTrips)
    {
        for (const uint64_t seed : { uint64_t(0), uint64_t(18446744073709551615ull), uint64_t(42) }) {
            CopyRequest want;
            want.size = seed == 42 ? 16 * MiB : 3 * GiB + 4096;
            want.seed = seed;
            auto got = parseCopyArguments(commandLine("copy", copyCliArguments(want)));
            ASSERT_TRUE(got) << got.error().message;
            EXPECT_EQ(got->target, "/host/path");
            EXPECT_EQ(got->size, want.size);
            EXPECT_EQ(got->seed, want.seed); // 0: each host draws its own
        }
    }

    TEST(KindArguments, TheParsersStillRefuseWhatTheCommandRefuses)
    {
        EXPECT_FALSE(parseSweepArguments(commandLine("sweep", { QStringLiteral("--pattern"), QStringLiteral("zig") })));
        EXPECT_FALSE(
            parseScanArguments(commandLine("scan", { QStringLiteral("--sample-size"), QStringLiteral("5000") })));
        EXPECT_FALSE(parseScanArguments(commandLine("scan", { QStringLiteral("--no-such-option") })));
        EXPECT_FALSE(
            parseSustainedArguments(commandLine("sustained", { QStringLiteral("--total"), QStringLiteral("1MiB") })));
        EXPECT_FALSE(
            parseCapacityArguments(commandLine("capacity", { QStringLiteral("--size"), QStringLiteral("lots") })));
        EXPECT_FALSE(parseFilesArguments(commandLine("files", { QStringLiteral("--sync"), QStringLiteral("always") })));
        EXPECT_FALSE(parseCopyArguments(commandLine("copy", { QStringLiteral("--seed"), QStringLiteral("0") })));
    }

} // namespace
} // namespace dm
