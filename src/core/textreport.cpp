// SPDX-License-Identifier: GPL-3.0-or-later
#include "textreport.h"

#include "driveline.h"
#include "explanations.h"
#include "targetinfo.h"

#include <QStringList>

#include <algorithm>
#include <cmath>
#include <optional>

namespace dm {

namespace {

    constexpr int kRuleWidth = 78;
    // Footer labels are right-aligned so their colons line up; 9 fits the longest ("Cancelled").
    constexpr int kLabelWidth = 9;

    QString rule() { return QString(kRuleWidth, QLatin1Char('-')); }

    QString footerLine(const QString& label, const QString& value)
    {
        return QStringLiteral("%1: %2").arg(label, kLabelWidth).arg(value);
    }

    // "  SEQ    1MiB (Q=  8, T= 1):", the part of a row that names the test.
    QString rowPrefix(const TestRow& row)
    {
        uint32_t number = row.blockSize;
        const char* unit = "B";
        if (row.blockSize % MiB == 0) {
            number = row.blockSize / uint32_t(MiB);
            unit = "MiB";
        } else if (row.blockSize % KiB == 0) {
            number = row.blockSize / uint32_t(KiB);
            unit = "KiB";
        }
        return QString::asprintf("  %s %4d%s (Q=%3d, T=%2d):", row.pattern == Pattern::Sequential ? "SEQ" : "RND",
            int(number), unit, int(row.queueDepth), int(row.threads));
    }

    // Nothing for a test that neither failed nor finished a pass (a cancelled run stops mid-test).
    std::optional<QString> rowLine(const TestResult& test, const std::vector<int>& marks)
    {
        const QString prefix = rowPrefix(test.spec.row);
        if (test.error)
            return prefix + QStringLiteral(" error: ") + QString::fromStdString(*test.error).simplified();
        if (test.passes.empty())
            return std::nullopt;
        const PassResult& headline = test.passes[passStatistics(test.passes).bestIndex];
        QString line = prefix
            + QString::asprintf(" %9.3f MB/s [%9.1f IOPS] <%9.2f us>", headline.mbPerSec(), headline.iops(),
                headline.latency.meanNs / 1000.0);
        // After CrystalDiskMark's columns, so a row still compares with theirs: the numbers of
        // the Warning and Note lines about it.
        if (!marks.empty()) {
            QStringList numbers;
            for (int n : marks)
                numbers << QString::number(n);
            line += QStringLiteral(" [") + numbers.join(QLatin1Char(',')) + QLatin1Char(']');
        }
        return line;
    }

    QString modeLabel(const Report& report)
    {
        QStringList items;
        switch (report.mode) {
        case Mode::All:
            items << QStringLiteral("[Read&Write]");
            break;
        case Mode::Read:
            items << QStringLiteral("[Read]");
            break;
        case Mode::Write:
            items << QStringLiteral("[Write]");
            break;
        }
        if (report.preset == Preset::Nvme)
            items << QStringLiteral("[NVMe SSD]");
        if (report.run.settings.data == DataFill::Zeros)
            items << QStringLiteral("[0Fill]");
        if (!report.run.region.direct)
            items << QStringLiteral("[buffered]");
        return items.join(QLatin1Char(' '));
    }

    QString seconds(double s) { return QString::number(s); }

    QString osLabel(const SystemDescription& system)
    {
        if (system.kernel.isEmpty())
            return system.os;
        if (system.os.isEmpty())
            return QStringLiteral("[%1]").arg(system.kernel);
        return QStringLiteral("%1 [%2]").arg(system.os, system.kernel);
    }

