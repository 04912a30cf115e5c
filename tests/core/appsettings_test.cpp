// SPDX-License-Identifier: GPL-3.0-or-later
// Checks the window's persisted settings: every field survives a save and load through a real INI
// file; a missing file gives the factory settings; malformed or out-of-range values (a hand-edited
// file) fall back one field at a time while the others survive; the factory settings of each
// preset; and which rows each profile runs.

#include "appsettings.h"

#include <QSettings>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <memory>

using namespace dm;

namespace {

class AppSettingsTest : public ::testing::Test {
protected:
    void SetUp() override { ASSERT_TRUE(m_dir.isValid()); }

    QString path() const { return m_dir.filePath(QStringLiteral("diskometer.ini")); }
    std::unique_ptr<QSettings> store() const { return std::make_unique<QSettings>(path(), QSettings::IniFormat); }

    // A fresh QSettings per call, so each load reads what reached the file, not a cache.
    GuiSettings load() const
    {
        auto s = store();
        return loadGuiSettings(*s);
    }
    void save(const GuiSettings& settings) const
    {
        auto s = store();
        saveGuiSettings(*s, settings);
        s->sync();
        ASSERT_EQ(s->status(), QSettings::NoError);
    }
    void write(const QString& key, const QVariant& value) const
    {
        auto s = store();
        s->setValue(key, value);
    }

    QTemporaryDir m_dir;
};

GuiSettings unusualSettings()
{
    GuiSettings s = defaultGuiSettings(Preset::Nvme);
    s.profile = Profile::RealWorld;
    s.mode = Mode::Write;
    s.mixEnabled = true;
    s.mixReadPercent = 30;
    s.rows = {
        { Pattern::Random, 512, 3, 7 },
        { Pattern::Sequential, 8 * MiB, 512, 64 },
        { Pattern::Random, 64 * KiB, 1, 2 },
        { Pattern::Sequential, 12 * KiB, 17, 1 },
    };
    s.run.count = 9;
    s.run.measureSeconds = 2.5;
    s.run.intervalSeconds = 0;
    s.run.warmupSeconds = 0;
    s.run.testSize = 64 * GiB;
    s.run.data = DataFill::Zeros;
    s.unit = Unit::Microseconds;
    s.targetPath = QStringLiteral("/media/ユーザー/USB stick, 32 GB");
    s.engine = EngineKind::IoUring;
    s.holdPowerProfile = false;
    return s;
}

} // namespace

TEST_F(AppSettingsTest, FactorySettingsFollowMeasurementMd)
{
    const GuiSettings d = defaultGuiSettings();
    EXPECT_EQ(d.profile, Profile::Default);
    EXPECT_EQ(d.preset, Preset::Default);
    EXPECT_EQ(d.mode, Mode::All);
    EXPECT_FALSE(d.mixEnabled);
    EXPECT_EQ(d.mixReadPercent, 70);
    ASSERT_EQ(d.rows.size(), kEditableRowCount);
    EXPECT_EQ(rowName(d.rows[0]), "SEQ1M Q8T1");
    EXPECT_EQ(rowName(d.rows[1]), "SEQ1M Q1T1");
    EXPECT_EQ(rowName(d.rows[2]), "RND4K Q32T1");
    EXPECT_EQ(rowName(d.rows[3]), "RND4K Q1T1");
    EXPECT_EQ(d.run.count, 3); // CrystalDiskMark 9's
    EXPECT_EQ(d.run.measureSeconds, 5);
    EXPECT_EQ(d.run.intervalSeconds, 5);
    EXPECT_EQ(d.run.testSize, 1 * GiB);
    EXPECT_EQ(d.run.data, DataFill::Random);
    EXPECT_EQ(d.unit, Unit::MBps);
    EXPECT_TRUE(d.targetPath.isEmpty());
    EXPECT_EQ(d.engine, kDefaultEngine);
    EXPECT_TRUE(d.holdPowerProfile); // on by default (issue 16)

    const GuiSettings nvme = defaultGuiSettings(Preset::Nvme);
    EXPECT_EQ(nvme.preset, Preset::Nvme);
    ASSERT_EQ(nvme.rows.size(), kEditableRowCount);
    EXPECT_EQ(rowName(nvme.rows[0]), "SEQ1M Q8T1");
    EXPECT_EQ(rowName(nvme.rows[1]), "SEQ128K Q32T1");
    EXPECT_EQ(rowName(nvme.rows[2]), "RND4K Q32T16");
    EXPECT_EQ(rowName(nvme.rows[3]), "RND4K Q1T1");
    EXPECT_EQ(nvme.run, d.run);
}

