// SPDX-License-Identifier: GPL-3.0-or-later
#include "phasetext.h"

#include "capacityreport.h"
#include "toolpage.h"

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

    // " · 1:05 left" where the engine can tell.
    QString left(const RunPhase& p)
    {
        return p.secondsLeft ? PhaseText::tr(" · %1 left").arg(clockText(*p.secondsLeft)) : QString();
    }
}

QString phaseStatusText(const RunPhase& p, const PhaseWords& words)
{
    const QString title = words.itemTitle ? words.itemTitle(p.index) : QString::fromStdString(p.label);
    switch (p.stage) {
    case Stage::Prepare:
        return PhaseText::tr("Preparing %1…").arg(words.target);
    case Stage::Fill:
        return PhaseText::tr("Writing the test file: %1%").arg(int(100 * p.stageFraction)) + left(p);
    case Stage::WarmUp:
        return PhaseText::tr("%1 · warm-up").arg(title) + left(p);
    case Stage::Measure:
        return PhaseText::tr("%1 · pass %2/%3").arg(title).arg(p.pass).arg(p.passCount) + left(p);
    case Stage::Interval:
        return PhaseText::tr("Interval: next test in %1 s").arg(int(p.stageSecondsLeft + 0.5)) + left(p);
    case Stage::Rate:
        return PhaseText::tr("Reading sample %1 of %2…").arg(std::min(p.index, p.count)).arg(p.count) + left(p);
    case Stage::Access:
        return PhaseText::tr("Access time: %1 of %2 reads…").arg(std::min(p.index, p.count)).arg(p.count) + left(p);
    case Stage::Write:
        return PhaseText::tr("Writing %1 of %2 at %3")
                   .arg(capacitySize(p.bytesDone), capacitySize(p.bytesTotal), rate(p))
            + left(p);
    case Stage::Flush:
        return PhaseText::tr("Flushing what was written to the drive…");
    case Stage::Read:
        return PhaseText::tr("Reading back %1 of %2 at %3")
                   .arg(capacitySize(p.bytesDone), capacitySize(p.bytesTotal), rate(p))
            + left(p);
    case Stage::Probe:
        return PhaseText::tr("Probing: %1 of %2 block reads and writes").arg(p.index).arg(p.count) + left(p);
    case Stage::Restore:
        return PhaseText::tr("Putting back what the probe overwrote: %1 of %2").arg(p.index).arg(p.count);
    }
    return {};
}

} // namespace dm
