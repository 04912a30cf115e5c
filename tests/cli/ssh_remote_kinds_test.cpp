// SPDX-License-Identifier: GPL-3.0-or-later
// Every kind through `diskometer-cli remote ssh://` (issue 31) against the real sshd of
// tests/support/sshrig.h, on RAM-backed loop devices: scan, sustained, capacity (a folder and a
// device probe), files and copy, each with its figures, drive, warnings and history row (kind,
// host) back here whole and nothing left on the host; --allow-destructive on a host's device
// (refused without it, a mounted device refused with it, the data untouched); and a stale test
// file on a host removed and said to the user here. The figures against a local run are
// ssh_known_answer_test.cpp's.
#include "clirun.h"
#include "sshrigtest.h"
#include "testtargets.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <gtest/gtest.h>

#include <ostream>

// So that a failed comparison of QStrings (and of JSON objects) prints them as text.
[[maybe_unused]] static void PrintTo(const QString& s, std::ostream* os) { *os << '"' << s.toStdString() << '"'; }
[[maybe_unused]] static void PrintTo(const QJsonObject& o, std::ostream* os)
{
    *os << QJsonDocument(o).toJson(QJsonDocument::Compact).left(2000).toStdString();
}

using namespace dm::test;

namespace {

// The remote run is `diskometer-cli KIND PATH ...` started by sshd, not the local command (which
// holds PATH in its ssh:// argument).
std::vector<pid_t> remoteRunsIn(const QString& path)
{
    return processesRunning(path, QStringLiteral("diskometer-cli "));
}

QStringList entries(const QString& dir)
{
    return QDir(dir).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot);
}

// What `remote` answered, with its --json and --text files read back.
struct HostRun {
    CliTextOutcome outcome;
    QJsonObject hosts; // diskometer.hosts/1
    QString text; // --text: the table and each host's text report
    QJsonObject host(int i = 0) const { return hosts.value("hosts").toArray().at(i).toObject(); }
    QJsonObject report(int i = 0) const { return host(i).value("report").toObject(); }
};

class SshRemoteKinds : public SshRigTest {
protected:
    HostRun remote(const QStringList& args) const
    {
        static int n = 0;
        const QString out = dir(QStringLiteral("out-%1").arg(++n));
        auto p = startCli(QStringList { "remote" } + args
                + QStringList { "--json", out + "/hosts.json", "--text", out + "/hosts.txt" },
            { .environment = historyEnvironment(m_home, m_rig->environment()) });
        HostRun r;
        r.outcome = asText(finishProcess(*p, 120000));
        QFile json(out + "/hosts.json"), text(out + "/hosts.txt");
        if (json.open(QIODevice::ReadOnly))
            r.hosts = QJsonDocument::fromJson(json.readAll()).object();
        if (text.open(QIODevice::ReadOnly))
            r.text = QString::fromUtf8(text.readAll());
        return r;
    }

    QJsonObject storedReport(int id) const
    {
        const CliOutcome o = runCli({ "history", "show", QString::number(id), "--json" },
            { .timeoutMs = 30000, .environment = historyEnvironment(m_home) });
        return QJsonDocument::fromJson(o.out).object();
    }

    QString v4() const { return QStringLiteral("127.0.0.1:%1").arg(m_rig->port()); }
    QString v6() const { return QStringLiteral("[::1]:%1").arg(m_rig->port()); }

