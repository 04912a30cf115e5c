// SPDX-License-Identifier: GPL-3.0-or-later
#include "units.h"

namespace dm {

QString unitName(Unit u)
{
    switch (u) {
    case Unit::MBps:
        return QStringLiteral("MB/s");
    case Unit::GBps:
        return QStringLiteral("GB/s");
    case Unit::Iops:
        return QStringLiteral("IOPS");
    case Unit::Microseconds:
        return QStringLiteral("μs");
    }
    return {};
}

QString unitKey(Unit u)
{
    switch (u) {
    case Unit::MBps:
        return QStringLiteral("mbps");
    case Unit::GBps:
        return QStringLiteral("gbps");
    case Unit::Iops:
        return QStringLiteral("iops");
    case Unit::Microseconds:
        return QStringLiteral("us");
    }
    return {};
}

std::optional<Unit> parseUnit(const QString& key)
{
    for (Unit u : { Unit::MBps, Unit::GBps, Unit::Iops, Unit::Microseconds })
        if (key == unitKey(u))
            return u;
    return std::nullopt;
}

} // namespace dm
