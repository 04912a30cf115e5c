// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <sys/types.h>
#include <vector>

namespace dm {

// The process id in a test file name as TestRegion makes it when O_TMPFILE is missing
// (".diskometer-<pid>-<8 lowercase hex>.tmp"), or 0 when `name` is anything else.
pid_t staleTestFilePid(const std::string& name);

// A kind that makes many test files (thousands of small ones) keeps them in one run directory,
// named as a test file but ending in ".dir" (".diskometer-<pid>-<8 lowercase hex>.dir"), so that
// a killed run leaves one entry the next run recognises. The name for this process; `random`
// keeps two runs of one process apart.
std::string testDirectoryName(unsigned random);
// The process id in such a directory's name, or 0 when `name` is anything else.
pid_t staleTestDirectoryPid(const std::string& name);

// Removes what a run directory holds and the directory itself (`name` in the directory open as
// `parentFd`), without following symbolic links: a link inside is removed, never what it points
// to. Returns false when anything is left (the first errno in `error`).
bool removeTestDirectory(int parentFd, const std::string& name, int* error = nullptr);

// Removes the test files a crashed or killed run left in `dir` (not in its subdirectories): only
// regular files whose name is exactly ours, owned by our user, whose process is gone, and run
// directories (above) on the same terms, with everything in them. Anything else is left alone,
// including the files of a run still going on. Returns the paths removed; empty when `dir` is
// not a directory or cannot be read.
std::vector<std::string> sweepStaleTestFiles(const std::string& dir);

} // namespace dm
