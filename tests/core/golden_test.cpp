// SPDX-License-Identifier: GPL-3.0-or-later
// Golden reports: every report of every kind, made from fixed values (fakereport.h,
// fakekindreports.h), byte for byte as tests/data/golden holds it. A refactor of the reports,
// the kinds or their registry must leave these the same; a change that means to alter a report
// regenerates them with DM_UPDATE_GOLDEN=1 and the diff shows exactly what changed.
#include "capacityreport.h"
#include "fakecopyreport.h"
#include "fakekindreports.h"
#include "fakereport.h"
#include "filesreport.h"
#include "jsonreport.h"
#include "markdownreport.h"
#include "scanreport.h"
#include "sustainedreport.h"
#include "sweepreport.h"
#include "textreport.h"

#include <QFile>
#include <gtest/gtest.h>

using namespace dm;
using namespace dm::test;

namespace {

QString goldenPath(const char* name) { return QStringLiteral(DM_TEST_DATA_DIR "/golden/") + QLatin1String(name); }

// Compares with the golden file, or (DM_UPDATE_GOLDEN=1) writes it.
void expectGolden(const char* name, const QByteArray& made)
{
    QFile f(goldenPath(name));
    if (qEnvironmentVariableIsSet("DM_UPDATE_GOLDEN")) {
        ASSERT_TRUE(f.open(QIODevice::WriteOnly | QIODevice::Truncate)) << name;
        f.write(made);
        return;
    }
    ASSERT_TRUE(f.open(QIODevice::ReadOnly)) << name << " is missing: make it with DM_UPDATE_GOLDEN=1";
    const QByteArray golden = f.readAll();
    EXPECT_EQ(made.toStdString(), golden.toStdString()) << name << " differs from its golden file";
}

} // namespace

TEST(Golden, GridReports)
{
    Report r = fakeReportWithMix();
    // The conditions a run held (powerprofile.h): the text's Power line and JSON's system.power.
    r.system.power = { QStringLiteral("performance"), true, {}, false, QStringLiteral("schedutil"), true, {} };
    // Each test's start on the readings' clock: 2 s apart, so their samples meet the drive
    // warming and cooling (health.temperatures), and the JSON's timeline says so.
    for (size_t i = 0; i < r.run.tests.size(); ++i)
        r.run.tests[i].startSeconds = 2.0 * double(i);
    expectGolden("grid.json", formatJson(r));
    expectGolden("grid.txt", formatText(r).toUtf8());
    expectGolden("grid.md", formatMarkdown(r).toUtf8());
}

TEST(Golden, ScanReports)
{
    const ScanReport r = fakeScanReport();
    expectGolden("scan.json", formatScanJson(r));
    expectGolden("scan.csv", formatScanCsv(r));
    expectGolden("scan.txt", formatScanText(r).toUtf8());
}

TEST(Golden, SustainedReports)
{
    const SustainedReport r = fakeSustainedReport();
    expectGolden("sustained.json", formatSustainedJson(r));
    expectGolden("sustained.csv", formatSustainedCsv(r));
    expectGolden("sustained.txt", formatSustainedText(r).toUtf8());
}

TEST(Golden, CapacityReports)
{
    const CapacityReport r = fakeCapacityReport();
    expectGolden("capacity.json", formatCapacityJson(r));
    expectGolden("capacity.csv", formatCapacityCsv(r));
    expectGolden("capacity.txt", formatCapacityText(r).toUtf8());
}

TEST(Golden, FilesReports)
{
    const FilesReport r = fakeFilesReport();
    expectGolden("files.json", formatFilesJson(r));
    expectGolden("files.csv", formatFilesCsv(r));
    expectGolden("files.txt", formatFilesText(r).toUtf8());
}

TEST(Golden, CopyReports)
{
    const CopyReport r = fakeCopyReport();
    expectGolden("copy.json", formatCopyJson(r));
    expectGolden("copy.csv", formatCopyCsv(r));
    expectGolden("copy.txt", formatCopyText(r).toUtf8());
}

TEST(Golden, SweepReports)
{
    const SweepReport r = fakeSweepReport();
    expectGolden("sweep.json", formatSweepJson(r));
    expectGolden("sweep.csv", formatSweepCsv(r));
    expectGolden("sweep.txt", formatSweepText(r).toUtf8());
}
