// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A backend without a kernel: I/Os "complete" when reaped. It records what the worker asked for
// (offsets, batch sizes, the most in flight) and can misbehave on purpose: partial submits,
// EAGAIN, short transfers and errors. For scheduling tests only; real I/O is tested on real files.
#include "iobackend.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace dm::test {

struct FakeLog {
    std::mutex mutex;
    std::vector<uint64_t> offsets;
    std::vector<bool> writes;
    std::vector<uint64_t> writeStamps; // first 8 bytes of every write, at prepare time
    uint32_t maxInFlight = 0;
    uint64_t submitCalls = 0;
    uint64_t eagainReturned = 0;
    uint64_t partialSubmits = 0;
};

struct FakeBehaviour {
    uint32_t acceptAtMost = 0; // 0 = accept the whole batch; else a partial submit of this many
    uint32_t eagainEvery = 0; // every n-th submit call returns EAGAIN (0 = never)
    uint64_t failAtIo = 0; // the n-th completed I/O (1-based) fails with failErrno (0 = never)
    int failErrno = EIO;
    uint64_t shortAtIo = 0; // the n-th completed I/O transfers half its length
};

class FakeBackend final : public IoBackend {
public:
    FakeBackend(std::shared_ptr<FakeLog> log, FakeBehaviour behaviour)
        : m_log(std::move(log))
        , m_b(behaviour)
    {
    }
    const char* name() const override { return "fake"; }
    Status setup(int, uint32_t depth) override
    {
        m_depth = depth;
        return Ok {};
    }
    void prepare(uint32_t slot, bool write, void* buffer, uint32_t length, uint64_t offset) override
    {
        if (write) {
            uint64_t stamp = 0;
            std::memcpy(&stamp, buffer, sizeof stamp);
            std::lock_guard lock(m_log->mutex);
            m_log->writeStamps.push_back(stamp);
        }
        m_queue.push_back({ slot, length, offset, write });
    }
    Result<uint32_t> submit() override
    {
        std::lock_guard lock(m_log->mutex);
        ++m_log->submitCalls;
        if (m_b.eagainEvery && m_log->submitCalls % m_b.eagainEvery == 0) {
            ++m_log->eagainReturned;
            return 0u;
        }
        uint32_t n = uint32_t(m_queue.size());
        if (m_b.acceptAtMost && n > m_b.acceptAtMost) {
            n = m_b.acceptAtMost;
            ++m_log->partialSubmits;
        }
        for (uint32_t i = 0; i < n; ++i) {
            const Io io = m_queue.front();
            m_queue.pop_front();
            m_log->offsets.push_back(io.offset);
            m_log->writes.push_back(io.write);
            m_inFlight.push_back(io);
        }
        m_log->maxInFlight = std::max<uint32_t>(m_log->maxInFlight, uint32_t(m_inFlight.size()));
        return n;
    }
    uint32_t queued() const override { return uint32_t(m_queue.size()); }
    Result<uint32_t> reap(uint32_t, uint32_t max, Completion* out, int64_t) override
    {
        uint32_t n = 0;
        while (n < max && !m_inFlight.empty()) {
            const Io io = m_inFlight.front();
            m_inFlight.pop_front();
            ++m_completed;
            int64_t result = io.length;
            if (m_b.failAtIo && m_completed == m_b.failAtIo)
                result = -m_b.failErrno;
            if (m_b.shortAtIo && m_completed == m_b.shortAtIo)
                result = io.length / 2;
            out[n++] = { io.slot, result };
        }
        return n;
    }

private:
    struct Io {
        uint32_t slot;
        uint32_t length;
        uint64_t offset;
        bool write;
    };
    std::shared_ptr<FakeLog> m_log;
    FakeBehaviour m_b;
    uint32_t m_depth = 0;
    std::deque<Io> m_queue;
    std::deque<Io> m_inFlight;
    uint64_t m_completed = 0;
};

// A kind's request (any that derives from RunTarget, runenvelope.h) on `target` whose every I/O
// stream is a fake backend logging into `log`.
template <class Request> Request onTheFake(const std::string& target, const std::shared_ptr<FakeLog>& log)
{
    Request r;
    r.target = target;
    r.backendFactory = [log] { return std::make_unique<FakeBackend>(log, FakeBehaviour {}); };
    return r;
}

} // namespace dm::test
