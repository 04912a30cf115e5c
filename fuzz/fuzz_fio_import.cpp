// SPDX-License-Identifier: GPL-3.0-or-later
// fio's JSON output as `history import` and the window read it (parseFioOutput): any bytes give
// runs or an error, never a crash, undefined behaviour (a double out of range into an integer)
// or a leak.
#include "fioimport.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char*>(data), qsizetype(size));
    auto runs = dm::parseFioOutput(bytes);
    (void)runs;
    return 0;
}
