// SPDX-License-Identifier: GPL-3.0-or-later
// Checks the JSON report against the diskometer.result/1 contract: field names, types and values
// (headline pass, microseconds, nulls), the run order of results, and that parseJson() reads a
// document back into the same Report and refuses other documents clearly.

#include "fakereport.h"
#include "jsonreport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <gtest/gtest.h>

using namespace dm;
using namespace dm::test;

namespace {

QJsonObject toObject(const Report& r)
{
    QJsonParseError error {};
    const QJsonDocument doc = QJsonDocument::fromJson(formatJson(r), &error);
    EXPECT_EQ(error.error, QJsonParseError::NoError) << error.errorString().toStdString();
    EXPECT_TRUE(doc.isObject());
    return doc.object();
}

void expectKeys(const QJsonObject& o, std::initializer_list<const char*> keys)
{
    for (const char* key : keys)
        EXPECT_TRUE(o.contains(QLatin1String(key))) << "missing field " << key;
}

} // namespace

TEST(JsonReport, TopLevelFieldsFollowTheContract)
{
    const QJsonObject o = toObject(fakeReport());
    EXPECT_EQ(o.value("schema").toString(), QStringLiteral("diskometer.result/1"));
    const QJsonObject tool = o.value("tool").toObject();
    EXPECT_EQ(tool.value("name").toString(), QStringLiteral("Diskometer"));
    EXPECT_EQ(tool.value("version").toString(), QStringLiteral("0.1.0"));
    EXPECT_EQ(tool.value("engine").toString(), QStringLiteral("libaio"));
    EXPECT_EQ(o.value("date").toString(), QStringLiteral("2026-11-29T17:41:08+01:00"));
    EXPECT_EQ(o.value("system").toObject().value("os").toString(), QStringLiteral("Debian GNU/Linux 12 (bookworm)"));
    EXPECT_EQ(o.value("system").toObject().value("kernel").toString(), QStringLiteral("6.1.0-13-amd64"));
    EXPECT_TRUE(o.value("results").isArray());
    EXPECT_TRUE(o.value("warnings").isArray());
    EXPECT_TRUE(o.value("cancelled").isBool());
    EXPECT_FALSE(o.value("cancelled").toBool());
}

TEST(JsonReport, TargetAndSettings)
{
    Report r = fakeReport();
    r.run.settings.warmupSeconds = 2;
    r.run.settings.data = DataFill::Zeros;
    const QJsonObject o = toObject(r);

    const QJsonObject t = o.value("target").toObject();
    expectKeys(t,
        { "path", "kind", "filesystem", "device", "model", "bus", "link", "rotational", "capacity_bytes", "free_bytes",
            "mount_point", "mount_options", "logical_block_size", "region_bytes" });
    EXPECT_EQ(t.value("path").toString(), QStringLiteral("/home/me/bench"));
    EXPECT_EQ(t.value("kind").toString(), QStringLiteral("directory"));
    EXPECT_EQ(t.value("filesystem").toString(), QStringLiteral("ext4"));
    EXPECT_EQ(t.value("device").toString(), QStringLiteral("/dev/nvme0n1p2"));
    EXPECT_EQ(t.value("model").toString(), QStringLiteral("Samsung SSD 980 PRO 1TB"));
    EXPECT_EQ(t.value("bus").toString(), QStringLiteral("nvme"));
    EXPECT_TRUE(t.value("link").isNull()); // not USB: null, not ""
    EXPECT_TRUE(t.value("rotational").isBool());
    EXPECT_EQ(t.value("capacity_bytes").toInteger(), qint64(242 * GiB));
    EXPECT_EQ(t.value("free_bytes").toInteger(), qint64(138 * GiB));
    EXPECT_EQ(t.value("mount_point").toString(), QStringLiteral("/home"));
    EXPECT_EQ(t.value("mount_options").toString(), QStringLiteral("rw,relatime"));
    EXPECT_EQ(t.value("logical_block_size").toInteger(), 512);
    EXPECT_EQ(t.value("region_bytes").toInteger(), qint64(GiB));

    const QJsonObject s = o.value("settings").toObject();
    EXPECT_EQ(s.value("profile").toString(), QStringLiteral("default"));
    EXPECT_EQ(s.value("preset").toString(), QStringLiteral("default"));
    EXPECT_EQ(s.value("mode").toString(), QStringLiteral("all"));
    EXPECT_EQ(s.value("test_size_bytes").toInteger(), qint64(GiB));
    EXPECT_EQ(s.value("count").toInteger(), 3); // CrystalDiskMark 9's default
    EXPECT_TRUE(s.value("measure_seconds").isDouble());
    EXPECT_DOUBLE_EQ(s.value("measure_seconds").toDouble(), 5.0);
    EXPECT_DOUBLE_EQ(s.value("interval_seconds").toDouble(), 5.0);
    EXPECT_DOUBLE_EQ(s.value("warmup_seconds").toDouble(), 2.0);
    EXPECT_EQ(s.value("data").toString(), QStringLiteral("zeros"));
    EXPECT_TRUE(s.value("mix_read_percent").isNull());
    EXPECT_EQ(s.value("direct"), QJsonValue(true));
    // 64-bit seeds do not fit a JSON number exactly; the seed is a decimal string.
    EXPECT_EQ(s.value("seed").toString(), QString::number(0x1234abcd5678ef90ULL));
}

