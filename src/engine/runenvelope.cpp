// SPDX-License-Identifier: GPL-3.0-or-later
#include "runenvelope.h"

#include <random>

namespace dm {

EngineSetup setUpEngine(const RunTarget& target)
{
    EngineSetup s;
    if (target.backendFactory) {
        s.make = target.backendFactory;
        s.name = s.make()->name();
        return s;
    }
    const EngineChoice choice = resolveEngine(target.engine);
    s.name = engineName(choice.kind);
    s.warning = choice.warning;
    s.make = [kind = choice.kind] { return makeBackend(kind); };
    return s;
}

uint64_t seedOrFresh(uint64_t seed)
{
    if (seed)
        return seed;
    std::random_device rd;
    return uint64_t(rd()) << 32 | rd();
}

} // namespace dm
