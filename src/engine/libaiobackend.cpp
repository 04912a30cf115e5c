// SPDX-License-Identifier: GPL-3.0-or-later
// The libaio backend: io_submit/io_getevents on an O_DIRECT descriptor.
#include "iobackend.h"

#include <libaio.h>

#include <cerrno>
#include <cstring>
#include <poll.h>
#include <sys/eventfd.h>
#include <unistd.h>
#include <vector>

namespace dm {

namespace {

    // The completion ring io_setup maps into our memory (the kernel's struct aio_ring, fs/aio.c).
    // Its layout is ABI: fio's userspace_reap reads it the same way.
    struct AioRing {
        unsigned id;
        unsigned nr; // events in the ring
        unsigned head; // next event to take: written by whoever reaps (us, or io_getevents)
        unsigned tail; // next event the kernel writes
        unsigned magic;
        unsigned compatFeatures;
        unsigned incompatFeatures;
        unsigned headerLength; // the events follow the header
    };
    constexpr unsigned kAioRingMagic = 0xa10a10a1;

    class LibaioBackend final : public IoBackend {
    public:
        ~LibaioBackend() override
        {
            // io_destroy waits for I/Os still in flight, so buffers may be freed after it.
            if (m_ctx)
                io_destroy(m_ctx);
            if (m_nopFd >= 0)
                ::close(m_nopFd);
        }

        const char* name() const override { return "libaio"; }

        Status setup(int fd, uint32_t depth) override
        {
            m_fd = fd;
            m_iocbs.assign(depth, iocb {});
            m_batch.assign(depth, nullptr);
            m_events.assign(depth, io_event {});
            m_queued = 0;
            const int rc = io_setup(int(depth), &m_ctx);
            if (rc < 0) {
                m_ctx = nullptr;
                if (rc == -EAGAIN)
                    return targetError("the kernel refused " + std::to_string(depth)
                            + " asynchronous I/Os (fs.aio-max-nr is too low): raise it with "
                              "'sysctl fs.aio-max-nr=1048576' or use a smaller queue depth",
                        -rc);
                if (rc == -ENOSYS)
                    return targetError("this kernel has no asynchronous I/O (libaio)", -rc);
                return targetError(std::string("io_setup failed: ") + std::strerror(-rc), -rc);
            }
            // Completions already in the ring are taken without a system call (the ring is only
            // read this way when it is the layout we know).
            const auto* ring = reinterpret_cast<const AioRing*>(m_ctx);
            const bool known
                = ring->magic == kAioRingMagic && ring->incompatFeatures == 0 && ring->headerLength == sizeof(AioRing);
            m_ring = known ? reinterpret_cast<AioRing*>(m_ctx) : nullptr;
            return Ok {};
        }

        void prepare(uint32_t slot, bool write, void* buffer, uint32_t length, uint64_t offset) override
        {
            iocb* cb = &m_iocbs[slot];
            if (write)
                io_prep_pwrite(cb, m_fd, buffer, length, static_cast<long long>(offset));
            else
                io_prep_pread(cb, m_fd, buffer, length, static_cast<long long>(offset));
            cb->data = reinterpret_cast<void*>(uintptr_t(slot));
            m_batch[m_queued++] = cb;
        }

        // libaio has no operation that does nothing: IOCB_CMD_NOOP is in the ABI's list, but the
        // kernel rejects it at io_submit (EINVAL, as every opcode aio_read/aio_write/fsync/poll
        // does not handle). The stand-in is IOCB_CMD_POLL (Linux 4.18) for POLLIN on an eventfd
        // whose count is never read, so it is always readable: io_submit takes the iocb, polls
        // the file, finds it ready and posts the completion to the ring before returning, and
        // io_getevents (or reapFromRing) collects it. That is the submit/complete round trip of a
        // read (iocb copied in, file looked up, request allocated, event posted, reaped) without
        // a device or a copy. One eventfd per backend, as a read has its own queue per thread.
        Status setupNop() override
        {
            if (m_nopFd < 0) {
                m_nopFd = ::eventfd(1, EFD_CLOEXEC | EFD_NONBLOCK);
                if (m_nopFd < 0)
                    return targetError(std::string("could not make an eventfd: ") + std::strerror(errno), errno);
            }
            // One round trip here says at once whether this kernel has the poll operation and
            // whether it completes without waiting: a stand-in that waited would measure nothing.
            iocb cb {};
            iocb* batch[] = { &cb };
            io_prep_poll(&cb, m_nopFd, POLLIN);
            int rc = 0;
            do {
                rc = io_submit(m_ctx, 1, batch);
            } while (rc == -EINTR);
            if (rc == -EINVAL)
                return targetError("this kernel's libaio has no poll operation (IOCB_CMD_POLL, Linux 4.18 or later): "
                                   "the libaio ceiling cannot be measured",
                    EINVAL);
            if (rc != 1)
                return targetError(std::string("submitting a poll failed: ") + std::strerror(rc < 0 ? -rc : EAGAIN),
                    rc < 0 ? -rc : EAGAIN);
            io_event ev {};
            timespec ts { 1, 0 };
            do {
                rc = io_getevents(m_ctx, 1, 1, &ev, &ts);
            } while (rc == -EINTR);
            if (rc != 1)
                return targetError("a poll of an always-readable eventfd did not complete within a second: "
                                   "the libaio ceiling cannot be measured");
            return Ok {};
        }

