// SPDX-License-Identifier: GPL-3.0-or-later
// Checks which result each grid line of the window shows, per profile: Default one line per row
// in the chosen unit; Peak and Real World their first row in MB/s and the RND4K test three times
// (MB/s, IOPS, µs); Demo one line.
#include "gridlayout.h"

#include <gtest/gtest.h>

using namespace dm;

TEST(GridLayout, DefaultProfileShowsEveryRowInTheChosenUnit)
{
    const auto rows = gridRows(Profile::Default, 4);
    ASSERT_EQ(rows.size(), 4u);
    for (size_t i = 0; i < 4; ++i) {
        EXPECT_EQ(rows[i].testRow, i);
        EXPECT_FALSE(rows[i].unit);
    }
}

TEST(GridLayout, PeakAndRealWorldShowTheRandomTestInThreeUnits)
{
    for (Profile p : { Profile::Peak, Profile::RealWorld }) {
        const auto rows = gridRows(p, 2);
        ASSERT_EQ(rows.size(), 4u);
        EXPECT_EQ(rows[0].testRow, 0u);
        EXPECT_EQ(rows[0].unit, Unit::MBps);
        EXPECT_EQ(rows[1].testRow, 1u);
        EXPECT_EQ(rows[1].unit, Unit::MBps);
        EXPECT_EQ(rows[2].unit, Unit::Iops);
        EXPECT_EQ(rows[3].unit, Unit::Microseconds);
        EXPECT_EQ(rows[3].testRow, 1u);
    }
}

TEST(GridLayout, DemoIsOneLine)
{
    const auto rows = gridRows(Profile::Demo, 1);
    ASSERT_EQ(rows.size(), 1u);
    EXPECT_EQ(rows[0].testRow, 0u);
}
