// SPDX-License-Identifier: GPL-3.0-or-later
#include "progressline.h"

#include "remotestdin.h"

#include <QStringList>

#include <algorithm>

namespace dm {

namespace {
    QString clock(double seconds)
    {
        const qint64 s = qint64(std::max(0.0, seconds) + 0.5);
        if (s >= 3600)
            return QStringLiteral("%1:%2:%3")
                .arg(s / 3600)
                .arg(s % 3600 / 60, 2, 10, QLatin1Char('0'))
                .arg(s % 60, 2, 10, QLatin1Char('0'));
        return QStringLiteral("%1:%2").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
    }

    // Decimal, as drives are sold and as the reports count.
    QString bytes(uint64_t n, uint64_t scale)
    {
        return scale >= 1000000000 ? QString::number(double(n) / 1e9, 'f', 2)
                                   : QString::number(double(n) / 1e6, 'f', 0);
    }

    // Stages that count items one by one (tests, samples, reads, blocks).
    bool countsItems(const Stage& s) { return s.counts != StageCounts::Nothing && s.counts != StageCounts::Bytes; }
}

QString phaseLineText(const RunPhase& p)
{
    QStringList parts;
    QString head = QString::fromStdString(p.label);
    if (p.count > 0 && countsItems(p.stage))
        head = QStringLiteral("[%1/%2] %3").arg(std::min(p.index + 1, p.count)).arg(p.count).arg(head);
    parts << head;
    if (p.stage == Stage::WarmUp)
        parts << QStringLiteral("warm-up");
    else if (p.stage == Stage::Measure)
        parts << QStringLiteral("pass %1/%2").arg(p.pass).arg(p.passCount);
    else if (p.stage == Stage::Interval && p.stageSecondsLeft >= 0)
        parts << QStringLiteral("next test in %1").arg(clock(p.stageSecondsLeft));
    if (p.bytesTotal > 0)
        parts << QStringLiteral("%1 of %2 %3 (%4 %)")
                     .arg(bytes(p.bytesDone, p.bytesTotal), bytes(p.bytesTotal, p.bytesTotal),
                         p.bytesTotal >= 1000000000 ? QStringLiteral("GB") : QStringLiteral("MB"))
                     .arg(100 * p.stageFraction, 0, 'f', 0);
    if (p.mbPerSec)
        parts << QStringLiteral("%1 MB/s").arg(*p.mbPerSec, 0, 'f', 1);
    if (p.secondsLeft)
        parts << QStringLiteral("(%1 left)").arg(clock(*p.secondsLeft));
    return parts.join(QStringLiteral("  "));
}

void ProgressLine::attach(RunEvents& events)
{
    events.phase = [this](const RunPhase& p) { m_status.show(phaseLineText(p)); };
    events.finished = [this] { m_status.clear(); };
    // Every command's run goes through here: the one place a run driven by `remote ssh://
    // --together` waits for the other hosts before each timed item (remotestdin.h).
    events.itemStarting = holdAtRemoteBarrier;
}

} // namespace dm
