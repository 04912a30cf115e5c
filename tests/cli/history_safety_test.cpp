// SPDX-License-Identifier: GPL-3.0-or-later
// The history's harder cases through the real binary (issue 12, items 7 and 9; issue 14, item
// 14), each with its own XDG_DATA_HOME: a report imported twice is noticed (--again stores it
// anyway); hostile fio output is refused with a short message; a history the user may read but
// not write is listed read-only; a damaged file is only set aside by a writer, with a notice
// that says one thing; a run whose every test failed is listed as failed; a relative
// XDG_DATA_HOME is reported with the file used; the unsaved/ copy of a run goes once imported.
#include "clirun.h"
#include "testtargets.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <gtest/gtest.h>

#include <sys/mount.h>

using namespace dm::test;

namespace {

QString dataFile(const char* name) { return QStringLiteral(DM_TEST_DATA_DIR "/fio/") + QLatin1String(name); }

class HistorySafety : public ::testing::Test {
protected:
    void SetUp() override
    {
        ASSERT_FALSE(m_dir.path().empty());
        m_home = QString::fromStdString(m_dir.path()) + "/data";
    }

    QString dbPath() const { return m_home + "/diskometer/history.sqlite"; }
    QString scratch() const { return QString::fromStdString(m_dir.path()); }

    CliOutcome cli(const QStringList& args, const QStringList& prefix = {}, const QString& home = {}) const
    {
        return runCli(args,
            { .prefix = prefix,
                .workingDirectory = scratch(),
                .environment = historyEnvironment(home.isEmpty() ? m_home : home) });
    }

    QJsonArray runs() const
    {
        const CliOutcome o = cli({ "history", "list", "--json" });
        EXPECT_EQ(o.exitCode, 0) << o.err.constData();
        return QJsonDocument::fromJson(o.out).object()["runs"].toArray();
    }

    void write(const QString& path, const QByteArray& content) const
    {
        QFile f(path);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(content);
    }

    ScratchDir m_dir;
    QString m_home;
};

const QStringList kQuick { "--count", "1", "--measure", "0.5", "--warmup", "0", "--interval", "0", "--size", "16MiB",
    "--quiet" };

} // namespace

TEST_F(HistorySafety, TheSameReportImportedTwiceIsStoredOnceUnlessAgain)
{
    CliOutcome o = cli({ "history", "import", dataFile("single.json") });
    ASSERT_EQ(o.exitCode, 0) << o.err.constData();
    o = cli({ "history", "import", dataFile("single.json") });
    EXPECT_EQ(o.exitCode, 0) << o.err.constData();
    EXPECT_TRUE(o.err.contains("already in the history as run 1")) << o.err.constData();
    EXPECT_FALSE(o.out.contains("stored run")) << o.out.constData();
    EXPECT_EQ(runs().size(), 1);
    // Re-indented by `history show --json` it is still the same run.
    const QString shown = scratch() + "/shown.json";
    write(shown, cli({ "history", "show", "1", "--json" }).out);
    EXPECT_TRUE(cli({ "history", "import", shown }).err.contains("already in the history as run 1"));
    // One command given the same file twice stores it once.
    const QString otherHome = scratch() + "/other";
    o = cli({ "history", "import", dataFile("multi.json"), dataFile("multi.json") }, {}, otherHome);
    EXPECT_EQ(o.out.count("stored run"), 1) << o.out.constData();
    EXPECT_TRUE(o.err.contains("given twice")) << o.err.constData();

    o = cli({ "history", "import", "--again", dataFile("single.json") });
    EXPECT_EQ(o.exitCode, 0) << o.err.constData();
    EXPECT_TRUE(o.out.contains("stored run 2")) << o.out.constData();
    EXPECT_EQ(runs().size(), 2);
}

TEST_F(HistorySafety, HostileFioOutputIsRefusedWithAShortMessage)
{
    QFile f(dataFile("single.json"));
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    QByteArray bad = f.readAll();
    bad.replace("\"iodepth\" : \"32\"", "\"iodepth\" : \"-1\"");
    const QString file = scratch() + "/bad.json";
    write(file, bad);
    CliOutcome o = cli({ "history", "import", file });
    EXPECT_EQ(o.exitCode, 2);
    EXPECT_TRUE(o.err.contains("iodepth=\"-1\"")) << o.err.constData();
    const QString huge = scratch() + "/huge.json";
    write(huge, "{\"fio version\":\"fio-3.33\",\"timestamp\":1795986165,\"jobs\":[{\"jobname\":\"" + QByteArray(10000000, 'x')
            + "\",\"job options\":{\"rw\":\"randread\",\"iodepth\":\"" + QByteArray(5000000, '7') + "\"}}]}");
    o = cli({ "history", "import", huge });
    EXPECT_EQ(o.exitCode, 2);
    EXPECT_LT(o.err.size(), 600) << o.err.left(300).constData();
    EXPECT_EQ(runs().size(), 0);
}