    int mixReadPercent(const Report& report)
    {
        // What ran wins over what was asked for: the tests carry the share they used.
        for (const auto& test : report.run.tests) {
            if (test.spec.direction == Direction::Mix)
                return test.spec.readPercent;
        }
        return report.mixReadPercent.value_or(70);
    }

} // namespace

QString profileLabel(Profile profile)
{
    switch (profile) {
    case Profile::Default:
        return QStringLiteral("Default");
    case Profile::Peak:
        return QStringLiteral("Peak");
    case Profile::RealWorld:
        return QStringLiteral("Real World");
    case Profile::Demo:
        return QStringLiteral("Demo");
    case Profile::Custom:
        return QStringLiteral("Custom");
    case Profile::Flash:
        return QStringLiteral("Flash Memory");
    }
    return {};
}

QString profileDescription(const Report& report)
{
    if (report.profile != Profile::Custom)
        return profileLabel(report.profile);
    // The rows, as they were given (each once, whatever its directions): a custom list is only
    // comparable with the same list.
    QStringList rows;
    for (const auto& t : report.run.tests)
        if (const QString name = QString::fromStdString(rowName(t.spec.row)); !rows.contains(name))
            rows << name;
    return rows.isEmpty()
        ? profileLabel(report.profile)
        : QStringLiteral("%1 (%2)").arg(profileLabel(report.profile), rows.join(QStringLiteral(", ")));
}

QString testDataTitle(DataFill data) { return data == DataFill::Zeros ? QStringLiteral(" <0Fill>") : QString(); }

QString testSizeLabel(uint64_t bytes)
{
    if (bytes >= GiB && bytes % GiB == 0)
        return QStringLiteral("%1 GiB").arg(bytes / GiB);
    if (bytes >= MiB && bytes % MiB == 0)
        return QStringLiteral("%1 MiB").arg(bytes / MiB);
    if (bytes >= KiB && bytes % KiB == 0)
        return QStringLiteral("%1 KiB").arg(bytes / KiB);
    return QStringLiteral("%1 B").arg(bytes);
}

QString formatText(const Report& report, bool crlf)
{
    QStringList lines;
    const QString title = QStringLiteral("%1 %2 (%3)").arg(report.toolName, report.toolVersion, report.engine)
        + testDataTitle(report.run.settings.data);
    // The project's address right-aligned as CrystalDiskMark prints its own, only where there is
    // one (DM_PROJECT_URL, empty until the project has a public address).
    const QString url = QStringLiteral(DM_PROJECT_URL);
    lines << rule();
    lines << (url.isEmpty()
            ? title
            : title + QString(std::max<qsizetype>(1, kRuleWidth - title.size() - url.size()), QLatin1Char(' ')) + url);
    lines << rule();
    lines << QStringLiteral("* MB/s = 1,000,000 bytes/s [SATA/600 = 600,000,000 bytes/s]");
    lines << QStringLiteral("* KB = 1000 bytes, KiB = 1024 bytes");

    const struct {
        Direction direction;
        QString title;
    } sections[] = {
        { Direction::Read, QStringLiteral("[Read]") },
        { Direction::Write, QStringLiteral("[Write]") },
        { Direction::Mix,
            QStringLiteral("[Mix] Read %1%/Write %2%").arg(mixReadPercent(report)).arg(100 - mixReadPercent(report)) },
    };
    const std::vector<Explanation> explanations = explainRun(report.target, report.run, report.system.power);
    for (const auto& section : sections) {
        QStringList rows;
        for (size_t i = 0; i < report.run.tests.size(); ++i) {
            const TestResult& test = report.run.tests[i];
            if (test.spec.direction != section.direction)
                continue;
            if (auto line = rowLine(test, explanationMarks(explanations, i)))
                rows << *line;
        }
        if (rows.isEmpty())
            continue;
        lines << QString() << section.title << rows;
    }

    const RunSettings& settings = report.run.settings;
    lines << QString();
    lines << footerLine(QStringLiteral("Profile"), profileDescription(report));
    lines << footerLine(QStringLiteral("Test"),
        QStringLiteral("%1 (x%2) %3")
            .arg(testSizeLabel(settings.testSize))
            .arg(settings.count)
            .arg(targetUsage(report.target)));
    lines << footerLine(QStringLiteral("Mode"), modeLabel(report));
    lines << footerLine(QStringLiteral("Time"),
        QStringLiteral("Measure %1 sec / Interval %2 sec")
            .arg(seconds(settings.measureSeconds), seconds(settings.intervalSeconds)));
    lines << footerLine(QStringLiteral("Date"), report.date.toString(QStringLiteral("yyyy/MM/dd HH:mm:ss")));
    if (const QString os = osLabel(report.system); !os.isEmpty())
        lines << footerLine(QStringLiteral("OS"), os);
    if (const QString power = powerSummary(report.system.power); !power.isEmpty())
        lines << footerLine(QStringLiteral("Power"), power);
    if (const QString health = healthSummary(report.health); !health.isEmpty())
        lines << footerLine(QStringLiteral("Health"), health);
    if (const QString device = deviceSummary(report.target); !device.isEmpty())
        lines << footerLine(QStringLiteral("Device"), device);
    if (const QString queue = queueSummary(report.target.queue, report.target.rotational); !queue.isEmpty())
        lines << footerLine(QStringLiteral("Queue"), queue);
    for (const DeviceSeen& seen : deviceSeen(report.run))
        if (const QString line = deviceIoLine(seen); !line.isEmpty())
            lines << footerLine(QStringLiteral("Requests"), line);
    const QStringList explained = explanationTexts(explanations, Explanation::Kind::Warning);
    for (const auto& warning : report.run.warnings) {
        // A run read back from JSON carries the explanations' warnings too; they follow, numbered.
        if (!explained.contains(QString::fromStdString(warning)))
            lines << footerLine(QStringLiteral("Warning"), QString::fromStdString(warning).simplified());
    }
    for (size_t n = 0; n < explanations.size(); ++n) {
        const Explanation& e = explanations[n];
        lines << footerLine(e.kind == Explanation::Kind::Warning ? QStringLiteral("Warning") : QStringLiteral("Note"),
            QStringLiteral("[%1] ").arg(n + 1) + e.text.simplified());
    }
    if (report.run.cancelled)
        lines << footerLine(
            QStringLiteral("Cancelled"), QStringLiteral("the run was stopped; later tests did not run"));
    if (!report.comment.trimmed().isEmpty())
        lines << footerLine(QStringLiteral("Comment"), report.comment.simplified()); // one line, as pasted

    const QString eol = crlf ? QStringLiteral("\r\n") : QStringLiteral("\n");
    return lines.join(eol) + eol;
}

} // namespace dm