    // What every kind's run through ssh must give: exit 0, the host's report complete and of the
    // kind's schema, the drive it ran on (the loop device over `image`, its bus, and the
    // filesystem for a folder), the warning a RAM-backed loop device always gets, the host's
    // text section, the history row of that kind and host whose stored document is the report
    // that came back, and no remote process left. Returns the report.
    QJsonObject expectWhole(const HostRun& r, const QString& kind, const QString& host, const QString& path,
        const std::string& image, const QString& filesystem)
    {
        const std::string what = kind.toStdString() + " on " + host.toStdString();
        EXPECT_EQ(r.outcome.exitCode, 0) << what << ": " << r.outcome.err.toStdString();
        const QJsonObject h = r.host();
        EXPECT_EQ(h.value("host").toString(), host) << what;
        EXPECT_TRUE(h.value("complete").toBool()) << what << ": " << h.value("error").toString().toStdString();
        const QJsonObject report = r.report();
        EXPECT_EQ(report.value("schema").toString(), QStringLiteral("diskometer.%1/1").arg(kind)) << what;
        const QJsonObject target = report.value("target").toObject();
        EXPECT_EQ(target.value("model").toString(), QStringLiteral("Loop device (%1)").arg(q(image))) << what;
        EXPECT_EQ(target.value("bus").toString(), "loop") << what;
        EXPECT_EQ(target.value("filesystem").toString(), filesystem) << what;
        EXPECT_EQ(target.value("path").toString(), path) << what;
        bool inRam = false;
        for (const QJsonValue w : report.value("warnings").toArray())
            inRam = inRam || w.toString().contains(QStringLiteral("is backed by %1, a file in RAM").arg(q(image)));
        EXPECT_TRUE(inRam) << what << ": " << QJsonDocument(report.value("warnings").toArray()).toJson().toStdString();
        EXPECT_TRUE(r.text.contains(QStringLiteral("==== %1:%2 ====").arg(host, path))) << what << r.text.toStdString();
        EXPECT_TRUE(r.text.contains(QStringLiteral("is backed by %1").arg(q(image)))) << what;

        // The newest history row is this run, stored as a run of its kind on that host, and what
        // is stored is the report as it came back.
        const QJsonObject row = historyRuns().first().toObject();
        EXPECT_EQ(row.value("kind").toString(), kind) << what;
        EXPECT_EQ(row.value("host").toString(), host) << what;
        EXPECT_EQ(row.value("target_path").toString(), path) << what;
        EXPECT_EQ(storedReport(row.value("id").toInt()), report) << what;
        EXPECT_TRUE(remoteRunsIn(path).empty()) << what << ": a remote diskometer-cli outlived the run";
        return report;
    }
};

