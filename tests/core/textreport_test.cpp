// SPDX-License-Identifier: GPL-3.0-or-later
// Checks the plain-text report line by line against CrystalDiskMark's layout: rules, the
// right-aligned URL, row columns, the headline pass, failed and missing tests, the mix section, the
// footer's aligned labels and what they say, and CRLF line ends.

#include "fakereport.h"
#include "jsonreport.h"
#include "markdownreport.h"
#include "textreport.h"

#include <gtest/gtest.h>

using namespace dm;
using namespace dm::test;

namespace {

QStringList linesOf(const QString& text)
{
    EXPECT_TRUE(text.endsWith(QLatin1Char('\n')));
    QStringList lines = text.split(QLatin1Char('\n'));
    lines.removeLast(); // after the final line end
    return lines;
}

// The lines of one section, from its title to the blank line after it.
QStringList section(const QStringList& lines, const QString& title)
{
    const qsizetype start = lines.indexOf(title);
    if (start < 0)
        return {};
    QStringList rows;
    for (qsizetype i = start + 1; i < lines.size() && !lines[i].isEmpty(); ++i)
        rows << lines[i];
    return rows;
}

QString footer(const QStringList& lines, const QString& label)
{
    const QString prefix = QStringLiteral("%1: ").arg(label, 9);
    for (const auto& line : lines) {
        if (line.startsWith(prefix))
            return line.mid(prefix.size());
    }
    return QStringLiteral("<no %1 line>").arg(label);
}

} // namespace

TEST(TextReport, DefaultProfileMatchesCrystalDiskMarkLayout)
{
    const QStringList lines = linesOf(formatText(fakeReport()));
    ASSERT_GE(lines.size(), 3);
    const QString rule(78, QLatin1Char('-'));
    EXPECT_EQ(lines[0], rule);
    EXPECT_EQ(lines[2], rule);

    // Title on the left; the project's address ending exactly in column 78, only spaces between,
    // where the build has one (DM_PROJECT_URL), and nothing after the title where it has none:
    // a report must not print an address that does not exist.
    const QString title = QStringLiteral("Diskometer 0.1.0 (libaio)");
    const QString url = QStringLiteral(DM_PROJECT_URL);
    if (url.isEmpty()) {
        EXPECT_EQ(lines[1], title);
    } else {
        EXPECT_EQ(lines[1].size(), 78);
        EXPECT_TRUE(lines[1].startsWith(title + QLatin1Char(' '))) << lines[1].toStdString();
        EXPECT_TRUE(lines[1].endsWith(QLatin1Char(' ') + url)) << lines[1].toStdString();
        EXPECT_TRUE(lines[1].mid(title.size(), 78 - title.size() - url.size()).trimmed().isEmpty());
    }

    const QStringList expected {
        rule,
        QStringLiteral("* MB/s = 1,000,000 bytes/s [SATA/600 = 600,000,000 bytes/s]"),
        QStringLiteral("* KB = 1000 bytes, KiB = 1024 bytes"),
        QString(),
        QStringLiteral("[Read]"),
        QStringLiteral("  SEQ    1MiB (Q=  8, T= 1):  3552.486 MB/s [   3387.9 IOPS] <  2359.08 us>"),
        QStringLiteral("  SEQ    1MiB (Q=  1, T= 1):  2160.286 MB/s [   2060.2 IOPS] <   485.07 us>"),
        QStringLiteral("  RND    4KiB (Q= 32, T= 1):   354.657 MB/s [  86586.2 IOPS] <   369.52 us>"),
        QStringLiteral("  RND    4KiB (Q=  1, T= 1):    48.779 MB/s [  11909.0 IOPS] <    83.83 us>"),
        QString(),
        QStringLiteral("[Write]"),
        QStringLiteral("  SEQ    1MiB (Q=  8, T= 1):  2964.340 MB/s [   2827.0 IOPS] <  2822.84 us>"),
        QStringLiteral("  SEQ    1MiB (Q=  1, T= 1):  2187.447 MB/s [   2086.1 IOPS] <   478.93 us>"),
        QStringLiteral("  RND    4KiB (Q= 32, T= 1):   292.145 MB/s [  71324.5 IOPS] <   448.51 us>"),
        QStringLiteral("  RND    4KiB (Q=  1, T= 1):   153.028 MB/s [  37360.4 IOPS] <    26.64 us>"),
        QString(),
        QStringLiteral("  Profile: Default"),
        QStringLiteral("     Test: 1 GiB (x3) [/home 43% (104/242GiB)]"),
        QStringLiteral("     Mode: [Read&Write]"),
        QStringLiteral("     Time: Measure 5 sec / Interval 5 sec"),
        QStringLiteral("     Date: 2026/11/29 17:41:08"),
        QStringLiteral("       OS: Debian GNU/Linux 12 (bookworm) [6.1.0-13-amd64]"),
        QStringLiteral("   Health: Good, 42 °C at the start; Good, 47 °C at the end (hottest 49 °C)"),
        QStringLiteral("   Device: Samsung SSD 980 PRO 1TB (nvme) ext4"),
    };
    EXPECT_EQ(lines.mid(2).join(QLatin1Char('\n')).toStdString(), expected.join(QLatin1Char('\n')).toStdString());
    for (const auto& line : lines)
        EXPECT_LE(line.size(), 78) << line.toStdString();
}

