// SPDX-License-Identifier: GPL-3.0-or-later
// Our own JSON reports read back: the grid (diskometer.result), the scan, the sustained write
// and the sweep. Any bytes give a report or an error, never a crash, undefined behaviour or a leak.
#include "jsonreport.h"
#include "scanreport.h"
#include "sustainedreport.h"
#include "sweepreport.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char*>(data), qsizetype(size));
    (void)dm::parseJson(bytes);
    (void)dm::parseScanJson(bytes);
    (void)dm::parseSustainedJson(bytes);
    (void)dm::parseSweepJson(bytes);
    return 0;
}
