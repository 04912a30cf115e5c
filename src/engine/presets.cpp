// SPDX-License-Identifier: GPL-3.0-or-later
#include "presets.h"

namespace dm {

const char* profileName(Profile p)
{
    switch (p) {
    case Profile::Default:
        return "default";
    case Profile::Peak:
        return "peak";
    case Profile::RealWorld:
        return "real";
    case Profile::Demo:
        return "demo";
    case Profile::Custom:
        return "custom";
    case Profile::Flash:
        return "flash";
    }
    return "?";
}

const char* presetName(Preset p) { return p == Preset::Nvme ? "nvme" : "default"; }

const char* modeName(Mode m)
{
    switch (m) {
    case Mode::All:
        return "all";
    case Mode::Read:
        return "read";
    case Mode::Write:
        return "write";
    }
    return "?";
}

std::optional<Profile> parseProfile(std::string_view text)
{
    const std::string s = lowerCase(text);
    if (s == "default")
        return Profile::Default;
    if (s == "peak")
        return Profile::Peak;
    if (s == "real" || s == "realworld" || s == "real-world")
        return Profile::RealWorld;
    if (s == "demo")
        return Profile::Demo;
    if (s == "flash")
        return Profile::Flash;
    return std::nullopt;
}

std::optional<Preset> parsePreset(std::string_view text)
{
    const std::string s = lowerCase(text);
    if (s == "default")
        return Preset::Default;
    if (s == "nvme")
        return Preset::Nvme;
    return std::nullopt;
}

std::optional<Mode> parseMode(std::string_view text)
{
    const std::string s = lowerCase(text);
    if (s == "all")
        return Mode::All;
    if (s == "read")
        return Mode::Read;
    if (s == "write")
        return Mode::Write;
    return std::nullopt;
}

std::vector<TestRow> profileRows(Profile profile, Preset preset)
{
    const TestRow seq1mQ8 { Pattern::Sequential, 1 * MiB, 8, 1 };
    const TestRow seq1mQ1 { Pattern::Sequential, 1 * MiB, 1, 1 };
    const TestRow seq128kQ32 { Pattern::Sequential, 128 * KiB, 32, 1 };
    const TestRow rnd4kQ32T1 { Pattern::Random, 4 * KiB, 32, 1 };
    const TestRow rnd4kQ32T16 { Pattern::Random, 4 * KiB, 32, 16 };
    const TestRow rnd4kQ1 { Pattern::Random, 4 * KiB, 1, 1 };
    const bool nvme = preset == Preset::Nvme;
    switch (profile) {
    case Profile::Default:
    case Profile::Flash:
        if (nvme)
            return { seq1mQ8, seq128kQ32, rnd4kQ32T16, rnd4kQ1 };
        return { seq1mQ8, seq1mQ1, rnd4kQ32T1, rnd4kQ1 };
    case Profile::Peak:
        return { seq1mQ8, nvme ? rnd4kQ32T16 : rnd4kQ32T1 };
    case Profile::RealWorld:
        return { seq1mQ1, rnd4kQ1 };
    case Profile::Demo:
        return { seq1mQ8 };
    case Profile::Custom:
        break; // its rows are the ones given
    }
    return {};
}

std::optional<ProfileTimes> profileTimes(Profile p)
{
    if (p == Profile::Flash)
        return ProfileTimes { 1, 30 };
    return std::nullopt;
}

std::vector<TestSpec> expandTests(const std::vector<TestRow>& rows, Mode mode, std::optional<int> mixReadPercent)
{
    std::vector<TestSpec> tests;
    if (mode != Mode::Write)
        for (const auto& r : rows)
            tests.push_back({ r, Direction::Read, 100 });
    if (mode != Mode::Read)
        for (const auto& r : rows)
            tests.push_back({ r, Direction::Write, 0 });
    if (mixReadPercent)
        for (const auto& r : rows)
            tests.push_back({ r, Direction::Mix, *mixReadPercent });
    return tests;
}

} // namespace dm
