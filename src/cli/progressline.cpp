// SPDX-License-Identifier: GPL-3.0-or-later
#include "progressline.h"

#include <string>

namespace dm {

namespace {
    std::string clock(double seconds)
    {
        const int s = int(seconds + 0.5);
        char buf[32];
        std::snprintf(buf, sizeof buf, "%d:%02d", s / 60, s % 60);
        return buf;
    }
}

void ProgressLine::update(const Progress& p)
{
    std::string line;
    char buf[160];
    switch (p.phase) {
    case Phase::Preparing:
        line = "Preparing the target...";
        break;
    case Phase::Filling:
        std::snprintf(buf, sizeof buf, "Writing the test file: %3.0f%%  %.1f MB/s",
            p.phaseLength > 0 ? 100.0 * p.phaseElapsed / p.phaseLength : 0.0, m_lastMbPerSec);
        line = buf;
        break;
    case Phase::Interval:
        std::snprintf(buf, sizeof buf, "Interval: next test in %s  (%s left)",
            clock(p.phaseLength - p.phaseElapsed).c_str(), clock(p.runSecondsLeft).c_str());
        line = buf;
        break;
    case Phase::WarmUp:
    case Phase::Measuring: {
        const TestSpec& t = m_tests.at(p.testIndex);
        const std::string name = rowName(t.row) + " " + directionName(t.direction);
        const std::string pass = p.phase == Phase::WarmUp
            ? std::string("warm-up")
            : "pass " + std::to_string(p.pass) + "/" + std::to_string(p.passCount);
        std::snprintf(buf, sizeof buf, "[%zu/%zu] %-20s %-10s %10.2f MB/s  (%s left)", p.testIndex + 1, p.testCount,
            name.c_str(), pass.c_str(), m_lastMbPerSec, clock(p.runSecondsLeft).c_str());
        line = buf;
        break;
    }
    }
    std::fprintf(m_out, "\r\033[K%s", line.c_str());
    std::fflush(m_out);
    m_drawn = true;
}

void ProgressLine::clear()
{
    if (m_drawn)
        std::fprintf(m_out, "\r\033[K");
    std::fflush(m_out);
    m_drawn = false;
}

} // namespace dm
