// SPDX-License-Identifier: GPL-3.0-or-later
#include "udisksaccess.h"

#include "udisksopener.h"

#include <algorithm>

namespace dm {

Result<QString> openTargetThroughUdisks(RunRequest& request)
{
    const bool writes
        = std::any_of(request.tests.begin(), request.tests.end(), [](const TestSpec& t) { return t.writes(); });
    const QString device = QString::fromStdString(request.target);
    if (request.fd >= 0 || (writes && !request.allowDestructive) || !needsUdisksToOpen(device, writes))
        return QString();
    auto fd = openDeviceViaUdisks(device, writes);
    if (!fd) {
        Error e = fd.error();
        e.message = "no permission to " + std::string(writes ? "write to" : "read") + " '" + request.target + "', and "
            + e.message;
        return e;
    }
    request.fd = *fd;
    return QStringLiteral("opened %1 for %2 through UDisks2 (polkit allowed it)")
        .arg(device, writes ? QStringLiteral("reading and writing") : QStringLiteral("reading"));
}

} // namespace dm
