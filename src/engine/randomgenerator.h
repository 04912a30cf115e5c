// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>

namespace dm {

// The high 64 bits of the 128-bit product a * b. With a 128-bit integer type where the compiler
// has one (64-bit targets); 32-bit ARM (armhf) has none, so there it is done in 32-bit halves.
constexpr uint64_t mulHigh64Portable(uint64_t a, uint64_t b)
{
    const uint64_t aLo = a & 0xffffffffu, aHi = a >> 32, bLo = b & 0xffffffffu, bHi = b >> 32;
    const uint64_t lolo = aLo * bLo, hilo = aHi * bLo, lohi = aLo * bHi, hihi = aHi * bHi;
    const uint64_t middle = (lolo >> 32) + (hilo & 0xffffffffu) + lohi; // cannot overflow
    return hihi + (hilo >> 32) + (middle >> 32);
}

constexpr uint64_t mulHigh64(uint64_t a, uint64_t b)
{
#ifdef __SIZEOF_INT128__
    __extension__ using Wide = unsigned __int128;
    return uint64_t((Wide(a) * b) >> 64);
#else
    return mulHigh64Portable(a, b);
#endif
}

// xoshiro256**: fast, small state, good statistical quality; one per I/O thread so no locking.
class RandomGenerator {
public:
    explicit RandomGenerator(uint64_t seed)
    {
        // splitmix64 spreads any seed (even 0 or consecutive thread numbers) over the state.
        for (auto& s : m_s) {
            seed += 0x9e3779b97f4a7c15ULL;
            uint64_t z = seed;
            z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
            z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
            s = z ^ (z >> 31);
        }
    }

    uint64_t next()
    {
        const uint64_t result = rotl(m_s[1] * 5, 7) * 9;
        const uint64_t t = m_s[1] << 17;
        m_s[2] ^= m_s[0];
        m_s[3] ^= m_s[1];
        m_s[1] ^= m_s[2];
        m_s[0] ^= m_s[3];
        m_s[2] ^= t;
        m_s[3] = rotl(m_s[3], 45);
        return result;
    }

    // Uniform in [0, n) by multiply-and-shift (Lemire); the bias is below 2^-40 for any n we use.
    uint64_t below(uint64_t n) { return mulHigh64(next(), n); }

private:
    static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    uint64_t m_s[4];
};

} // namespace dm
