// SPDX-License-Identifier: GPL-3.0-or-later
// What `history import` refuses (issue 12, item 7): the real fio output of tests/data/fio with
// one field broken at a time (wrong type, out of range, missing), and our own documents of an
// empty body, another version or an unknown kind. Each refusal names the field and quotes at
// most a short prefix of the bad value.
#include "historyimport.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <gtest/gtest.h>

using namespace dm;

namespace {

QJsonObject fioDocument()
{
    QFile f(QStringLiteral(DM_TEST_DATA_DIR "/fio/single.json"));
    EXPECT_TRUE(f.open(QIODevice::ReadOnly));
    return QJsonDocument::fromJson(f.readAll()).object();
}

// The first job of single.json with `change` applied to it.
template <typename Change> QByteArray withJob(Change change)
{
    QJsonObject root = fioDocument();
    QJsonArray jobs = root["jobs"].toArray();
    QJsonObject job = jobs[0].toObject();
    change(job);
    jobs[0] = job;
    root["jobs"] = jobs;
    return QJsonDocument(root).toJson();
}

QByteArray withRead(const char* key, const QJsonValue& value)
{
    return withJob([&](QJsonObject& job) {
        QJsonObject read = job["read"].toObject();
        if (value.isUndefined())
            read.remove(QLatin1String(key));
        else
            read[QLatin1String(key)] = value;
        job["read"] = read;
    });
}

QByteArray withOption(const char* key, const QJsonValue& value)
{
    return withJob([&](QJsonObject& job) {
        QJsonObject options = job["job options"].toObject();
        options[QLatin1String(key)] = value;
        job["job options"] = options;
    });
}

std::string refusal(const QByteArray& content)
{
    auto in = historyInputsFromFile(content);
    if (in)
        return "<accepted>";
    EXPECT_EQ(in.error().kind, Error::Kind::Usage);
    return in.error().message;
}

void expectRefused(const QByteArray& content, const std::string& needle)
{
    const std::string why = refusal(content);
    EXPECT_NE(why.find(needle), std::string::npos) << "wanted '" << needle << "' in: " << why;
    EXPECT_LT(why.size(), 400u) << why;
}

} // namespace

TEST(ImportValidation, TheUnchangedFileImports)
{
    auto in = historyInputsFromFile(QJsonDocument(fioDocument()).toJson());
    ASSERT_TRUE(in) << in.error().message;
    EXPECT_EQ(in->size(), 1u);
}

TEST(ImportValidation, FioFiguresOutOfRangeOrOfTheWrongTypeAreRefused)
{
    expectRefused(withRead("io_bytes", -4096), "jobs[0].read.io_bytes must be a whole number from 0 to");
    expectRefused(withRead("io_bytes", 1e300), "jobs[0].read.io_bytes");
    expectRefused(withRead("io_bytes", 4096.5), "jobs[0].read.io_bytes");
    expectRefused(withRead("io_bytes", "132829184"), "jobs[0].read.io_bytes");
    expectRefused(withRead("io_bytes", QJsonValue::Undefined), "jobs[0].read.io_bytes is missing");
    expectRefused(withRead("total_ios", -1), "jobs[0].read.total_ios");
    expectRefused(withRead("runtime", 0), "jobs[0].read.runtime is 0");
    expectRefused(withRead("runtime", -5), "jobs[0].read.runtime");
    expectRefused(withJob([](QJsonObject& job) { job.remove("read"); }), "jobs[0].read is missing");
    expectRefused(withJob([](QJsonObject& job) { job["usr_cpu"] = "lots"; }), "jobs[0].usr_cpu");
    expectRefused(withJob([](QJsonObject& job) {
        QJsonObject read = job["read"].toObject();
        QJsonObject lat = read["lat_ns"].toObject();
        lat["mean"] = -1;
        read["lat_ns"] = lat;
        job["read"] = read;
    }),
        "jobs[0].read.lat_ns.mean");
}

TEST(ImportValidation, FioOptionsOutOfRangeAreRefusedNotClamped)
{
    expectRefused(withOption("iodepth", "-1"), "jobs[0].iodepth=\"-1\" must be a whole number from 1 to 65536");
    expectRefused(withOption("iodepth", "0"), "jobs[0].iodepth");
    expectRefused(withOption("iodepth", "lots"), "jobs[0].iodepth");
    expectRefused(withOption("numjobs", "100000"), "jobs[0].numjobs");
    expectRefused(withOption("bs", "4q"), "jobs[0].bs=4q is not a block size");
    expectRefused(withOption("rw", 7), "jobs[0].rw must be text");
}

TEST(ImportValidation, FioDocumentsWithoutJobsOrDateAreRefused)
{
    // The issue's own case is refused for its date first, and with a date for its job.
    expectRefused(R"({"fio version":"fio-3.33","jobs":[{}]})", "timestamp is missing");
    expectRefused(R"({"fio version":"fio-3.33","timestamp":1795986165,"jobs":[{}]})", "jobs[0].jobname is missing");
    expectRefused(R"({"fio version":"fio-3.33","timestamp":1795986165,"jobs":[]})", "holds no jobs");
    QJsonObject noDate = fioDocument();
    noDate.remove("timestamp");
    expectRefused(QJsonDocument(noDate).toJson(), "timestamp is missing");
    QJsonObject epoch = fioDocument();
    epoch["timestamp"] = 0;
    expectRefused(QJsonDocument(epoch).toJson(), "timestamp must be a whole number");
    QJsonObject version = fioDocument();
    version["fio version"] = 3;
    expectRefused(QJsonDocument(version).toJson(), "fio version");
    QJsonObject notAJob = fioDocument();
    notAJob["jobs"] = QJsonArray { 5 };
    expectRefused(QJsonDocument(notAJob).toJson(), "jobs[0] is not an object");
}

TEST(ImportValidation, AHugeBadValueIsQuotedOnlyByItsStart)
{
    const QString huge(10 * 1000 * 1000, QLatin1Char('9'));
    const std::string why = refusal(withOption("iodepth", huge));
    EXPECT_NE(why.find("jobs[0].iodepth=\"9999"), std::string::npos) << why.substr(0, 200);
    EXPECT_LT(why.size(), 300u);
    const std::string schema = refusal(QStringLiteral("{\"schema\":\"diskometer.%1/1\"}").arg(huge).toUtf8());
    EXPECT_LT(schema.size(), 300u) << schema.substr(0, 200);
}

TEST(ImportValidation, OurOwnSchemasAreCheckedByKindAndVersion)
{
    expectRefused(R"({"schema":"diskometer.sustained/1"})", "\"date\" must be an ISO-8601 date (got nothing)");
    expectRefused(R"({"schema":"diskometer.sustained/1","date":"2026-11-29T10:00:00+01:00"})",
        "not a valid Diskometer sustained write");
    expectRefused(R"({"schema":"diskometer.result/2","date":"2026-11-29T10:00:00+01:00"})",
        "schema 'diskometer.result/2', which this version does not read (it reads diskometer.result/1)");
    expectRefused(R"({"schema":"diskometer.scan/7"})", "it reads diskometer.scan/1");
    expectRefused(R"({"schema":"diskometer.frobnicate/1"})", "unknown Diskometer schema 'diskometer.frobnicate/1'");
    expectRefused(R"({"schema":"diskometer.result/1","date":"yesterday"})", "\"date\" must be an ISO-8601 date");
}
