// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>

namespace dm {

// What a run driven over ssh by `remote ssh://` (sshremote.h) reads from its standard input,
// which is the connection: its end stops the run, and for --together the driving machine's
// "go" lines release the barrier before each timed item. Hidden options, taken out in main.cpp:
//   --stop-on-stdin-eof   the run stops as on Ctrl-C when standard input closes (the
//                         connection went, or the driving machine stopped it);
//   --together-barrier    before each timed item (RunEvents::itemStarting: each grid or sweep
//                         test, each copy set or files phase, the other kinds' one timed part)
//                         the run says on stderr "@diskometer-barrier ready SEQ ITEM", waits for
//                         the line "go SEQ" on stdin, and says "@diskometer-barrier started SEQ"
//                         as it goes on. The driving machine writes "go" to every host at once
//                         when all have said ready, and times the answers (the skew measured).
// The words of that exchange are in sshremote.h (kBarrier*), with the side that drives it.
// One reader thread serves both; it is started once.
void watchRemoteStdin(bool stopOnEof, bool barrier);

// RunEvents::itemStarting for every command (progressline.cpp): holds the run at the barrier
// when --together-barrier was given, returns at once otherwise. A closed stdin releases it (the
// stop it causes is then seen by the kind).
void holdAtRemoteBarrier(size_t item);

} // namespace dm
