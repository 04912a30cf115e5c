// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "clioptions.h"
#include "error.h"
#include "fiojob.h"

#include <QStringList>

namespace dm {

// The fio job request for parsed run options: the test region as our engine would make it
// (a directory gets a file of --size; a file or device is tested over --size, or all of it).
// Refuses what `run` would refuse before any I/O: a missing target, a --size larger than the
// file or device, write tests on a device without --allow-destructive.
Result<FioJobRequest> fioJobRequest(const CliOptions& options);

// Runs `diskometer-cli fio-job [run options] TARGET`: prints the job file on stdout. `arguments`
// is argv (program name, "fio-job", then the options). Returns 0, or 2 for bad usage.
int runFioJobCommand(const QStringList& arguments);

} // namespace dm