        const char* nopMethod() const override { return "libaio-poll"; }

        void prepareNop(uint32_t slot) override
        {
            iocb* cb = &m_iocbs[slot];
            io_prep_poll(cb, m_nopFd, POLLIN);
            cb->data = reinterpret_cast<void*>(uintptr_t(slot));
            m_batch[m_queued++] = cb;
        }

        Result<uint32_t> submit() override
        {
            while (m_queued > 0) {
                const int rc = io_submit(m_ctx, long(m_queued), m_batch.data());
                if (rc == -EINTR)
                    continue;
                if (rc == -EAGAIN)
                    return 0u; // no room in the kernel right now: the caller reaps, then retries
                if (rc < 0)
                    return ioError(std::string("submitting I/O failed: ") + std::strerror(-rc), -rc);
                const auto done = uint32_t(rc);
                // A partial submit keeps the tail queued, in order, for the next call.
                std::memmove(m_batch.data(), m_batch.data() + done, (m_queued - done) * sizeof(iocb*));
                m_queued -= done;
                return done;
            }
            return 0u;
        }

        uint32_t queued() const override { return m_queued; }

        Result<uint32_t> reap(uint32_t min, uint32_t max, Completion* out, int64_t timeoutNs) override
        {
            if (max > m_events.size())
                max = uint32_t(m_events.size());
            // What the ring already holds is taken (and so gone from it): only the rest, if any is
            // still wanted, is waited for.
            const uint32_t taken = reapFromRing(max, out);
            if (taken > 0 && taken >= min)
                return taken;
            const uint32_t stillWanted = min - taken;
            timespec ts { time_t(timeoutNs / 1000000000), long(timeoutNs % 1000000000) };
            for (;;) {
                const int rc = io_getevents(m_ctx, long(stillWanted), long(max - taken), m_events.data(), &ts);
                if (rc == -EINTR)
                    continue; // the timeout restarts; the caller's deadline check bounds the wait
                if (rc < 0)
                    return taken > 0 ? Result<uint32_t>(taken)
                                     : ioError(std::string("reaping I/O failed: ") + std::strerror(-rc), -rc);
                for (int i = 0; i < rc; ++i) {
                    out[taken + uint32_t(i)].slot = uint32_t(reinterpret_cast<uintptr_t>(m_events[i].data));
                    // res is unsigned long in the ABI; errors come back as negative errno.
                    out[taken + uint32_t(i)].result = static_cast<int64_t>(m_events[i].res);
                }
                return taken + uint32_t(rc);
            }
        }

    private:
        // Takes up to max completions the kernel has already posted, as io_getevents would (one
        // thread reaps a context, so head is ours to move): the acquire on tail pairs with the
        // kernel's write barrier before it publishes an event, the release on head lets the
        // kernel reuse the slots only after we have read them.
        uint32_t reapFromRing(uint32_t max, Completion* out)
        {
            if (!m_ring)
                return 0;
            unsigned head = m_ring->head;
            const unsigned tail = __atomic_load_n(&m_ring->tail, __ATOMIC_ACQUIRE);
            uint32_t n = 0;
            while (head != tail && n < max) {
                if (head >= m_ring->nr) // never, unless the layout is not what we think: let the kernel reap
                    return n;
                const io_event& ev = reinterpret_cast<const io_event*>(m_ring + 1)[head];
                out[n].slot = uint32_t(reinterpret_cast<uintptr_t>(ev.data));
                out[n].result = static_cast<int64_t>(ev.res);
                ++n;
                head = (head + 1) % m_ring->nr;
            }
            if (n > 0)
                __atomic_store_n(&m_ring->head, head, __ATOMIC_RELEASE);
            return n;
        }

        io_context_t m_ctx = nullptr;
        AioRing* m_ring = nullptr;
        int m_fd = -1;
        int m_nopFd = -1; // the always-readable eventfd prepareNop() polls
        std::vector<iocb> m_iocbs;
        std::vector<iocb*> m_batch;
        std::vector<io_event> m_events;
        uint32_t m_queued = 0;
    };

} // namespace

std::unique_ptr<IoBackend> makeLibaioBackend() { return std::make_unique<LibaioBackend>(); }

} // namespace dm
