// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <sys/types.h>
#include <vector>

namespace dm {

// The process id in a test file name as TestRegion makes it when O_TMPFILE is missing
// (".diskometer-<pid>-<8 lowercase hex>.tmp"), or 0 when `name` is anything else.
pid_t staleTestFilePid(const std::string& name);

// The same for a test directory: a kind whose test files are many, in folders of their own, keeps
// them under one directory named ".diskometer-<pid>-<8 lowercase hex>.dir" for the whole run.
pid_t staleTestDirPid(const std::string& name);
// A fresh name of that form for this process.
std::string testDirectoryName();

// Removes `name` in the directory `parentFd` with everything below it, never following a
// symlink (a link inside is removed, not what it points to). True when it is gone; false with
// errno when something could not be removed.
bool removeTestDirectory(int parentFd, const std::string& name);

// Removes the test files a crashed or killed run left in `dir` (not in its subdirectories): only
// regular files whose name is exactly ours, and directories named as test directories (with all
// they hold), owned by our user, whose process is gone. Anything else is left alone, including
// the files of a run still going on. Returns the paths removed; empty when `dir` is not a
// directory or cannot be read.
std::vector<std::string> sweepStaleTestFiles(const std::string& dir);

} // namespace dm
