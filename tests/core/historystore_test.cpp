// SPDX-License-Identifier: GPL-3.0-or-later
// The history against real SQLite files: a run stored and read back byte for byte, a v1 file
// migrated, a corrupt file set aside (never overwritten) with a message that names the copy, a
// link or a device named as the history never renamed or replaced, a newer file refused
// untouched, a lock held past the timeout reported without losing anything, and several threads
// storing into one file at once.
#include "fakekindreports.h"
#include "fakereport.h"
#include "historyimport.h"
#include "historystore.h"
#include "jsonreport.h"
#include "testtargets.h"

#include <QDir>
#include <QFile>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <gtest/gtest.h>

#include <algorithm>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>
#include <map>
#include <mutex>
#include <thread>

using namespace dm;
using namespace dm::test;

namespace {

QString dbPath(const ScratchDir& dir) { return QString::fromStdString(dir.path()) + "/data/diskometer/history.sqlite"; }

// A raw connection of our own, as another program (or an older Diskometer) would have.
class RawDb {
public:
    explicit RawDb(const QString& path)
        : m_name(QStringLiteral("raw-%1").arg(quintptr(this)))
    {
        QDir().mkpath(QFileInfo(path).absolutePath());
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_name);
        db.setDatabaseName(path);
        EXPECT_TRUE(db.open()) << db.lastError().text().toStdString();
    }
    ~RawDb()
    {
        QSqlDatabase::database(m_name, false).close();
        QSqlDatabase::removeDatabase(m_name);
    }
    bool exec(const QString& sql, const QVariantList& binds = {})
    {
        QSqlQuery q(QSqlDatabase::database(m_name, false));
        q.prepare(sql);
        for (const auto& b : binds)
            q.addBindValue(b);
        const bool ok = q.exec();
        EXPECT_TRUE(ok) << sql.toStdString() << ": " << q.lastError().text().toStdString();
        return ok;
    }
    QVariant value(const QString& sql)
    {
        QSqlQuery q(QSqlDatabase::database(m_name, false));
        return q.exec(sql) && q.next() ? q.value(0) : QVariant();
    }

private:
    QString m_name;
};

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

TEST(HistoryStore, DefaultPathFollowsXdgDataHome)
{
    qputenv("XDG_DATA_HOME", "/somewhere/data");
    qunsetenv("DISKOMETER_HISTORY_DB");
    EXPECT_EQ(HistoryStore::defaultPath(), "/somewhere/data/diskometer/history.sqlite");
    qputenv("XDG_DATA_HOME", "relative/ignored"); // the XDG spec: relative paths are invalid
    EXPECT_EQ(HistoryStore::defaultPath(), QDir::homePath() + "/.local/share/diskometer/history.sqlite");
    qputenv("DISKOMETER_HISTORY_DB", "/tmp/x.sqlite");
    EXPECT_EQ(HistoryStore::defaultPath(), "/tmp/x.sqlite");
    qunsetenv("DISKOMETER_HISTORY_DB");
    qunsetenv("XDG_DATA_HOME");
}

