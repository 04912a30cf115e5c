// SPDX-License-Identifier: GPL-3.0-or-later
// `diskometer-cli history ...` and `fio-job` as a user runs them, each test with its own
// XDG_DATA_HOME: runs stored unless --no-history, list/show/compare/import/delete, every bad
// input with exit code 2 and a message, a corrupt database set aside, an unusable one that
// keeps the run's JSON, processes storing at once, and a job file that the real fio runs and
// whose output imports back.
#include "clirun.h"
#include "testtargets.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <gtest/gtest.h>

#include <memory>

using namespace dm::test;

namespace {

const QStringList kQuick { "--count", "1", "--measure", "0.5", "--warmup", "0.2", "--interval", "0", "--size", "16MiB",
    "--quiet" };

QString dataFile(const char* name) { return QStringLiteral(DM_TEST_DATA_DIR "/fio/") + QLatin1String(name); }

class History : public ::testing::Test {
protected:
    void SetUp() override
    {
        ASSERT_FALSE(m_dir.path().empty());
        m_home = QString::fromStdString(m_dir.path()) + "/data";
    }

    QString dbPath() const { return m_home + "/diskometer/history.sqlite"; }
    QString scratch() const { return QString::fromStdString(m_dir.path()); }

    std::unique_ptr<QProcess> start(const QStringList& args) const
    {
        return startCli(args, { .environment = historyEnvironment(m_home) });
    }

    CliOutcome cli(const QStringList& args) const { return finishProcess(*start(args)); }

    QJsonArray runs() const
    {
        const CliOutcome o = cli({ "history", "list", "--json" });
        EXPECT_EQ(o.exitCode, 0) << o.err.constData();
        return QJsonDocument::fromJson(o.out).object()["runs"].toArray();
    }

    ScratchDir m_dir;
    QString m_home;
};

} // namespace

TEST_F(History, SustainedAndSweepStoreUnlessNoHistory)
{
    const QString target = scratch() + "/t";
    QDir().mkpath(target);
    CliOutcome o = cli({ "sustained", "--total", "32MiB", "--quiet", "--comment", "long write", target });
    ASSERT_EQ(o.exitCode, 0) << o.err.constData();
    o = cli({ "sweep", "--min", "4KiB", "--max", "8KiB", "--size", "16MiB", "--measure", "0.5", "--warmup", "0",
        "--quiet", target });
    ASSERT_EQ(o.exitCode, 0) << o.err.constData();
    o = cli({ "sustained", "--total", "32MiB", "--quiet", "--no-history", target });
    ASSERT_EQ(o.exitCode, 0) << o.err.constData();
    const QJsonArray list = runs(); // newest first
    ASSERT_EQ(list.size(), 2);
    EXPECT_EQ(list[0].toObject()["kind"].toString(), "sweep");
    EXPECT_EQ(list[1].toObject()["kind"].toString(), "sustained");
    EXPECT_EQ(list[1].toObject()["comment"].toString(), "long write");
}

TEST_F(History, RunStoresUnlessNoHistory)
{
    const QString target = scratch() + "/t";
    QDir().mkpath(target);
    CliOutcome o = cli(QStringList { "run", "--tests", "RND4K-Q1T1", "--mode", "read", "--comment", "stick A" } + kQuick
        + QStringList { target });
    ASSERT_EQ(o.exitCode, 0) << o.err.constData();
    EXPECT_TRUE(o.out.contains("[Read]"));
    EXPECT_TRUE(QFile::exists(dbPath())) << "the database follows XDG_DATA_HOME";
    o = cli(QStringList { "run", "--tests", "RND4K-Q1T1", "--mode", "read", "--no-history" } + kQuick
        + QStringList { target });
    ASSERT_EQ(o.exitCode, 0) << o.err.constData();
    const QJsonArray list = runs();
    ASSERT_EQ(list.size(), 1);
    const QJsonObject run = list[0].toObject();
    EXPECT_EQ(run["kind"].toString(), "grid");
    EXPECT_EQ(run["comment"].toString(), "stick A");
    EXPECT_TRUE(run["seq1m_q8t1_read_mb_per_s"].isNull());
    EXPECT_GT(run["rnd4k_q1t1_read_mb_per_s"].toDouble(), 0);

    const CliOutcome text = cli({ "history", "show", QString::number(run["id"].toInteger()) });
    ASSERT_EQ(text.exitCode, 0) << text.err.constData();
    EXPECT_TRUE(text.out.contains("  RND    4KiB (Q=  1, T= 1):")) << text.out.constData();
    EXPECT_TRUE(text.out.contains("Comment: stick A"));
}

