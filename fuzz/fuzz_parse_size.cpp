// SPDX-License-Identifier: GPL-3.0-or-later
// parseSize ("64MiB", "1G", "1048576"): any bytes give a size or an error, never a crash, an
// overflow (UBSan) or a size the message does not match.
#include "jobspec.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto parsed = dm::parseSize(text);
    if (!parsed && parsed.error().message.size() > 4096)
        __builtin_trap(); // a message must quote a short prefix, not the whole input
    return 0;
}