TEST(HistoryStore, StoresAndReadsBack)
{
    ScratchDir dir;
    const Report report = fakeReport();
    HistoryInput in = historyInputFromReport(report);
    in.entry.name = "stick A";
    qint64 id = 0;
    {
        HistoryStore store(dbPath(dir));
        ASSERT_TRUE(store.open()) << store.open().error().message;
        EXPECT_TRUE(store.notice().isEmpty());
        auto added = store.add(in);
        ASSERT_TRUE(added) << added.error().message;
        id = *added;
        EXPECT_GT(id, 0);
    }
    // A new store (as a new process would) finds it.
    HistoryStore store(dbPath(dir));
    auto list = store.list();
    ASSERT_TRUE(list) << list.error().message;
    ASSERT_EQ(list->size(), 1u);
    const HistoryEntry& e = list->front();
    EXPECT_EQ(e.id, id);
    EXPECT_EQ(e.kind, "grid");
    EXPECT_EQ(e.schema, "diskometer.result/1");
    EXPECT_EQ(e.source, "diskometer");
    EXPECT_EQ(e.name, "stick A");
    EXPECT_EQ(e.created, report.date);
    EXPECT_EQ(e.created.offsetFromUtc(), 3600);
    EXPECT_EQ(e.deviceModel, report.target.model);
    EXPECT_EQ(e.profile, "default");
    ASSERT_TRUE(e.seqReadMBps);
    EXPECT_NEAR(*e.seqReadMBps, 3552.486, 0.001);
    EXPECT_TRUE(e.rndWriteMBps);
    EXPECT_TRUE(e.stored.isValid());

    auto record = store.get(id);
    ASSERT_TRUE(record) << record.error().message;
    EXPECT_EQ(record->json, in.json) << "the JSON must come back byte for byte";
    auto back = reportFromRecord(*record);
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(formatJson(*back), formatJson(report));

    ASSERT_TRUE(store.setLabel(id, "stick B", "on the front port"));
    EXPECT_EQ(store.get(id)->entry.comment, "on the front port");

    auto missing = store.get(id + 100);
    ASSERT_FALSE(missing);
    EXPECT_NE(missing.error().message.find("no run"), std::string::npos);
    ASSERT_TRUE(store.remove(id));
    EXPECT_TRUE(store.list()->empty());
    EXPECT_FALSE(store.remove(id)) << "deleting a missing run is an error";
    // Ids are never reused: a deleted run's id never points at another run.
    EXPECT_GT(*store.add(in), id);
}

TEST(HistoryStore, NewestRunFirstAcrossOffsets)
{
    ScratchDir dir;
    HistoryStore store(dbPath(dir));
    Report older = fakeReport(); // 17:41 at +01:00 = 16:41 UTC
    Report newer = fakeReport();
    newer.date = QDateTime(QDate(2026, 11, 29), QTime(9, 0), Qt::OffsetFromUTC, -9 * 3600); // 18:00 UTC
    ASSERT_TRUE(store.add(historyInputFromReport(newer)));
    ASSERT_TRUE(store.add(historyInputFromReport(older)));
    auto list = store.list();
    ASSERT_EQ(list->size(), 2u);
    EXPECT_EQ(list->at(0).created, newer.date);
}

TEST(HistoryStore, MigratesAVersionOneFile)
{
    ScratchDir dir;
    const QString path = dbPath(dir);
    const QByteArray json = formatJson(fakeReport());
    {
        // The v1 layout exactly as step 1 of the migrations makes it.
        RawDb raw(path);
        raw.exec("CREATE TABLE runs (id INTEGER PRIMARY KEY AUTOINCREMENT, created TEXT NOT NULL, "
                 "kind TEXT NOT NULL, json TEXT NOT NULL, comment TEXT NOT NULL DEFAULT '')");
        raw.exec("INSERT INTO runs (created, kind, json, comment) VALUES (?, 'grid', ?, 'edited later')",
            { "2026-11-29T17:41:08+01:00", QString::fromUtf8(json) });
        raw.exec("INSERT INTO runs (created, kind, json) VALUES ('2026-01-01T00:00:00Z', 'grid', 'not json')");
        raw.exec("PRAGMA user_version = 1");
    }
    HistoryStore store(path);
    ASSERT_TRUE(store.open()) << store.open().error().message;
    auto list = store.list();
    ASSERT_TRUE(list) << list.error().message;
    ASSERT_EQ(list->size(), 2u) << "no run is dropped, not even one whose JSON no longer reads";
    const HistoryEntry& e = list->at(0);
    EXPECT_EQ(e.comment, "edited later");
    EXPECT_EQ(e.deviceModel, fakeReport().target.model);
    EXPECT_EQ(e.schema, "diskometer.result/1");
    ASSERT_TRUE(e.seqReadMBps);
    EXPECT_EQ(store.get(e.id)->json, json);
    EXPECT_EQ(list->at(1).kind, "grid");
    RawDb raw(path);
    EXPECT_EQ(raw.value("PRAGMA user_version").toInt(), HistoryStore::kSchemaVersion);
    EXPECT_EQ(raw.value("PRAGMA journal_mode").toString(), "wal");
}