TEST_F(HistorySafety, AReadOnlyHistoryIsListedWithoutWritingIt)
{
    if (!isRoot() || !haveTool("setpriv"))
        GTEST_SKIP() << "needs root to run the CLI as nobody";
    ASSERT_EQ(cli({ "history", "import", dataFile("single.json"), dataFile("multi.json") }).exitCode, 0);
    // The history as a shared machine has it: root's directory and file, readable by all.
    run("chmod 0755 " + m_dir.path() + " " + m_home.toStdString() + " " + m_home.toStdString() + "/diskometer && chmod 0644 "
        + dbPath().toStdString());
    const QStringList asNobody { "setpriv", "--reuid=65534", "--regid=65534", "--clear-groups" };
    const CliOutcome o = cli({ "history", "list", "--json" }, asNobody);
    if (o.err.contains("Permission denied") && !o.err.contains("diskometer-cli"))
        GTEST_SKIP() << "the nobody user cannot run the binary from this build tree";
    ASSERT_EQ(o.exitCode, 0) << o.err.constData();
    EXPECT_EQ(QJsonDocument::fromJson(o.out).object()["runs"].toArray().size(), 2);
    EXPECT_EQ(cli({ "history", "show", "1" }, asNobody).exitCode, 0);
    EXPECT_FALSE(QFileInfo::exists(dbPath() + "-shm"));
    // Writing is refused with the reason, and the file is not touched.
    const CliOutcome imported = cli({ "history", "import", dataFile("client.json") }, asNobody);
    EXPECT_EQ(imported.exitCode, 1) << imported.err.constData();
    EXPECT_EQ(runs().size(), 2);
}

TEST_F(HistorySafety, OnlyAWriterSetsADamagedFileAsideAndTheNoticeSaysOneThing)
{
    QDir().mkpath(QFileInfo(dbPath()).absolutePath());
    write(dbPath(), QByteArray(4096, '\x5a'));
    const CliOutcome listed = cli({ "history", "list" });
    EXPECT_EQ(listed.exitCode, 1);
    EXPECT_TRUE(listed.err.contains("is damaged")) << listed.err.constData();
    EXPECT_TRUE(listed.err.contains("left as it is")) << listed.err.constData();
    QDir dir(QFileInfo(dbPath()).absolutePath());
    EXPECT_TRUE(dir.entryList({ "history.sqlite.corrupt-*" }).isEmpty()) << "a listing moved the file";
    EXPECT_EQ(QFileInfo(dbPath()).size(), 4096);

    const CliOutcome imported = cli({ "history", "import", dataFile("single.json") });
    ASSERT_EQ(imported.exitCode, 0) << imported.err.constData();
    EXPECT_EQ(dir.entryList({ "history.sqlite.corrupt-*" }).size(), 1);
    // One statement about the file: what happened to it, not also advice to move it aside.
    EXPECT_TRUE(imported.err.contains("was renamed")) << imported.err.constData();
    EXPECT_FALSE(imported.err.contains("move the file aside")) << imported.err.constData();
    EXPECT_FALSE(imported.err.contains(" is damaged")) << imported.err.constData();
}

TEST_F(HistorySafety, ARunWhoseEveryTestFailedIsListedAsFailed)
{
    // A grid run whose every test hit EIO, as the report says it: each result has an error.
    QFile golden(QStringLiteral(DM_TEST_DATA_DIR "/golden/grid.json"));
    ASSERT_TRUE(golden.open(QIODevice::ReadOnly));
    QJsonObject doc = QJsonDocument::fromJson(golden.readAll()).object();
    QJsonArray results = doc["results"].toArray();
    for (qsizetype i = 0; i < results.size(); ++i) {
        QJsonObject r = results[i].toObject();
        r["error"] = "read failed: Input/output error";
        r["passes"] = QJsonArray {};
        results[i] = r;
    }
    doc["results"] = results;
    const QString failed = scratch() + "/failed.json";
    write(failed, QJsonDocument(doc).toJson());
    CliOutcome o = cli({ "history", "import", failed, QStringLiteral(DM_TEST_DATA_DIR "/golden/grid.json") });
    ASSERT_EQ(o.exitCode, 0) << o.err.constData();
    const QJsonArray listed = runs();
    ASSERT_EQ(listed.size(), 2);
    int failedRuns = 0;
    for (const QJsonValue v : listed)
        failedRuns += v.toObject()["failed"].toBool() ? 1 : 0;
    EXPECT_EQ(failedRuns, 1);
    o = cli({ "history", "list" });
    EXPECT_EQ(o.out.count("FAILED"), 1) << o.out.constData();
}

TEST_F(HistorySafety, ARelativeXdgDataHomeIsReportedWithTheFileUsed)
{
    // HOME in the scratch directory: the fallback must not be the real user's history.
    QProcessEnvironment env = historyEnvironment("relative/data");
    env.insert("HOME", scratch());
    const CliOutcome o = runCli({ "history", "list" }, { .workingDirectory = scratch(), .environment = env });
    const QByteArray& err = o.err;
    EXPECT_EQ(o.exitCode, 0) << err.constData();
    EXPECT_TRUE(err.contains("XDG_DATA_HOME=relative/data is a relative path")) << err.constData();
    EXPECT_TRUE(err.contains((scratch() + "/.local/share/diskometer/history.sqlite").toUtf8())) << err.constData();
}

TEST_F(HistorySafety, TheUnsavedCopyGoesOnceImported)
{
    QDir().mkpath(dbPath()); // a directory where the database should be: the run cannot be stored
    const QString target = scratch() + "/t";
    QDir().mkpath(target);
    CliOutcome o
        = cli(QStringList { "run", "--tests", "RND4K-Q1T1", "--mode", "read" } + kQuick + QStringList { target });
    ASSERT_EQ(o.exitCode, 0) << o.err.constData();
    const QString unsaved = m_home + "/diskometer/unsaved";
    const QStringList kept = QDir(unsaved).entryList({ "Diskometer_*.json" });
    ASSERT_EQ(kept.size(), 1) << o.err.constData();
    QDir(dbPath()).removeRecursively();
    o = cli({ "history", "import", unsaved + "/" + kept.first() });
    ASSERT_EQ(o.exitCode, 0) << o.err.constData();
    EXPECT_TRUE(o.out.contains("stored run 1")) << o.out.constData();
    EXPECT_TRUE(QDir(unsaved).entryList({ "Diskometer_*.json" }).isEmpty()) << o.err.constData();
    EXPECT_EQ(runs().size(), 1);
}
