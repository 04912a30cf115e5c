// SPDX-License-Identifier: GPL-3.0-or-later
#include "rangeio.h"

#include "ioworker.h"

#include <optional>
#include <thread>
#include <vector>

namespace dm {

Result<double> transferRange(
    IoBackend& backend, const RangeTransfer& job, const std::atomic<bool>& cancel, uint32_t& held)
{
    held = 0;
    using Seconds = std::chrono::duration<double>;
    const uint64_t chunks = job.ioSize ? job.length / job.ioSize : 0;
    if (chunks == 0 || job.depth == 0)
        return usageError("nothing to transfer");
    std::vector<uint64_t> slotChunk(job.depth); // which chunk each backend slot carries
    std::vector<uint32_t> freeSlots;
    for (uint32_t s = job.depth; s-- > 0;)
        freeSlots.push_back(s);
    std::vector<IoBackend::Completion> done(job.depth);

    uint64_t next = 0; // the next chunk to prepare
    uint64_t completed = 0; // chunks the device answered
    uint32_t pending = 0, inFlight = 0;
    std::optional<Error> error;
    const auto start = Clock::now();
    auto last = start, lastProgress = start;
    std::optional<Clock::time_point> cancelledAt;
    // Stop does not wait for the device longer than kStopGrace: the kernel keeps the rest.
    const auto stopGraceOver = [&](Clock::time_point now) {
        if (!cancelledAt && cancel.load(std::memory_order_relaxed))
            cancelledAt = now;
        return cancelledAt && now - *cancelledAt >= kStopGrace;
    };

    const auto fill = [&] {
        while (!error && next < chunks && !freeSlots.empty() && !cancel.load(std::memory_order_relaxed)) {
            const uint32_t slot = freeSlots.back();
            freeSlots.pop_back();
            slotChunk[slot] = next;
            backend.prepare(
                slot, job.write, job.buffer + next * job.ioSize, job.ioSize, job.offset + next * job.ioSize);
            ++next;
            ++pending;
        }
    };

    fill();
    while (pending > 0 || inFlight > 0) {
        if (pending > 0) {
            auto sent = backend.submit();
            if (!sent) {
                error = sent.error();
                pending = 0; // never submitted; nothing else will be prepared
            } else {
                pending -= *sent;
                inFlight += *sent;
            }
        }
        if (inFlight == 0) {
            if (pending == 0 || cancel.load(std::memory_order_relaxed))
                break;
            if (Clock::now() - lastProgress > job.stallTimeout) {
                error = ioError("the kernel accepted no I/O for "
                    + std::to_string(std::chrono::duration_cast<std::chrono::seconds>(job.stallTimeout).count())
                    + " s (EAGAIN): the system is out of asynchronous I/O resources");
                break;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
            continue;
        }
        auto got = backend.reap(1, inFlight, done.data(), kReapTimeoutNs);
        const auto now = Clock::now();
        if (!got) {
            error = got.error();
            break;
        }
        if (*got == 0) {
            if (now - lastProgress > job.stallTimeout) {
                error = ioError(stallMessage(std::chrono::duration_cast<Clock::duration>(job.stallTimeout)));
                break;
            }
            if (stopGraceOver(now))
                break;
            continue;
        }
        lastProgress = last = now;
        inFlight -= *got;
        completed += *got;
        for (uint32_t i = 0; i < *got; ++i) {
            const auto& c = done[i];
            const uint64_t at = job.offset + slotChunk[c.slot] * job.ioSize;
            if (c.result != int64_t(job.ioSize) && !error) {
                const char* what = job.write ? "write" : "read";
                error = c.result < 0 ? ioError(std::string(what) + " failed at offset " + std::to_string(at) + ": "
                                + describeErrno(c.result),
                            int(-c.result))
                                     : ioError("short " + std::string(what) + " at offset " + std::to_string(at)
                                         + ": the device may have been removed");
            }
            freeSlots.push_back(c.slot);
        }
        fill();
        if (inFlight > 0 && stopGraceOver(now))
            break;
    }
    held = inFlight;
    if (error)
        return *error;
    // Not only what was never submitted: a Stop while the last chunks were in flight leaves them
    // unanswered too, and the range was not transferred (a scan would keep it as a 0 MB/s sample).
    if (completed < chunks)
        return Error { Error::Kind::Cancelled, "cancelled", 0 };
    return Seconds(last - start).count();
}

} // namespace dm