TEST(JsonReport, RawDeviceAndUsbLink)
{
    Report r = fakeReport();
    r.target.kind = QStringLiteral("block-device");
    r.target.link = QStringLiteral("USB 3.2 Gen 1 (5 Gbps)");
    r.target.freeBytes.reset();
    r.mixReadPercent = 60;
    const QJsonObject o = toObject(r);
    EXPECT_EQ(o.value("target").toObject().value("link").toString(), QStringLiteral("USB 3.2 Gen 1 (5 Gbps)"));
    EXPECT_TRUE(o.value("target").toObject().value("free_bytes").isNull());
    EXPECT_EQ(o.value("target").toObject().value("kind").toString(), QStringLiteral("block-device"));
    EXPECT_EQ(o.value("settings").toObject().value("mix_read_percent").toInteger(), 60);
}

TEST(JsonReport, ResultsInRunOrderWithTheHeadlinePass)
{
    const Report r = fakeReportWithMix();
    const QJsonArray results = toObject(r).value("results").toArray();
    ASSERT_EQ(results.size(), 12);
    EXPECT_EQ(results[0].toObject().value("direction").toString(), QStringLiteral("read"));
    EXPECT_EQ(results[4].toObject().value("direction").toString(), QStringLiteral("write"));
    EXPECT_EQ(results[8].toObject().value("direction").toString(), QStringLiteral("mix"));
    EXPECT_EQ(results[8].toObject().value("read_percent").toInteger(), 70);

    const QJsonObject rnd = results[2].toObject();
    EXPECT_EQ(rnd.value("test").toString(), QStringLiteral("RND4K Q32T1"));
    EXPECT_EQ(rnd.value("pattern").toString(), QStringLiteral("rnd"));
    EXPECT_EQ(rnd.value("block_size").toInteger(), 4096);
    EXPECT_EQ(rnd.value("queue_depth").toInteger(), 32);
    EXPECT_EQ(rnd.value("threads").toInteger(), 1);
    // The best pass is the second one (index 1): its rate and its latency, in µs.
    EXPECT_EQ(rnd.value("headline_pass").toInteger(), 1);
    EXPECT_NEAR(rnd.value("mb_per_s").toDouble(), 354.657, 1e-9);
    EXPECT_NEAR(rnd.value("iops").toDouble(), 86586.2, 1e-9);
    const QJsonObject latency = rnd.value("latency_us").toObject();
    expectKeys(latency, { "mean", "p50", "p90", "p99", "p99_9", "max" });
    EXPECT_NEAR(latency.value("mean").toDouble(), 369.52, 1e-9);
    EXPECT_NEAR(latency.value("p99_9").toDouble(), 369.52 * 2, 1e-9);
    EXPECT_NEAR(latency.value("max").toDouble(), 369.52 * 4, 1e-9);
    // Passes ran at 0.9, 1.0 and 0.95 of the headline.
    EXPECT_NEAR(rnd.value("median_mb_per_s").toDouble(), 354.657 * 0.95, 1e-6);
    EXPECT_NEAR(rnd.value("min_mb_per_s").toDouble(), 354.657 * 0.9, 1e-6);
    EXPECT_NEAR(rnd.value("max_mb_per_s").toDouble(), 354.657, 1e-9);
    EXPECT_NEAR(rnd.value("cv_percent").toDouble(), 5.263, 1e-3);
    EXPECT_TRUE(rnd.value("error").isNull());

    const QJsonArray passes = rnd.value("passes").toArray();
    ASSERT_EQ(passes.size(), 3);
    const QJsonObject pass = passes[0].toObject();
    expectKeys(pass,
        { "mb_per_s", "iops", "latency_us_mean", "seconds", "bytes", "ios", "cpu_user_s", "cpu_system_s", "read_bytes",
            "write_bytes", "steal_percent" });
    EXPECT_NEAR(pass.value("latency_us_mean").toDouble(), 9999.99, 1e-9);
    EXPECT_DOUBLE_EQ(pass.value("seconds").toDouble(), 10.0);
    EXPECT_EQ(pass.value("bytes").toInteger(), qint64(r.run.tests[2].passes[0].bytes));
    EXPECT_EQ(pass.value("read_bytes").toInteger(), pass.value("bytes").toInteger());
    EXPECT_EQ(pass.value("write_bytes").toInteger(), 0);
    EXPECT_DOUBLE_EQ(pass.value("cpu_system_s").toDouble(), 1.5);

    const QJsonArray timeline = rnd.value("timeline").toArray();
    ASSERT_EQ(timeline.size(), 3);
    EXPECT_DOUBLE_EQ(timeline[1].toObject().value("t").toDouble(), 1.5);
    EXPECT_EQ(timeline[0].toObject().value("pass").toInteger(), 0);
    EXPECT_EQ(timeline[2].toObject().value("pass").toInteger(), 2);
    EXPECT_TRUE(timeline[2].toObject().value("mb_per_s").isDouble());
    EXPECT_TRUE(timeline[2].toObject().value("iops").isDouble());
}

