// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "report.h"

#include <QJsonObject>

namespace dm {

// A TargetDescription as JSON, snake_case: the result report's "target" object
// (diskometer.result/1) and each entry of `diskometer-cli targets --json` (diskometer.targets/1)
// are this one spelling. Unknown values are null ("link", "uas", "serial", block sizes, ...), so
// a reader can tell "not known" from "no".
QJsonObject targetDescriptionJson(const TargetDescription& target);

// What targetDescriptionJson() wrote, read back; missing or mistyped fields keep their defaults
// (older files lack the newer ones).
TargetDescription targetDescriptionFromJson(const QJsonObject& json);

} // namespace dm
