// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace dm {

// The operations an asynchronous I/O interface offers, after fio's ioengine table: prepare
// (queue), submit (commit), reap (getevents); libaio and io_uring implement them. One backend
// serves one I/O thread; it owns the kernel context and the control blocks, never the data
// buffers. Everything is allocated in setup(), so the hot path allocates nothing. The destructor
// waits for I/O still in flight: the buffers are freed after it.
class IoBackend {
public:
    struct Completion {
        uint32_t slot; // the slot given to prepare()
        int64_t result; // bytes transferred, or -errno
    };

    virtual ~IoBackend() = default;
    virtual const char* name() const = 0;

    // Creates the context for `depth` I/Os in flight on `fd`.
    virtual Status setup(int fd, uint32_t depth) = 0;
    // Called once after setup() with the worker's buffers: `count` of them, `stride` bytes apart
    // from `base`, buffer i always going with slot i. A backend that can pin them in the kernel
    // once (io_uring's fixed buffers) saves mapping them on every I/O; the others ignore it.
    virtual Status registerBuffers(uint8_t* /*base*/, size_t /*stride*/, uint32_t /*count*/) { return Ok {}; }
    // Fills control block `slot` (< depth) and appends it to the batch waiting for submit().
    virtual void prepare(uint32_t slot, bool write, void* buffer, uint32_t length, uint64_t offset) = 0;
    // No-data operations, for the engine's own ceiling (engineceiling.h): each goes through the
    // same prepare/submit/reap path as a read and completes at once with a result >= 0, so a
    // queue of them measures what the engine and the kernel's submit/complete path cost with no
    // drive in the way. setupNop() (after setup()) readies them, or says why this backend has
    // none; nopMethod() names the operation ("io_uring-nop", "libaio-poll"), null without one.
    virtual Status setupNop() { return targetError(std::string("the ") + name() + " engine has no no-data operation"); }
    virtual const char* nopMethod() const { return nullptr; }
    // Like prepare(), for a no-data operation; only after setupNop() succeeded.
    virtual void prepareNop(uint32_t /*slot*/) { }
    // Hands the waiting batch to the kernel. Returns how many were accepted; the rest stay queued
    // for the next call (partial submit). 0 with no error means "busy, reap first" (EAGAIN).
    // io_uring accepts the whole batch into its submission ring, and the reap() that follows
    // starts it in the same system call that waits, handling partial submits and EAGAIN there.
    virtual Result<uint32_t> submit() = 0;
    virtual uint32_t queued() const = 0;
    // Waits up to timeoutNs for at least `min` completions and returns up to `max` of them in `out`.
    // Returns 0 on timeout. EINTR is retried inside.
    virtual Result<uint32_t> reap(uint32_t min, uint32_t max, Completion* out, int64_t timeoutNs) = 0;
};

std::unique_ptr<IoBackend> makeLibaioBackend();
// Only in builds with liburing (DM_HAVE_IO_URING). Choose engines through engineselect.h, which
// also knows whether this kernel allows io_uring.
std::unique_ptr<IoBackend> makeIoUringBackend();
// Sets up a tiny ring and makes one round trip: Ok when the kernel and any sandbox allow io_uring.
Status probeIoUring();

} // namespace dm
