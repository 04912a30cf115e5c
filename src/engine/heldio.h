// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "iobackend.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace dm {

// I/O the kernel still holds after a pass stopped waiting for it (issue 12, items 4-6).
//
// A Stop or a stall timeout never waits for the device: the pass returns at once, and the backend
// whose I/O is still in flight is handed here together with a way to free the buffers that I/O
// reads into or writes from. A thread of its own waits for the kernel to give the I/O back, and
// only then tears down the backend and frees the buffers (in that order: the kernel may write
// into the buffers until the last completion). Nothing else ever waits for it.
//
// What the kernel does at exit with I/O in flight (measured on the FUSE rig, Linux 6.18;
// docs/FAULTS.md):
//  - libaio: io_destroy() and the exit of the process (exit_aio, when its memory goes away) sleep
//    uninterruptibly until every I/O of the context completes; SIGKILL does nothing. So the exit
//    is handed on too: releaseHeldIoAtExit() leaves a small process sharing our memory behind,
//    which the kernel then makes wait instead, and the exit status reaches the shell at once.
//  - io_uring: closing the ring (or exiting) returns at once; the kernel tears the ring down in
//    a worker of its own when the I/O completes.
// Either way the device's I/O ends only when the device answers or is unplugged.
void holdUntilAnswered(std::unique_ptr<IoBackend> backend, uint32_t inFlight, std::function<void()> freeBuffers);

// A thread the kernel holds in a submit, asleep until a stalled device frees a request of its
// full queue (runner.cpp gives such threads up; docs/FAULTS.md, "A short queue"). Counted as
// `inFlight` held I/Os until `waitForThreads()`, run on a thread of its own, returns; then
// `waitForThreads` is destroyed (what it holds may hand on the I/O its backends still hold)
// before the count is given back. Such a thread belongs to this process: its exit waits for it.
void holdUntilThreadsReturn(uint32_t inFlight, std::function<void()> waitForThreads);

// I/Os handed over and not yet given back by the kernel.
uint32_t heldIoCount();

// Waits up to `ms` milliseconds for held I/O to be given back; true when none is held.
bool waitForHeldIo(int ms);

// Before the program exits: when I/O is still held, makes sure the exit does not wait for it
// (see above) and returns what to tell the user: the device did not answer, what the kernel
// keeps, and what they can do (unplug the device, or wait). Empty when nothing is held.
std::string releaseHeldIoAtExit();

} // namespace dm
