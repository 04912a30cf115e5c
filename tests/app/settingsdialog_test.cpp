// SPDX-License-Identifier: GPL-3.0-or-later
// Checks the settings dialog: it shows the settings it was given (each combo's current data);
// settings() returns what the user picked; the Default and NVMe SSD buttons load the documented
// rows and times and keep everything else; Cancel leaves the caller's settings alone; a value
// that is in no combo's list (Q3, a 7 s interval) survives a round trip instead of being lost.

#include "settingsdialog.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QLabel>
#include <QPushButton>
#include <QTest>

#include <gtest/gtest.h>

using namespace dm;

namespace {

class SettingsDialogTest : public ::testing::Test {
protected:
    // Widgets need a QApplication; gtest_main does not make one. One for the whole binary, never
    // destroyed: a static one would be torn down after Qt's own globals and crash at exit.
    static void SetUpTestSuite()
    {
        if (!QApplication::instance()) {
            static int argc = 1;
            static char name[] = "app_settings_tests";
            static char* argv[] = { name, nullptr };
            new QApplication(argc, argv);
        }
    }
};

QComboBox* combo(const QDialog& dialog, const QString& name)
{
    auto* c = dialog.findChild<QComboBox*>(name);
    EXPECT_NE(c, nullptr) << name.toStdString();
    return c;
}

QComboBox* rowCombo(const QDialog& dialog, int row, const char* field)
{
    return combo(dialog, QStringLiteral("row%1%2Combo").arg(row + 1).arg(QLatin1String(field)));
}

QPushButton* button(const QDialog& dialog, const QString& name)
{
    auto* b = dialog.findChild<QPushButton*>(name);
    EXPECT_NE(b, nullptr) << name.toStdString();
    return b;
}

// Picks the item holding value as a user would: the item must already be in the list.
void pick(QComboBox* c, const QVariant& value)
{
    const int index = c->findData(value);
    ASSERT_GE(index, 0) << value.toString().toStdString();
    c->setCurrentIndex(index);
}

TestRow shownRow(const QDialog& dialog, int row)
{
    return { Pattern(rowCombo(dialog, row, "Pattern")->currentData().toInt()),
        rowCombo(dialog, row, "BlockSize")->currentData().toUInt(),
        rowCombo(dialog, row, "QueueDepth")->currentData().toUInt(),
        rowCombo(dialog, row, "Threads")->currentData().toUInt() };
}

GuiSettings customSettings()
{
    GuiSettings s = defaultGuiSettings();
    s.profile = Profile::Peak;
    s.mode = Mode::Read;
    s.mixEnabled = true;
    s.mixReadPercent = 40;
    s.rows = {
        { Pattern::Random, 16 * KiB, 64, 4 },
        { Pattern::Sequential, 2 * MiB, 2, 1 },
        { Pattern::Random, 4 * KiB, 1, 32 },
        { Pattern::Sequential, 128 * KiB, 32, 2 },
    };
    s.run.count = 3;
    s.run.measureSeconds = 3;
    s.run.intervalSeconds = 180;
    s.run.testSize = 4 * GiB;
    s.run.data = DataFill::Zeros;
    s.engine = EngineKind::IoUring;
    s.unit = Unit::Iops;
    s.targetPath = QStringLiteral("/mnt/usb");
    return s;
}

} // namespace

TEST_F(SettingsDialogTest, ShowsTheGivenSettings)
{
    const GuiSettings given = customSettings();
    SettingsDialog dialog(given);
    for (int r = 0; r < 4; ++r)
        EXPECT_EQ(shownRow(dialog, r), given.rows[std::size_t(r)]) << "row " << r + 1;
    EXPECT_EQ(combo(dialog, QStringLiteral("measureCombo"))->currentData().toDouble(), 3);
    EXPECT_EQ(combo(dialog, QStringLiteral("intervalCombo"))->currentData().toDouble(), 180);
    EXPECT_EQ(combo(dialog, QStringLiteral("dataCombo"))->currentData().toInt(), int(DataFill::Zeros));
    EXPECT_EQ(combo(dialog, QStringLiteral("engineCombo"))->currentData().toInt(), int(EngineKind::IoUring));
    EXPECT_EQ(dialog.findChild<QLabel*>(QStringLiteral("row1NameLabel"))->text(), QStringLiteral("RND16K Q64T4"));
    // A non-Default profile ignores these rows; the dialog says so.
    EXPECT_FALSE(dialog.findChild<QLabel*>(QStringLiteral("profileNote"))->isHidden());
    // Nothing changed, nothing returned different.
    EXPECT_EQ(dialog.settings(), given);
}

