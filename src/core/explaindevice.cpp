// SPDX-License-Identifier: GPL-3.0-or-later
// The explanations that come from what reached the drive (deviceio.h) and from what the drive is
// (a virtual machine's disk): the rules explanations.cpp runs for every kind.
#include "explaindevice.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace dm::explain {

namespace {
    struct Text {
        Q_DECLARE_TR_FUNCTIONS(dm::Explanations) // one translation context for every explanation
    };

    std::vector<size_t> rowsOf(const DeviceSeen& seen)
    {
        return seen.row ? std::vector<size_t> { *seen.row } : std::vector<size_t> {};
    }
} // namespace

void requestShapeRules(const std::vector<DeviceSeen>& seen, std::vector<Explanation>& out)
{
    for (const DeviceSeen& s : seen) {
        for (const RequestShape& shape : reshapedRequests(s)) {
            const QString sent = requestSizeLabel(s.ioBytes);
            const QString got = requestSizeLabel(shape.requestBytes);
            QString text;
            if (shape.sentPerRequest >= 1)
                text = shape.write
                    ? Text::tr("%1: the kernel joined the %2 writes into %3 requests, %4 in flight on average: the "
                               "drive saw larger requests than CrystalDiskMark sends on Windows")
                    : Text::tr("%1: the kernel joined the %2 reads into %3 requests, %4 in flight on average: the "
                               "drive saw larger requests than CrystalDiskMark sends on Windows");
            else
                text = shape.write
                    ? Text::tr("%1: each %2 write reached the drive as %5 requests (%3 on average, %4 in flight): "
                               "the device takes smaller requests (queue/max_sectors_kb) or the file lies in pieces, so the "
                               "figure is for those")
                    : Text::tr("%1: each %2 read reached the drive as %5 requests (%3 on average, %4 in flight): "
                               "the device takes smaller requests (queue/max_sectors_kb) or the file lies in pieces, so the "
                               "figure is for those");
            text = text.arg(s.label, sent, got, QString::number(s.io.avgInFlight, 'f', 1));
            if (shape.sentPerRequest < 1)
                text = text.arg(QString::number(1.0 / shape.sentPerRequest, 'f', 1));
            out.push_back({ Explanation::Kind::Note, text, rowsOf(s) });
        }
    }
}

void foreignIoRule(const std::vector<DeviceSeen>& seen, std::vector<Explanation>& out)
{
    std::vector<size_t> rows;
    const DeviceSeen* worst = nullptr;
    for (const DeviceSeen& s : seen) {
        if (!foreignIoAbove(s))
            continue;
        if (s.row)
            rows.push_back(*s.row);
        if (!worst || foreignPercent(s) > foreignPercent(*worst))
            worst = &s;
    }
    if (!worst)
        return;
    const double own = double(worst->foreignBesideBytes) / 1e6;
    const double foreign = double(worst->foreignBytes) / 1e6;
    const QString device = QString::fromStdString(worst->io.device);
    // A grid row's worst pass, or a phase of another kind.
    const QString where = worst->row ? Text::tr("a pass of %1").arg(worst->label) : worst->label;
    out.push_back({ Explanation::Kind::Warning,
        Text::tr("something else used the drive: %1 counted %2 MB besides the %3 MB that %4 moved (%5 %); the "
                 "figures may be lower than the drive can do: run again with nothing else using it")
            .arg(QString::fromStdString(worst->io.device), QString::number(foreign, 'f', 1),
                QString::number(own, 'f', 1), where)
            .arg(foreignPercent(*worst), 0, 'f', 0),
        rows });
}

void processorBoundRule(const RunResult& run, std::vector<Explanation>& out)
{
    for (size_t i = 0; i < run.tests.size(); ++i) {
        const TestResult& t = run.tests[i];
        const EngineCeiling* ceiling = ceilingFor(run.ceilings, t.spec.row);
        if (!t.ok() || !ceiling)
            continue;
        const double iops = t.passes[passStatistics(t.passes).bestIndex].iops();
        if (!boundByProcessor(iops, *ceiling))
            continue;
        out.push_back({ Explanation::Kind::Note,
            Text::tr("%1: %2 IOPS is %3 % of what the engine itself does on this machine with no drive in the way "
                     "(%4 IOPS at Q%5T%6, %7): this figure is bounded by the processor, not the drive")
                .arg(testLabel(t.spec), QString::number(iops, 'f', 0),
                    QString::number(iops * 100.0 / ceiling->iops, 'f', 0), QString::number(ceiling->iops, 'f', 0))
                .arg(ceiling->queueDepth)
                .arg(ceiling->threads)
                .arg(QString::fromStdString(ceiling->method)),
            { i } });
    }
}

QString virtualDiskKind(const TargetDescription& target)
{
    if (!target.virtualDisk.isEmpty())
        return target.virtualDisk;
    return target.bus == QLatin1String("virtio") ? QStringLiteral("virtio") : QString();
}

void virtualDiskRule(const TargetDescription& target, std::vector<Explanation>& out)
{
    const QString what = virtualDiskKind(target);
    if (what.isEmpty())
        return;
    out.push_back({ Explanation::Kind::Warning,
        Text::tr("a virtual disk (%1): the host may cache it, and figures above what its storage could do are the "
                 "host's memory, not a drive's")
            .arg(what),
        {} });
}

} // namespace dm::explain