TEST_F(History, ImportShowCompareDelete)
{
    CliOutcome o = cli({ "history", "import", dataFile("multi.json"), dataFile("client.json") });
    ASSERT_EQ(o.exitCode, 0) << o.err.constData();
    EXPECT_EQ(o.out.count("stored run"), 3) << o.out.constData();
    EXPECT_TRUE(o.out.contains("from localhost"));
    ASSERT_EQ(runs().size(), 3);

    o = cli({ "history", "show", "1", "--json" });
    ASSERT_EQ(o.exitCode, 0) << o.err.constData();
    EXPECT_TRUE(QJsonDocument::fromJson(o.out).object().contains("fio version"));
    o = cli({ "history", "show", "1", "--markdown" });
    ASSERT_EQ(o.exitCode, 0) << o.err.constData();
    EXPECT_TRUE(o.out.contains("| SEQ1M Q8T1 |")) << o.out.constData();
    EXPECT_TRUE(o.out.contains("fio 3.33 (libaio)")) << "an imported run never claims to be ours";

    o = cli({ "history", "compare", "1", "2", "3" });
    ASSERT_EQ(o.exitCode, 0) << o.err.constData();
    const QList<QByteArray> md = o.out.split('\n');
    EXPECT_TRUE(md[0].startsWith("| Run | Date | SEQ1M Q8T1 Read MB/s |")) << o.out.constData();
    EXPECT_EQ(o.out.count("\n| "), 1 + 3) << "header, rule, one row per run" << o.out.constData();
    o = cli({ "history", "compare", "2", "3", "--csv" });
    ASSERT_EQ(o.exitCode, 0) << o.err.constData();
    EXPECT_EQ(o.out.count("\r\n"), 3);
    EXPECT_TRUE(o.out.contains(",fio,fio,127.0.0.1,")) << o.out.constData();

    o = cli({ "history", "delete", "2" });
    ASSERT_EQ(o.exitCode, 0) << o.err.constData();
    EXPECT_EQ(runs().size(), 2);
    expectUsageError(cli({ "history", "delete", "2" }), "no run 2");
    expectUsageError(cli({ "history", "show", "2" }), "no run 2");
    expectUsageError(cli({ "history", "compare", "1", "99" }), "no run 99");
}

TEST_F(History, BadInputIsRefusedWithExitCodeTwo)
{
    const QString notOurs = scratch() + "/notes.txt";
    QFile f(notOurs);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write("ten USB sticks, typed by hand\n");
    f.close();
    const QString otherJson = scratch() + "/other.json";
    QFile g(otherJson);
    ASSERT_TRUE(g.open(QIODevice::WriteOnly));
    g.write(R"({"schema": "kdiskmark/1"})");
    g.close();

    expectUsageError(cli({ "history", "import", notOurs }), "neither a Diskometer report nor fio's JSON output");
    expectUsageError(cli({ "history", "import", otherJson }), "unknown schema 'kdiskmark/1'");
    expectUsageError(cli({ "history", "import", scratch() + "/missing.json" }), "cannot read");
    // A bad file among good ones stores nothing, so the command can simply be run again.
    expectUsageError(cli({ "history", "import", dataFile("single.json"), notOurs }), "notes.txt");
    EXPECT_EQ(runs().size(), 0);
    expectUsageError(cli({ "history", "show", "abc" }), "not a run id");
    expectUsageError(cli({ "history", "show" }), "one run id");
    expectUsageError(cli({ "history", "frobnicate" }), "unknown history subcommand");
    expectUsageError(cli({ "history" }), "needs a subcommand");
    expectUsageError(cli({ "history", "list", "--csv" }), "--csv does not go with `history list`");
    expectUsageError(cli({ "history", "compare", "1", "--metric", "speed" }), "--metric");
    EXPECT_EQ(cli({ "history", "--help" }).exitCode, 0);
}

TEST_F(History, CorruptDatabaseIsSetAsideWithAMessage)
{
    QDir().mkpath(QFileInfo(dbPath()).absolutePath());
    QFile f(dbPath());
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    const QByteArray garbage(4096, '\x5a');
    f.write(garbage);
    f.close();

    const CliOutcome o = cli({ "history", "import", dataFile("single.json") });
    ASSERT_EQ(o.exitCode, 0) << o.err.constData();
    EXPECT_TRUE(o.err.contains("warning: the history database")) << o.err.constData();
    EXPECT_TRUE(o.err.contains(".corrupt-")) << o.err.constData();
    const QStringList aside = QDir(QFileInfo(dbPath()).absolutePath()).entryList({ "history.sqlite.corrupt-*" });
    ASSERT_EQ(aside.size(), 1);
    QFile kept(QFileInfo(dbPath()).absolutePath() + "/" + aside.first());
    ASSERT_TRUE(kept.open(QIODevice::ReadOnly));
    EXPECT_EQ(kept.readAll(), garbage) << "the damaged file is kept as it was";
    EXPECT_EQ(runs().size(), 1);
}

