// SPDX-License-Identifier: GPL-3.0-or-later
// The pieces of `remote` (issue 17) that need no server: HOST[:PORT]:PATH, fio's --client
// argument, reading fio's client messages (the version mismatch one cannot be made here: this
// machine has one fio), the exit code, the sum row, and a stored remote run read back.
#include "fioimport.h"
#include "fioremote.h"
#include "historyimport.h"

#include <QFile>
#include <gtest/gtest.h>

using namespace dm;

namespace {

RemoteHost parsed(const char* spec)
{
    auto h = parseRemoteHost(QString::fromLatin1(spec));
    EXPECT_TRUE(h.ok()) << spec << ": " << (h ? std::string() : h.error().message);
    return h ? *h : RemoteHost {};
}

TEST(RemoteHostSpec, HostPortAndPath)
{
    const RemoteHost a = parsed("pi4.lan:/mnt/ssd");
    EXPECT_EQ(a.host, "pi4.lan");
    EXPECT_EQ(a.port, 8765);
    EXPECT_EQ(a.path, "/mnt/ssd");
    EXPECT_EQ(a.name(), "pi4.lan");
    EXPECT_EQ(a.clientArgument(), "pi4.lan,8765");
    EXPECT_EQ(a.testFile(), "/mnt/ssd/diskometer-fio.tmp");

    const RemoteHost b = parsed("192.168.1.20:8766:/srv/dm/");
    EXPECT_EQ(b.port, 8766);
    EXPECT_EQ(b.name(), "192.168.1.20:8766");
    EXPECT_EQ(b.clientArgument(), "ip:192.168.1.20,8766");
    EXPECT_EQ(b.testFile(), "/srv/dm/diskometer-fio.tmp");

    const RemoteHost c = parsed("[::1]:8766:/srv/dm");
    EXPECT_EQ(c.host, "::1");
    EXPECT_EQ(c.name(), "[::1]:8766");
    EXPECT_EQ(c.clientArgument(), "ip6:::1,8766");

    const RemoteHost d = parsed("[fd00::2]:/dev/sdb");
    EXPECT_EQ(d.name(), "fd00::2");
    EXPECT_TRUE(d.isDevice());
    EXPECT_TRUE(d.testFile().isEmpty());
}

TEST(RemoteHostSpec, BadSpecsSayWhatToWrite)
{
    for (const char* spec : { "pi4.lan", ":/srv", "pi4.lan:srv", "pi4.lan:0:/srv", "pi4.lan:70000:/srv",
             "pi4.lan:x:/srv", "[::1/srv", "[pi4]:/srv", "[::1]/srv", "pi4.lan:/a,b", "pi4.lan:/a\nb", "p i:/srv" }) {
        auto h = parseRemoteHost(QString::fromLatin1(spec));
        ASSERT_FALSE(h.ok()) << spec;
        EXPECT_NE(h.error().message.find("HOST[:PORT]:PATH"), std::string::npos) << h.error().message;
    }
}

TEST(FioClientMessages, EachProblemIsRecognised)
{
    const RemoteHost h = parsed("127.0.0.1:8766:/srv");
    EXPECT_EQ(
        diagnoseFioClient("fio: connect: Connection refused\nfio: failed to connect to 127.0.0.1:8766\n", h).problem,
        FioClientProblem::NoConnection);
    EXPECT_EQ(diagnoseFioClient("<vm> Starting 1 thread\nclient: host=127.0.0.1 disconnected\n", h).problem,
        FioClientProblem::Disconnected);
    EXPECT_EQ(diagnoseFioClient("client: host=10.0.0.9 disconnected\n", h).problem, FioClientProblem::None)
        << "another host's disconnect is not this one's";
    EXPECT_EQ(diagnoseFioClient("<vm> fio: /srv is not a directory\n", h).problem, FioClientProblem::NotADirectory);
    const auto v = diagnoseFioClient("fio: client/server version mismatch (98 != 100)\n", h);
    EXPECT_EQ(v.problem, FioClientProblem::VersionMismatch);
    EXPECT_EQ(v.detail, "protocol 98 there, 100 here");
    const QString m = versionMismatchMessage(h, "fio-3.33", v.detail);
    EXPECT_TRUE(m.contains("127.0.0.1:8766") && m.contains("fio-3.33") && m.contains("protocol 98 there, 100 here"))
        << m.toStdString();
    EXPECT_TRUE(m.contains("same fio version")) << m.toStdString();
    const QString n = noAnswerMessage(h, "connect: Connection refused");
    EXPECT_TRUE(n.contains("fio --server") && n.contains("8766/tcp")) << n.toStdString();
}

TEST(RemoteOutcomeCode, ZeroOnlyWhenEveryHostRanEveryTest)
{
    RemoteOutcome o;
    RemoteHostResult ok;
    ok.report = Report {};
    ok.run = HistoryInput {};
    o.hosts = { ok, ok };
    EXPECT_EQ(o.exitCode(), 0);
    o.hosts[1].report->run.tests.push_back({ {}, {}, {}, std::string("fio error 5"), std::nullopt });
    EXPECT_EQ(o.exitCode(), 1);
    o.hosts[1] = ok;
    o.hosts[1].error = "lost";
    EXPECT_EQ(o.exitCode(), 1);
    o.interrupted = true;
    EXPECT_EQ(o.exitCode(), 130);
    RemoteOutcome none;
    none.error = "no host can run the tests";
    EXPECT_EQ(none.exitCode(), 2);
}

TEST(RemoteTotal, AddsEachColumnOverTheHosts)
{
    Comparison c;
    c.columns.resize(2);
    ComparisonRun a, b;
    a.cells = { { 100.0, 25600.0, 10.0, {} }, { std::nullopt, std::nullopt, std::nullopt, "fio error 5" } };
    b.cells = { { 50.5, 12928.0, 20.0, {} }, { 7.0, 1792.0, 3.0, {} } };
    a.entry.source = b.entry.source = "fio";
    c.runs = { a, b };
    Comparison mixed = c;
    mixed.runs[1].entry.source.clear(); // a Diskometer host beside a fio server
    addTotalRow(mixed);
    EXPECT_TRUE(mixed.runs.back().entry.source.isEmpty()) << "the sum is not fio's when a host is not";
    addTotalRow(c);
    EXPECT_EQ(c.runs[2].entry.source, "fio");
    ASSERT_EQ(c.runs.size(), 3u);
    EXPECT_EQ(c.runs[2].label, "All hosts (sum)");
    EXPECT_DOUBLE_EQ(*c.runs[2].cells[0].mbPerSec, 150.5);
    EXPECT_DOUBLE_EQ(*c.runs[2].cells[0].iops, 38528.0);
    EXPECT_FALSE(c.runs[2].cells[0].latencyUs) << "latencies do not add up";
    EXPECT_DOUBLE_EQ(*c.runs[2].cells[1].mbPerSec, 7.0);
}

TEST(RemoteRecord, AGridRunWithFiosJsonReadsBack)
{
    QFile f(QStringLiteral(DM_TEST_DATA_DIR "/fio/client.json"));
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    auto runs = parseFioOutput(f.readAll());
    ASSERT_TRUE(runs.ok());
    HistoryRecord record;
    record.entry.kind = QString::fromLatin1(kKindGrid);
    record.entry.source = QString::fromLatin1(kSourceFio);
    record.entry.schema = QStringLiteral("fio-3.33");
    record.json = runs->front().json;
    auto report = reportFromRecord(record);
    ASSERT_TRUE(report.ok()) << report.error().message;
    EXPECT_EQ(report->toolName, "fio");
    EXPECT_FALSE(report->run.tests.empty());
}

TEST(RemoteRequestCheck, RefusesWhatCannotRun)
{
    RemoteRequest r;
    EXPECT_FALSE(checkRemoteRequest(r).ok());
    r.hosts = { parsed("a:/x"), parsed("b:/x") };
    r.tests = expandTests({ TestRow { Pattern::Random, 4096, 1, 1 } }, Mode::All, std::nullopt);
    EXPECT_TRUE(checkRemoteRequest(r).ok());
    r.hosts.push_back(parsed("a:8765:/y"));
    EXPECT_FALSE(checkRemoteRequest(r).ok()) << "the same server twice";
    r.hosts = { parsed("a:/dev/sdb") };
    EXPECT_FALSE(checkRemoteRequest(r).ok()) << "writes on a device";
    r.allowDeviceWrites = true;
    EXPECT_TRUE(checkRemoteRequest(r).ok());
    r.settings.count = 2;
    r.settings.measureSeconds = 3;
    r.settings.warmupSeconds = 1;
    r.settings.intervalSeconds = 5;
    EXPECT_DOUBLE_EQ(remoteHostSeconds(r), 2 * (1 + 2 * 3) + 5); // two tests, one pause between
}

} // namespace