TEST_F(AppSettingsTest, RoundTripKeepsEveryField)
{
    const GuiSettings original = unusualSettings();
    ASSERT_NE(original, defaultGuiSettings(Preset::Nvme));
    save(original);
    EXPECT_EQ(load(), original);
}

TEST_F(AppSettingsTest, FileUsesStableNames)
{
    save(unusualSettings());
    auto s = store();
    EXPECT_EQ(s->value(QStringLiteral("profile")).toString(), QStringLiteral("real"));
    EXPECT_EQ(s->value(QStringLiteral("preset")).toString(), QStringLiteral("nvme"));
    EXPECT_EQ(s->value(QStringLiteral("mode")).toString(), QStringLiteral("write"));
    EXPECT_EQ(s->value(QStringLiteral("unit")).toString(), QStringLiteral("us"));
    EXPECT_EQ(s->value(QStringLiteral("run/data")).toString(), QStringLiteral("zeros"));
    EXPECT_EQ(s->value(QStringLiteral("run/engine")).toString(), QStringLiteral("io_uring"));
    EXPECT_EQ(s->value(QStringLiteral("run/holdPowerProfile")).toBool(), false);
    EXPECT_EQ(s->value(QStringLiteral("rows/1/pattern")).toString(), QStringLiteral("rnd"));
    EXPECT_EQ(s->value(QStringLiteral("rows/4/queueDepth")).toInt(), 17);
}

TEST_F(AppSettingsTest, MissingFileGivesDefaults) { EXPECT_EQ(load(), defaultGuiSettings()); }

TEST_F(AppSettingsTest, BadValuesFallBackPerField)
{
    GuiSettings good = unusualSettings();
    good.preset = Preset::Default;
    save(good);

    write(QStringLiteral("run/count"), 42);
    write(QStringLiteral("rows/2/blockSize"), 3);
    write(QStringLiteral("profile"), QStringLiteral("bogus"));
    write(QStringLiteral("run/intervalSeconds"), -5);
    write(QStringLiteral("run/measureSeconds"), QStringLiteral("soon"));
    write(QStringLiteral("run/testSize"), QStringLiteral("1TB"));
    write(QStringLiteral("rows/3/queueDepth"), 0);
    write(QStringLiteral("rows/4/threads"), QStringLiteral("-1"));
    write(QStringLiteral("rows/1/pattern"), QStringLiteral("zigzag"));
    write(QStringLiteral("mix/enabled"), QStringLiteral("yes please"));
    write(QStringLiteral("mix/readPercent"), 95);
    write(QStringLiteral("unit"), QStringLiteral("furlongs"));
    write(QStringLiteral("mode"), 2);
    write(QStringLiteral("run/engine"), QStringLiteral("spdk"));

    const GuiSettings loaded = load();
    const GuiSettings factory = defaultGuiSettings();

    // What was broken is back to the factory value...
    EXPECT_EQ(loaded.run.count, factory.run.count);
    EXPECT_EQ(loaded.rows[1].blockSize, factory.rows[1].blockSize);
    EXPECT_EQ(loaded.profile, factory.profile);
    EXPECT_EQ(loaded.run.intervalSeconds, factory.run.intervalSeconds);
    EXPECT_EQ(loaded.run.measureSeconds, factory.run.measureSeconds);
    EXPECT_EQ(loaded.run.testSize, factory.run.testSize);
    EXPECT_EQ(loaded.rows[2].queueDepth, factory.rows[2].queueDepth);
    EXPECT_EQ(loaded.rows[3].threads, factory.rows[3].threads);
    EXPECT_EQ(loaded.rows[0].pattern, factory.rows[0].pattern);
    EXPECT_EQ(loaded.mixEnabled, factory.mixEnabled);
    EXPECT_EQ(loaded.mixReadPercent, factory.mixReadPercent);
    EXPECT_EQ(loaded.unit, factory.unit);
    EXPECT_EQ(loaded.mode, factory.mode);
    EXPECT_EQ(loaded.engine, factory.engine);

    // ...and everything else, including the other fields of the same rows, survived.
    EXPECT_EQ(loaded.preset, good.preset);
    EXPECT_EQ(loaded.rows[0].blockSize, good.rows[0].blockSize);
    EXPECT_EQ(loaded.rows[0].queueDepth, good.rows[0].queueDepth);
    EXPECT_EQ(loaded.rows[1].pattern, good.rows[1].pattern);
    EXPECT_EQ(loaded.rows[1].queueDepth, good.rows[1].queueDepth);
    EXPECT_EQ(loaded.rows[1].threads, good.rows[1].threads);
    EXPECT_EQ(loaded.rows[2].blockSize, good.rows[2].blockSize);
    EXPECT_EQ(loaded.rows[3].queueDepth, good.rows[3].queueDepth);
    EXPECT_EQ(loaded.run.warmupSeconds, good.run.warmupSeconds);
    EXPECT_EQ(loaded.run.data, good.run.data);
    EXPECT_EQ(loaded.targetPath, good.targetPath);
}

