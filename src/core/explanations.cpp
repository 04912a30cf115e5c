// SPDX-License-Identifier: GPL-3.0-or-later
#include "explanations.h"

#include "explaindevice.h"
#include "textreport.h"

#include <QCoreApplication>
#include <QJsonArray>

#include <algorithm>
#include <cmath>

namespace dm {

namespace {

    struct Text {
        Q_DECLARE_TR_FUNCTIONS(dm::Explanations)
    };

    QString mbps(double v) { return QString::number(v, 'f', v < 10 ? 2 : 1); }

    double headline(const TestResult& t) { return passStatistics(t.passes).bestMbPerSec; }

    int depth(const TestRow& row) { return int(row.queueDepth * row.threads); }

    // The Q1T1 row a queue-depth row is compared with: same direction, pattern and block size.
    const TestResult* q1Counterpart(const RunResult& run, const TestResult& test)
    {
        for (const TestResult& other : run.tests) {
            const TestRow& r = other.spec.row;
            if (other.ok() && other.spec.direction == test.spec.direction && r.pattern == test.spec.row.pattern
                && r.blockSize == test.spec.row.blockSize && r.queueDepth == 1 && r.threads == 1)
                return &other;
        }
        return nullptr;
    }

    // "…: 46.7 MB/s, within 10 % of RND4K Q1T1 write (45.9 MB/s)" when the row gained nothing
    // from its queue; empty otherwise.
    QString sameAsQ1(const RunResult& run, const TestResult& test)
    {
        const TestResult* q1 = q1Counterpart(run, test);
        if (!q1 || !test.ok())
            return {};
        const double a = headline(test), b = headline(*q1);
        if (b <= 0 || std::abs(a - b) > explain::kSameAsQ1 * b)
            return {};
        return Text::tr("%1: %2 MB/s, within %3 % of %4 (%5 MB/s)")
            .arg(testLabel(test.spec), mbps(a))
            .arg(int(explain::kSameAsQ1 * 100))
            .arg(testLabel(q1->spec), mbps(b));
    }

    bool isUsb(const TargetDescription& t) { return t.bus == QLatin1String("usb"); }

    // A USB 3 device held to USB 2.0 speed. USB 3 devices describe themselves as USB 2.10 when
    // they run at high speed (USB 3.2 spec 9.6.1), some bridges keep saying 3.x; a USB 2 stick
    // says 2.00. A 2.10 device could be a USB 2 one with link power management; the text says so.
    void usbLinkRule(const TargetDescription& t, std::vector<Explanation>& out)
    {
        if (!isUsb(t) || t.linkMbps != 480 || t.usbVersion.isEmpty())
            return;
        const double version = t.usbVersion.toDouble();
        if (version >= 3.0)
            out.push_back({ Explanation::Kind::Warning,
                Text::tr("this USB %1 device is linked at USB 2.0 speed (480 Mbps, at most about 40 MB/s in "
                         "practice): another port or cable may be much faster")
                    .arg(t.usbVersion),
                {} });
        else if (t.usbVersion == QLatin1String("2.10"))
            out.push_back({ Explanation::Kind::Warning,
                Text::tr("linked at USB 2.0 speed (480 Mbps, at most about 40 MB/s in practice); the device "
                         "reports USB 2.10, as USB 3 devices do on a USB 2.0 connection: if it is a USB 3 drive, "
                         "another port or cable may be much faster"),
                {} });
    }

    // What the rules about the target and its queue look at: each test's spec, and whether it
    // ran. The grid's tests give them; the other kinds describe their I/O the same way
    // (explainConditions), so one rule speaks for every kind.
    struct Ran {
        TestSpec spec;
        bool ok = true;
    };

    std::vector<Ran> ranOf(const RunResult& run)
    {
        std::vector<Ran> ran;
        for (const TestResult& t : run.tests)
            ran.push_back({ t.spec, t.ok() });
        return ran;
    }

    bool onBulkOnly(const TargetDescription& t) { return isUsb(t) && t.uas == false; }

    // The most commands the device has at once; 0 = no known limit.
    int queueLimit(const TargetDescription& t)
    {
        if (onBulkOnly(t))
            return 1;
        int limit = 0;
        if (t.queue.deviceQueueDepth > 0)
            limit = t.queue.deviceQueueDepth;
        if (t.queue.requests > 0)
            limit = limit > 0 ? std::min(limit, t.queue.requests) : t.queue.requests;
        return limit;
    }

