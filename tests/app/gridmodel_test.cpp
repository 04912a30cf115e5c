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
    const std::pair<TestRow, Direction> order[]
        = { { seq, Direction::Read }, { rnd, Direction::Read }, { seq, Direction::Write }, { rnd, Direction::Write } };
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
    EXPECT_EQ(
        model.report(settings, QString(), QStringLiteral("edited")).target.model, QStringLiteral("A stored disk"));
    EXPECT_EQ(model.report(settings, QString(), QStringLiteral("edited")).comment, QStringLiteral("edited"));
    // The settings' rows again (a change of settings, the next run): the stored run goes.
    model.setRows({ seq, rnd });
    EXPECT_FALSE(model.showsStored());
    EXPECT_EQ(model.result(0, Direction::Read), nullptr);
}

// Issue 15: each result's temperature line comes from the run that made it, on that run's clock:
// a row run again alone brings its own readings and leaves the other rows' alone.
TEST(GridModel, EachResultKeepsTheTemperaturesOfItsOwnRun)
{
    const TestRow seq = *parseRow("SEQ1M-Q8T1"), rnd = *parseRow("RND4K-Q8T1");
    GridModel model;
    model.setRows({ seq, rnd });
    const auto withTimeline = [](TestResult r, double startSeconds) {
        r.startSeconds = startSeconds;
        r.timeline = { { 0.5, 100, 100, 0 }, { 1.5, 100, 100, 1 } };
        return r;
    };
    model.startRun({ { 0, Direction::Read }, { 1, Direction::Read } }, QStringLiteral("/mnt/x"), true);
    RunResult first;
    first.tests = { withTimeline(measured(seq, Direction::Read, 3000), 0),
        withTimeline(measured(rnd, Direction::Read, 50), 10) };
    model.setTestResult(0, first.tests[0]);
    model.setTestResult(1, first.tests[1]);
    EXPECT_TRUE(model.temperatures(0, Direction::Read).empty()) << "the readings come with the run's end";
    ReportHeader header;
    header.health.temperatures = { { 0, 40 }, { 10, 50 }, { 11, 55 } };
    model.finishRun(first, header);
    EXPECT_EQ(model.temperatures(0, Direction::Read), (std::vector<TemperatureSample> { { 0.5, 40 }, { 1.5, 40 } }));
    EXPECT_EQ(model.temperatures(1, Direction::Read), (std::vector<TemperatureSample> { { 0.5, 50 }, { 1.5, 55 } }));

    // The second row alone, on a drive that has cooled; the first row keeps its line.
    model.startRun({ { 1, Direction::Read } }, QStringLiteral("/mnt/x"), false);
    RunResult again;
    again.tests = { withTimeline(measured(rnd, Direction::Read, 60), 0) };
    model.setTestResult(0, again.tests[0]);
    EXPECT_TRUE(model.temperatures(1, Direction::Read).empty()) << "not the first run's readings";
    header.health.temperatures = { { 0, 35 } };
    model.finishRun(again, header);
    EXPECT_EQ(model.temperatures(1, Direction::Read), (std::vector<TemperatureSample> { { 0.5, 35 }, { 1.5, 35 } }));
    EXPECT_EQ(model.temperatures(0, Direction::Read), (std::vector<TemperatureSample> { { 0.5, 40 }, { 1.5, 40 } }));
    // The report has one header, the last run's: the first row's samples, timed on the first
    // run's clock, get no temperature from its readings.
    const Report combined = model.report(defaultGuiSettings(), QString(), QString());
    ASSERT_EQ(combined.run.tests.size(), 2u);
    EXPECT_FALSE(combined.run.tests[0].startSeconds) << "the first run's";
    EXPECT_EQ(combined.run.tests[1].startSeconds, 0.0) << "the last run's";

    // A drive without a sensor: no line.
    model.startRun({ { 0, Direction::Read } }, QStringLiteral("/mnt/x"), true);
    model.setTestResult(0, first.tests[0]);
    RunResult cool;
    cool.tests = { first.tests[0] };
    model.finishRun(cool, ReportHeader {});
    EXPECT_TRUE(model.temperatures(0, Direction::Read).empty());
    EXPECT_TRUE(model.temperatures(1, Direction::Read).empty()) << "the whole run dropped the old results";
}