TEST(TextReport, LongTitlePushesUrlButKeepsASpace)
{
    Report r = fakeReport();
    r.toolVersion = QString(60, QLatin1Char('9'));
    const QStringList lines = linesOf(formatText(r));
    const QString url = QStringLiteral(DM_PROJECT_URL);
    EXPECT_EQ(lines[1],
        QStringLiteral("Diskometer ") + r.toolVersion + QStringLiteral(" (libaio)")
            + (url.isEmpty() ? QString() : QLatin1Char(' ') + url));
}

TEST(TextReport, FailedTestPrintsItsRowWithTheError)
{
    Report r = fakeReport();
    r.run.tests[2].error = "I/O error on /dev/nvme0n1p2 at offset 4096 (EIO)";
    const QStringList read = section(linesOf(formatText(r)), QStringLiteral("[Read]"));
    ASSERT_EQ(read.size(), 4);
    EXPECT_EQ(
        read[2].toStdString(), "  RND    4KiB (Q= 32, T= 1): error: I/O error on /dev/nvme0n1p2 at offset 4096 (EIO)");
    EXPECT_TRUE(read[1].contains(QStringLiteral("2160.286 MB/s")));
}

TEST(TextReport, TestThatDidNotRunPrintsNothing)
{
    Report r = fakeReport();
    r.run.tests.erase(r.run.tests.begin() + 1); // SEQ1M Q1T1 read never ran
    r.run.tests[5].passes.clear(); // RND4K Q32T1 write stopped before a pass finished, no error
    const QStringList lines = linesOf(formatText(r));
    const QStringList read = section(lines, QStringLiteral("[Read]"));
    const QStringList write = section(lines, QStringLiteral("[Write]"));
    ASSERT_EQ(read.size(), 3);
    EXPECT_TRUE(read[1].startsWith(QStringLiteral("  RND    4KiB (Q= 32")));
    ASSERT_EQ(write.size(), 3);
    EXPECT_TRUE(write[2].startsWith(QStringLiteral("  RND    4KiB (Q=  1")));
}

TEST(TextReport, ReadOnlyRunHasNoWriteSection)
{
    Report r = fakeReport();
    r.mode = Mode::Read;
    r.run.tests.resize(4);
    const QStringList lines = linesOf(formatText(r));
    EXPECT_TRUE(lines.contains(QStringLiteral("[Read]")));
    EXPECT_FALSE(lines.contains(QStringLiteral("[Write]")));
    EXPECT_EQ(footer(lines, QStringLiteral("Mode")), QStringLiteral("[Read]"));
}

TEST(TextReport, ZerosAndBufferedShowInModeLine)
{
    Report r = fakeReport();
    r.run.settings.data = DataFill::Zeros;
    EXPECT_EQ(footer(linesOf(formatText(r)), QStringLiteral("Mode")), QStringLiteral("[Read&Write] [0Fill]"));
    r.run.region.direct = false;
    r.preset = Preset::Nvme;
    EXPECT_EQ(footer(linesOf(formatText(r)), QStringLiteral("Mode")),
        QStringLiteral("[Read&Write] [NVMe SSD] [0Fill] [buffered]"));
}

TEST(TextReport, MixSectionTitleCarriesTheShare)
{
    QStringList lines = linesOf(formatText(fakeReportWithMix(70)));
    const QStringList mix = section(lines, QStringLiteral("[Mix] Read 70%/Write 30%"));
    ASSERT_EQ(mix.size(), 4);
    EXPECT_EQ(mix[0].toStdString(), "  SEQ    1MiB (Q=  8, T= 1):  3001.500 MB/s [   2862.5 IOPS] <  2793.12 us>");
    // The mix section comes after the write section.
    EXPECT_GT(lines.indexOf(QStringLiteral("[Mix] Read 70%/Write 30%")), lines.indexOf(QStringLiteral("[Write]")));

    lines = linesOf(formatText(fakeReportWithMix(40)));
    EXPECT_TRUE(lines.contains(QStringLiteral("[Mix] Read 40%/Write 60%")));
    EXPECT_FALSE(linesOf(formatText(fakeReport())).join(QLatin1Char('\n')).contains(QStringLiteral("[Mix]")));
}

