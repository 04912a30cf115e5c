// SPDX-License-Identifier: GPL-3.0-or-later
// `diskometer-cli remote` with an ssh:// host and a fio server in one run (issue 31, hostsrun.h):
// a real sshd on loopback running the diskometer-cli built here (tests/support/sshrig.h) and a
// real fio server (tests/support/fioservers.h). Both hosts' rows in the table, their history rows,
// the hosts' JSON with each host's transport; and what is refused before anything runs: another
// kind than the grid with a fio server, --together with both kinds.
#include "clirun.h"
#include "sshrig.h"
#include "testtargets.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <gtest/gtest.h>

using namespace dm::test;

namespace {

const QStringList kTiny { "--tests", "RND4K-Q1T1", "--mode", "read", "--size", "16MiB", "--count", "1", "--measure",
    "1", "--warmup", "0", "--interval", "0", "--quiet" };

QStringList entries(const QString& d) { return QDir(d).entryList(QDir::AllEntries | QDir::NoDotAndDotDot); }

TEST(MixedRemote, AnSshHostAndAFioServerInOneTable)
{
    if (!haveTool("fio"))
        GTEST_SKIP() << "fio is not installed (apt-get install fio)";
    SshRig rig(QFileInfo(QStringLiteral(DM_CLI_PATH)).absolutePath());
    if (!rig.skipReason().isEmpty())
        GTEST_SKIP() << rig.skipReason().toStdString();
    ASSERT_TRUE(rig.ready()) << rig.error().toStdString();
    FioServer fio(true);
    ASSERT_TRUE(fio.ready());
    ScratchDir scratch;
    const auto dir = [&](const QString& name) {
        const QString d = QString::fromStdString(scratch.path()) + QLatin1Char('/') + name;
        QDir().mkpath(d);
        return d;
    };
    const QString home = dir("data-home"), ds = dir("ssh-host"), df = dir("fio-host");
    const QString json = dir("out") + "/hosts.json";

    // The fio server first on the command line: the table keeps the order given.
    const CliTextOutcome o = asText(runCli(QStringList { "remote", fio.spec(df), rig.spec(ds), "--json", json } + kTiny,
        { .timeoutMs = 60000, .environment = historyEnvironment(home, rig.environment()) }));
    ASSERT_EQ(o.exitCode, 0) << o.err.toStdString() << o.out.toStdString();
    const QString sshName = QStringLiteral("127.0.0.1:%1").arg(rig.port());
    const qsizetype fioAt = o.out.indexOf(fio.name()), sshAt = o.out.indexOf(sshName);
    EXPECT_GE(fioAt, 0) << o.out.toStdString();
    EXPECT_GT(sshAt, fioAt) << o.out.toStdString();
    EXPECT_TRUE(o.out.contains("RND4K Q1T1")) << o.out.toStdString();

    QFile f(json);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    const QJsonObject root = QJsonDocument::fromJson(f.readAll()).object();
    EXPECT_EQ(root.value("schema").toString(), "diskometer.hosts/1");
    const QJsonArray hosts = root.value("hosts").toArray();
    ASSERT_EQ(hosts.size(), 2);
    EXPECT_EQ(hosts[0].toObject().value("transport").toString(), "fio");
    EXPECT_EQ(hosts[0].toObject().value("host").toString(), fio.name());
    EXPECT_TRUE(hosts[0].toObject().value("complete").toBool());
    EXPECT_TRUE(hosts[0].toObject().value("fio").toObject().contains("client_stats"));
    EXPECT_EQ(hosts[1].toObject().value("transport").toString(), "ssh");
    EXPECT_EQ(hosts[1].toObject().value("host").toString(), sshName);
    EXPECT_EQ(hosts[1].toObject().value("version").toString(), DM_VERSION);
    EXPECT_EQ(hosts[1].toObject().value("report").toObject().value("schema").toString(), "diskometer.result/1");

    // One history row per host, each with its host and source.
    const CliOutcome list
        = runCli({ "history", "list", "--json" }, { .timeoutMs = 30000, .environment = historyEnvironment(home) });
    const QJsonArray runs = QJsonDocument::fromJson(list.out).object().value("runs").toArray();
    ASSERT_EQ(runs.size(), 2) << list.out.toStdString();
    QStringList seen;
    for (const QJsonValue v : runs)
        seen << v.toObject().value("host").toString() + "/" + v.toObject().value("source").toString();
    seen.sort();
    QStringList expected { fio.name() + "/fio", sshName + "/diskometer" };
    expected.sort();
    EXPECT_EQ(seen, expected);
    EXPECT_TRUE(entries(ds).isEmpty()) << entries(ds).join(' ').toStdString();
    EXPECT_TRUE(entries(df).isEmpty()) << entries(df).join(' ').toStdString();
}

// Refused before any connection: nothing listens on these addresses.
TEST(MixedRemote, WhatFioServersCannotDoIsRefusedFirst)
{
    const CliTextOutcome sweep = asText(
        runCli({ "remote", "ssh://127.0.0.1:1/srv", "127.0.0.1:/srv", "--kind", "sweep" }, { .timeoutMs = 30000 }));
    EXPECT_EQ(sweep.exitCode, 2);
    EXPECT_TRUE(sweep.err.contains("fio's servers run only the grid")) << sweep.err.toStdString();
    const CliTextOutcome together
        = asText(runCli({ "remote", "127.0.0.1:/srv", "ssh://127.0.0.1:1/srv", "--together" }, { .timeoutMs = 30000 }));
    EXPECT_EQ(together.exitCode, 2);
    EXPECT_TRUE(together.err.contains("--together cannot start fio's servers and ssh:// hosts"))
        << together.err.toStdString();
    // A kind's own option beside a fio server: said as the grid's parser says it.
    const CliTextOutcome other = asText(
        runCli({ "remote", "ssh://127.0.0.1:1/srv", "127.0.0.1:/srv", "--blocks", "4K" }, { .timeoutMs = 30000 }));
    EXPECT_EQ(other.exitCode, 2);
    EXPECT_TRUE(other.err.contains("with a fio server among the hosts, 127.0.0.1:/srv")) << other.err.toStdString();
}

} // namespace
