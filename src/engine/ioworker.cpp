// SPDX-License-Identifier: GPL-3.0-or-later
#include "ioworker.h"

#include "heldio.h"

#include <cerrno>
#include <cstdlib>
#include <cstdio>
#include <cstring>
#include <thread>

namespace dm {

namespace {
    constexpr size_t kBufferAlignment = 4096; // O_DIRECT needs the logical block size; 4 KiB covers all we meet
}

std::string describeErrno(int64_t negErrno)
{
    const int e = int(-negErrno);
    if (e == EIO)
        return "I/O error (EIO): the device reported a failure; check dmesg and the cable";
    if (e == ENOSPC)
        return "no space left on the device";
    if (e == ENODEV || e == ENXIO)
        return "the device is gone (removed or disconnected)";
    if (e == EINVAL)
        return "the kernel refused the I/O (EINVAL): the block size or alignment does not suit this device";
    return std::strerror(e);
}

IoWorker::IoWorker(const WorkerPlan& plan, std::unique_ptr<IoBackend> backend)
    : m_plan(plan)
    , m_backend(std::move(backend))
    , m_offsets(plan.spec.row.pattern, plan.regionOffset, plan.regionLength, plan.spec.row.blockSize, plan.index,
          plan.count, plan.seed)
    , m_rng(plan.seed ^ 0x5deece66dULL)
    , m_depth(plan.spec.row.queueDepth)
    , m_blockSize(plan.spec.row.blockSize)
    , m_stride((plan.spec.row.blockSize + kBufferAlignment - 1) / kBufferAlignment * kBufferAlignment)
{
}

IoWorker::~IoWorker()
{
    // The backend goes first: its teardown waits for any I/O still using the buffers. When the
    // kernel still holds some (a stall, a Stop), that wait happens on a thread of its own.
    auto memory = std::make_shared<IoBuffers>(std::move(m_memory));
    holdUntilAnswered(std::move(m_backend), m_held, [memory]() mutable { memory.reset(); });
}

std::string stallMessage(Clock::duration timeout)
{
    const auto s = std::chrono::duration_cast<std::chrono::milliseconds>(timeout).count() / 1000.0;
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%g", s);
    return std::string("the device stopped answering: no I/O completed for ") + seconds
        + " s (the stall timeout; --stall-timeout changes it). It may have hung or been removed";
}

Status IoWorker::setup()
{
    // Mapped, not taken from malloc: unmapped when the test ends, they go back to the system.
    // From malloc, glibc kept them (its mmap threshold rises after the first large free) and a
    // window running test after test grew by megabytes (docs/PERFORMANCE.md, 2.4). Large
    // blocks get huge pages, so the device sees whole requests (iobuffers.h).
    m_buffers = m_memory.allocate(m_stride * m_depth, m_blockSize);
    if (!m_buffers)
        return targetError("not enough memory for " + std::to_string(m_depth) + " buffers of "
            + blockSizeIecLabel(m_blockSize) + ": use a smaller queue depth or block size");
    if (m_plan.spec.writes() && m_plan.data == DataFill::Random) {
        // Incompressible data, different in every thread and every run.
        auto* words = reinterpret_cast<uint64_t*>(m_buffers);
        for (size_t i = 0; i < m_stride * m_depth / sizeof(uint64_t); ++i)
            words[i] = m_rng.next();
    } else {
        std::memset(m_buffers, 0, m_stride * m_depth);
    }
    m_slots.assign(m_depth, Slot {});
    m_completions.assign(m_depth, IoBackend::Completion {});
    if (auto st = m_backend->setup(m_plan.fd, m_depth); !st)
        return st;
    if (m_plan.nop)
        return m_backend->setupNop();
    return m_backend->registerBuffers(m_buffers, m_stride, m_depth);
}

void IoWorker::stampForWrite(uint32_t slot)
{
    // No two writes of a run carry the same block (a deduplicating or compressing drive would
    // otherwise measure its cache): stamp a fresh 8-byte number into every 4 KiB of the buffer.
    uint8_t* buf = m_buffers + size_t(slot) * m_stride;
    const uint64_t base = (m_plan.seed * 0x9e3779b97f4a7c15ULL) ^ (uint64_t(m_plan.index) << 56);
    for (uint32_t off = 0; off < m_blockSize; off += 4096) {
        const uint64_t stamp = base + ++m_writeStamp;
        std::memcpy(buf + off, &stamp, sizeof stamp);
    }
}

void IoWorker::issue(uint32_t slot)
{
    bool write = false;
    switch (m_plan.spec.direction) {
    case Direction::Read:
        break;
    case Direction::Write:
        write = true;
        break;
    case Direction::Mix:
        write = m_rng.below(100) >= uint64_t(m_plan.spec.readPercent);
        break;
    }
    if (write && m_plan.data == DataFill::Random)
        stampForWrite(slot);
    const uint64_t offset = m_offsets.next();
    m_slots[slot] = { offset, m_now, write };
    if (m_plan.nop)
        m_backend->prepareNop(slot); // the plan's direction is Read: nothing was stamped
    else
        m_backend->prepare(slot, write, m_buffers + size_t(slot) * m_stride, m_blockSize, offset);
    m_submittedBytes += m_blockSize;
}

WorkerPassOutcome IoWorker::runPass(const PassLimits& limits, const std::atomic<bool>& cancel, LiveCounters& live)
{
    WorkerPassOutcome out;
    if (m_held > 0) {
        out.error = ioError("the device has not answered the I/O of an earlier pass");
        out.stalled = true;
        out.held = m_held;
        return out;
    }
    m_histogram.clear();
    m_submittedBytes = 0;
    m_now = Clock::now();
    out.start = m_now;
    out.end = m_now;

    const auto stopWanted = [&] {
        return cancel.load(std::memory_order_relaxed) || m_now >= limits.deadline
            || (limits.byteLimit && m_submittedBytes >= limits.byteLimit);
    };

    uint32_t inFlight = 0; // submitted and not yet completed
    uint32_t pending = 0; // prepared, waiting for submit()
    bool stopping = false;
    Clock::time_point lastProgress = m_now;
    std::optional<Clock::time_point> cancelledAt; // when a cancel was first seen
    const auto stopGraceOver = [&] {
        if (!cancelledAt && cancel.load(std::memory_order_relaxed))
            cancelledAt = m_now;
        return cancelledAt && m_now - *cancelledAt >= kStopGrace;
    };

    for (uint32_t slot = 0; slot < m_depth && !(limits.byteLimit && m_submittedBytes >= limits.byteLimit); ++slot) {
        issue(slot);
        ++pending;
    }

    while (pending > 0 || inFlight > 0) {
        if (pending > 0) {
            auto sent = m_backend->submit();
            if (!sent) {
                out.error = sent.error();
                stopping = true;
                pending = 0; // never submitted: those slots are simply free again
            } else {
                inFlight += *sent;
                pending -= *sent;
            }
        }
        if (inFlight == 0) {
            if (pending == 0 || cancel.load(std::memory_order_relaxed))
                break; // what was never submitted is simply dropped
            // EAGAIN with nothing of ours in flight: the kernel is short of room for everyone.
            if (Clock::now() - lastProgress > m_plan.stallTimeout) {
                out.error = ioError("the kernel accepted no I/O for "
                    + std::to_string(std::chrono::duration_cast<std::chrono::seconds>(m_plan.stallTimeout).count())
                    + " s (EAGAIN): the system is out of asynchronous I/O resources");
                break;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
            continue;
        }

        auto got = m_backend->reap(1, inFlight, m_completions.data(), kReapTimeoutNs);
        m_now = Clock::now();
        if (!got) {
            // The context itself failed: nothing more will complete through it.
            out.error = got.error();
            break;
        }
        const uint32_t n = *got;
        if (n == 0) {
            if (m_now - lastProgress > m_plan.stallTimeout) {
                out.error = ioError(stallMessage(m_plan.stallTimeout));
                out.stalled = true;
                break;
            }
            if (!stopping && stopWanted())
                stopping = true;
            if (stopGraceOver())
                break; // Stop does not wait for the device: the kernel keeps what it has
            continue;
        }
        lastProgress = m_now;
        out.end = m_now;
        inFlight -= n;
        uint64_t batchBytes = 0;
        for (uint32_t i = 0; i < n; ++i) {
            const auto& c = m_completions[i];
            const Slot& s = m_slots[c.slot];
            // A no-data operation moves nothing: any result that is not an error is complete.
            if (m_plan.nop ? c.result < 0 : c.result != int64_t(m_blockSize)) {
                if (!out.error) {
                    const char* what = s.write ? "write" : "read";
                    out.error = c.result < 0
                        ? ioError(std::string(what) + " failed at offset " + std::to_string(s.offset) + ": "
                                + describeErrno(c.result),
                            int(-c.result))
                        : ioError("short " + std::string(what) + " at offset " + std::to_string(s.offset) + " ("
                            + std::to_string(c.result) + " of " + std::to_string(m_blockSize)
                            + " bytes): the device may have been removed or the file truncated");
                }
                stopping = true;
                continue;
            }
            m_histogram.record(
                uint64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(m_now - s.submitted).count()));
            batchBytes += m_blockSize;
            if (s.write) {
                out.writeBytes += m_blockSize;
                ++out.writeIos;
            } else {
                out.readBytes += m_blockSize;
                ++out.readIos;
            }
        }
        live.bytes.fetch_add(batchBytes, std::memory_order_relaxed);
        live.ios.fetch_add(batchBytes / m_blockSize, std::memory_order_relaxed);

        if (!stopping && stopWanted())
            stopping = true;
        if (!stopping) {
            // Keep the queue full: every completed slot goes straight back, in one batch.
            for (uint32_t i = 0; i < n; ++i) {
                if (limits.byteLimit && m_submittedBytes >= limits.byteLimit)
                    break;
                issue(m_completions[i].slot);
                ++pending;
            }
        } else if (inFlight > 0 && stopGraceOver()) {
            break; // a device that answers too slowly to drain within the grace: as above
        }
    }
    // What the kernel still has (a stall, or a Stop that did not wait) is not ours to reuse.
    m_held = inFlight;
    out.held = inFlight;
    return out;
}

} // namespace dm