TEST_F(History, RunThatCannotBeStoredKeepsItsJson)
{
    QDir().mkpath(dbPath()); // a directory where the database should be
    const QString target = scratch() + "/t";
    QDir().mkpath(target);
    const CliOutcome o
        = cli(QStringList { "run", "--tests", "RND4K-Q1T1", "--mode", "read" } + kQuick + QStringList { target });
    EXPECT_EQ(o.exitCode, 0) << "the run itself is complete: " << o.err.constData();
    EXPECT_TRUE(o.out.contains("[Read]"));
    EXPECT_TRUE(o.err.contains("not stored in the history")) << o.err.constData();
    const QStringList kept = QDir(m_home + "/diskometer/unsaved").entryList({ "Diskometer_*.json" });
    ASSERT_EQ(kept.size(), 1) << o.err.constData();
    EXPECT_TRUE(o.err.contains("history import")) << o.err.constData();
    EXPECT_EQ(cli({ "history", "list" }).exitCode, 1);
}

TEST_F(History, ProcessesStoringAtOnceAllSucceed)
{
    const QString target = scratch() + "/t";
    QDir().mkpath(target);
    std::vector<std::unique_ptr<QProcess>> processes;
    for (int i = 0; i < 2; ++i)
        processes.push_back(
            start(QStringList { "run", "--tests", "RND4K-Q1T1", "--mode", "read" } + kQuick + QStringList { target }));
    for (int i = 0; i < 6; ++i)
        // --again: the same files each time, and each import must store them (this is about
        // processes writing at once, not about noticing a run stored before).
        processes.push_back(start({ "history", "import", "--again", dataFile("multi.json"), dataFile("client.json") }));
    for (auto& p : processes) {
        const CliOutcome o = finishProcess(*p);
        EXPECT_EQ(o.exitCode, 0) << o.err.constData();
        EXPECT_FALSE(o.err.contains("not stored")) << o.err.constData();
    }
    EXPECT_EQ(runs().size(), 2 + 6 * 3);
}

TEST_F(History, FioJobRunsInFioAndImportsBack)
{
    if (!haveTool("fio"))
        GTEST_SKIP() << "fio is not installed";
    const QString target = scratch() + "/t";
    QDir().mkpath(target);
    CliOutcome o = cli({ "fio-job", "--tests", "SEQ1M-Q8T1,RND4K-Q32T2", "--mix", "70", "--count", "2", "--measure",
        "0.5", "--warmup", "0.2", "--interval", "0", "--size", "16MiB", target });
    ASSERT_EQ(o.exitCode, 0) << o.err.constData();
    EXPECT_TRUE(o.out.contains("[SEQ1M-Q8T1-read-1]")) << o.out.constData();
    const QString jobFile = scratch() + "/job.fio";
    QFile job(jobFile);
    ASSERT_TRUE(job.open(QIODevice::WriteOnly));
    job.write(o.out);
    job.close();

    QProcess fio;
    fio.start("fio", { "--output-format=json", jobFile });
    ASSERT_TRUE(fio.waitForFinished(120000));
    const QByteArray json = fio.readAllStandardOutput();
    ASSERT_EQ(fio.exitCode(), 0) << fio.readAllStandardError().constData() << json.constData();
    EXPECT_FALSE(QFile::exists(target + "/diskometer-fio.tmp")) << "the last section removes fio's test file";
    const QString out = scratch() + "/out.json";
    QFile result(out);
    ASSERT_TRUE(result.open(QIODevice::WriteOnly));
    result.write(json);
    result.close();

    o = cli({ "history", "import", out });
    ASSERT_EQ(o.exitCode, 0) << o.err.constData();
    o = cli({ "history", "compare", "1", "--csv" });
    ASSERT_EQ(o.exitCode, 0) << o.err.constData();
    const QList<QByteArray> lines = o.out.split('\n');
    // Two rows in read, write and mix: six columns of three figures, every one filled.
    EXPECT_TRUE(lines[0].contains("SEQ1M Q8T1 Read MB/s")) << lines[0].constData();
    EXPECT_TRUE(lines[0].contains("RND4K Q32T2 Mix 70% MB/s")) << lines[0].constData();
    EXPECT_EQ(lines[0].count(','), 8 + 6 * 3 - 1);
    const QList<QByteArray> fields = lines[1].trimmed().split(',');
    ASSERT_EQ(fields.size(), 8 + 6 * 3);
    for (qsizetype i = 8; i < fields.size(); ++i)
        EXPECT_FALSE(fields[i].isEmpty()) << "column " << i << ": " << lines[1].constData();
    // Two passes per test came back as passes.
    o = cli({ "history", "show", "1" });
    EXPECT_TRUE(o.out.contains("Test: 16 MiB (x2)")) << o.out.constData();
}

