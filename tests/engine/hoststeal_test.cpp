// SPDX-License-Identifier: GPL-3.0-or-later
// The hypervisor's steal time, from /proc/stat: the parser on lines as kernels print them, and
// the percentage between two readings.
#include "hoststeal.h"

#include <gtest/gtest.h>

using namespace dm;

TEST(HostSteal, ReadsTheAggregateCpuLineOfProcStat)
{
    // A 2-vCPU guest (kernel 6.18): user nice system idle iowait irq softirq steal guest guest_nice.
    const char* stat = "cpu  1000 20 300 8000 50 0 30 600 0 0\n"
                       "cpu0 500 10 150 4000 25 0 15 300 0 0\n"
                       "cpu1 500 10 150 4000 25 0 15 300 0 0\n"
                       "intr 12345 0 0\n";
    const auto t = parseHostCpuTicks(stat);
    ASSERT_TRUE(t);
    EXPECT_EQ(t->total, 1000u + 20 + 300 + 8000 + 50 + 0 + 30 + 600); // guest time is inside user
    EXPECT_EQ(t->steal, 600u);

    // Only the aggregate line counts, wherever it is; a per-CPU line is not it.
    EXPECT_FALSE(parseHostCpuTicks("cpu0 1 2 3 4 5 6 7 8\nintr 1\n"));
    EXPECT_EQ(parseHostCpuTicks("intr 1\ncpu\t1 2 3 4 5 6 7 9\n")->steal, 9u);
    // An old kernel without the steal field: no steal, the rest counted.
    const auto old = parseHostCpuTicks("cpu  10 0 5 100\n");
    ASSERT_TRUE(old);
    EXPECT_EQ(old->total, 115u);
    EXPECT_EQ(old->steal, 0u);
    // Not /proc/stat.
    EXPECT_FALSE(parseHostCpuTicks(""));
    EXPECT_FALSE(parseHostCpuTicks("cpu  a b c d\n"));
    EXPECT_FALSE(parseHostCpuTicks("cpu  1 2\n"));
}

TEST(HostSteal, PercentageOfTheMachinesTimeBetweenTwoReadings)
{
    const HostCpuTicks a { 10'000, 100 }, b { 10'400, 172 }; // 400 ticks over 2 CPUs, 72 stolen
    EXPECT_DOUBLE_EQ(stealPercent(a, b), 18.0);
    EXPECT_DOUBLE_EQ(stealPercent(a, a), 0.0); // no time passed
    EXPECT_DOUBLE_EQ(stealPercent(std::nullopt, b), 0.0); // no /proc
    EXPECT_DOUBLE_EQ(stealPercent(b, a), 0.0); // readings out of order are not a figure
}

TEST(HostSteal, ThisMachinesProcStatReads)
{
    const auto t = readHostCpuTicks();
    if (!t)
        GTEST_SKIP() << "no /proc/stat here";
    EXPECT_GT(t->total, 0u);
    EXPECT_LE(t->steal, t->total);
}
