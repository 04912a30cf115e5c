// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "runner.h"

#include <cstdio>
#include <vector>

namespace dm {

// One status line on a terminal, redrawn in place: test, pass, live MB/s and time left.
class ProgressLine {
public:
    ProgressLine(std::FILE* out, std::vector<TestSpec> tests)
        : m_out(out)
        , m_tests(std::move(tests))
    {
    }
    void update(const Progress& p);
    void sample(const LiveSample& s) { m_lastMbPerSec = s.mbPerSec; }
    void clear();

private:
    std::FILE* m_out;
    std::vector<TestSpec> m_tests;
    double m_lastMbPerSec = 0;
    bool m_drawn = false;
};

} // namespace dm