// Every kind that needs no device of its own on an ext4 filesystem on a RAM-backed loop device,
// and a scan and a capacity probe of an unmounted one, alternating 127.0.0.1 and ::1. The kind's
// options reach the host (the sizes asked for are the sizes run), its figures come back, and the
// filesystem holds nothing of any run afterwards.
TEST_F(SshRemoteKinds, EveryKindRunsOnAHostAndComesBackWhole)
{
    LoopDevice fs("128M"), raw("32M");
    DM_REQUIRE_ROOT_LOOP(fs);
    DM_REQUIRE_ROOT_LOOP(raw);
    const QString mnt = q(fs.mount("ext4"));
    ASSERT_FALSE(mnt.isEmpty());
    const QStringList before = entries(mnt); // lost+found
    const QString dev = q(raw.device());

    {
        const HostRun r = remote({ m_rig->spec(dev, true), "--kind", "scan", "--samples", "4", "--sample-size", "1MiB",
            "--access-samples", "20", "--quiet" });
        const QJsonObject rep = expectWhole(r, "scan", v6(), dev, raw.image(), "");
        EXPECT_EQ(rep["settings"].toObject()["samples"].toInt(), 4);
        EXPECT_EQ(rep["summary"].toObject()["capacity_bytes"].toInteger(), 32 << 20);
        EXPECT_GT(rep["summary"].toObject()["average_mb_per_s"].toDouble(), 1.0);
        EXPECT_EQ(rep["access"].toArray().size(), 20);
    }
    {
        const HostRun r = remote({ m_rig->spec(mnt), "--kind", "sustained", "--total", "16MiB", "--quiet" });
        const QJsonObject rep = expectWhole(r, "sustained", v4(), mnt, fs.image(), "ext4");
        EXPECT_EQ(rep["summary"].toObject()["bytes_written"].toInteger(), 16 << 20);
        EXPECT_GT(rep["summary"].toObject()["average_mb_per_s"].toDouble(), 1.0);
    }
    {
        const HostRun r = remote({ m_rig->spec(mnt, true), "--kind", "capacity", "--size", "4MiB", "--quiet" });
        const QJsonObject s = expectWhole(r, "capacity", v6(), mnt, fs.image(), "ext4")["summary"].toObject();
        EXPECT_EQ(s["verified_bytes"].toInteger(), 4 << 20);
        EXPECT_EQ(s["verdict"].toString(), "ok");
        EXPECT_EQ(s["ok"].toInt(), 1024); // 4 KiB blocks
        // The comparison has no figures of a capacity check: the verdict is in the host's report
        // on stdout, as a local check prints it.
        EXPECT_TRUE(r.outcome.out.contains("Verdict:  " + s["verdict_text"].toString())) << r.outcome.out.toStdString();
    }
    {
        // The probe writes a few blocks of the device and puts every one back.
        const std::string sum = raw.checksum();
        const HostRun r = remote({ m_rig->spec(dev), "--kind", "capacity", "--allow-destructive", "--quiet" });
        const QJsonObject s = expectWhole(r, "capacity", v4(), dev, raw.image(), "")["summary"].toObject();
        EXPECT_EQ(s["verdict"].toString(), "ok");
        EXPECT_EQ(s["announced_bytes"].toInteger(), 32 << 20);
        EXPECT_GT(s["probe_blocks_written"].toInt(), 0);
        EXPECT_EQ(s["restored_blocks"].toInt(), s["probe_blocks_written"].toInt());
        EXPECT_EQ(raw.checksum(), sum) << "the probe did not put the device's blocks back";
        EXPECT_TRUE(r.outcome.out.contains("Verdict:  " + s["verdict_text"].toString())) << r.outcome.out.toStdString();
    }
    {
        const HostRun r = remote({ m_rig->spec(mnt), "--kind", "files", "--files", "128", "--dirs", "4", "--quiet" });
        const QJsonArray phases = expectWhole(r, "files", v4(), mnt, fs.image(), "ext4")["phases"].toArray();
        ASSERT_EQ(phases.size(), 4); // create, stat, read, delete
        for (const QJsonValue p : phases) {
            EXPECT_EQ(p["files"].toInt(), 128) << p["phase"].toString().toStdString();
            EXPECT_GT(p["files_per_second"].toDouble(), 1.0) << p["phase"].toString().toStdString();
        }
    }
    {
        const HostRun r
            = remote({ m_rig->spec(mnt, true), "--kind", "copy", "--size", "16MiB", "--seed", "7", "--quiet" });
        const QJsonObject rep = expectWhole(r, "copy", v6(), mnt, fs.image(), "ext4");
        EXPECT_EQ(rep["settings"].toObject()["seed"].toString(), "7");
        const QJsonArray sets = rep["sets"].toArray();
        ASSERT_EQ(sets.size(), 3); // ISO, Program, Game
        for (const QJsonValue s : sets)
            EXPECT_GT(s["mb_per_s"].toDouble(), 1.0) << s["set"].toString().toStdString();
    }
    EXPECT_EQ(historyRuns().size(), 6);
    EXPECT_EQ(entries(mnt), before) << "a run left something on the host's filesystem";
}

