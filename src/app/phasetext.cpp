// SPDX-License-Identifier: GPL-3.0-or-later
#include "phasetext.h"

#include "toolpage.h"
#include "units.h"

#include <QCoreApplication>

namespace dm {

QString mbPerSecText(double v) { return QStringLiteral("%1 MB/s").arg(v, 0, 'f', v >= 100 ? 1 : 2); }

// The translation context of the words below (lupdate finds PhaseText::tr).
struct PhaseText {
    Q_DECLARE_TR_FUNCTIONS(dm::PhaseText)
};

namespace {

    QString rate(const RunPhase& p)
    {
        return p.mbPerSec ? mbPerSecText(*p.mbPerSec) : QString();
    }

    QString left(const RunPhase& p) { return phaseTimeLeftText(p); }
}

QString phaseTimeLeftText(const RunPhase& p)
{
    return p.secondsLeft ? PhaseText::tr(" · %1 left").arg(clockText(*p.secondsLeft)) : QString();
}

QString stageProgressText(const RunPhase& p, const QString& what)
{
    switch (p.stage.counts) {
    case StageCounts::Items:
        return PhaseText::tr("%1: %2 of %3").arg(what).arg(std::min(p.index, p.count)).arg(p.count) + left(p);
    case StageCounts::Bytes:
        if (p.bytesTotal == 0)
            break;
        return PhaseText::tr("%1 %2 of %3").arg(what, decimalSizeText(p.bytesDone), decimalSizeText(p.bytesTotal))
            + (p.mbPerSec ? PhaseText::tr(" at %1").arg(rate(p)) : QString()) + left(p);
    case StageCounts::Passes:
        return PhaseText::tr("%1 · pass %2/%3").arg(what).arg(p.pass).arg(p.passCount) + left(p);
    case StageCounts::Countdown:
        return PhaseText::tr("%1: %2 s").arg(what).arg(int(p.stageSecondsLeft + 0.5)) + left(p);
    case StageCounts::Nothing:
        break;
    }
    return PhaseText::tr("%1…").arg(what) + left(p);
}

QString phaseStatusText(const RunPhase& p, const PhaseWords& words)
{
    if (words.stageText)
        if (QString own = words.stageText(p); !own.isEmpty())
            return own;
    const QString title = words.itemTitle ? words.itemTitle(p.index) : QString::fromStdString(p.label);
    // The stages every kind shares (runevents.h); a kind's own are its page's (stageText).
    if (p.stage == Stage::Prepare)
        return PhaseText::tr("Preparing %1…").arg(words.target);
    if (p.stage == Stage::Fill)
        return PhaseText::tr("Writing the test file: %1%").arg(int(100 * p.stageFraction)) + left(p);
    if (p.stage == Stage::WarmUp)
        return PhaseText::tr("%1 · warm-up").arg(title) + left(p);
    if (p.stage == Stage::Measure)
        return PhaseText::tr("%1 · pass %2/%3").arg(title).arg(p.pass).arg(p.passCount) + left(p);
    if (p.stage == Stage::Interval)
        return PhaseText::tr("Interval: next test in %1 s").arg(int(p.stageSecondsLeft + 0.5)) + left(p);
    if (p.stage == Stage::Write)
        return stageProgressText(p, PhaseText::tr("Writing"));
    if (p.stage == Stage::Flush)
        return PhaseText::tr("Flushing what was written to the drive…");
    if (p.stage == Stage::Read)
        return stageProgressText(p, PhaseText::tr("Reading back"));
    return stageProgressText(p, QString::fromStdString(p.label));
}

} // namespace dm
