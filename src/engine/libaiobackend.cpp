// SPDX-License-Identifier: GPL-3.0-or-later
// The libaio backend: io_submit/io_getevents on an O_DIRECT descriptor.
#include "iobackend.h"

#include <libaio.h>

#include <cerrno>
#include <cstring>
#include <vector>

namespace dm {

namespace {

    class LibaioBackend final : public IoBackend {
    public:
        ~LibaioBackend() override
        {
            // io_destroy waits for I/Os still in flight, so buffers may be freed after it.
            if (m_ctx)
                io_destroy(m_ctx);
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
            timespec ts { time_t(timeoutNs / 1000000000), long(timeoutNs % 1000000000) };
            for (;;) {
                const int rc = io_getevents(m_ctx, long(min), long(max), m_events.data(), &ts);
                if (rc == -EINTR)
                    continue; // the timeout restarts; the caller's deadline check bounds the wait
                if (rc < 0)
                    return ioError(std::string("reaping I/O failed: ") + std::strerror(-rc), -rc);
                for (int i = 0; i < rc; ++i) {
                    out[i].slot = uint32_t(reinterpret_cast<uintptr_t>(m_events[i].data));
                    // res is unsigned long in the ABI; errors come back as negative errno.
                    out[i].result = static_cast<int64_t>(m_events[i].res);
                }
                return uint32_t(rc);
            }
        }

    private:
        io_context_t m_ctx = nullptr;
        int m_fd = -1;
        std::vector<iocb> m_iocbs;
        std::vector<iocb*> m_batch;
        std::vector<io_event> m_events;
        uint32_t m_queued = 0;
    };

} // namespace

std::unique_ptr<IoBackend> makeLibaioBackend() { return std::make_unique<LibaioBackend>(); }

} // namespace dm
