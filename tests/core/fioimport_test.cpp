// SPDX-License-Identifier: GPL-3.0-or-later
// fio's JSON output, as the fio 3.33 on the build machine wrote it (tests/data/fio: the job files
// and their output), read into our tests: one job, several jobs (a numjobs=2 group, a mix), and
// client/server output from two `fio --server` instances with its "All clients" sum skipped.
// Also the job files we export: their shape, and the Markdown and CSV comparison tables.
#include "comparison.h"
#include "fakereport.h"
#include "fioimport.h"
#include "fiojob.h"
#include "historyimport.h"

#include <QFile>
#include <QTemporaryDir>
#include <gtest/gtest.h>

using namespace dm;

namespace {

QByteArray data(const char* name)
{
    QFile f(QStringLiteral(DM_TEST_DATA_DIR "/fio/") + QLatin1String(name));
    EXPECT_TRUE(f.open(QIODevice::ReadOnly)) << name;
    return f.readAll();
}

const TestResult* find(const Report& r, TestRow row, Direction d)
{
    for (const auto& t : r.run.tests)
        if (t.spec.row == row && t.spec.direction == d)
            return &t;
    return nullptr;
}

} // namespace

TEST(FioImport, OneJob)
{
    auto runs = parseFioOutput(data("single.json"));
    ASSERT_TRUE(runs) << runs.error().message;
    ASSERT_EQ(runs->size(), 1u);
    const FioHostRun& run = runs->front();
    EXPECT_TRUE(run.host.isEmpty());
    const Report& r = run.report;
    EXPECT_EQ(r.toolName, "fio");
    EXPECT_EQ(r.toolVersion, "3.33");
    EXPECT_EQ(r.engine, "libaio");
    EXPECT_TRUE(r.run.region.direct);
    EXPECT_EQ(r.run.settings.testSize, 16 * MiB);
    EXPECT_DOUBLE_EQ(r.run.settings.warmupSeconds, 0.2);
    EXPECT_EQ(r.target.path, "/tmp/wt7-fio/data.bin");
    ASSERT_EQ(r.run.tests.size(), 1u);
    const TestResult& t = r.run.tests[0];
    EXPECT_EQ(t.spec.row, (TestRow { Pattern::Random, 4 * KiB, 32, 1 }));
    EXPECT_EQ(t.spec.direction, Direction::Read);
    ASSERT_EQ(t.passes.size(), 1u);
    EXPECT_EQ(t.passes[0].bytes, 132829184u);
    EXPECT_EQ(t.passes[0].ios, 32398u);
    EXPECT_DOUBLE_EQ(t.passes[0].seconds, 0.501);
    EXPECT_NEAR(t.passes[0].latency.meanNs, 478284.68, 0.01);
    EXPECT_GT(t.passes[0].latency.p99Ns, t.passes[0].latency.p50Ns);
    EXPECT_GT(t.passes[0].cpuSystemSeconds, 0);
}

TEST(FioImport, SeveralJobsMapToOurRows)
{
    auto runs = parseFioOutput(data("multi.json"));
    ASSERT_TRUE(runs) << runs.error().message;
    ASSERT_EQ(runs->size(), 1u);
    const Report& r = runs->front().report;
    ASSERT_EQ(r.run.tests.size(), 3u);
    const TestResult* seq = find(r, { Pattern::Sequential, 1 * MiB, 8, 1 }, Direction::Read);
    ASSERT_TRUE(seq);
    EXPECT_NEAR(seq->passes[0].mbPerSec(), 967835648 / 0.504 / 1e6, 1e-6);
    const TestResult* rndWrite = find(r, { Pattern::Random, 4 * KiB, 32, 2 }, Direction::Write);
    ASSERT_TRUE(rndWrite) << "numjobs=2 with group_reporting is T2";
    EXPECT_EQ(rndWrite->passes[0].ios, 58315u);
    const TestResult* mix = find(r, { Pattern::Random, 4 * KiB, 1, 1 }, Direction::Mix);
    ASSERT_TRUE(mix);
    EXPECT_EQ(mix->spec.readPercent, 70);
    EXPECT_EQ(mix->passes[0].bytes, 13942784u + 6172672u) << "a mix is read and write together";
    EXPECT_EQ(mix->passes[0].ios, 3404u + 1507u);
}

