// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "iobackend.h"

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dm {

// The kernel interfaces a run can do its I/O through. Both give the same O_DIRECT reads and
// writes; they differ in CPU per I/O, which shows on fast devices.
enum class EngineKind { Libaio, IoUring };

// What a run uses unless asked otherwise. libaio: io_uring did not reach 1.05 times libaio's
// IOPS at RND4K Q32T1 on a RAM-backed device, nor win on the ordinary disk, which the default
// asks for (docs/MEASURING.md, "Engines"; the figures in docs/PERFORMANCE.md).
inline constexpr EngineKind kDefaultEngine = EngineKind::Libaio;

const char* engineName(EngineKind kind); // "libaio", "io_uring": as in reports and --engine
// "libaio", "io_uring" (also "io-uring", "iouring", "uring"); nothing for anything else.
std::optional<EngineKind> parseEngine(std::string_view text);

// Whether io_uring can run here: this build has liburing, the kernel and any sandbox allow it
// (probed once per process with a tiny ring), and DM_DISABLE_IO_URING=1 is not set (that
// variable exists for tests of the fallback). When not, `why` gets the reason in plain words.
bool ioUringAvailable(std::string* why = nullptr);
// The engines that can run here, in the order of EngineKind; libaio always.
std::vector<EngineKind> availableEngines();

struct EngineChoice {
    EngineKind kind = EngineKind::Libaio; // what will run
    std::string warning; // set when that is not what was asked for, and why
};
// io_uring falls back to libaio where it cannot run, with a warning for the report.
EngineChoice resolveEngine(EngineKind wanted);

// A backend of that kind; io_uring must be available (resolveEngine first).
std::unique_ptr<IoBackend> makeBackend(EngineKind kind);

} // namespace dm