TEST(HistoryStore, CorruptFileIsSetAsideNeverOverwritten)
{
    ScratchDir dir;
    const QString path = dbPath(dir);
    QDir().mkpath(QFileInfo(path).absolutePath());
    QByteArray garbage;
    for (int i = 0; i < 8192; ++i)
        garbage.append(char((i * 7919 + 13) & 0xff));
    {
        QFile f(path);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(garbage);
    }
    HistoryStore store(path);
    ASSERT_TRUE(store.open()) << store.open().error().message;
    const QString notice = store.notice();
    EXPECT_TRUE(notice.contains("damaged")) << notice.toStdString();
    EXPECT_TRUE(notice.contains(".corrupt-")) << notice.toStdString();
    const QStringList aside = QDir(QFileInfo(path).absolutePath()).entryList({ "history.sqlite.corrupt-*" });
    ASSERT_EQ(aside.size(), 1);
    EXPECT_TRUE(notice.contains(aside.first()));
    EXPECT_EQ(readAll(QFileInfo(path).absolutePath() + "/" + aside.first()), garbage);
    EXPECT_TRUE(store.add(historyInputFromReport(fakeReport())));
    EXPECT_EQ(store.list()->size(), 1u);
}

TEST(HistoryStore, TruncatedFileIsSetAside)
{
    ScratchDir dir;
    const QString path = dbPath(dir);
    {
        HistoryStore store(path);
        ASSERT_TRUE(store.add(historyInputFromReport(fakeReport())));
    }
    QFile::remove(path + "-wal");
    QFile::remove(path + "-shm");
    QByteArray head = readAll(path).left(60); // the header cut short
    {
        QFile f(path);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(head);
    }
    HistoryStore store(path);
    ASSERT_TRUE(store.open()) << store.open().error().message;
    EXPECT_TRUE(store.notice().contains(".corrupt-")) << store.notice().toStdString();
    EXPECT_TRUE(store.list()->empty());
}

// Only a regular file is ever set aside: a damaged history reached through a symbolic link is
// reported, and the link, the file it names and the directory stay exactly as they were.
TEST(HistoryStore, DamagedFileBehindALinkIsLeftAsItIs)
{
    ScratchDir dir;
    const QString real = QString::fromStdString(dir.path()) + "/real.sqlite";
    const QString link = QString::fromStdString(dir.path()) + "/history.sqlite";
    const QByteArray garbage(8192, 'x');
    {
        QFile f(real);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(garbage);
    }
    ASSERT_EQ(::symlink("real.sqlite", QFile::encodeName(link).constData()), 0);
    HistoryStore store(link);
    const Status st = store.open();
    ASSERT_FALSE(st);
    EXPECT_NE(st.error().message.find("symbolic link"), std::string::npos) << st.error().message;
    EXPECT_NE(st.error().message.find("DISKOMETER_HISTORY_DB"), std::string::npos) << st.error().message;
    EXPECT_FALSE(store.add(historyInputFromReport(fakeReport())));
    struct stat sb {};
    ASSERT_EQ(::lstat(QFile::encodeName(link).constData(), &sb), 0);
    EXPECT_TRUE(S_ISLNK(sb.st_mode)) << "the link was replaced";
    EXPECT_EQ(QFileInfo(link).symLinkTarget(), QFileInfo(real).absoluteFilePath());
    EXPECT_EQ(readAll(real), garbage);
    EXPECT_EQ(QDir(QString::fromStdString(dir.path())).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::System),
        (QStringList { "history.sqlite", "real.sqlite" }));
}