TEST(FioImport, ClientServerOutputIsOneRunPerHost)
{
    const QByteArray output = data("client.json");
    ASSERT_FALSE(output.startsWith('{')) << "the sample keeps fio's text lines ahead of the JSON";
    auto runs = parseFioOutput(output);
    ASSERT_TRUE(runs) << runs.error().message;
    ASSERT_EQ(runs->size(), 2u) << "two hosts; the \"All clients\" sum is not a run";
    EXPECT_EQ(runs->at(0).host, "localhost");
    EXPECT_EQ(runs->at(1).host, "127.0.0.1");
    EXPECT_EQ(runs->at(0).report.run.tests[0].passes[0].bytes, 98746368u);
    EXPECT_EQ(runs->at(1).report.run.tests[0].passes[0].bytes, 109572096u);
    EXPECT_TRUE(runs->at(0).report.target.path.startsWith("localhost:"));

    // Into the history: each host's entry keeps fio's JSON for that host alone, which reads back.
    auto inputs = historyInputsFromFile(output);
    ASSERT_TRUE(inputs) << inputs.error().message;
    ASSERT_EQ(inputs->size(), 2u);
    const HistoryInput& second = inputs->at(1);
    EXPECT_EQ(second.entry.kind, "fio");
    EXPECT_EQ(second.entry.source, "fio");
    EXPECT_EQ(second.entry.schema, "fio-3.33");
    EXPECT_EQ(second.entry.host, "127.0.0.1");
    EXPECT_FALSE(second.json.contains("localhost"));
    EXPECT_FALSE(second.json.contains("All clients"));
    auto back = reportFromRecord({ second.entry, second.json });
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(back->run.tests[0].passes[0].bytes, 109572096u);
}

TEST(FioImport, RefusesWhatIsNotFioOrHasNoUsableJob)
{
    EXPECT_FALSE(parseFioOutput("fio: no job file given\n"));
    EXPECT_FALSE(parseFioOutput(R"({"fio version": "fio-3.33"})"));
    auto trimOnly
        = parseFioOutput(R"({"fio version": "fio-3.33", "timestamp": 1795986165, "jobs": [{"jobname": "t",
            "job options": {"rw": "trim"}}]})");
    ASSERT_FALSE(trimOnly);
    EXPECT_NE(trimOnly.error().message.find("rw=trim"), std::string::npos) << trimOnly.error().message;
}

TEST(FioJob, OneSectionPerPassWithTheYardstickOptions)
{
    FioJobRequest req;
    req.target = "/mnt/stick";
    req.kind = RegionInfo::Kind::Directory;
    req.regionBytes = 64 * MiB;
    req.tests
        = expandTests({ { Pattern::Sequential, 1 * MiB, 8, 2 }, { Pattern::Random, 4 * KiB, 32, 1 } }, Mode::All, 70);
    req.settings.count = 2;
    req.settings.measureSeconds = 0.5;
    req.settings.warmupSeconds = 1;
    req.settings.intervalSeconds = 5;
    const QString job = formatFioJob(req);
    for (const char* line : { "ioengine=libaio", "direct=1", "time_based", "randrepeat=0", "norandommap", "thread",
             "filename=/mnt/stick/diskometer-fio.tmp", "filesize=67108864", "[SEQ1M-Q8T2-read-1]",
             "[SEQ1M-Q8T2-read-2]", "[RND4K-Q32T1-mix-2]", "iodepth_batch_submit=32", "iodepth_batch_complete_max=32",
             "size=33554432\noffset_increment=33554432", "rw=randrw\nrwmixread=70", "runtime=500ms", "ramp_time=1000ms",
             "startdelay=5000ms", "unlink=1" })
        EXPECT_TRUE(job.contains(QLatin1String(line))) << line << "\n" << job.toStdString();
    EXPECT_EQ(job.count("[SEQ"), 6) << "read, write and mix, two passes each";
    EXPECT_EQ(job.count("stonewall"), 12);
    EXPECT_EQ(job.count("ramp_time="), 6) << "the warm-up once per test";
    EXPECT_EQ(job.count("startdelay="), 5) << "the interval between tests, not before the first";
    EXPECT_EQ(job.count("unlink=1"), 1);
    EXPECT_FALSE(job.contains("allow_file_create=0"));

    req.kind = RegionInfo::Kind::BlockDevice;
    req.target = "/dev/sdx";
    const QString device = formatFioJob(req);
    EXPECT_TRUE(device.contains("filename=/dev/sdx\nallow_file_create=0"));
    EXPECT_TRUE(device.contains("WARNING: the write sections destroy the data on /dev/sdx"));
    EXPECT_FALSE(device.contains("unlink"));
}