// A write test on a host's raw device goes through only with --allow-destructive, and never on a
// mounted device: the host's own guards refuse, their message reaches the user here with the
// host's name, the exit code is a refused local run's (2), nothing is stored and the device's
// data is as it was. With --allow-destructive on the unmounted device the run goes through and
// writes it.
TEST_F(SshRemoteKinds, WritesToAHostsDeviceNeedAllowDestructiveAndNeverAMountedOne)
{
    LoopDevice raw("32M"), fs("64M");
    DM_REQUIRE_ROOT_LOOP(raw);
    DM_REQUIRE_ROOT_LOOP(fs);
    const QString mnt = q(fs.mount("ext4"));
    ASSERT_FALSE(mnt.isEmpty());
    ASSERT_TRUE(fs.freeze()); // so that only a write of ours could change its checksum
    const QString dev = q(raw.device()), mounted = q(fs.device());
    const QStringList write { "--tests", "SEQ1M-Q8T1", "--size", "16MiB", "--count", "1", "--measure", "0.5",
        "--warmup", "0", "--interval", "0", "--quiet" };
    const std::string rawSum = raw.checksum(), fsSum = fs.checksum();

    const HostRun refused = remote(QStringList { m_rig->spec(dev) } + write);
    EXPECT_EQ(refused.outcome.exitCode, 2) << refused.outcome.err.toStdString();
    // The host's words once, without its program's name.
    EXPECT_TRUE(refused.outcome.err.contains(v4()
        + QStringLiteral(" refused the run: a write test destroys the data on '%1': pass --allow-destructive")
              .arg(dev)))
        << refused.outcome.err.toStdString();
    const HostRun sustained = remote({ m_rig->spec(dev, true), "--kind", "sustained", "--total", "16MiB", "--quiet" });
    EXPECT_EQ(sustained.outcome.exitCode, 2) << sustained.outcome.err.toStdString();
    EXPECT_TRUE(sustained.outcome.err.contains(
        v6() + QStringLiteral(" refused the run: a sustained write to '%1' overwrites what it holds").arg(dev)))
        << sustained.outcome.err.toStdString();
    EXPECT_EQ(raw.checksum(), rawSum) << "a refused run wrote to the device";

    const HostRun mountedRun = remote(QStringList { m_rig->spec(mounted, true), "--allow-destructive" } + write);
    EXPECT_EQ(mountedRun.outcome.exitCode, 2) << mountedRun.outcome.err.toStdString();
    EXPECT_TRUE(mountedRun.outcome.err.contains(v6() + " refused the run: ")
        && mountedRun.outcome.err.contains(QStringLiteral("%1 is mounted on %2: unmount it first").arg(mounted, mnt)))
        << mountedRun.outcome.err.toStdString();
    EXPECT_EQ(fs.checksum(), fsSum) << "a run wrote to a mounted device";
    EXPECT_TRUE(historyRuns().isEmpty());

    const HostRun allowed = remote(QStringList { m_rig->spec(dev), "--allow-destructive" } + write);
    ASSERT_EQ(allowed.outcome.exitCode, 0) << allowed.outcome.err.toStdString();
    const QJsonArray results = allowed.report()["results"].toArray();
    ASSERT_EQ(results.size(), 2);
    EXPECT_EQ(results[1]["direction"].toString(), "write");
    EXPECT_GT(results[1]["mb_per_s"].toDouble(), 1.0);
    EXPECT_NE(raw.checksum(), rawSum) << "the write test did not reach the device";
    const QJsonArray runs = historyRuns();
    ASSERT_EQ(runs.size(), 1);
    EXPECT_EQ(runs[0]["kind"].toString(), "grid");
    EXPECT_EQ(runs[0]["host"].toString(), v4());
    EXPECT_TRUE(remoteRunsIn(dev).empty() && remoteRunsIn(mounted).empty());
}

// A killed run's leftovers in a host's folder (a test file and a run folder, named after a process
// that is gone: stalefiles.h) are removed by the next run there, and the user here is told so,
// with the host's name, on stderr (stdout holds the hosts' table), also under --quiet; the
// report that came back says it too.
TEST_F(SshRemoteKinds, AStaleTestFileOnAHostIsRemovedAndSaidHere)
{
    QProcess gone;
    gone.start(QStringLiteral("true"), {});
    ASSERT_TRUE(gone.waitForStarted(10000));
    const qint64 dead = gone.processId();
    ASSERT_TRUE(gone.waitForFinished(10000));
    const QString host = dir("stale-host");
    const QString file = host + QStringLiteral("/.diskometer-%1-0badcafe.tmp").arg(dead);
    const QString folder = host + QStringLiteral("/.diskometer-%1-0badbeef.dir").arg(dead);
    QFile f(file);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly) && f.write(QByteArray(64 * 1024, 'x')) == 64 * 1024);
    f.close();
    ASSERT_TRUE(QDir().mkpath(folder + "/sub"));
    QFile inside(folder + "/sub/file");
    ASSERT_TRUE(inside.open(QIODevice::WriteOnly));
    inside.close();

    const HostRun r = remote({ m_rig->spec(host), "--kind", "sustained", "--total", "16MiB", "--quiet" });
    ASSERT_EQ(r.outcome.exitCode, 0) << r.outcome.err.toStdString();
    EXPECT_TRUE(entries(host).isEmpty()) << entries(host).join(' ').toStdString();
    for (const QString& left : { file, folder }) {
        const QString said = QStringLiteral("removed a test file left behind by an earlier run: ") + left;
        EXPECT_TRUE(r.outcome.err.contains(QStringLiteral("diskometer-cli: %1: warning: %2").arg(v4(), said)))
            << "stderr: " << r.outcome.err.toStdString();
        EXPECT_TRUE(r.report()["warnings"].toArray().contains(said)) << said.toStdString();
    }
}

} // namespace
