// SPDX-License-Identifier: GPL-3.0-or-later
// The comparison dialog draws a kind's bars (Comparison::barCharts): a chart per kind, a bar set
// per run in the run's colour with its figures, a group per name, and the run's note in the table.
#include "chartstyle.h"
#include "comparedialog.h"
#include "offscreenapp.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QTableWidget>
#include <gtest/gtest.h>

using namespace dm;
using namespace dm::test;

TEST(CompareBars, AKindsBarsAreAChartWithABarSetPerRun)
{
    offscreenApp();
    Comparison c;
    for (const char* name : { "stick A", "stick B" }) {
        ComparisonRun run;
        run.entry.id = qint64(c.runs.size() + 1);
        run.label = QString::fromLatin1(name);
        run.note = QStringLiteral("Bars: compared in its bars");
        c.runs.push_back(run);
    }
    c.barCharts.push_back({ QStringLiteral("bars"), { QStringLiteral("Bars"), QStringLiteral("MB/s") },
        { QStringLiteral("small"), QStringLiteral("large") },
        { { 0, { 12.0, 456.0 } }, { 1, { std::nullopt, 789.0 } } } });
    CompareDialog dialog(c);
    ASSERT_EQ(dialog.barCharts().size(), 1u);
    QChart* chart = dialog.barCharts()[0];
    EXPECT_EQ(chart->title(), QStringLiteral("Bars"));
    ASSERT_EQ(chart->series().size(), 1);
    const auto sets = static_cast<QBarSeries*>(chart->series()[0])->barSets();
    ASSERT_EQ(sets.size(), 2);
    EXPECT_EQ(sets[0]->label(), QStringLiteral("stick A"));
    EXPECT_DOUBLE_EQ(sets[0]->at(1), 456.0);
    EXPECT_DOUBLE_EQ(sets[1]->at(0), 0.0); // no figure: no bar
    const bool dark = chartstyle::isDark(dialog.palette().color(QPalette::Base));
    EXPECT_EQ(sets[1]->color(), chartstyle::runColor(1, dark));
    const auto axes = chart->axes(Qt::Horizontal);
    ASSERT_EQ(axes.size(), 1);
    EXPECT_EQ(static_cast<QBarCategoryAxis*>(axes[0])->categories(), (QStringList { "small", "large" }));
    QTableWidget* table = dialog.table();
    // No kind of the registry has this schema: the core's note, as it is.
    EXPECT_EQ(table->item(0, table->columnCount() - 1)->text(), QStringLiteral("Bars: compared in its bars"));
}
