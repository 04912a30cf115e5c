// SPDX-License-Identifier: GPL-3.0-or-later
// Checks row names and parsing ("SEQ1M-Q8T1"), size parsing, range checks, and that the profiles
// and presets expand to exactly the rows and order CrystalDiskMark gives them.
#include "jobspec.h"
#include "presets.h"

#include <gtest/gtest.h>

using namespace dm;

TEST(JobSpec, RowNamesLookLikeCrystalDiskMarks)
{
    EXPECT_EQ(rowName({ Pattern::Sequential, 1 * MiB, 8, 1 }), "SEQ1M Q8T1");
    EXPECT_EQ(rowName({ Pattern::Random, 4 * KiB, 32, 16 }), "RND4K Q32T16");
    EXPECT_EQ(rowName({ Pattern::Sequential, 128 * KiB, 32, 1 }), "SEQ128K Q32T1");
    EXPECT_EQ(rowName({ Pattern::Random, 512, 1, 1 }), "RND512 Q1T1");
    EXPECT_EQ(blockSizeIecLabel(4 * KiB), "4KiB");
    EXPECT_EQ(blockSizeIecLabel(1 * MiB), "1MiB");
}

TEST(JobSpec, ParsesRowSpecs)
{
    auto r = parseRow("SEQ1M-Q8T1");
    ASSERT_TRUE(r) << r.error().message;
    EXPECT_EQ(*r, (TestRow { Pattern::Sequential, 1 * MiB, 8, 1 }));
    r = parseRow("rnd4k-q32t16");
    ASSERT_TRUE(r);
    EXPECT_EQ(*r, (TestRow { Pattern::Random, 4 * KiB, 32, 16 }));
    r = parseRow("RND512-Q1T1");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->blockSize, 512u);
    r = parseRow("SEQ131072 Q32T1");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->blockSize, 128 * KiB);
    r = parseRow("SEQ128KiB-Q32T1");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->blockSize, 128 * KiB);
}

TEST(JobSpec, RejectsMalformedAndOutOfRangeRows)
{
    for (const char* bad : { "", "SEQ", "FOO1M-Q1T1", "SEQ1M", "SEQ1M-Q8", "SEQ1M-Q8T", "SEQ1M-Q8T1x", "SEQ16M-Q1T1",
             "SEQ1M-Q0T1", "SEQ1M-Q513T1", "SEQ1M-Q1T0", "SEQ1M-Q1T65", "RND100-Q1T1", "RND0-Q1T1" }) {
        auto r = parseRow(bad);
        EXPECT_FALSE(r) << bad;
        if (!r) {
            EXPECT_EQ(r.error().kind, Error::Kind::Usage);
            EXPECT_FALSE(r.error().message.empty());
        }
    }
    // The message says what to write instead.
    EXPECT_NE(parseRow("FOO").error().message.find("SEQ1M-Q8T1"), std::string::npos);
}

TEST(JobSpec, ParsesSizes)
{
    EXPECT_EQ(*parseSize("64MiB"), 64 * MiB);
    EXPECT_EQ(*parseSize("1GiB"), 1 * GiB);
    EXPECT_EQ(*parseSize("1G"), 1 * GiB);
    EXPECT_EQ(*parseSize("512m"), 512 * MiB);
    EXPECT_EQ(*parseSize("4096"), 4096u);
    // Decimal units as drives are sold, and TiB/T.
    EXPECT_EQ(*parseSize("1GB"), 1000000000u);
    EXPECT_EQ(*parseSize("500mb"), 500000000u);
    EXPECT_EQ(*parseSize("1TB"), 1000000000000u);
    EXPECT_EQ(*parseSize("2kB"), 2000u);
    EXPECT_EQ(*parseSize("1TiB"), 1024 * GiB);
    EXPECT_EQ(*parseSize("3t"), 3 * 1024 * GiB);
    EXPECT_EQ(sizeLabel(16 * MiB), "16MiB");
    EXPECT_EQ(sizeLabel(64 * GiB), "64GiB");
    EXPECT_EQ(sizeLabel(1000), "1000B");
    EXPECT_FALSE(parseSize("lots"));
    EXPECT_FALSE(parseSize("12XB"));
    EXPECT_NE(parseSize("12XB").error().message.find("KiB, MiB, GiB, TiB"), std::string::npos);
    EXPECT_FALSE(parseSize("99999999999999999999G"));
    // Fractions, as drives are sold: exact in bytes, or refused saying why.
    EXPECT_EQ(*parseSize("1.5GiB"), 3 * GiB / 2);
    EXPECT_EQ(*parseSize("0.5TB"), 500000000000u);
    EXPECT_EQ(*parseSize("2.25m"), 9 * MiB / 4);
    EXPECT_EQ(*parseSize("1.000001TB"), 1000001000000u);
    EXPECT_NE(parseSize("1.5").error().message.find("whole number of bytes"), std::string::npos);
    EXPECT_NE(parseSize("1.0000001GB").error().message.find("more than 6 decimals"), std::string::npos);
    EXPECT_NE(parseSize("1.GiB").error().message.find("is not a size"), std::string::npos);
    EXPECT_FALSE(parseSize(".5GiB"));
    EXPECT_FALSE(parseSize("1.5.5GiB"));
    // A long text is quoted by its start only.
    const std::string pasted(5000, 'x');
    ASSERT_FALSE(parseSize(pasted));
    EXPECT_LT(parseSize(pasted).error().message.size(), 200u);
    EXPECT_NE(parseSize(pasted).error().message.find("'" + std::string(40, 'x') + "...'"), std::string::npos);
    // The fraction's bytes can carry past 64 bits: the largest size is taken, one more refused.
    EXPECT_EQ(*parseSize("18446744073709551.615KB"), UINT64_MAX);
    EXPECT_NE(parseSize("18446744073709551.616KB").error().message.find("too large"), std::string::npos);
}