TEST(JsonReport, FailedTestHasErrorTextAndNoHeadline)
{
    Report r = fakeReport();
    r.run.tests[1].error = "the device went away (ENODEV)";
    r.run.tests[1].passes.clear();
    r.run.warnings = { "test shorter than asked" };
    r.run.cancelled = true;
    const QJsonObject o = toObject(r);
    const QJsonObject failed = o.value("results").toArray()[1].toObject();
    EXPECT_EQ(failed.value("error").toString(), QStringLiteral("the device went away (ENODEV)"));
    EXPECT_TRUE(failed.value("mb_per_s").isNull());
    EXPECT_TRUE(failed.value("headline_pass").isNull());
    EXPECT_EQ(failed.value("passes").toArray().size(), 0);
    EXPECT_EQ(o.value("warnings").toArray().first().toString(), QStringLiteral("test shorter than asked"));
    EXPECT_TRUE(o.value("cancelled").toBool());
}

TEST(JsonReport, UtcDateKeepsAnExplicitOffset)
{
    Report r = fakeReport();
    r.date = QDateTime(QDate(2026, 1, 2), QTime(3, 4, 5), Qt::UTC);
    EXPECT_EQ(toObject(r).value("date").toString(), QStringLiteral("2026-01-02T03:04:05+00:00"));
    r.date = QDateTime(QDate(2026, 1, 2), QTime(3, 4, 5), Qt::OffsetFromUTC, -(3 * 3600 + 30 * 60));
    EXPECT_EQ(toObject(r).value("date").toString(), QStringLiteral("2026-01-02T03:04:05-03:30"));
}