    std::vector<size_t> deeperThanTheDevice(const TargetDescription& t, const std::vector<Ran>& ran)
    {
        const int limit = queueLimit(t);
        std::vector<size_t> limited;
        for (size_t i = 0; i < ran.size(); ++i)
            if (limit > 0 && depth(ran[i].spec.row) > limit)
                limited.push_back(i);
        return limited;
    }

    // Bulk-Only Transport, or a device that takes one command at a time: queue-depth rows run at Q1.
    void queueRules(const TargetDescription& t, const std::vector<Ran>& ran, std::vector<Explanation>& out)
    {
        const int limit = queueLimit(t);
        const std::vector<size_t> limited = deeperThanTheDevice(t, ran);
        if (onBulkOnly(t)) {
            out.push_back({ Explanation::Kind::Note,
                Text::tr("this USB drive runs on the usb-storage driver (Bulk-Only Transport, no UAS), which "
                         "carries one command at a time: rows with a queue depth above 1 cannot be faster than Q1 "
                         "on this connection; a UAS-capable enclosure or port would differ"),
                limited });
        } else if (!limited.empty()) {
            const QString source = t.queue.deviceQueueDepth == limit
                ? QStringLiteral("device/queue_depth %1").arg(limit)
                : QStringLiteral("queue/nr_requests %1").arg(limit);
            out.push_back({ Explanation::Kind::Note,
                limit == 1 ? Text::tr("the device takes one command at a time (%1): rows with a queue depth above 1 "
                                      "run at depth 1")
                                 .arg(source)
                           : Text::tr("the device takes at most %1 commands at once (%2): deeper rows run at "
                                      "depth %1")
                                 .arg(limit)
                                 .arg(source),
                limited });
        }
    }

    // The grid's rows that the queue limit held to their Q1T1 figure, each named.
    void sameAsQ1Rules(const TargetDescription& t, const RunResult& run, std::vector<Explanation>& out)
    {
        for (size_t i : deeperThanTheDevice(t, ranOf(run))) {
            const QString same = sameAsQ1(run, run.tests[i]);
            if (same.isEmpty())
                continue;
            out.push_back({ Explanation::Kind::Note,
                onBulkOnly(t) ? Text::tr("%1: Bulk-Only Transport carries one command at a time").arg(same)
                              : Text::tr("%1: the device takes at most %2 command(s) at once")
                                    .arg(same)
                                    .arg(queueLimit(t)),
                { i } });
        }
    }

    std::vector<size_t> rowsWhere(const std::vector<Ran>& ran, bool (*pick)(const TestSpec&))
    {
        std::vector<size_t> rows;
        for (size_t i = 0; i < ran.size(); ++i)
            if (ran[i].ok && pick(ran[i].spec))
                rows.push_back(i);
        return rows;
    }

    void deviceRules(const TargetDescription& t, const std::vector<Ran>& ran, std::vector<Explanation>& out)
    {
        if (t.queue.writeCache == QLatin1String("write through")) {
            if (auto rows = rowsWhere(ran, [](const TestSpec& s) { return s.writes(); }); !rows.empty())
                out.push_back({ Explanation::Kind::Note,
                    Text::tr("the device's write cache is off (queue/write_cache: write through): every write "
                             "waits until it is on the medium, so write rows are lower than with a write-back "
                             "cache"),
                    rows });
        }
        if (t.rotational) {
            if (auto rows = rowsWhere(ran, [](const TestSpec& s) { return s.row.pattern == Pattern::Random; });
                !rows.empty())
                out.push_back({ Explanation::Kind::Note,
                    isUsb(t) ? Text::tr("the kernel calls this device rotational (many USB sticks claim to be): "
                                        "if it spins, random rows are bound by its seek time")
                             : Text::tr("a rotational (spinning) disk: random rows are bound by its seek time"),
                    rows });
        }
        // bfq spends CPU on every request to share the disk fairly; on a fast SSD that shows as
        // a ceiling on deep random rows.
        if (t.queue.scheduler == QLatin1String("bfq") && !t.rotational) {
            if (auto rows = rowsWhere(
                    ran, [](const TestSpec& s) { return s.row.pattern == Pattern::Random && depth(s.row) > 1; });
                !rows.empty())
                out.push_back({ Explanation::Kind::Note,
                    Text::tr("the bfq I/O scheduler spends CPU time on every request: deep random rows may be "
                             "lower than the drive does with mq-deadline or none"),
                    rows });
        }
    }