TEST_F(History, FioJobRefusesWhatRunWouldRefuse)
{
    expectUsageError(cli({ "fio-job", scratch() + "/missing" }), "does not exist");
    expectUsageError(cli({ "fio-job", "--json", "x.json", scratch() }), "fio-job prints the job file");
    expectUsageError(cli({ "fio-job", "--count", "12", scratch() }), "--count");
    const QString small = scratch() + "/small.bin";
    QFile f(small);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(QByteArray(1 << 20, 'x'));
    f.close();
    expectUsageError(cli({ "fio-job", "--size", "16MiB", small }), "holds only");
    // A block device (any: nothing is opened, the job file is only printed): write sections
    // need --allow-destructive, as run's write tests do.
    const QString dev = QString::fromStdString(run("lsblk -dnpo NAME | head -n 1"));
    if (!dev.isEmpty())
        expectUsageError(cli({ "fio-job", dev }), "--allow-destructive");
}

namespace {

QString goldenFile(const char* name) { return QStringLiteral(DM_TEST_DATA_DIR "/golden/") + QLatin1String(name); }

QByteArray readAll(const QString& path)
{
    QFile f(path);
    EXPECT_TRUE(f.open(QIODevice::ReadOnly)) << path.toStdString();
    return f.readAll();
}

// Compares with tests/data/golden/NAME, or writes it (DM_UPDATE_GOLDEN=1).
void expectGolden(const char* name, const QByteArray& made)
{
    if (qEnvironmentVariableIsSet("DM_UPDATE_GOLDEN")) {
        QFile f(goldenFile(name));
        ASSERT_TRUE(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(made);
        return;
    }
    EXPECT_EQ(made.toStdString(), readAll(goldenFile(name)).toStdString()) << name << " differs from its golden file";
}

} // namespace

// The four kinds' golden reports (tests/core/golden_test.cpp) imported, listed and shown: the
// list as the golden history-list.json (the time each was stored and the database path taken
// out, as they differ on every run), every kind's text and Markdown as its golden file.
TEST_F(History, EveryKindListsAndShowsAsItsGoldenFile)
{
    const char* kinds[] = { "grid", "scan", "sustained", "sweep" };
    for (const char* kind : kinds) {
        const CliOutcome o = cli({ "history", "import", goldenFile((std::string(kind) + ".json").c_str()) });
        ASSERT_EQ(o.exitCode, 0) << kind << ": " << o.err.constData();
    }
    const CliOutcome listed = cli({ "history", "list", "--json" });
    ASSERT_EQ(listed.exitCode, 0) << listed.err.constData();
    QJsonObject root = QJsonDocument::fromJson(listed.out).object();
    root.remove("database");
    QJsonArray runs = root["runs"].toArray();
    ASSERT_EQ(runs.size(), 4);
    for (qsizetype i = 0; i < runs.size(); ++i) {
        QJsonObject run = runs[i].toObject();
        EXPECT_FALSE(run["stored"].toString().isEmpty());
        run.remove("stored");
        runs[i] = run;
    }
    root["runs"] = runs;
    expectGolden("history-list.json", QJsonDocument(root).toJson(QJsonDocument::Indented));

    for (const QJsonValue& v : runs) {
        const QString id = QString::number(v.toObject()["id"].toInteger());
        const std::string kind = v.toObject()["kind"].toString().toStdString();
        for (const char* format : { "--text", "--markdown" }) {
            const CliOutcome shown = cli({ "history", "show", id, format });
            ASSERT_EQ(shown.exitCode, 0) << kind << " " << format << ": " << shown.err.constData();
            expectGolden((kind + ".show" + (format[2] == 't' ? ".txt" : ".md")).c_str(), shown.out);
        }
    }
}
