// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "jobspec.h"

#include <optional>
#include <string_view>
#include <vector>

namespace dm {

// Custom: rows given one by one (diskometer-cli --tests), not a profile's; it has no rows of its
// own and is not a name --profile takes (parseProfile refuses it), only what reports say.
// Flash: CrystalDiskMark 9's "Flash Memory" profile, the Default rows with short passes and long
// pauses (profileTimes()), so a USB stick or SD card neither overheats nor wears for a benchmark.
enum class Profile { Default, Peak, RealWorld, Demo, Custom, Flash };
enum class Preset { Default, Nvme };
enum class Mode { All, Read, Write };

const char* profileName(Profile p); // "default", "peak", "real", "demo", "custom", "flash"
const char* presetName(Preset p); // "default", "nvme"
const char* modeName(Mode m); // "all", "read", "write"
std::optional<Profile> parseProfile(std::string_view s);
std::optional<Preset> parsePreset(std::string_view s);
std::optional<Mode> parseMode(std::string_view s);

// Whether a profile runs the Default rows (the user's edited ones in the window).
inline bool usesDefaultRows(Profile p) { return p == Profile::Default || p == Profile::Flash; }

// The measure time and interval a profile brings with it (Flash: 1 s and 30 s, as CrystalDiskMark
// 9); empty for the profiles that leave them to the settings.
struct ProfileTimes {
    double measureSeconds, intervalSeconds;
};
std::optional<ProfileTimes> profileTimes(Profile p);

// The rows a profile runs with a preset, in grid order (CrystalDiskMark's rows and order).
std::vector<TestRow> profileRows(Profile profile, Preset preset);

// The tests of an All run in order: every read row, then every write row, then every mix row.
// mixReadPercent empty = no mix tests.
std::vector<TestSpec> expandTests(const std::vector<TestRow>& rows, Mode mode, std::optional<int> mixReadPercent);

} // namespace dm
