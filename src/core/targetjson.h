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

// A stored report's JSON as it leaves the history (the window's Export, `history show --json`):
// its target's serial number made null unless `keepSerial` (driveline.h, serialShown()). The
// bytes are returned as they are when there is no serial to drop, so "JSON as stored" stays so.
QByteArray reportJsonForExport(const QByteArray& json, bool keepSerial);

} // namespace dm
