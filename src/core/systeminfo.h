// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "report.h"

#include <QByteArray>
#include <QString>

namespace dm {

// The machine a run happened on: distribution, kernel, CPU. Never fails; unknown parts stay empty
// (the OS falls back to "Linux", as os-release(5) prescribes when PRETTY_NAME is missing).
SystemDescription describeSystem(const QString& osReleasePath = QStringLiteral("/etc/os-release"));

// The parsers behind it, separate so tests can feed them text from other distributions and CPUs.
QString prettyNameFromOsRelease(const QByteArray& osRelease);
QString cpuModelFromCpuInfo(const QByteArray& cpuInfo);

} // namespace dm