    void stabilityRules(const RunResult& run, std::vector<Explanation>& out)
    {
        for (size_t i = 0; i < run.tests.size(); ++i) {
            const TestResult& test = run.tests[i];
            if (!test.ok() || test.passes.size() < 2)
                continue;
            const PassStatistics s = passStatistics(test.passes);
            const bool spread = s.minMbPerSec > 0 ? s.maxMbPerSec > explain::kMaxBestToWorst * s.minMbPerSec
                                                  : s.maxMbPerSec > 0;
            if (s.cvPercent <= explain::kMaxCvPercent && !spread)
                continue;
            out.push_back({ Explanation::Kind::Warning,
                Text::tr("%1: the passes varied (CV %2 %, best %3 MB/s, worst %4 MB/s): not one stable figure; "
                         "run again, with nothing else using the drive")
                    .arg(testLabel(test.spec), QString::number(s.cvPercent, 'f', 1), mbps(s.maxMbPerSec),
                        mbps(s.minMbPerSec)),
                { i } });
        }
    }

    void sizeRules(const RunResult& run, std::vector<Explanation>& out)
    {
        const uint64_t size = run.region.length > 0 ? run.region.length : run.settings.testSize;
        if (size > 0 && size < explain::kMinTestSize && !run.tests.empty())
            out.push_back({ Explanation::Kind::Warning,
                Text::tr("the test size (%1) is smaller than the cache many drives have (%2 or more of DRAM or "
                         "SLC): the figures may be the cache's, not the drive's; choose a larger test size")
                    .arg(testSizeLabel(size), testSizeLabel(explain::kMinTestSize)),
                {} });
        for (size_t i = 0; i < run.tests.size(); ++i) {
            const TestResult& test = run.tests[i];
            if (!test.ok())
                continue;
            const auto least = std::min_element(test.passes.begin(), test.passes.end(),
                [](const PassResult& a, const PassResult& b) { return a.bytes < b.bytes; });
            if (least->bytes >= explain::kMinPassBytes)
                continue;
            out.push_back({ Explanation::Kind::Warning,
                Text::tr("%1: a pass moved only %2 MB, too little to measure well; choose a longer measure time")
                    .arg(testLabel(test.spec), mbps(double(least->bytes) / 1e6)),
                { i } });
        }
    }

    // A virtual machine whose host ran other guests meanwhile: one warning for the run, marking
    // each row with a pass above the threshold.
    void stealRule(const RunResult& run, std::vector<Explanation>& out)
    {
        std::vector<size_t> rows;
        double worst = 0;
        for (size_t i = 0; i < run.tests.size(); ++i) {
            double most = 0;
            for (const PassResult& p : run.tests[i].passes)
                most = std::max(most, p.stealPercent);
            if (most > explain::kMaxStealPercent)
                rows.push_back(i);
            worst = std::max(worst, most);
        }
        if (rows.empty())
            return;
        out.push_back({ Explanation::Kind::Warning,
            Text::tr("the virtual machine lost up to %1 % of its CPU time to its host (steal time) during %2 of "
                     "the %3 tests: such figures depend on what else the host runs, most of all at queue depth "
                     "1; run again when the host is quieter")
                .arg(QString::number(worst, 'f', 1))
                .arg(rows.size())
                .arg(run.tests.size()),
            rows });
    }

