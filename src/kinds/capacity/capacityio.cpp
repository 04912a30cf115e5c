// SPDX-License-Identifier: GPL-3.0-or-later
#include "capacityio.h"

#include "heldio.h"
#include "rangeio.h"

#include <cstdlib>

namespace dm {

CapacityIo::CapacityIo(int fd, std::unique_ptr<IoBackend> backend, std::chrono::nanoseconds stallTimeout)
    : m_fd(fd)
    , m_backend(std::move(backend))
    , m_stallTimeout(stallTimeout)
{
}

CapacityIo::~CapacityIo()
{
    // The backend first (its teardown waits for I/O still using the buffer), then the buffer; or
    // both handed over together when the kernel still holds some of that I/O.
    holdUntilAnswered(std::move(m_backend), m_held, [b = m_buffer] { std::free(b); });
}

Status CapacityIo::setUp()
{
    m_buffer = static_cast<uint8_t*>(std::aligned_alloc(4096, kBufferBytes));
    if (!m_buffer)
        return targetError("not enough memory for the capacity check's 4 MiB buffer");
    return m_backend->setup(m_fd, kDepth);
}

Result<double> CapacityIo::transfer(bool write, uint64_t offset, uint64_t length, const std::atomic<bool>& cancel)
{
    if (!usable())
        return ioError("the device stopped answering earlier in this check");
    RangeTransfer job;
    job.write = write;
    job.buffer = m_buffer;
    job.offset = offset;
    job.length = length;
    // The largest power of two up to 1 MiB that divides the length: whole 1 MiB I/Os for the
    // fill's chunks, one 4 KiB I/O for a probe's block.
    job.ioSize = 1024 * 1024;
    while (job.ioSize > 4096 && length % job.ioSize != 0)
        job.ioSize /= 2;
    job.depth = kDepth;
    job.stallTimeout = m_stallTimeout;
    auto done = transferRange(*m_backend, job, cancel, m_held);
    if (done) {
        (write ? m_sent.writeBytes : m_sent.readBytes) += length;
        (write ? m_sent.writes : m_sent.reads) += length / job.ioSize;
    }
    return done;
}

} // namespace dm