TEST_F(AppSettingsTest, OutOfRangeLimitsFallBack)
{
    write(QStringLiteral("run/count"), 0);
    write(QStringLiteral("run/measureSeconds"), 61);
    write(QStringLiteral("run/intervalSeconds"), 601);
    write(QStringLiteral("run/testSize"), qulonglong(15 * MiB));
    write(QStringLiteral("rows/1/blockSize"), qulonglong(16 * MiB));
    write(QStringLiteral("rows/1/queueDepth"), 513);
    write(QStringLiteral("rows/1/threads"), 65);
    write(QStringLiteral("rows/2/blockSize"), 4096 + 100); // not a multiple of 512
    write(QStringLiteral("rows/3/blockSize"), QStringLiteral("99999999999")); // beyond 32 bits
    EXPECT_EQ(load(), defaultGuiSettings());
}

TEST_F(AppSettingsTest, LimitsAreAccepted)
{
    write(QStringLiteral("run/count"), 1);
    write(QStringLiteral("run/measureSeconds"), 60);
    write(QStringLiteral("run/intervalSeconds"), 600);
    write(QStringLiteral("run/testSize"), QStringLiteral("16MiB"));
    write(QStringLiteral("rows/1/blockSize"), QStringLiteral("8M"));
    write(QStringLiteral("rows/1/queueDepth"), 512);
    write(QStringLiteral("rows/1/threads"), 64);
    write(QStringLiteral("rows/2/pattern"), QStringLiteral("RND"));
    write(QStringLiteral("mix/enabled"), true);
    write(QStringLiteral("mix/readPercent"), 10);
    const GuiSettings loaded = load();
    EXPECT_EQ(loaded.run.count, 1);
    EXPECT_EQ(loaded.run.measureSeconds, 60);
    EXPECT_EQ(loaded.run.intervalSeconds, 600);
    EXPECT_EQ(loaded.run.testSize, 16 * MiB);
    EXPECT_EQ(loaded.rows[0], (TestRow { Pattern::Sequential, 8 * MiB, 512, 64 }));
    EXPECT_EQ(loaded.rows[1].pattern, Pattern::Random);
    EXPECT_TRUE(loaded.mixEnabled);
    EXPECT_EQ(loaded.mixReadPercent, 10);
}

