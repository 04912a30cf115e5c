// SPDX-License-Identifier: GPL-3.0-or-later
// The time a test allows for something the user is promised to see quickly ("Stop is answered
// within half a second"), in the build it runs in. A sanitized build runs every instruction
// several times slower, and CI runs the suite under ASan and TSan on two loaded vCPUs: a Stop
// answered in 0.51 s there says nothing about the 0.5 s the user sees (CI once failed on exactly
// that). So the promise is checked as written in the optimised build (tools/checks timed), and
// under a sanitizer the same test still runs its whole path, with the budget scaled, so that it
// still fails on a hang or on a wait for the device.
#pragma once

namespace dm::test {

#if defined(__SANITIZE_THREAD__)
inline constexpr double kSlowBuildFactor = 8.0;
#elif defined(__SANITIZE_ADDRESS__)
inline constexpr double kSlowBuildFactor = 3.0;
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
inline constexpr double kSlowBuildFactor = 8.0;
#elif __has_feature(address_sanitizer)
inline constexpr double kSlowBuildFactor = 3.0;
#else
inline constexpr double kSlowBuildFactor = 1.0;
#endif
#else
inline constexpr double kSlowBuildFactor = 1.0;
#endif

// `seconds` in the normal build; more under a sanitizer.
constexpr double timeBudget(double seconds)
{
    return seconds * kSlowBuildFactor;
}

} // namespace dm::test
