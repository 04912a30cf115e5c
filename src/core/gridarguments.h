// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fioremote.h"

#include <QStringList>

namespace dm {

// The grid's tests and settings (the window's Run on Hosts request) as diskometer-cli's options,
// for an ssh:// host, which runs `diskometer-cli PATH OPTIONS --json -` (issue 31): what the
// grid runs there is what runs on a fio server from the same request. The one place that knows
// how a grid request is said on the command line; `parseCliOptions` reads it back
// (tests/cli/gridarguments_test.cpp holds the two together).
//
// The rows are the profile's when they are exactly the profile's (--profile, --preset), else
// given one by one (--tests, which the reports then call a custom profile). Every time, the size
// and the data are given, so a profile's own times (flash) never override the window's. The
// comment too when there is one; nothing about the target, the reports or the history.
QStringList gridCliArguments(const RemoteRequest& grid);

} // namespace dm