TEST_F(SettingsDialogTest, OffersTheDocumentedChoices)
{
    SettingsDialog dialog(defaultGuiSettings());
    EXPECT_EQ(rowCombo(dialog, 0, "Pattern")->count(), 2);
    EXPECT_EQ(rowCombo(dialog, 0, "BlockSize")->count(), 12);
    EXPECT_EQ(rowCombo(dialog, 0, "BlockSize")->itemText(0), QStringLiteral("4 KiB"));
    EXPECT_EQ(rowCombo(dialog, 0, "BlockSize")->itemText(11), QStringLiteral("8 MiB"));
    EXPECT_EQ(rowCombo(dialog, 0, "QueueDepth")->count(), 10);
    EXPECT_EQ(rowCombo(dialog, 0, "Threads")->count(), 7);
    // CrystalDiskMark 9's measure times, in order, and nothing else.
    QList<double> measures;
    for (int i = 0; i < combo(dialog, QStringLiteral("measureCombo"))->count(); ++i)
        measures << combo(dialog, QStringLiteral("measureCombo"))->itemData(i).toDouble();
    EXPECT_EQ(measures, (QList<double> { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20, 30, 60 }));
    for (double s : { 0, 1, 3, 5, 10, 30, 60, 180, 300, 600 })
        EXPECT_GE(combo(dialog, QStringLiteral("intervalCombo"))->findData(s), 0) << s;
    EXPECT_EQ(combo(dialog, QStringLiteral("dataCombo"))->count(), 2);
    // Both engines, whether or not io_uring runs here (where it cannot, a run falls back).
    EXPECT_EQ(combo(dialog, QStringLiteral("engineCombo"))->count(), 2);
    EXPECT_EQ(combo(dialog, QStringLiteral("engineCombo"))->currentData().toInt(), int(kDefaultEngine));
    EXPECT_TRUE(dialog.findChild<QLabel*>(QStringLiteral("profileNote"))->isHidden());
}

TEST_F(SettingsDialogTest, ReturnsWhatTheUserPicked)
{
    const GuiSettings given = defaultGuiSettings();
    SettingsDialog dialog(given);
    pick(rowCombo(dialog, 1, "Pattern"), int(Pattern::Random));
    pick(rowCombo(dialog, 1, "BlockSize"), uint(512 * KiB));
    pick(rowCombo(dialog, 1, "QueueDepth"), 256u);
    pick(rowCombo(dialog, 1, "Threads"), 64u);
    pick(combo(dialog, QStringLiteral("measureCombo")), 1.0);
    pick(combo(dialog, QStringLiteral("intervalCombo")), 0.0);
    pick(combo(dialog, QStringLiteral("dataCombo")), int(DataFill::Zeros));
    pick(combo(dialog, QStringLiteral("engineCombo")), int(EngineKind::IoUring));
    auto* hold = dialog.findChild<QCheckBox*>(QStringLiteral("powerHoldCheck"));
    ASSERT_NE(hold, nullptr);
    EXPECT_TRUE(hold->isChecked()); // the factory setting
    hold->click();

    GuiSettings expected = given;
    expected.rows[1] = { Pattern::Random, 512 * KiB, 256, 64 };
    expected.run.measureSeconds = 1;
    expected.run.intervalSeconds = 0;
    expected.run.data = DataFill::Zeros;
    expected.engine = EngineKind::IoUring;
    expected.holdPowerProfile = false;
    EXPECT_EQ(dialog.settings(), expected);
    EXPECT_EQ(dialog.findChild<QLabel*>(QStringLiteral("row2NameLabel"))->text(), QStringLiteral("RND512K Q256T64"));
}