// A device named as the history (what DISKOMETER_HISTORY_DB=/dev/zero would do; a private node,
// never the machine's own) is refused and stays the same device: no regular file takes its place.
TEST(HistoryStore, DeviceNamedAsTheHistoryIsNeverRenamedOrReplaced)
{
    if (!isRoot())
        GTEST_SKIP() << "needs root to make a private device node with mknod";
    ScratchDir dir;
    const QString path = QString::fromStdString(dir.path()) + "/history.sqlite";
    const QByteArray name = QFile::encodeName(path);
    ASSERT_EQ(::mknod(name.constData(), S_IFCHR | 0666, makedev(1, 5)), 0) << "the driver of /dev/zero";
    for (int attempt = 0; attempt < 2; ++attempt) { // a second writer finds it as the first left it
        HistoryStore store(path);
        EXPECT_FALSE(store.open());
        EXPECT_FALSE(store.add(historyInputFromReport(fakeReport())));
    }
    struct stat sb {};
    ASSERT_EQ(::lstat(name.constData(), &sb), 0);
    EXPECT_TRUE(S_ISCHR(sb.st_mode)) << "the device node was replaced";
    EXPECT_EQ(sb.st_rdev, makedev(1, 5));
    EXPECT_EQ(QDir(QString::fromStdString(dir.path())).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::System),
        QStringList { "history.sqlite" });
}

TEST(HistoryStore, NewerFileIsRefusedAndLeftAlone)
{
    ScratchDir dir;
    const QString path = dbPath(dir);
    {
        RawDb raw(path);
        raw.exec("CREATE TABLE future (x)");
        raw.exec("PRAGMA user_version = 99");
    }
    const QByteArray before = readAll(path);
    HistoryStore store(path);
    auto st = store.open();
    ASSERT_FALSE(st);
    EXPECT_NE(st.error().message.find("newer Diskometer"), std::string::npos) << st.error().message;
    EXPECT_EQ(readAll(path), before);
    EXPECT_TRUE(store.notice().isEmpty());
}

TEST(HistoryStore, LockHeldPastTheTimeoutIsReported)
{
    ScratchDir dir;
    const QString path = dbPath(dir);
    HistoryStore store(path, 300);
    ASSERT_TRUE(store.open());
    RawDb other(path);
    other.exec("BEGIN IMMEDIATE"); // another process in the middle of a long write
    auto added = store.add(historyInputFromReport(fakeReport()));
    ASSERT_FALSE(added);
    EXPECT_NE(added.error().message.find("busy"), std::string::npos) << added.error().message;
    EXPECT_TRUE(store.list()) << "readers go on while a writer holds the lock (WAL)";
    other.exec("ROLLBACK");
    EXPECT_TRUE(store.add(historyInputFromReport(fakeReport())));
    EXPECT_TRUE(store.notice().isEmpty()) << "a locked file is not a damaged one";
}

TEST(HistoryStore, ThreadsStoreIntoOneFileAtOnce)
{
    ScratchDir dir;
    const QString path = dbPath(dir);
    const HistoryInput in = historyInputFromReport(fakeReport());
    constexpr int kThreads = 4, kRuns = 15;
    std::atomic<int> failures { 0 };
    std::mutex mutex;
    std::string firstFailure;
    // Qt first in this thread, as in the window and the CLI: the first QObject (here the SQL
    // driver's plugin loader) makes its thread Qt's main thread, and that thread's Qt data lives
    // until the process exits. Made first in one of the threads below, it would outlive the
    // thread: a leak at exit (ASan) of Qt's thread data, not of the store's.
    HistoryStore first(path);
    ASSERT_TRUE(first.open());
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t)
        threads.emplace_back([&] {
            HistoryStore store(path); // one store per thread, as the class asks
            for (int i = 0; i < kRuns; ++i)
                if (auto added = store.add(in); !added) {
                    ++failures;
                    const std::lock_guard lock(mutex);
                    if (firstFailure.empty())
                        firstFailure = added.error().message;
                }
        });
    for (auto& t : threads)
        t.join();
    EXPECT_EQ(failures.load(), 0) << firstFailure;
    EXPECT_EQ(first.list()->size(), size_t(kThreads * kRuns));
}

