// SPDX-License-Identifier: GPL-3.0-or-later
// --html through the real diskometer-cli (issue 30): a run's page holds the run's JSON report
// and imports back as the same run; history show and compare write pages; bad output paths and two
// reports on stdout are refused before anything runs. tests/browser renders the pages.
#include "clirun.h"
#include "testtargets.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <gtest/gtest.h>

using namespace dm::test;

namespace {

class HtmlPages : public ::testing::Test {
protected:
    void SetUp() override { m_home = scratch() + "/data"; }
    QString scratch() const { return QString::fromStdString(m_dir.path()); }
    CliOutcome cli(const QStringList& args) const
    {
        return runCli(args, { .environment = historyEnvironment(m_home) });
    }
    QJsonArray runs() const
    {
        const CliOutcome o = cli({ "history", "list", "--json" });
        EXPECT_EQ(o.exitCode, 0) << o.err.constData();
        return QJsonDocument::fromJson(o.out).object()["runs"].toArray();
    }
    static QByteArray read(const QString& path)
    {
        QFile f(path);
        EXPECT_TRUE(f.open(QIODevice::ReadOnly)) << path.toStdString();
        return f.readAll();
    }
    static QJsonObject embedded(const QByteArray& page)
    {
        const QByteArray open = "<script type=\"application/json\" id=\"diskometer-report\">";
        const qsizetype from = page.indexOf(open);
        EXPECT_GE(from, 0);
        const qsizetype to = page.indexOf("</script>", from);
        return QJsonDocument::fromJson(page.mid(from + open.size(), to - from - open.size())).object();
    }

    ScratchDir m_dir;
    QString m_home;
};

} // namespace

TEST_F(HtmlPages, ARunsPageHoldsItsJsonReportAndImportsBackAsTheSameRun)
{
    const QString target = scratch() + "/t";
    QDir().mkpath(target);
    const QString page = scratch() + "/sweep.html", json = scratch() + "/sweep.json";
    CliOutcome o = cli({ "sweep", "--min", "4KiB", "--max", "8KiB", "--size", "16MiB", "--measure", "0.5", "--warmup",
        "0", "--quiet", "--comment", "<b>bold</b> & more", "--html", page, "--json", json, target });
    ASSERT_EQ(o.exitCode, 0) << o.err.constData();
    const QByteArray html = read(page);
    EXPECT_TRUE(html.contains("data-kind=\"sweep\""));
    EXPECT_TRUE(html.contains("&lt;b&gt;bold&lt;/b&gt; &amp; more"));
    EXPECT_EQ(embedded(html), QJsonDocument::fromJson(read(json)).object());
    // The text report still goes to stdout beside the page.
    EXPECT_TRUE(o.out.contains("Block-size sweep") || o.out.contains("sweep")) << o.out.constData();

    // Stored once by the run; the page imports as the same run (refused as a repeat), and with
    // --again as a second row of the same kind and figures.
    ASSERT_EQ(runs().size(), 1);
    o = cli({ "history", "import", page });
    EXPECT_EQ(o.exitCode, 0) << o.err.constData();
    EXPECT_TRUE(o.err.contains("already in the history")) << o.err.constData();
    o = cli({ "history", "import", "--again", page });
    ASSERT_EQ(o.exitCode, 0) << o.err.constData();
    const QJsonArray list = runs();
    ASSERT_EQ(list.size(), 2);
    EXPECT_EQ(list[0].toObject()["kind"], list[1].toObject()["kind"]);
    EXPECT_EQ(list[0].toObject()["headline"], list[1].toObject()["headline"]);
}

TEST_F(HtmlPages, HistoryShowAndCompareWritePages)
{
    for (const char* file : { "golden/grid.json", "golden/scan.json", "fio/single.json" }) {
        const CliOutcome o = cli({ "history", "import", QStringLiteral(DM_TEST_DATA_DIR "/") + QLatin1String(file) });
        ASSERT_EQ(o.exitCode, 0) << file << o.err.constData();
    }
    const QString show = scratch() + "/show.html";
    CliOutcome o = cli({ "history", "show", "2", "--html", show });
    ASSERT_EQ(o.exitCode, 0) << o.err.constData();
    EXPECT_TRUE(read(show).contains("data-kind=\"scan\""));
    o = cli({ "history", "show", "3", "--html", "-" });
    ASSERT_EQ(o.exitCode, 0) << o.err.constData();
    EXPECT_TRUE(o.out.startsWith("<!DOCTYPE html>"));
    EXPECT_TRUE(o.out.contains("data-kind=\"fio\""));

    o = cli({ "history", "compare", "1", "2", "3", "--html", "-", "--scale", "relative" });
    ASSERT_EQ(o.exitCode, 0) << o.err.constData();
    EXPECT_TRUE(o.out.contains("data-kind=\"comparison\""));
    EXPECT_TRUE(o.out.contains("data-scale=\"relative\""));
    EXPECT_TRUE(o.out.contains("Surface scan")) << "the scan's line chart";

    o = cli({ "history", "compare", "1", "3", "--html", "-", "--scale", "sideways" });
    EXPECT_EQ(o.exitCode, 2);
    EXPECT_TRUE(o.err.contains("--scale")) << o.err.constData();
    o = cli({ "history", "list", "--html", "-" });
    EXPECT_EQ(o.exitCode, 2);
    EXPECT_TRUE(o.err.contains("does not go with")) << o.err.constData();
    o = cli({ "history", "show", "1", "--html", "-", "--markdown" });
    EXPECT_EQ(o.exitCode, 2);
}

TEST_F(HtmlPages, BadOutputsAreRefusedBeforeTheRunAndNothingIsLeft)
{
    const QString target = scratch() + "/t";
    QDir().mkpath(target);
    CliOutcome o = cli({ "sustained", "--total", "16MiB", "--quiet", "--html", scratch() + "/no/such/dir/x.html", target });
    EXPECT_EQ(o.exitCode, 2);
    EXPECT_TRUE(o.err.contains("html")) << o.err.constData();
    o = cli({ "sustained", "--total", "16MiB", "--quiet", "--html", "-", "--json", "-", target });
    EXPECT_EQ(o.exitCode, 2);
    EXPECT_TRUE(o.err.contains("only one report can go to stdout")) << o.err.constData();
    o = cli({ "--html", "-", "--json", "-", "--quiet", target });
    EXPECT_EQ(o.exitCode, 2);
    EXPECT_TRUE(QDir(target).entryList(QDir::NoDotAndDotDot | QDir::AllEntries).isEmpty()) << "no test file left";
    EXPECT_TRUE(runs().isEmpty());

    // A web page that is not one of ours is not imported, and says what to give instead.
    QFile foreign(scratch() + "/blog.html");
    ASSERT_TRUE(foreign.open(QIODevice::WriteOnly));
    foreign.write("<!DOCTYPE html><html><body>my results</body></html>");
    foreign.close();
    o = cli({ "history", "import", foreign.fileName() });
    EXPECT_EQ(o.exitCode, 2);
    EXPECT_TRUE(o.err.contains("holds no Diskometer report")) << o.err.constData();
}