TEST(Comparison, OneRowPerRunOneColumnPerTest)
{
    Report a = test::fakeReport();
    HistoryInput ina = historyInputFromReport(a);
    ina.entry.id = 3;
    auto fio = historyInputsFromFile(data("multi.json"));
    ASSERT_TRUE(fio);
    HistoryInput inb = fio->front();
    inb.entry.id = 4;
    HistoryRecord scan { {}, R"({"schema": "diskometer.scan/1"})" };
    scan.entry.id = 5;
    scan.entry.kind = "scan";
    scan.entry.targetPath = "/dev/sdb";
    ina.entry.name = "SSD | 980";
    const Comparison c = buildComparison({ { ina.entry, ina.json }, { inb.entry, inb.json }, scan });
    ASSERT_EQ(c.runs.size(), 3u);
    // Rows in grid order, read before write before mix; the fio run adds its own tests.
    ASSERT_GE(c.columns.size(), 8u);
    EXPECT_EQ(c.columns[0].label, "SEQ1M Q8T1 Read");
    EXPECT_EQ(c.columns[1].label, "SEQ1M Q8T1 Write");
    const auto mix
        = std::find_if(c.columns.begin(), c.columns.end(), [](auto& col) { return col.label == "RND4K Q1T1 Mix 70%"; });
    ASSERT_NE(mix, c.columns.end());
    EXPECT_TRUE(c.runs[1].cells[size_t(mix - c.columns.begin())].mbPerSec);
    EXPECT_FALSE(c.runs[0].cells[size_t(mix - c.columns.begin())].mbPerSec);
    ASSERT_TRUE(c.runs[0].cells[0].mbPerSec);
    EXPECT_NEAR(*c.runs[0].cells[0].mbPerSec, 3552.486, 1e-3);
    EXPECT_FALSE(c.runs[2].note.isEmpty());

    const QString md = formatComparisonMarkdown(c);
    const QStringList lines = md.split('\n');
    EXPECT_TRUE(lines[0].startsWith("| Run | Date | SEQ1M Q8T1 Read MB/s | SEQ1M Q8T1 Write MB/s |"))
        << md.toStdString();
    EXPECT_TRUE(lines[2].startsWith("| SSD \\| 980 | 2026-11-29 17:41 | 3552.5 | 2964.3 |")) << md.toStdString();
    EXPECT_TRUE(lines[3].contains("(fio)"));
    EXPECT_TRUE(md.contains("- Run 5 (/dev/sdb):")) << md.toStdString();
    Comparison unstored = c; // remote --no-history: no ids
    for (ComparisonRun& r : unstored.runs)
        r.entry.id = 0;
    const QString unstoredMd = formatComparisonMarkdown(unstored);
    EXPECT_TRUE(unstoredMd.contains("\n- /dev/sdb: ") && !unstoredMd.contains("Run 0")) << unstoredMd.toStdString();

    const QByteArray csv = formatComparisonCsv(c);
    const QList<QByteArray> rows = csv.split('\n');
    EXPECT_TRUE(rows[0].startsWith("id,date,run,kind,source,host,device,target,SEQ1M Q8T1 Read MB/s,"
                                   "SEQ1M Q8T1 Read IOPS,SEQ1M Q8T1 Read us,"));
    EXPECT_TRUE(rows[1].startsWith("3,2026-11-29T17:41:08+01:00,SSD | 980,grid,diskometer,,Samsung SSD 980 PRO 1TB,"
                                   "/home/me/bench,3552.486,3387.9,2359.08,"))
        << rows[1].constData();
    EXPECT_TRUE(csv.endsWith("\r\n"));
}

TEST(FioJob, TheRegionIsTheOneTheEngineWouldTest)
{
    // The CLI and the window both lay out the job's region here: a directory gets a file of the
    // test size; a file is tested whole unless a size was given; nothing else is a target.
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    FioJobRequest r;
    r.settings.testSize = 16 * MiB + 100; // cut down to whole 4 KiB
    r.target = dir.path();
    ASSERT_TRUE(setFioJobRegion(r, false, false));
    EXPECT_EQ(r.kind, RegionInfo::Kind::Directory);
    EXPECT_EQ(r.regionBytes, 16 * MiB);

    QFile file(dir.filePath(QStringLiteral("data.bin")));
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    ASSERT_TRUE(file.resize(qint64(64 * MiB)));
    file.close();
    r.target = file.fileName();
    ASSERT_TRUE(setFioJobRegion(r, false, false));
    EXPECT_EQ(r.kind, RegionInfo::Kind::File);
    EXPECT_EQ(r.regionBytes, 64 * MiB) << "a file is tested whole unless a size is given";
    ASSERT_TRUE(setFioJobRegion(r, true, false));
    EXPECT_EQ(r.regionBytes, 16 * MiB);
    r.settings.testSize = 128 * MiB;
    EXPECT_FALSE(setFioJobRegion(r, true, false)) << "a size larger than the file";

    r.target = dir.filePath(QStringLiteral("missing"));
    const Status missing = setFioJobRegion(r, false, false);
    ASSERT_FALSE(missing);
    EXPECT_NE(missing.error().message.find("does not exist"), std::string::npos);
}