TEST(HistoryStore, MigratesAVersionTwoFileAndSummarizesEveryKind)
{
    ScratchDir dir;
    const QString path = dbPath(dir);
    const QByteArray grid = formatJson(fakeReport());
    const QByteArray sustained = formatSustainedJson(fakeSustainedReport());
    const QByteArray sweep = formatSweepJson(fakeSweepReport());
    const QByteArray scan = formatScanJson(fakeScanReport());
    {
        // The v2 layout exactly as an issue-7 build left it: summary columns, no headline.
        RawDb raw(path);
        raw.exec("CREATE TABLE runs (id INTEGER PRIMARY KEY AUTOINCREMENT, created TEXT NOT NULL, "
                 "kind TEXT NOT NULL, json TEXT NOT NULL, comment TEXT NOT NULL DEFAULT '')");
        for (const char* column : { "created_ms INTEGER NOT NULL DEFAULT 0", "stored TEXT NOT NULL DEFAULT ''",
                 "schema TEXT NOT NULL DEFAULT ''", "source TEXT NOT NULL DEFAULT 'diskometer'",
                 "host TEXT NOT NULL DEFAULT ''", "name TEXT NOT NULL DEFAULT ''",
                 "target_path TEXT NOT NULL DEFAULT ''", "device_model TEXT NOT NULL DEFAULT ''",
                 "bus TEXT NOT NULL DEFAULT ''", "link TEXT NOT NULL DEFAULT ''", "profile TEXT NOT NULL DEFAULT ''",
                 "seq_read_mbps REAL", "seq_write_mbps REAL", "rnd_read_mbps REAL", "rnd_write_mbps REAL" })
            raw.exec(QStringLiteral("ALTER TABLE runs ADD COLUMN ") + QLatin1String(column));
        raw.exec("CREATE INDEX runs_by_date ON runs (created_ms)");
        const auto insert = [&](const char* kind, const char* schema, const QByteArray& json, qint64 ms) {
            raw.exec("INSERT INTO runs (created, created_ms, stored, kind, schema, json, name, comment, seq_read_mbps) "
                     "VALUES ('2026-11-29T17:41:08+01:00', ?, '2026-11-29T18:00:00+01:00', ?, ?, ?, ?, 'kept', ?)",
                { ms, kind, schema, QString::fromUtf8(json), QStringLiteral("name %1").arg(kind),
                    QString::fromLatin1(kind) == QLatin1String("grid") ? QVariant(3552.486)
                                                                       : QVariant(QMetaType(QMetaType::Double)) });
        };
        insert("grid", "diskometer.result/1", grid, 4);
        insert("sustained", "diskometer.sustained/1", sustained, 3);
        insert("sweep", "diskometer.sweep/1", sweep, 2);
        insert("scan", "diskometer.scan/1", scan, 1);
        raw.exec("INSERT INTO runs (created, kind, json, schema) VALUES ('2026-01-01T00:00:00Z', 'scan', 'not json', "
                 "'diskometer.scan/1')");
        raw.exec("PRAGMA user_version = 2");
    }
    HistoryStore store(path);
    ASSERT_TRUE(store.open()) << store.open().error().message;
    auto list = store.list();
    ASSERT_TRUE(list) << list.error().message;
    ASSERT_EQ(list->size(), 5u) << "no run is dropped, not even one whose JSON no longer reads";
    std::map<QString, HistoryEntry> byKind;
    for (const HistoryEntry& e : *list)
        if (e.name.startsWith("name "))
            byKind[e.kind] = e;
    ASSERT_EQ(byKind.size(), 4u);
    for (const auto& [kind, e] : byKind) {
        EXPECT_EQ(e.name, "name " + kind) << "the user's name survives the migration";
        EXPECT_EQ(e.comment, "kept");
        EXPECT_EQ(e.stored, QDateTime::fromString("2026-11-29T18:00:00+01:00", Qt::ISODate));
        ASSERT_TRUE(e.headline) << kind.toStdString();
        EXPECT_EQ(e.headline->unit, "MB/s");
        EXPECT_FALSE(e.metrics.empty());
    }
    EXPECT_NEAR(byKind["grid"].headline->value, 3552.486, 0.001);
    EXPECT_EQ(byKind["grid"].headline->label, "SEQ1M Q8T1 read");
    ASSERT_TRUE(byKind["grid"].seqReadMBps);
    EXPECT_DOUBLE_EQ(byKind["sustained"].headline->value, 400);
    EXPECT_EQ(byKind["sustained"].headline->label, "sustained write");
    const auto cache = std::find_if(byKind["sustained"].metrics.begin(), byKind["sustained"].metrics.end(),
        [](const Metric& m) { return m.name == "cache_bytes"; });
    ASSERT_NE(cache, byKind["sustained"].metrics.end());
    EXPECT_DOUBLE_EQ(cache->value, 20e9);
    EXPECT_DOUBLE_EQ(byKind["sweep"].headline->value, 400); // 16 KiB reads
    EXPECT_EQ(byKind["sweep"].headline->label, "best read (16KiB)");
    EXPECT_NEAR(byKind["scan"].headline->value, (2000.5 + 1800 + 1600.75) / 3, 0.001);
    EXPECT_EQ(store.get(byKind["sustained"].id)->json, sustained) << "the JSON is never rewritten";
    RawDb raw(path);
    EXPECT_EQ(raw.value("PRAGMA user_version").toInt(), HistoryStore::kSchemaVersion);
    EXPECT_EQ(raw.value(QStringLiteral("SELECT json_extract(metrics, '$.after_mb_per_s') FROM runs WHERE id = %1")
                            .arg(byKind["sustained"].id))
                  .toDouble(),
        400);
}