TEST(JsonReport, RoundTripThroughParseJson)
{
    Report original = fakeReportWithMix(60);
    original.profile = Profile::RealWorld;
    original.preset = Preset::Nvme;
    original.mode = Mode::All;
    original.run.settings.data = DataFill::Zeros;
    original.run.settings.count = 3;
    original.run.settings.measureSeconds = 1.5;
    original.run.settings.warmupSeconds = 0;
    original.run.seed = 0xfedcba9876543210ULL; // above 2^63: a JSON number would lose it
    original.run.region.direct = false;
    original.run.region.logicalBlockSize = 4096;
    original.run.warnings = { "buffered fallback" };
    original.run.cancelled = true;
    original.run.tests[1].passes[2].stealPercent = 18.25; // a busy host under a virtual machine
    original.run.tests[3].error = "EIO at offset 123";
    original.target.link = QStringLiteral("USB 2.0 (480 Mbps)");
    original.target.vendor = QStringLiteral("SanDisk");
    original.target.rotational = true;
    original.system.cpu = QStringLiteral("AMD Ryzen 7 5800X 8-Core Processor");
    original.comment = QStringLiteral("second run, fan at 100%");

    const QByteArray json = formatJson(original);
    const Result<Report> parsed = parseJson(json);
    ASSERT_TRUE(parsed.ok()) << parsed.error().message;
    const Report& r = *parsed;

    EXPECT_EQ(r.profile, Profile::RealWorld);
    EXPECT_EQ(r.preset, Preset::Nvme);
    EXPECT_EQ(r.mixReadPercent, std::optional<int>(60));
    EXPECT_EQ(r.run.settings.data, DataFill::Zeros);
    EXPECT_EQ(r.run.settings.count, 3);
    EXPECT_DOUBLE_EQ(r.run.settings.measureSeconds, 1.5);
    EXPECT_DOUBLE_EQ(r.run.settings.warmupSeconds, 0);
    EXPECT_EQ(r.run.settings.testSize, GiB);
    EXPECT_EQ(r.run.seed, 0xfedcba9876543210ULL);
    EXPECT_FALSE(r.run.region.direct);
    EXPECT_EQ(r.run.region.logicalBlockSize, 4096u);
    EXPECT_EQ(r.run.region.length, GiB);
    EXPECT_EQ(r.run.region.kind, RegionInfo::Kind::Directory);
    EXPECT_TRUE(r.run.cancelled);
    EXPECT_EQ(r.run.warnings, original.run.warnings);
    EXPECT_EQ(r.date, original.date);
    EXPECT_EQ(r.date.offsetFromUtc(), 3600);
    EXPECT_EQ(r.toolVersion, original.toolVersion);
    EXPECT_EQ(r.engine, original.engine);
    EXPECT_EQ(r.system.os, original.system.os);
    EXPECT_EQ(r.system.kernel, original.system.kernel);
    EXPECT_EQ(r.system.cpu, original.system.cpu);
    EXPECT_EQ(r.comment, original.comment);

    EXPECT_EQ(r.target.path, original.target.path);
    EXPECT_EQ(r.target.kind, original.target.kind);
    EXPECT_EQ(r.target.mountPoint, original.target.mountPoint);
    EXPECT_EQ(r.target.mountOptions, original.target.mountOptions);
    EXPECT_EQ(r.target.filesystem, original.target.filesystem);
    EXPECT_EQ(r.target.device, original.target.device);
    EXPECT_EQ(r.target.model, original.target.model);
    EXPECT_EQ(r.target.vendor, original.target.vendor);
    EXPECT_EQ(r.target.bus, original.target.bus);
    EXPECT_EQ(r.target.link, original.target.link);
    EXPECT_TRUE(r.target.rotational);
    EXPECT_EQ(r.target.capacityBytes, original.target.capacityBytes);
    EXPECT_EQ(r.target.freeBytes, original.target.freeBytes);

    ASSERT_EQ(r.run.tests.size(), original.run.tests.size());
    for (size_t i = 0; i < r.run.tests.size(); ++i) {
        const TestResult& a = original.run.tests[i];
        const TestResult& b = r.run.tests[i];
        EXPECT_EQ(b.spec, a.spec) << "test " << i;
        EXPECT_EQ(b.error, a.error) << "test " << i;
        ASSERT_EQ(b.passes.size(), a.passes.size());
        for (size_t p = 0; p < a.passes.size(); ++p) {
            EXPECT_DOUBLE_EQ(b.passes[p].seconds, a.passes[p].seconds);
            EXPECT_EQ(b.passes[p].bytes, a.passes[p].bytes);
            EXPECT_EQ(b.passes[p].ios, a.passes[p].ios);
            EXPECT_EQ(b.passes[p].readBytes, a.passes[p].readBytes);
            EXPECT_EQ(b.passes[p].writeBytes, a.passes[p].writeBytes);
            EXPECT_EQ(b.passes[p].readIos, a.passes[p].readIos);
            EXPECT_EQ(b.passes[p].writeIos, a.passes[p].writeIos);
            EXPECT_DOUBLE_EQ(b.passes[p].latency.meanNs, a.passes[p].latency.meanNs);
            EXPECT_DOUBLE_EQ(b.passes[p].latency.p999Ns, a.passes[p].latency.p999Ns);
            EXPECT_DOUBLE_EQ(b.passes[p].latency.minNs, a.passes[p].latency.minNs);
            EXPECT_DOUBLE_EQ(b.passes[p].cpuUserSeconds, a.passes[p].cpuUserSeconds);
            EXPECT_DOUBLE_EQ(b.passes[p].cpuSystemSeconds, a.passes[p].cpuSystemSeconds);
            EXPECT_DOUBLE_EQ(b.passes[p].stealPercent, a.passes[p].stealPercent);
        }
        ASSERT_EQ(b.timeline.size(), a.timeline.size());
        for (size_t s = 0; s < a.timeline.size(); ++s) {
            EXPECT_DOUBLE_EQ(b.timeline[s].t, a.timeline[s].t);
            EXPECT_DOUBLE_EQ(b.timeline[s].mbPerSec, a.timeline[s].mbPerSec);
            EXPECT_DOUBLE_EQ(b.timeline[s].iops, a.timeline[s].iops);
            EXPECT_EQ(b.timeline[s].pass, a.timeline[s].pass);
        }
    }
    // Writing the parsed report again gives the same document.
    EXPECT_EQ(formatJson(r).toStdString(), json.toStdString());
}

