// SPDX-License-Identifier: GPL-3.0-or-later
// The io_uring backend (liburing): the same O_DIRECT reads and writes as libaio, for less CPU per
// I/O. The test file is registered once (IOSQE_FIXED_FILE: no file lookup per I/O) and so are the
// worker's buffers (read_fixed/write_fixed: no page pinning per I/O); one io_uring_enter per batch
// both submits it and waits for completions, and completions already in the ring are taken
// without a system call.
#include "iobackend.h"

#include <liburing.h>

#include <algorithm>
#include <bit>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <sys/uio.h>
#include <thread>
#include <vector>

namespace dm {

namespace {

    // Why io_uring_setup failed, in words a user can act on.
    std::string setupErrorMessage(int err)
    {
        switch (err) {
        case ENOSYS:
            return "this kernel has no io_uring, or a sandbox hides it (ENOSYS)";
        case EPERM: {
            // kernel.io_uring_disabled (Linux 6.6+): 1 = only for kernel.io_uring_group and
            // CAP_SYS_ADMIN, 2 = for no one. Without it, a seccomp filter said no.
            int disabled = 0;
            if (FILE* f = std::fopen("/proc/sys/kernel/io_uring_disabled", "r")) {
                if (std::fscanf(f, "%d", &disabled) != 1)
                    disabled = 0;
                std::fclose(f);
            }
            if (disabled == 2)
                return "io_uring is switched off by the sysctl kernel.io_uring_disabled=2 (EPERM)";
            if (disabled == 1)
                return "io_uring is only allowed for the group in kernel.io_uring_group "
                       "(sysctl kernel.io_uring_disabled=1) (EPERM)";
            return "a seccomp filter (a container, Flatpak or systemd sandbox) forbids io_uring (EPERM)";
        }
        case ENOMEM:
            return "the kernel could not allocate io_uring's rings: the locked-memory limit (ulimit -l) "
                   "may be too low (ENOMEM)";
        case EMFILE:
        case ENFILE:
            return "too many open files for one more io_uring (" + std::string(std::strerror(err)) + ")";
        case EINVAL:
            return "this kernel's io_uring lacks what Diskometer needs (EINVAL)";
        case EOPNOTSUPP:
            return "this kernel's io_uring is too old: timed waits need Linux 5.11 or later";
        default:
            return std::string("io_uring_setup failed: ") + std::strerror(err);
        }
    }

    // Sets up a ring of `entries`, returning 0 or -errno. COOP_TASKRUN (Linux 5.19) lets completions
    // wait for our next system call instead of interrupting the thread while it records latencies;
    // TASKRUN_FLAG tells liburing's peek when such completions are waiting. Older kernels refuse
    // the flags (EINVAL): then the ring is set up without them.
    int initRing(unsigned entries, io_uring& ring)
    {
        const unsigned tiers[] = { IORING_SETUP_COOP_TASKRUN | IORING_SETUP_TASKRUN_FLAG, 0 };
        int rc = -EINVAL;
        for (const unsigned flags : tiers) {
            io_uring_params params {};
            params.flags = flags;
            rc = io_uring_queue_init_params(entries, &ring, &params);
            if (rc == -EINVAL)
                continue;
            if (rc < 0)
                return rc;
            // Waiting with a timeout and without spending a submission entry on it needs EXT_ARG.
            if (!(params.features & IORING_FEAT_EXT_ARG)) {
                io_uring_queue_exit(&ring);
                return -EOPNOTSUPP;
            }
            return 0;
        }
        return rc;
    }

    __kernel_timespec toTimespec(int64_t ns) { return { ns / 1'000'000'000, ns % 1'000'000'000 }; }

    class IoUringBackend final : public IoBackend {
    public:
        ~IoUringBackend() override
        {
            if (!m_ringReady)
                return;
            drain();
            // Unregistered here, the file and the pinned pages are let go before this returns.
            // Left to io_uring_queue_exit, they would go in a kernel worker some time later, and
            // until then a device opened for writing (O_EXCL) stays busy for the next run, mkfs
            // or mount, and locked memory stays counted against the next test's registration.
            if (m_fixedBuffers)
                io_uring_unregister_buffers(&m_ring);
            if (m_fixedFile)
                io_uring_unregister_files(&m_ring);
            io_uring_queue_exit(&m_ring);
        }

