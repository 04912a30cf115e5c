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

QString decimalSizeText(uint64_t bytes)
{
    if (bytes >= 1000000000ull)
        return QStringLiteral("%1 GB").arg(double(bytes) / 1e9, 0, 'f', 1);
    if (bytes >= 1000000ull)
        return QStringLiteral("%1 MB").arg(double(bytes) / 1e6, 0, 'f', 1);
    return QStringLiteral("%1 KB").arg(double(bytes) / 1e3, 0, 'f', 1);
}

} // namespace dm
