// SPDX-License-Identifier: GPL-3.0-or-later
#include "engineselect.h"
#include "jobspec.h"

#include <cstdlib>
#include <cstring>

namespace dm {

const char* engineName(EngineKind kind)
{
    switch (kind) {
    case EngineKind::Libaio:
        return "libaio";
    case EngineKind::IoUring:
        return "io_uring";
    }
    return "libaio";
}

std::optional<EngineKind> parseEngine(std::string_view given)
{
    const std::string text = lowerCase(given);
    if (text == "libaio" || text == "aio")
        return EngineKind::Libaio;
    if (text == "io_uring" || text == "io-uring" || text == "iouring" || text == "uring")
        return EngineKind::IoUring;
    return std::nullopt;
}

bool ioUringAvailable(std::string* why)
{
    const auto refuse = [why](std::string reason) {
        if (why)
            *why = std::move(reason);
        return false;
    };
    if (const char* off = std::getenv("DM_DISABLE_IO_URING"); off && *off && std::strcmp(off, "0") != 0)
        return refuse("DM_DISABLE_IO_URING is set");
#ifdef DM_HAVE_IO_URING
    // The kernel's answer does not change while we run: ask once. A static local is thread-safe.
    static const Status probe = probeIoUring();
    if (!probe)
        return refuse(probe.error().message);
    return true;
#else
    return refuse("this build of Diskometer has no io_uring support (it was built without liburing)");
#endif
}

std::vector<EngineKind> availableEngines()
{
    std::vector<EngineKind> engines { EngineKind::Libaio };
    if (ioUringAvailable())
        engines.push_back(EngineKind::IoUring);
    return engines;
}

EngineChoice resolveEngine(EngineKind wanted)
{
    EngineChoice choice;
    choice.kind = wanted;
    std::string why;
    if (wanted == EngineKind::IoUring && !ioUringAvailable(&why)) {
        choice.kind = EngineKind::Libaio;
        choice.warning = "io_uring is not available here (" + why + "): ran with libaio";
    }
    return choice;
}

std::unique_ptr<IoBackend> makeBackend(EngineKind kind)
{
#ifdef DM_HAVE_IO_URING
    if (kind == EngineKind::IoUring)
        return makeIoUringBackend();
#else
    (void)kind;
#endif
    return makeLibaioBackend();
}

} // namespace dm
