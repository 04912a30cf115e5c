// SPDX-License-Identifier: GPL-3.0-or-later
#include "markdownreport.h"

#include "explanations.h"
#include "targetinfo.h"
#include "textreport.h"

#include <QStringList>

#include <algorithm>
#include <vector>

namespace dm {

namespace {

    // Report text comes from users and devices; a line break would end the heading or the item.
    QString oneLine(const QString& text) { return text.simplified(); }

    const TestResult* find(const Report& report, const TestRow& row, Direction direction)
    {
        for (const auto& test : report.run.tests) {
            if (test.spec.row == row && test.spec.direction == direction)
                return &test;
        }
        return nullptr;
    }

    struct Cells {
        QString mbPerSec, iops, latencyUs;
    };

    // Empty when the direction did not run; "error" in every cell when it failed. The precision
    // is the text report's, so both reports of one run show the same figures.
    Cells cells(const TestResult* test)
    {
        if (!test)
            return {};
        if (test->error)
            return { QStringLiteral("error"), QStringLiteral("error"), QStringLiteral("error") };
        if (test->passes.empty())
            return {};
        const PassResult& p = test->passes[passStatistics(test->passes).bestIndex];
        return { QString::number(p.mbPerSec(), 'f', 3), QString::number(p.iops(), 'f', 1),
            QString::number(p.latency.meanNs / 1000.0, 'f', 2) };
    }

    QString tableLine(const QStringList& cells)
    {
        return QStringLiteral("| ") + cells.join(QStringLiteral(" | ")) + QStringLiteral(" |");
    }

    QString settingsLine(const Report& report)
    {
        const RunSettings& s = report.run.settings;
        QStringList parts;
        parts << QStringLiteral("Profile: ") + profileDescription(report);
        if (report.preset == Preset::Nvme)
            parts << QStringLiteral("NVMe SSD preset");
        parts << QStringLiteral("%1 × %2").arg(testSizeLabel(s.testSize)).arg(s.count);
        parts << QStringLiteral("measure %1 s, interval %2 s")
                     .arg(QString::number(s.measureSeconds), QString::number(s.intervalSeconds));
        parts << (s.data == DataFill::Zeros ? QStringLiteral("zeros") : QStringLiteral("random data"));
        parts << (report.run.region.direct ? QStringLiteral("direct I/O") : QStringLiteral("buffered I/O"));
        if (!report.target.path.isEmpty())
            parts << QStringLiteral("target `") + report.target.path + QLatin1Char('`');
        if (!report.system.os.isEmpty())
            parts << report.system.os
                    + (report.system.kernel.isEmpty() ? QString()
                                                      : QStringLiteral(" (") + report.system.kernel + QLatin1Char(')'));
        parts << QStringLiteral("%1 %2 (%3)").arg(report.toolName, report.toolVersion, report.engine);
        return oneLine(parts.join(QStringLiteral(", ")));
    }

} // namespace

QString formatMarkdown(const Report& report)
{
    // Rows in the order they first ran; every direction of a row shares one table line.
    std::vector<TestRow> rows;
    bool mix = false;
    for (const auto& test : report.run.tests) {
        mix = mix || test.spec.direction == Direction::Mix;
        if (std::find(rows.begin(), rows.end(), test.spec.row) == rows.end())
            rows.push_back(test.spec.row);
    }

    QString device = deviceSummary(report.target);
    if (device.isEmpty())
        device = report.target.path;
    QStringList lines;
    lines << QStringLiteral("## ") + oneLine(device) + QStringLiteral(", ")
            + report.date.toString(QStringLiteral("yyyy/MM/dd HH:mm:ss"));
    lines << QString() << settingsLine(report);
    if (const QString queue = queueSummary(report.target.queue, report.target.rotational); !queue.isEmpty())
        lines << QString() << QStringLiteral("Queue: ") + queue;
    if (const QString power = powerSummary(report.system.power); !power.isEmpty())
        lines << QString() << QStringLiteral("Power: ") + power;
    if (const QString health = healthSummary(report.health); !health.isEmpty())
        lines << QString() << QStringLiteral("Health: ") + health;
    if (!report.comment.trimmed().isEmpty())
        lines << QString() << QStringLiteral("> ") + oneLine(report.comment);
    lines << QString();

    QStringList header { QStringLiteral("Test"), QStringLiteral("Read MB/s"), QStringLiteral("Write MB/s"),
        QStringLiteral("Read IOPS"), QStringLiteral("Write IOPS"), QStringLiteral("Read µs"),
        QStringLiteral("Write µs") };
    if (mix)
        header << QStringLiteral("Mix MB/s") << QStringLiteral("Mix IOPS") << QStringLiteral("Mix µs");
    lines << tableLine(header);
    // Figures right-aligned so the digits line up when rendered.
    QStringList alignment { QStringLiteral("---") };
    while (alignment.size() < header.size())
        alignment << QStringLiteral("---:");
    lines << tableLine(alignment);

    const std::vector<Explanation> explanations = explainRun(report.target, report.run, report.system.power);
    for (const TestRow& row : rows) {
        // One table line holds every direction of a row: it carries the marks of all of them.
        std::vector<int> marks;
        for (size_t i = 0; i < report.run.tests.size(); ++i)
            if (report.run.tests[i].spec.row == row)
                for (int n : explanationMarks(explanations, i))
                    if (std::find(marks.begin(), marks.end(), n) == marks.end())
                        marks.push_back(n);
        std::sort(marks.begin(), marks.end());
        QString name = QString::fromStdString(rowName(row));
        if (!marks.empty()) {
            QStringList numbers;
            for (int n : marks)
                numbers << QString::number(n);
            name += QStringLiteral(" [") + numbers.join(QLatin1Char(',')) + QLatin1Char(']');
        }
        const Cells read = cells(find(report, row, Direction::Read));
        const Cells write = cells(find(report, row, Direction::Write));
        QStringList line { name, read.mbPerSec, write.mbPerSec, read.iops, write.iops,
            read.latencyUs, write.latencyUs };
        if (mix) {
            const Cells m = cells(find(report, row, Direction::Mix));
            line << m.mbPerSec << m.iops << m.latencyUs;
        }
        lines << tableLine(line);
    }

    const QStringList explained = explanationTexts(explanations, Explanation::Kind::Warning);
    QStringList footer;
    for (const auto& warning : report.run.warnings)
        if (!explained.contains(QString::fromStdString(warning)))
            footer << QStringLiteral("- Warning: ") + oneLine(QString::fromStdString(warning));
    for (size_t n = 0; n < explanations.size(); ++n)
        footer << QStringLiteral("- %1 [%2]: ")
                      .arg(explanations[n].kind == Explanation::Kind::Warning ? QStringLiteral("Warning")
                                                                              : QStringLiteral("Note"))
                      .arg(n + 1)
                + oneLine(explanations[n].text);
    if (!footer.isEmpty() || report.run.cancelled)
        lines << QString() << footer;
    if (report.run.cancelled)
        lines << QStringLiteral("- Cancelled: the run was stopped; later tests did not run");
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

} // namespace dm
