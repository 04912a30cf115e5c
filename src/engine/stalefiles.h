// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <sys/types.h>
#include <vector>

namespace dm {

// The process id in a test file name as TestRegion makes it when O_TMPFILE is missing
// (".diskometer-<pid>-<8 lowercase hex>.tmp"), or 0 when `name` is anything else.
pid_t staleTestFilePid(const std::string& name);

// Removes the test files a crashed or killed run left in `dir` (not in its subdirectories): only
// regular files whose name is exactly ours, owned by our user, whose process is gone. Anything
// else is left alone, including the files of a run still going on. Returns the paths removed;
// empty when `dir` is not a directory or cannot be read.
std::vector<std::string> sweepStaleTestFiles(const std::string& dir);

} // namespace dm
