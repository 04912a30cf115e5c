// SPDX-License-Identifier: GPL-3.0-or-later
// The short names a comparison's legend and table show (ComparisonRun::shortLabel, issue 30):
// only what tells the runs apart, the drive's model or the user's name, else the comment, else
// the day, with the time where two share a day, the id as the last resort; the full label stays.
#include "comparison.h"

#include <gtest/gtest.h>

using namespace dm;

namespace {

HistoryRecord run(qint64 id, const QString& model, const QString& created, const QString& comment = {})
{
    HistoryRecord r;
    r.entry.id = id;
    r.entry.kind = QStringLiteral("grid");
    r.entry.deviceModel = model;
    r.entry.bus = QStringLiteral("usb");
    r.entry.link = QStringLiteral("USB 3.2 Gen 2 (10 Gbps)");
    r.entry.targetPath = QStringLiteral("/media/someone/stick");
    r.entry.comment = comment;
    r.entry.created = QDateTime::fromString(created, Qt::ISODate);
    r.json = "{}"; // no report: a note, and a name all the same
    return r;
}

QStringList shortLabels(const std::vector<HistoryRecord>& records)
{
    QStringList out;
    for (const ComparisonRun& r : buildComparison(records).runs)
        out << r.shortLabel;
    return out;
}

} // namespace

TEST(ComparisonLabels, DifferentDrivesAreTheirModelsAlone)
{
    const Comparison c = buildComparison({ run(1, QStringLiteral("Samsung T7"), "2026-11-29T17:41:08+01:00"),
        run(2, QStringLiteral("SanDisk Cruzer Blade"), "2026-11-29T18:02:00+01:00") });
    EXPECT_EQ(c.runs[0].shortLabel, QStringLiteral("Samsung T7"));
    EXPECT_EQ(c.runs[1].shortLabel, QStringLiteral("SanDisk Cruzer Blade"));
    // The full name, bus and link included, is the tooltip's.
    EXPECT_EQ(c.runs[0].label, QStringLiteral("Samsung T7 (usb, USB 3.2 Gen 2 (10 Gbps))"));
}

TEST(ComparisonLabels, TheUsersNameComesFirstThenTheModelThenTheTarget)
{
    HistoryRecord named = run(1, QStringLiteral("Samsung T7"), "2026-11-29T17:41:08+01:00");
    named.entry.name = QStringLiteral("my T7");
    HistoryRecord bare = run(2, QString(), "2026-11-29T18:00:00+01:00");
    HistoryRecord remote = run(3, QString(), "2026-11-29T18:00:00+01:00");
    remote.entry.targetPath = QStringLiteral("/srv/bench");
    remote.entry.host = QStringLiteral("nas");
    EXPECT_EQ(
        shortLabels({ named, bare, remote }), (QStringList { "my T7", "/media/someone/stick", "/srv/bench @ nas" }));
}

TEST(ComparisonLabels, AlikeModelsAreTheirCommentsWhereTheyHaveOne)
{
    EXPECT_EQ(shortLabels({ run(1, QStringLiteral("Samsung T7"), "2026-11-29T17:41:08+01:00", "front port"),
                  run(2, QStringLiteral("Samsung T7"), "2026-11-30T09:00:00+01:00", "back  port\n"),
                  run(3, QStringLiteral("Kingston A400"), "2026-11-30T09:10:00+01:00", "a comment not needed") }),
        (QStringList { "front port", "back port", "Kingston A400" }));
}

TEST(ComparisonLabels, StillAlikeTheyGetTheDayOrTheTimeWhereTheyShareADay)
{
    // The same drive three times without comments: two runs on the 29th need their time, the
    // one on the 30th its day; the other drive needs neither.
    EXPECT_EQ(shortLabels({ run(1, QStringLiteral("Samsung T7"), "2026-11-29T17:41:08+01:00"),
                  run(2, QStringLiteral("Samsung T7"), "2026-11-29T18:02:00+01:00"),
                  run(3, QStringLiteral("Samsung T7"), "2026-11-30T09:00:00+01:00"),
                  run(4, QStringLiteral("Kingston A400"), "2026-11-30T09:10:00+01:00") }),
        (QStringList { "Samsung T7 · 2026-11-29 17:41", "Samsung T7 · 2026-11-29 18:02", "Samsung T7 · 2026-11-30",
            "Kingston A400" }));
    // Alike comments too: the comment and the day.
    EXPECT_EQ(shortLabels({ run(1, QStringLiteral("Samsung T7"), "2026-11-29T17:41:08+01:00", "front port"),
                  run(2, QStringLiteral("Samsung T7"), "2026-12-01T17:41:08+01:00", "front port") }),
        (QStringList { "front port · 2026-11-29", "front port · 2026-12-01" }));
}

TEST(ComparisonLabels, TheIdWhenEvenTheMinuteIsShared)
{
    EXPECT_EQ(shortLabels({ run(7, QStringLiteral("Samsung T7"), "2026-11-29T17:41:08+01:00"),
                  run(9, QStringLiteral("Samsung T7"), "2026-11-29T17:41:50+01:00") }),
        (QStringList { "Samsung T7 · 2026-11-29 17:41 #7", "Samsung T7 · 2026-11-29 17:41 #9" }));
}
