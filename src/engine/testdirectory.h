// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"

#include <string>

namespace dm {

// A run's directory in the target, for the kinds that make many test files (small files,
// copy): ".diskometer-<pid>-<hex>.dir" (stalefiles.h), removed with all it holds when this goes
// away, however the run ends; a killed run's is swept by the next run on the target
// (sweepStaleTestFiles).
class TestDirectory {
public:
    TestDirectory() = default;
    ~TestDirectory() { remove(); }
    TestDirectory(const TestDirectory&) = delete;
    TestDirectory& operator=(const TestDirectory&) = delete;

    // Makes the directory in the folder `target`; `what` names the test in the errors.
    Status make(const std::string& target, const std::string& what);
    // Removes the directory and everything in it; false (and the errno) when something stays.
    bool remove(int* error = nullptr);

    int fd() const { return m_fd; } // the directory, open
    const std::string& name() const { return m_name; }
    const std::string& path() const { return m_path; }

private:
    int m_parentFd = -1, m_fd = -1;
    std::string m_name, m_path;
};

} // namespace dm