TEST_F(AppSettingsTest, MissingRowsFollowTheStoredPreset)
{
    write(QStringLiteral("preset"), QStringLiteral("nvme"));
    write(QStringLiteral("rows/3/threads"), 8);
    const GuiSettings loaded = load();
    std::vector<TestRow> expected = defaultGuiSettings(Preset::Nvme).rows;
    expected[2].threads = 8;
    EXPECT_EQ(loaded.preset, Preset::Nvme);
    EXPECT_EQ(loaded.rows, expected);
}

TEST_F(AppSettingsTest, SavingFewerRowsLeavesNoStaleOnes)
{
    GuiSettings s = defaultGuiSettings();
    s.rows[3].queueDepth = 64;
    save(s);
    s.rows.pop_back();
    save(s);
    EXPECT_EQ(load().rows[3], defaultGuiSettings().rows[3]);
}

TEST_F(AppSettingsTest, EffectiveRowsPerProfile)
{
    GuiSettings s = unusualSettings();
    s.preset = Preset::Default;

    s.profile = Profile::Default;
    EXPECT_EQ(effectiveRows(s), s.rows);

    s.profile = Profile::Peak;
    EXPECT_EQ(effectiveRows(s), profileRows(Profile::Peak, Preset::Default));
    ASSERT_EQ(effectiveRows(s).size(), 2u);
    EXPECT_EQ(rowName(effectiveRows(s)[0]), "SEQ1M Q8T1");
    EXPECT_EQ(rowName(effectiveRows(s)[1]), "RND4K Q32T1");
    s.preset = Preset::Nvme;
    EXPECT_EQ(rowName(effectiveRows(s)[1]), "RND4K Q32T16");

    s.profile = Profile::RealWorld;
    ASSERT_EQ(effectiveRows(s).size(), 2u);
    EXPECT_EQ(rowName(effectiveRows(s)[0]), "SEQ1M Q1T1");
    EXPECT_EQ(rowName(effectiveRows(s)[1]), "RND4K Q1T1");

    s.profile = Profile::Demo;
    ASSERT_EQ(effectiveRows(s).size(), 1u);
    EXPECT_EQ(rowName(effectiveRows(s)[0]), "SEQ1M Q8T1");

    // A settings value built without rows still runs the preset's grid.
    GuiSettings bare;
    bare.preset = Preset::Nvme;
    EXPECT_EQ(effectiveRows(bare), profileRows(Profile::Default, Preset::Nvme));
}

// The comparison's scale (issue 30): absent until chosen, kept by its word, dropped again when
// the user goes back to Automatic, a word it does not know read as not chosen, and left alone
// when the grid's settings are saved.
TEST_F(AppSettingsTest, TheComparisonsScaleIsKeptByItsWord)
{
    {
        auto s = store();
        EXPECT_EQ(loadCompareBarScale(*s), std::nullopt);
        saveCompareBarScale(*s, BarScale::Log);
    }
    EXPECT_EQ(store()->value(QStringLiteral("compare/barScale")).toString(), QStringLiteral("log"));
    save(unusualSettings());
    EXPECT_EQ(loadCompareBarScale(*store()), BarScale::Log);
    saveCompareBarScale(*store(), BarScale::Relative);
    EXPECT_EQ(loadCompareBarScale(*store()), BarScale::Relative);
    write(QStringLiteral("compare/barScale"), QStringLiteral(" Linear "));
    EXPECT_EQ(loadCompareBarScale(*store()), BarScale::Linear);
    write(QStringLiteral("compare/barScale"), QStringLiteral("logarithmic"));
    EXPECT_EQ(loadCompareBarScale(*store()), std::nullopt);
    saveCompareBarScale(*store(), BarScale::Log);
    saveCompareBarScale(*store(), std::nullopt);
    EXPECT_FALSE(store()->contains(QStringLiteral("compare/barScale")));
    EXPECT_EQ(load(), unusualSettings());
}