TEST(TextReport, PeakProfilePrintsTwoRowsPerSection)
{
    Report r = fakeReport();
    r.profile = Profile::Peak;
    r.preset = Preset::Nvme;
    const TestRow rnd4kQ32T16 { Pattern::Random, 4 * KiB, 32, 16 };
    r.run.tests = {
        fakeTest({ kSeq1MQ8, Direction::Read, 100 }, 7000.123, 6675.9, 1198.2),
        fakeTest({ rnd4kQ32T16, Direction::Read, 100 }, 2600.5, 634887.2, 805.44),
        fakeTest({ kSeq1MQ8, Direction::Write, 0 }, 5100.5, 4864.2, 1644.1),
        fakeTest({ rnd4kQ32T16, Direction::Write, 0 }, 1900.25, 463928.0, 1103.31),
    };
    const QStringList lines = linesOf(formatText(r));
    const QStringList read = section(lines, QStringLiteral("[Read]"));
    ASSERT_EQ(read.size(), 2);
    EXPECT_EQ(read[1].toStdString(), "  RND    4KiB (Q= 32, T=16):  2600.500 MB/s [ 634887.2 IOPS] <   805.44 us>");
    EXPECT_EQ(section(lines, QStringLiteral("[Write]")).size(), 2);
    EXPECT_EQ(footer(lines, QStringLiteral("Profile")), QStringLiteral("Peak"));
}

// A --tests list is no profile: the reports say so and name its rows, each once.
TEST(TextReport, ACustomListIsLabelledWithItsRows)
{
    Report r = fakeReport();
    r.profile = Profile::Custom;
    const TestRow rnd4kQ32T16 { Pattern::Random, 4 * KiB, 32, 16 };
    r.run.tests = {
        fakeTest({ kSeq1MQ8, Direction::Read, 100 }, 7000.0, 6675.9, 1198.2),
        fakeTest({ rnd4kQ32T16, Direction::Read, 100 }, 2600.5, 634887.2, 805.44),
        fakeTest({ kSeq1MQ8, Direction::Write, 0 }, 5100.5, 4864.2, 1644.1),
    };
    EXPECT_EQ(
        footer(linesOf(formatText(r)), QStringLiteral("Profile")), QStringLiteral("Custom (SEQ1M Q8T1, RND4K Q32T16)"));
    EXPECT_TRUE(formatMarkdown(r).contains(QStringLiteral("Profile: Custom (SEQ1M Q8T1, RND4K Q32T16)")))
        << formatMarkdown(r).toStdString();
    auto back = parseJson(formatJson(r));
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(back->profile, Profile::Custom);
    EXPECT_FALSE(parseProfile("custom")); // not a profile --profile can choose: it has no rows
}

TEST(TextReport, BlockSizesOtherThanTheDefaults)
{
    Report r = fakeReport();
    r.run.tests = {
        fakeTest({ { Pattern::Sequential, 128 * KiB, 32, 1 }, Direction::Read, 100 }, 1.0, 1.0, 1.0),
        fakeTest({ { Pattern::Sequential, 8 * MiB, 512, 64 }, Direction::Read, 100 }, 1.0, 1.0, 1.0),
        fakeTest({ { Pattern::Random, 512, 1, 1 }, Direction::Read, 100 }, 1.0, 1.0, 1.0),
    };
    const QStringList read = section(linesOf(formatText(r)), QStringLiteral("[Read]"));
    ASSERT_EQ(read.size(), 3);
    EXPECT_TRUE(read[0].startsWith(QStringLiteral("  SEQ  128KiB (Q= 32, T= 1):"))) << read[0].toStdString();
    EXPECT_TRUE(read[1].startsWith(QStringLiteral("  SEQ    8MiB (Q=512, T=64):"))) << read[1].toStdString();
    EXPECT_TRUE(read[2].startsWith(QStringLiteral("  RND  512B (Q=  1, T= 1):"))) << read[2].toStdString();
}