TEST_F(SettingsDialogTest, DefaultButtonRestoresFactoryRowsAndTimesOnly)
{
    const GuiSettings given = customSettings();
    SettingsDialog dialog(given);
    QTest::mouseClick(button(dialog, QStringLiteral("defaultButton")), Qt::LeftButton);

    const GuiSettings factory = defaultGuiSettings(Preset::Default);
    GuiSettings expected = given;
    expected.rows = factory.rows;
    expected.run.measureSeconds = factory.run.measureSeconds;
    expected.run.intervalSeconds = factory.run.intervalSeconds;
    expected.preset = Preset::Default;
    EXPECT_EQ(dialog.settings(), expected);
    // Count, size, data, unit, target and the rest are kept.
    EXPECT_EQ(dialog.settings().run.data, DataFill::Zeros);
    EXPECT_EQ(dialog.settings().run.count, 3);
}

TEST_F(SettingsDialogTest, NvmeButtonLoadsTheNvmeRows)
{
    const GuiSettings given = customSettings();
    SettingsDialog dialog(given);
    QTest::mouseClick(button(dialog, QStringLiteral("nvmeButton")), Qt::LeftButton);

    const GuiSettings got = dialog.settings();
    EXPECT_EQ(got.rows, profileRows(Profile::Default, Preset::Nvme));
    EXPECT_EQ(rowName(got.rows[1]), "SEQ128K Q32T1");
    EXPECT_EQ(rowName(got.rows[2]), "RND4K Q32T16");
    EXPECT_EQ(got.preset, Preset::Nvme);
    EXPECT_EQ(got.run, given.run); // times are not part of the preset
    EXPECT_EQ(dialog.findChild<QLabel*>(QStringLiteral("row3NameLabel"))->text(), QStringLiteral("RND4K Q32T16"));

    // And back again.
    QTest::mouseClick(button(dialog, QStringLiteral("defaultButton")), Qt::LeftButton);
    EXPECT_EQ(dialog.settings().rows, profileRows(Profile::Default, Preset::Default));
    EXPECT_EQ(dialog.settings().preset, Preset::Default);
}

TEST_F(SettingsDialogTest, CancelLeavesTheCallersSettings)
{
    const GuiSettings mine = customSettings();
    SettingsDialog dialog(mine);
    pick(rowCombo(dialog, 0, "Threads"), 1u);
    QTest::mouseClick(button(dialog, QStringLiteral("nvmeButton")), Qt::LeftButton);
    auto* box = dialog.findChild<QDialogButtonBox*>(QStringLiteral("buttonBox"));
    ASSERT_NE(box, nullptr);
    QTest::mouseClick(box->button(QDialogButtonBox::Cancel), Qt::LeftButton);
    EXPECT_EQ(dialog.result(), QDialog::Rejected);
    EXPECT_EQ(mine, customSettings());
}

TEST_F(SettingsDialogTest, OkAccepts)
{
    SettingsDialog dialog(defaultGuiSettings());
    auto* box = dialog.findChild<QDialogButtonBox*>(QStringLiteral("buttonBox"));
    ASSERT_NE(box, nullptr);
    QTest::mouseClick(box->button(QDialogButtonBox::Ok), Qt::LeftButton);
    EXPECT_EQ(dialog.result(), QDialog::Accepted);
}

TEST_F(SettingsDialogTest, UnusualValuesSurvive)
{
    GuiSettings given = defaultGuiSettings();
    given.rows[0].queueDepth = 3;
    given.rows[1].blockSize = 12 * KiB;
    given.rows[2].threads = 6;
    given.rows[3].blockSize = 512;
    given.run.measureSeconds = 7.5;
    given.run.intervalSeconds = 45;
    SettingsDialog dialog(given);
    EXPECT_EQ(dialog.settings(), given);

    // Inserted in order, with a readable label.
    QComboBox* depth = rowCombo(dialog, 0, "QueueDepth");
    EXPECT_EQ(depth->currentText(), QStringLiteral("3"));
    EXPECT_EQ(depth->itemData(depth->currentIndex() - 1).toUInt(), 2u);
    EXPECT_EQ(depth->itemData(depth->currentIndex() + 1).toUInt(), 4u);
    EXPECT_EQ(rowCombo(dialog, 1, "BlockSize")->currentText(), QStringLiteral("12 KiB"));
    EXPECT_EQ(rowCombo(dialog, 3, "BlockSize")->currentText(), QStringLiteral("512 B"));

    // Switching away and back keeps the value available.
    pick(depth, 8u);
    pick(depth, 3u);
    EXPECT_EQ(dialog.settings(), given);
}
