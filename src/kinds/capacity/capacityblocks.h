// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>

namespace dm {

// The 4 KiB blocks a capacity check writes (issue 15): each carries its own position and the
// run's random stamp in a small header, then bytes that follow from both, so a block read back
// tells whether it is itself, another block of this run (an address that wraps), or neither.
//
//   bytes 0-7   "DMCAPCHK"
//   bytes 8-15  position (little-endian; the device offset, or the offset in a fill's stream)
//   bytes 16-23 the run's stamp
//   bytes 24-31 a check of position and stamp (a torn or shifted header never passes for one)
//   bytes 32-   splitmix64 of (stamp, position): different for every block and every run
inline constexpr uint32_t kCapacityBlock = 4096;

enum class BlockClass : uint8_t {
    Ok, // came back as written
    Corrupted, // came back as something else: garbage, flipped bits, inverted bytes...
    Overwritten, // came back holding another block of this run: both addresses reach the same cell
    Missing, // the write never landed (zeros, 0xFF, what was there before, an older run) or the read failed
};
inline constexpr int kBlockClasses = 4;

const char* blockClassName(BlockClass c); // "ok", "corrupted", "overwritten", "missing"

void fillCapacityBlock(uint8_t* block, uint64_t position, uint64_t stamp);

struct BlockVerdict {
    BlockClass kind = BlockClass::Ok;
    uint64_t foundPosition = 0; // for Overwritten: whose data came back
};

// `original`, when given, is what the block held before the check wrote it (a device probe):
// getting exactly that back means the write never landed.
BlockVerdict classifyCapacityBlock(
    const uint8_t* block, uint64_t position, uint64_t stamp, const uint8_t* original = nullptr);

// Whether `block` is any block of this run, and whose (its position): a probe uses it to find
// what a block held before the probe, when an earlier write of its own reached the same cell.
bool capacityBlockOfRun(const uint8_t* block, uint64_t stamp, uint64_t& position);

} // namespace dm