TEST(TextReport, FooterDescribesSizeTimeAndTarget)
{
    Report r = fakeReport();
    r.run.settings.testSize = 512 * MiB;
    r.run.settings.count = 3;
    r.run.settings.measureSeconds = 10;
    r.run.settings.intervalSeconds = 0.5;
    r.target.mountPoint = QStringLiteral("/mnt/100%2 full"); // a '%' in a path must survive
    QStringList lines = linesOf(formatText(r));
    EXPECT_EQ(footer(lines, QStringLiteral("Test")), QStringLiteral("512 MiB (x3) [/mnt/100%2 full 43% (104/242GiB)]"));
    EXPECT_EQ(footer(lines, QStringLiteral("Time")), QStringLiteral("Measure 10 sec / Interval 0.5 sec"));

    // A raw device: its size only, no usage.
    r.target.kind = QStringLiteral("block-device");
    r.target.device = QStringLiteral("/dev/sdb");
    r.target.capacityBytes = qint64(58 * GiB);
    r.target.freeBytes.reset();
    lines = linesOf(formatText(r));
    EXPECT_EQ(footer(lines, QStringLiteral("Test")), QStringLiteral("512 MiB (x3) [/dev/sdb (58GiB)]"));

    // A small filesystem is counted in MiB, not as 0/0GiB.
    r.target.kind = QStringLiteral("directory");
    r.target.mountPoint = QStringLiteral("/mnt/rig");
    r.target.capacityBytes = qint64(100 * MiB);
    r.target.freeBytes = qint64(75 * MiB);
    lines = linesOf(formatText(r));
    EXPECT_EQ(footer(lines, QStringLiteral("Test")), QStringLiteral("512 MiB (x3) [/mnt/rig 25% (25/100MiB)]"));
}

TEST(TextReport, DeviceLineLeavesOutUnknownParts)
{
    Report r = fakeReport();
    r.target.model = QStringLiteral("Ultra");
    r.target.vendor = QStringLiteral("SanDisk");
    r.target.bus = QStringLiteral("usb");
    r.target.link = QStringLiteral("USB 3.2 Gen 1 (5 Gbps)");
    r.target.filesystem = QStringLiteral("exfat");
    EXPECT_EQ(footer(linesOf(formatText(r)), QStringLiteral("Device")),
        QStringLiteral("SanDisk Ultra (usb, USB 3.2 Gen 1 (5 Gbps)) exfat"));

    r.target = {};
    r.target.device = QStringLiteral("tmpfs");
    r.target.filesystem = QStringLiteral("tmpfs");
    EXPECT_EQ(footer(linesOf(formatText(r)), QStringLiteral("Device")), QStringLiteral("tmpfs"));

    r.target.device = QStringLiteral("/dev/mapper/root");
    r.target.filesystem = QStringLiteral("xfs");
    EXPECT_EQ(footer(linesOf(formatText(r)), QStringLiteral("Device")), QStringLiteral("/dev/mapper/root xfs"));

    r.target = {};
    EXPECT_FALSE(formatText(r).contains(QStringLiteral("Device:")));
}

TEST(TextReport, WarningsCancelAndCommentComeLast)
{
    Report r = fakeReport();
    EXPECT_FALSE(formatText(r).contains(QStringLiteral("Comment:")));
    EXPECT_FALSE(formatText(r).contains(QStringLiteral("Cancelled:")));

    r.run.warnings = { "O_DIRECT is not supported here: buffered I/O was used", "btrfs is copy-on-write" };
    r.run.cancelled = true;
    r.comment = QStringLiteral("Laptop on battery,\nlid closed");
    const QStringList lines = linesOf(formatText(r));
    const QStringList tail = lines.mid(lines.size() - 4);
    EXPECT_EQ(tail[0], QStringLiteral("  Warning: O_DIRECT is not supported here: buffered I/O was used"));
    EXPECT_EQ(tail[1], QStringLiteral("  Warning: btrfs is copy-on-write"));
    EXPECT_TRUE(tail[2].startsWith(QStringLiteral("Cancelled: "))) << tail[2].toStdString();
    EXPECT_EQ(tail[3], QStringLiteral("  Comment: Laptop on battery, lid closed"));
}

TEST(TextReport, CrlfOnRequest)
{
    const Report r = fakeReport();
    const QString lf = formatText(r);
    const QString crlf = formatText(r, true);
    EXPECT_FALSE(lf.contains(QLatin1Char('\r')));
    EXPECT_TRUE(crlf.endsWith(QStringLiteral("\r\n")));
    EXPECT_EQ(crlf.count(QStringLiteral("\r\n")), lf.count(QLatin1Char('\n')));
    EXPECT_EQ(crlf.count(QLatin1Char('\n')), lf.count(QLatin1Char('\n'))); // no bare \n left
    QString back = crlf;
    back.replace(QStringLiteral("\r\n"), QStringLiteral("\n"));
    EXPECT_EQ(back, lf);
}

TEST(TextReport, TestSizeLabels)
{
    EXPECT_EQ(testSizeLabel(1 * GiB), QStringLiteral("1 GiB"));
    EXPECT_EQ(testSizeLabel(64 * GiB), QStringLiteral("64 GiB"));
    EXPECT_EQ(testSizeLabel(16 * MiB), QStringLiteral("16 MiB"));
    EXPECT_EQ(testSizeLabel(1536 * MiB), QStringLiteral("1536 MiB"));
}