        const char* name() const override { return "io_uring"; }

        Status setup(int fd, uint32_t depth) override
        {
            m_fd = fd;
            m_queued = 0;
            m_inFlight = 0;
            // At most `depth` I/Os are ever prepared or in flight, so neither ring can fill up.
            const unsigned entries = std::bit_ceil(std::max(depth, 1u));
            m_cqes.assign(entries, nullptr);
            if (const int rc = initRing(entries, m_ring); rc < 0)
                return targetError(setupErrorMessage(-rc), -rc);
            m_ringReady = true;
            // Without a registered file every I/O looks the descriptor up and takes a reference:
            // worth avoiding, never worth failing for.
            m_fixedFile = io_uring_register_files(&m_ring, &m_fd, 1) == 0;
            return Ok {};
        }

        Status registerBuffers(uint8_t* base, size_t stride, uint32_t count) override
        {
            std::vector<iovec> iov(count);
            for (uint32_t i = 0; i < count; ++i)
                iov[i] = { base + size_t(i) * stride, stride };
            // Registered buffers are pinned and count against RLIMIT_MEMLOCK for users without
            // CAP_IPC_LOCK (ENOMEM when over it, e.g. SEQ1M Q8 against Debian's 8 MiB). Plain
            // buffers cost a page walk per I/O but measure the same thing: fall back, do not fail.
            m_fixedBuffers = io_uring_register_buffers(&m_ring, iov.data(), count) == 0;
            return Ok {};
        }

        void prepare(uint32_t slot, bool write, void* buffer, uint32_t length, uint64_t offset) override
        {
            // Never null: the ring has at least `depth` entries and the worker never has more
            // than `depth` I/Os prepared and not yet taken by the kernel.
            io_uring_sqe* sqe = io_uring_get_sqe(&m_ring);
            const int fd = m_fixedFile ? 0 : m_fd;
            if (m_fixedBuffers) {
                // Buffer `slot` was registered at index `slot` (registerBuffers).
                if (write)
                    io_uring_prep_write_fixed(sqe, fd, buffer, length, offset, int(slot));
                else
                    io_uring_prep_read_fixed(sqe, fd, buffer, length, offset, int(slot));
            } else {
                if (write)
                    io_uring_prep_write(sqe, fd, buffer, length, offset);
                else
                    io_uring_prep_read(sqe, fd, buffer, length, offset);
            }
            if (m_fixedFile)
                sqe->flags |= IOSQE_FIXED_FILE;
            io_uring_sqe_set_data64(sqe, slot);
            ++m_queued;
        }

        // IORING_OP_NOP: taken from the submission ring and completed with 0 in the same
        // io_uring_enter, posted to the completion ring like a read's, no file, no buffer.
        Status setupNop() override { return Ok {}; }
        const char* nopMethod() const override { return "io_uring-nop"; }
        void prepareNop(uint32_t slot) override
        {
            io_uring_sqe* sqe = io_uring_get_sqe(&m_ring); // never null, as in prepare()
            io_uring_prep_nop(sqe);
            io_uring_sqe_set_data64(sqe, slot);
            ++m_queued;
        }

        Result<uint32_t> submit() override
        {
            // The batch now sits in the submission ring, which the kernel reads: the system call
            // that starts it is the one reap() makes next (the worker always reaps right after
            // submitting), so one io_uring_enter per batch both submits and waits. What the kernel
            // does not take (partial submit, EAGAIN) stays in the ring, in order, for the next one.
            const uint32_t n = m_queued;
            m_queued = 0;
            m_inFlight += n;
            return n;
        }

        uint32_t queued() const override { return m_queued; }