TEST(HistoryStore, NewRunsOfEveryKindGetTheirHeadline)
{
    ScratchDir dir;
    HistoryStore store(dbPath(dir));
    for (const QByteArray& json : { formatScanJson(fakeScanReport()), formatSustainedJson(fakeSustainedReport()),
             formatSweepJson(fakeSweepReport()), formatJson(fakeReport()) }) {
        auto in = historyInputsFromFile(json);
        ASSERT_TRUE(in) << in.error().message;
        ASSERT_TRUE(store.add(in->front()));
    }
    auto list = store.list();
    ASSERT_TRUE(list);
    ASSERT_EQ(list->size(), 4u);
    for (const HistoryEntry& e : *list) {
        ASSERT_TRUE(e.headline) << e.kind.toStdString();
        EXPECT_GT(e.headline->value, 0);
        EXPECT_FALSE(e.headline->label.isEmpty());
        EXPECT_TRUE(std::is_sorted(
            e.metrics.begin(), e.metrics.end(), [](const Metric& a, const Metric& b) { return a.name < b.name; }));
        // What the store gives back equals what the kind summarized, figure for figure.
        auto again = summarizeStoredJson(store.get(e.id)->json);
        ASSERT_TRUE(again);
        EXPECT_EQ(again->headline, e.headline);
        EXPECT_EQ(again->metrics, e.metrics);
    }
}

// Issue 12, item 7: a document its kind cannot read is refused at import (it would be stored,
// then never shown); one stored by an older build is still summarised from what it says.
TEST(HistoryStore, UnreadableDocumentsAreRefusedAtImportButStoredOnesStillSummarise)
{
    const QByteArray sustained = R"({"schema": "diskometer.sustained/1", "date": "2026-11-30T10:00:00+09:00",
        "target": {"path": "/media/stick", "model": "SanDisk Ultra", "bus": "usb"}, "comment": "8 GB write",
        "samples": []})";
    auto in = historyInputsFromFile(sustained);
    ASSERT_FALSE(in);
    EXPECT_NE(in.error().message.find("no \"timeline\" list"), std::string::npos) << in.error().message;
    auto stored = summarizeStoredJson(sustained);
    ASSERT_TRUE(stored) << stored.error().message;
    EXPECT_EQ(stored->kind, "sustained");
    EXPECT_EQ(stored->deviceModel, "SanDisk Ultra");
    EXPECT_FALSE(stored->seqReadMBps);

    for (const QByteArray& bad : { QByteArray("hello"), QByteArray(R"({"schema": "other/1"})"),
             QByteArray(R"({"jobs": []})"), QByteArray("[1, 2]") }) {
        auto r = historyInputsFromFile(bad);
        ASSERT_FALSE(r) << bad.constData();
        EXPECT_FALSE(r.error().message.empty());
    }
}
