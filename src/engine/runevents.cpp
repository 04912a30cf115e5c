// SPDX-License-Identifier: GPL-3.0-or-later
#include "runevents.h"

namespace dm {

const char* stageName(Stage stage)
{
    switch (stage) {
    case Stage::Prepare:
        return "prepare";
    case Stage::Fill:
        return "fill";
    case Stage::WarmUp:
        return "warm-up";
    case Stage::Measure:
        return "measure";
    case Stage::Interval:
        return "interval";
    case Stage::Rate:
        return "rate";
    case Stage::Access:
        return "access";
    case Stage::Write:
        return "write";
    case Stage::Flush:
        return "flush";
    case Stage::Read:
        return "read";
    case Stage::Probe:
        return "probe";
    case Stage::Restore:
        return "restore";
    }
    return "";
}

} // namespace dm