        Result<uint32_t> reap(uint32_t min, uint32_t max, Completion* out, int64_t timeoutNs) override
        {
            max = std::min(max, uint32_t(m_cqes.size()));
            // Completions the kernel has already posted cost no system call.
            uint32_t n = io_uring_cq_ready(&m_ring) ? take(out, max) : 0;
            if (n >= min && io_uring_sq_ready(&m_ring) == 0)
                return n;
            __kernel_timespec ts = toTimespec(timeoutNs);
            io_uring_cqe* cqe = nullptr;
            // Submits what waits in the ring and, when fewer than `min` completions are in, waits
            // for the rest: one system call. After EINTR the timeout restarts; the caller's
            // deadline check bounds the wait.
            int rc = 0;
            do {
                rc = io_uring_submit_and_wait_timeout(&m_ring, &cqe, n >= min ? 0 : min - n, &ts, nullptr);
            } while (rc == -EINTR);
            if (rc == -EAGAIN || rc == -EBUSY) {
                // The kernel took none of the batch: short of memory for requests (EAGAIN), or
                // completions backed up (EBUSY). Both clear as I/O completes: wait for what it has,
                // and with nothing of ours in the kernel give it a moment, as the worker does for
                // libaio. The entries stay in the ring and go with the next call.
                if (kernelOwned() > 0)
                    rc = io_uring_wait_cqes(&m_ring, &cqe, 1, &ts, nullptr);
                else
                    std::this_thread::sleep_for(std::chrono::milliseconds(1));
            } else if (rc < 0 && rc != -ETIME) {
                return ioError(std::string("submitting or reaping I/O failed: ") + std::strerror(-rc), -rc);
            }
            // On a timeout this returns what there is, maybe nothing: the caller checks its
            // deadline, cancel flag and stall timer, then reaps again.
            return n + take(out + n, max - n);
        }

    private:
        uint32_t take(Completion* out, uint32_t max)
        {
            const unsigned got = io_uring_peek_batch_cqe(&m_ring, m_cqes.data(), max);
            for (unsigned i = 0; i < got; ++i)
                out[i] = { uint32_t(m_cqes[i]->user_data), int64_t(m_cqes[i]->res) };
            io_uring_cq_advance(&m_ring, got);
            m_inFlight -= std::min(m_inFlight, uint32_t(got));
            return got;
        }

        // Submitted and not reaped, minus what still waits in the submission ring unseen.
        uint32_t kernelOwned() const { return m_inFlight - std::min(m_inFlight, io_uring_sq_ready(&m_ring)); }

        // The worker drains every pass, so I/O is still in flight here only after the ring itself
        // failed. The buffers are freed right after this destructor and the kernel may still
        // write into them: wait for what it owns (io_destroy does the same for libaio). Entries
        // it never took are never started.
        void drain()
        {
            const auto giveUp = std::chrono::steady_clock::now() + std::chrono::seconds(60);
            m_inFlight = kernelOwned();
            while (m_inFlight > 0 && std::chrono::steady_clock::now() < giveUp) {
                __kernel_timespec ts = toTimespec(100'000'000);
                io_uring_cqe* cqe = nullptr;
                const int rc = io_uring_wait_cqe_timeout(&m_ring, &cqe, &ts);
                if (rc == 0) {
                    io_uring_cqe_seen(&m_ring, cqe);
                    --m_inFlight;
                } else if (rc != -EINTR && rc != -ETIME) {
                    return;
                }
            }
        }

        io_uring m_ring {};
        bool m_ringReady = false;
        bool m_fixedFile = false;
        bool m_fixedBuffers = false;
        int m_fd = -1;
        uint32_t m_queued = 0; // prepared, not yet handed over by submit()
        uint32_t m_inFlight = 0; // handed over, not yet reaped (some may still wait in the ring)
        std::vector<io_uring_cqe*> m_cqes;
    };

} // namespace

std::unique_ptr<IoBackend> makeIoUringBackend() { return std::make_unique<IoUringBackend>(); }

Status probeIoUring()
{
    io_uring ring {};
    if (const int rc = initRing(2, ring); rc < 0)
        return targetError(setupErrorMessage(-rc), -rc);
    // A sandbox may allow io_uring_setup and still refuse io_uring_enter: make one round trip.
    io_uring_sqe* sqe = io_uring_get_sqe(&ring);
    io_uring_prep_nop(sqe);
    int rc = 0;
    do {
        rc = io_uring_submit_and_wait(&ring, 1);
    } while (rc == -EINTR);
    io_uring_queue_exit(&ring);
    if (rc < 0)
        return targetError(std::string("io_uring_enter is refused: ") + std::strerror(-rc), -rc);
    return Ok {};
}

} // namespace dm
