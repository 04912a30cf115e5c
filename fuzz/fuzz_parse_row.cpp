// SPDX-License-Identifier: GPL-3.0-or-later
// parseRow ("SEQ1M-Q8T1", "RND4K Q32T16"): any bytes give a row or an error; a parsed row names
// itself back (rowName) and a parsed name parses to the same row again.
#include "jobspec.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto row = dm::parseRow(text);
    if (!row)
        return 0;
    if (dm::validate(*row)) {
        auto again = dm::parseRow(dm::rowName(*row));
        if (!again || again->blockSize != row->blockSize || again->queueDepth != row->queueDepth
            || again->threads != row->threads || again->pattern != row->pattern)
            __builtin_trap(); // the name of a valid row must read back as that row
    }
    return 0;
}
