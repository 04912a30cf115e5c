// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"

#include <atomic>

namespace dm {

// syncfs() of the filesystem `fd` is on, given up (left running on a thread of its own, with its
// own descriptor) when `cancel` is set meanwhile, so that Stop is heard within half a second even
// while a slow drive takes seconds to write back; the caller may remove its files meanwhile.
// Ok once it returned; Cancelled, or the errno as an Io error. The kinds that time many files to
// the medium use it (small files, copy).
Status syncFilesystem(int fd, const std::atomic<bool>& cancel);

} // namespace dm
