// SPDX-License-Identifier: GPL-3.0-or-later
#include "gridlayout.h"

namespace dm {

std::vector<GridRow> gridRows(Profile profile, size_t testRowCount)
{
    switch (profile) {
    case Profile::Peak:
    case Profile::RealWorld:
        if (testRowCount >= 2)
            return { { 0, Unit::MBps }, { 1, Unit::MBps }, { 1, Unit::Iops }, { 1, Unit::Microseconds } };
        break;
    case Profile::Demo:
        return { { 0, std::nullopt } };
    case Profile::Default:
    case Profile::Custom:
    case Profile::Flash:
        break;
    }
    std::vector<GridRow> rows;
    for (size_t i = 0; i < testRowCount; ++i)
        rows.push_back({ i, std::nullopt });
    return rows;
}

} // namespace dm