TEST(JobSpec, ValidatesSettingsRanges)
{
    RunSettings s;
    EXPECT_TRUE(validate(s));
    s.count = 0;
    EXPECT_FALSE(validate(s));
    s.count = 10;
    EXPECT_FALSE(validate(s));
    s = {};
    s.testSize = 8 * MiB;
    EXPECT_FALSE(validate(s));
    s.testSize = 65 * GiB;
    EXPECT_FALSE(validate(s));
    s = {};
    s.intervalSeconds = 601;
    EXPECT_FALSE(validate(s));
    s = {};
    s.measureSeconds = 61;
    EXPECT_FALSE(validate(s));
}

TEST(Presets, DefaultAndNvmeRowsMatchCrystalDiskMark8)
{
    const auto def = profileRows(Profile::Default, Preset::Default);
    ASSERT_EQ(def.size(), 4u);
    EXPECT_EQ(rowName(def[0]), "SEQ1M Q8T1");
    EXPECT_EQ(rowName(def[1]), "SEQ1M Q1T1");
    EXPECT_EQ(rowName(def[2]), "RND4K Q32T1");
    EXPECT_EQ(rowName(def[3]), "RND4K Q1T1");
    const auto nvme = profileRows(Profile::Default, Preset::Nvme);
    ASSERT_EQ(nvme.size(), 4u);
    EXPECT_EQ(rowName(nvme[1]), "SEQ128K Q32T1");
    EXPECT_EQ(rowName(nvme[2]), "RND4K Q32T16");
    EXPECT_EQ(rowName(profileRows(Profile::Peak, Preset::Nvme)[1]), "RND4K Q32T16");
    EXPECT_EQ(rowName(profileRows(Profile::Peak, Preset::Default)[1]), "RND4K Q32T1");
    const auto real = profileRows(Profile::RealWorld, Preset::Default);
    ASSERT_EQ(real.size(), 2u);
    EXPECT_EQ(rowName(real[0]), "SEQ1M Q1T1");
    EXPECT_EQ(rowName(real[1]), "RND4K Q1T1");
    EXPECT_EQ(profileRows(Profile::Demo, Preset::Default).size(), 1u);
}

TEST(Presets, AllRunOrderIsReadsThenWritesThenMix)
{
    const auto rows = profileRows(Profile::Default, Preset::Default);
    const auto tests = expandTests(rows, Mode::All, 70);
    ASSERT_EQ(tests.size(), 12u);
    for (size_t i = 0; i < 4; ++i) {
        EXPECT_EQ(tests[i].direction, Direction::Read);
        EXPECT_EQ(tests[i].row, rows[i]);
        EXPECT_EQ(tests[4 + i].direction, Direction::Write);
        EXPECT_EQ(tests[8 + i].direction, Direction::Mix);
        EXPECT_EQ(tests[8 + i].readPercent, 70);
    }
    EXPECT_EQ(expandTests(rows, Mode::Read, std::nullopt).size(), 4u);
    const auto writes = expandTests(rows, Mode::Write, std::nullopt);
    ASSERT_EQ(writes.size(), 4u);
    EXPECT_TRUE(writes[0].writes());
}
