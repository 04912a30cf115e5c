// SPDX-License-Identifier: GPL-3.0-or-later
#include "capacityblocks.h"

#include <cstring>

namespace dm {

namespace {

    constexpr char kMagic[8] = { 'D', 'M', 'C', 'A', 'P', 'C', 'H', 'K' };
    constexpr uint32_t kHeader = 32;

    uint64_t mix(uint64_t z)
    {
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }

    uint64_t headerCheck(uint64_t position, uint64_t stamp) { return mix(position * 0x9e3779b97f4a7c15ULL ^ stamp); }

    uint64_t load(const uint8_t* p)
    {
        uint64_t v = 0;
        for (int i = 7; i >= 0; --i)
            v = v << 8 | p[i];
        return v;
    }
    void store(uint8_t* p, uint64_t v)
    {
        for (int i = 0; i < 8; ++i, v >>= 8)
            p[i] = uint8_t(v);
    }

    // The payload as 64-bit words: splitmix64 from a state that depends on stamp and position.
    template <typename F> void payloadWords(uint64_t position, uint64_t stamp, F&& word)
    {
        uint64_t state = mix(stamp ^ mix(position + 0x632be59bd9b4e019ULL));
        for (uint32_t at = kHeader; at < kCapacityBlock; at += 8) {
            state += 0x9e3779b97f4a7c15ULL;
            if (!word(at, mix(state)))
                return;
        }
    }

    bool payloadMatches(const uint8_t* block, uint64_t position, uint64_t stamp)
    {
        bool same = true;
        payloadWords(position, stamp, [&](uint32_t at, uint64_t w) { return same = load(block + at) == w; });
        return same;
    }

    bool allBytes(const uint8_t* block, uint8_t value)
    {
        for (uint32_t i = 0; i < kCapacityBlock; ++i)
            if (block[i] != value)
                return false;
        return true;
    }

} // namespace

const char* blockClassName(BlockClass c)
{
    switch (c) {
    case BlockClass::Ok:
        return "ok";
    case BlockClass::Corrupted:
        return "corrupted";
    case BlockClass::Overwritten:
        return "overwritten";
    case BlockClass::Missing:
        return "missing";
    }
    return "?";
}

void fillCapacityBlock(uint8_t* block, uint64_t position, uint64_t stamp)
{
    std::memcpy(block, kMagic, sizeof kMagic);
    store(block + 8, position);
    store(block + 16, stamp);
    store(block + 24, headerCheck(position, stamp));
    payloadWords(position, stamp, [&](uint32_t at, uint64_t w) {
        store(block + at, w);
        return true;
    });
}

bool capacityBlockOfRun(const uint8_t* block, uint64_t stamp, uint64_t& position)
{
    if (std::memcmp(block, kMagic, sizeof kMagic) != 0 || load(block + 16) != stamp)
        return false;
    const uint64_t p = load(block + 8);
    if (load(block + 24) != headerCheck(p, stamp))
        return false;
    position = p;
    return true;
}

BlockVerdict classifyCapacityBlock(const uint8_t* block, uint64_t position, uint64_t stamp, const uint8_t* original)
{
    uint64_t found = 0;
    if (capacityBlockOfRun(block, stamp, found)) {
        if (!payloadMatches(block, found, stamp))
            return { BlockClass::Corrupted, 0 };
        if (found == position)
            return { BlockClass::Ok, 0 };
        return { BlockClass::Overwritten, found };
    }
    // Never written: a fresh cell (zeros or erased flash), what it held before, or the block of
    // an earlier check (a whole header of ours, with another stamp).
    const bool earlierRun = std::memcmp(block, kMagic, sizeof kMagic) == 0
        && load(block + 24) == headerCheck(load(block + 8), load(block + 16));
    if (allBytes(block, 0) || allBytes(block, 0xff) || earlierRun
        || (original && std::memcmp(block, original, kCapacityBlock) == 0))
        return { BlockClass::Missing, 0 };
    return { BlockClass::Corrupted, 0 };
}

} // namespace dm