TEST(JsonReport, ParseRefusesOtherDocumentsClearly)
{
    const auto message = [](const QByteArray& json) {
        const Result<Report> r = parseJson(json);
        EXPECT_FALSE(r.ok()) << json.toStdString();
        return r.ok() ? std::string() : r.error().message;
    };
    EXPECT_NE(message("{\"schema\": \"diskometer.result/2\", \"results\": []}")
                  .find("unsupported result schema 'diskometer.result/2'"),
        std::string::npos);
    EXPECT_NE(message("{\"results\": []}").find("no \"schema\""), std::string::npos);
    EXPECT_NE(message("[1, 2]").find("not a JSON object"), std::string::npos);
    EXPECT_NE(message("Diskometer 0.1.0 (libaio)").find("not a Diskometer result"), std::string::npos);
    EXPECT_EQ(parseJson("{\"schema\": \"diskometer.result/1\"}").error().kind, Error::Kind::Usage);

    // Right schema, broken content: the message names the field.
    QJsonObject o = toObject(fakeReport());
    QJsonArray results = o.value("results").toArray();
    QJsonObject first = results[0].toObject();
    first.insert("direction", "sideways");
    results[0] = first;
    o.insert("results", results);
    EXPECT_NE(message(QJsonDocument(o).toJson()).find("results[0].direction"), std::string::npos);

    first.insert("direction", "read");
    first.insert("block_size", 0);
    results[0] = first;
    o.insert("results", results);
    EXPECT_NE(message(QJsonDocument(o).toJson()).find("results[0]"), std::string::npos);

    QJsonObject settings = o.value("settings").toObject();
    settings.insert("profile", "turbo");
    o.insert("settings", settings);
    EXPECT_NE(message(QJsonDocument(o).toJson()).find("settings.profile"), std::string::npos);
}
