// SPDX-License-Identifier: GPL-3.0-or-later
// The grid's results belong to its model (gridmodel.h), never to a widget: the tiles (ResultGrid)
// only draw what the model holds, and draw again when it changes; the report is made from the
// model, in run order, with the header the run's job made; one row run again keeps the other
// rows' results; a stored run shows its own rows, read-only, until the settings' rows come back.
// (The QApplication is tiles_chart_test.cpp's, in the same binary.)
#include "gridmodel.h"
#include "jobspec.h"
#include "resultgrid.h"
#include "resulttile.h"

#include <gtest/gtest.h>

using namespace dm;

namespace {

TestResult measured(const TestRow& row, Direction d, double mbPerSec)
{
    TestResult r;
    r.spec.row = row;
    r.spec.direction = d;
    PassResult p;
    p.seconds = 1;
    p.bytes = uint64_t(mbPerSec * 1e6);
    p.ios = 100;
    r.passes = { p };
    return r;
}

} // namespace

TEST(GridModel, TheTilesDrawTheModelsResultsAndTheReportIsMadeFromThem)
{
    const TestRow seq = *parseRow("SEQ1M-Q8T1"), rnd = *parseRow("RND4K-Q8T1");
    GuiSettings settings = defaultGuiSettings();
    settings.rows = { seq, rnd };
    GridModel model;
    model.setRows({ seq, rnd });
    ResultGrid grid(&model);
    grid.configure(Profile::Default, false, 70, Unit::MBps);
    ASSERT_EQ(grid.gridRowCount(), 2u);
    EXPECT_TRUE(grid.tile(0, Direction::Read)->text().isEmpty());

    // A run of both rows, reads then writes, as expandTests orders them.
    model.startRun({ { 0, Direction::Read }, { 1, Direction::Read }, { 0, Direction::Write }, { 1, Direction::Write } },
        QStringLiteral("/mnt/x"), true);
    EXPECT_EQ(model.runTarget(), QStringLiteral("/mnt/x"));
    model.setTestResult(0, measured(seq, Direction::Read, 3000));
    EXPECT_FALSE(grid.tile(0, Direction::Read)->text().isEmpty()) << "drawn when the model changed";
    EXPECT_TRUE(grid.tile(1, Direction::Read)->text().isEmpty());
    model.setTestResult(1, measured(rnd, Direction::Read, 50));
    model.setTestResult(2, measured(seq, Direction::Write, 2000));
    model.setTestResult(3, measured(rnd, Direction::Write, 40));
    ASSERT_NE(model.result(1, Direction::Write), nullptr);
    EXPECT_DOUBLE_EQ(model.result(1, Direction::Write)->passes.front().mbPerSec(), 40);

    RunResult run;
    run.settings = settings.run;
    run.engine = "io_uring";
    run.warnings = { "a warning of the run" };
    ReportHeader header;
    header.target.path = QStringLiteral("/mnt/x");
    header.target.model = QStringLiteral("The Disk");
    header.system.kernel = QStringLiteral("6.1");
    model.finishRun(run, header);
    const Report report = model.report(settings, QStringLiteral("/home/u"), QStringLiteral("a comment"));
    ASSERT_EQ(report.run.tests.size(), 4u);
    const std::pair<TestRow, Direction> order[] = { { seq, Direction::Read }, { rnd, Direction::Read },
        { seq, Direction::Write }, { rnd, Direction::Write } };
    for (size_t i = 0; i < 4; ++i) {
        EXPECT_EQ(report.run.tests[i].spec.row, order[i].first) << i;
        EXPECT_EQ(report.run.tests[i].spec.direction, order[i].second) << i;
    }
    EXPECT_EQ(report.target.model, QStringLiteral("The Disk"));
    EXPECT_EQ(report.system.kernel, QStringLiteral("6.1"));
    EXPECT_EQ(report.engine, QStringLiteral("io_uring"));
    EXPECT_EQ(report.comment, QStringLiteral("a comment"));
    EXPECT_EQ(report.run.warnings, run.warnings);
    EXPECT_EQ(report.toolVersion, QStringLiteral(DM_VERSION));

    // One row again: the other row's results stay until its own result comes.
    model.startRun({ { 1, Direction::Read }, { 1, Direction::Write } }, QStringLiteral("/mnt/x"), false);
    EXPECT_NE(model.result(0, Direction::Read), nullptr);
    EXPECT_NE(model.result(1, Direction::Read), nullptr);
    // Every row again: the earlier results go at once.
    model.startRun({ { 0, Direction::Read }, { 1, Direction::Read } }, QStringLiteral("/mnt/x"), true);
    EXPECT_EQ(model.result(0, Direction::Read), nullptr);
    EXPECT_TRUE(grid.tile(0, Direction::Read)->text().isEmpty());

    // A stored run: its own rows, and its own report whatever the settings say.
    Report stored;
    stored.run.tests = { measured(rnd, Direction::Read, 99) };
    stored.target.model = QStringLiteral("A stored disk");
    model.showStored(stored);
    grid.configure(Profile::Default, false, 70, Unit::MBps);
    EXPECT_TRUE(model.showsStored());
    EXPECT_EQ(model.rows(), std::vector<TestRow> { rnd });
    ASSERT_EQ(grid.gridRowCount(), 1u);
    EXPECT_FALSE(grid.tile(0, Direction::Read)->text().isEmpty());
    EXPECT_EQ(model.report(settings, QString(), QStringLiteral("edited")).target.model, QStringLiteral("A stored disk"));
    EXPECT_EQ(model.report(settings, QString(), QStringLiteral("edited")).comment, QStringLiteral("edited"));
    // The settings' rows again (a change of settings, the next run): the stored run goes.
    model.setRows({ seq, rnd });
    EXPECT_FALSE(model.showsStored());
    EXPECT_EQ(model.result(0, Direction::Read), nullptr);
}