    void powerRules(const PowerDescription& p, std::vector<Explanation>& out)
    {
        if (p.onBattery.value_or(false))
            out.push_back({ Explanation::Kind::Warning,
                Text::tr("the machine ran on battery: power saving may slow the CPU and the bus, so results may be "
                         "lower than on mains power"),
                {} });
        if (p.profile == QLatin1String("power-saver"))
            out.push_back({ Explanation::Kind::Warning,
                Text::tr("the power-saver profile was active: results may be lower than with the performance "
                         "profile"),
                {} });
        if (!p.degraded.isEmpty())
            out.push_back({ Explanation::Kind::Warning,
                Text::tr("the performance profile ran degraded (%1): results may be lower").arg(p.degraded), {} });
        // intel_pstate and amd-pstate call their usual, dynamic setting "powersave" too; the text says so.
        if (p.cpuGovernor.split(QStringLiteral(", ")).contains(QStringLiteral("powersave")))
            out.push_back({ Explanation::Kind::Note,
                Text::tr("the CPU frequency governor is powersave: with intel_pstate or amd-pstate that is the "
                         "usual dynamic setting, with other drivers it holds the CPU at its lowest speed and "
                         "results may be lower"),
                {} });
    }

} // namespace

QString testLabel(const TestSpec& spec)
{
    return QString::fromStdString(rowName(spec.row)) + QLatin1Char(' ') + QLatin1String(directionName(spec.direction));
}

std::vector<Explanation> explainRun(const TargetDescription& target, const RunResult& run, const PowerDescription& power)
{
    std::vector<Explanation> all;
    powerRules(power, all);
    explain::virtualDiskRule(target, all);
    usbLinkRule(target, all);
    const std::vector<Ran> ran = ranOf(run);
    queueRules(target, ran, all);
    sameAsQ1Rules(target, run, all);
    deviceRules(target, ran, all);
    const std::vector<DeviceSeen> seen = deviceSeen(run);
    explain::requestShapeRules(seen, all);
    explain::foreignIoRule(seen, all);
    explain::processorBoundRule(run, all);
    stabilityRules(run, all);
    stealRule(run, all);
    sizeRules(run, all);
    std::stable_partition(
        all.begin(), all.end(), [](const Explanation& e) { return e.kind == Explanation::Kind::Warning; });
    return all;
}

std::vector<Explanation> explainConditions(const TargetDescription& target, const PowerDescription& power,
    const std::vector<TestSpec>& io, const std::vector<DeviceSeen>& seen)
{
    std::vector<Ran> ran;
    for (const TestSpec& spec : io)
        ran.push_back({ spec, true });
    std::vector<Explanation> all;
    powerRules(power, all);
    explain::virtualDiskRule(target, all);
    usbLinkRule(target, all);
    queueRules(target, ran, all);
    deviceRules(target, ran, all);
    explain::requestShapeRules(seen, all);
    explain::foreignIoRule(seen, all);
    for (Explanation& e : all)
        e.tests.clear(); // about the whole run: these kinds have no rows to mark
    std::stable_partition(
        all.begin(), all.end(), [](const Explanation& e) { return e.kind == Explanation::Kind::Warning; });
    return all;
}

QStringList explanationTexts(const std::vector<Explanation>& explanations, Explanation::Kind kind)
{
    QStringList texts;
    for (const Explanation& e : explanations)
        if (e.kind == kind)
            texts << e.text;
    return texts;
}

QStringList reportWarnings(const RunResult& run, const std::vector<Explanation>& explanations)
{
    return reportWarnings(run.warnings, explanations);
}

QStringList reportWarnings(const std::vector<std::string>& runWarnings, const std::vector<Explanation>& explanations)
{
    QStringList warnings;
    for (const std::string& w : runWarnings)
        warnings << QString::fromStdString(w);
    for (const QString& w : explanationTexts(explanations, Explanation::Kind::Warning))
        if (!warnings.contains(w))
            warnings << w;
    return warnings;
}

void insertExplanations(
    QJsonObject& root, const std::vector<std::string>& runWarnings, const std::vector<Explanation>& explanations)
{
    root.insert(QStringLiteral("warnings"), QJsonArray::fromStringList(reportWarnings(runWarnings, explanations)));
    root.insert(QStringLiteral("notes"),
        QJsonArray::fromStringList(explanationTexts(explanations, Explanation::Kind::Note)));
}

QString explanationLines(const std::vector<std::string>& runWarnings, const std::vector<Explanation>& explanations)
{
    QString out;
    for (const QString& w : reportWarnings(runWarnings, explanations))
        out += QStringLiteral("  Warning: %1\n").arg(w);
    for (const QString& n : explanationTexts(explanations, Explanation::Kind::Note))
        out += QStringLiteral("  Note: %1\n").arg(n);
    return out;
}

void dropExplainedWarnings(std::vector<std::string>& warnings, const std::vector<Explanation>& explanations)
{
    const QStringList explained = explanationTexts(explanations, Explanation::Kind::Warning);
    std::erase_if(warnings, [&](const std::string& w) { return explained.contains(QString::fromStdString(w)); });
}

std::vector<int> explanationMarks(const std::vector<Explanation>& explanations, size_t index)
{
    std::vector<int> marks;
    for (size_t n = 0; n < explanations.size(); ++n) {
        const auto& rows = explanations[n].tests;
        if (std::find(rows.begin(), rows.end(), index) != rows.end())
            marks.push_back(int(n) + 1);
    }
    return marks;
}

} // namespace dm
