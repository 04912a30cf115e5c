// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "jobspec.h"

#include <optional>
#include <string_view>
#include <vector>

namespace dm {

// Custom: rows given one by one (diskometer-cli --tests), not a profile's; it has no rows of its
// own and is not a name --profile takes (parseProfile refuses it), only what reports say.
enum class Profile { Default, Peak, RealWorld, Demo, Custom };
enum class Preset { Default, Nvme };
enum class Mode { All, Read, Write };

const char* profileName(Profile p); // "default", "peak", "real", "demo", "custom"
const char* presetName(Preset p); // "default", "nvme"
const char* modeName(Mode m); // "all", "read", "write"
std::optional<Profile> parseProfile(std::string_view s);
std::optional<Preset> parsePreset(std::string_view s);
std::optional<Mode> parseMode(std::string_view s);

// The rows a profile runs with a preset, in grid order (MEASUREMENT.md).
std::vector<TestRow> profileRows(Profile profile, Preset preset);

// The tests of an All run in order: every read row, then every write row, then every mix row.
// mixReadPercent empty = no mix tests.
std::vector<TestSpec> expandTests(const std::vector<TestRow>& rows, Mode mode, std::optional<int> mixReadPercent);

} // namespace dm
