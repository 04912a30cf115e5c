// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The threads of one test of the grid (and of the sweep, which runs the grid's tests), kept
// between its passes: the pool the runner starts for each test, and what it shares with its
// threads so that a thread the kernel holds can be given up on (runner.cpp's only helper).

#include "devicecounters.h"
#include "hoststeal.h"
#include "heldio.h"
#include "ioworker.h"
#include "latencyhistogram.h"
#include "runner.h"

#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>

#include <barrier>
#include <condition_variable>
#include <cstring>
#include <memory>
#include <mutex>
#include <thread>

namespace dm::testpool {

    using Seconds = std::chrono::duration<double>;

    struct CpuTimes {
        double user = 0, system = 0;
    };
    inline CpuTimes processCpu()
    {
        rusage ru {};
        getrusage(RUSAGE_SELF, &ru);
        return { double(ru.ru_utime.tv_sec) + double(ru.ru_utime.tv_usec) / 1e6,
            double(ru.ru_stime.tv_sec) + double(ru.ru_stime.tv_usec) / 1e6 };
    }

    inline LatencySummary summarize(const LatencyHistogram& h)
    {
        LatencySummary s;
        s.meanNs = h.meanNs();
        s.minNs = double(h.minNs());
        s.maxNs = double(h.maxNs());
        s.p50Ns = h.percentileNs(0.50);
        s.p90Ns = h.percentileNs(0.90);
        s.p99Ns = h.percentileNs(0.99);
        s.p999Ns = h.percentileNs(0.999);
        return s;
    }

    // A pool thread not back this long after a Stop reached it (its own grace and a little
    // more), or this long past the stall timeout without a completion, is given up on: the
    // kernel holds it (PoolState). Short enough that Stop still takes effect within half a second.
    constexpr auto kStopGiveUp = kStopGrace + std::chrono::milliseconds(100);
    constexpr auto kStallGiveUpMargin = std::chrono::milliseconds(250);
    // How often the caller, while a pass runs, passes a Stop on and looks for a thread it must
    // give up on; the samples keep their own interval.
    constexpr auto kWatchInterval = std::chrono::milliseconds(50);

    // What the threads of one test share, owned by the test and by each of its threads.
    //
    // Why shared: a thread's submit can sleep in the kernel, out of reach of Stop and of its
    // own stall timeout, when a stalled device holds every request of its queue (a USB stick's
    // queue is short, and the grid keeps the depth it is asked for; docs/FAULTS.md, "A short
    // queue"). With libaio the thread sleeps in io_submit; with io_uring an io-wq worker sleeps,
    // and the thread that submitted cannot exit until it wakes. The test then gives up on its
    // threads instead of waiting (never joining one), and whatever they use stays here until
    // the last of them comes back: the workers (their backends and buffers, which the kernel may
    // still read and write) and a descriptor of their own for the target, so that a submit that
    // wakes after the test has closed its descriptor never reaches a file opened since under the
    // same number.
    struct PoolState {
        PoolState(uint32_t threads, int targetFd)
            : start(std::ptrdiff_t(threads) + 1)
            , live(threads)
            , outcomes(threads)
            , fd(::fcntl(targetFd, F_DUPFD_CLOEXEC, 0))
        {
        }
        ~PoolState() { release(); }
        // The workers (each hands the I/O the kernel still holds on, heldio.h), then the
        // descriptor: by the test once its threads have returned, so that the target is no
        // longer open when the test ends (a write test's exclusive open); else by the last of them.
        void release()
        {
            workers.clear();
            if (fd >= 0)
                ::close(fd);
            fd = -1;
        }

        std::vector<std::unique_ptr<IoWorker>> workers;
        std::barrier<> start; // the threads and the test meet here before every pass
        std::vector<LiveCounters> live;
        std::vector<WorkerPassOutcome> outcomes;
        PassLimits limits;
        // Set before the barrier releases the threads to their end. Atomic: a test that gave up on
        // a thread sets it while the threads that came back may still be reading it after the
        // last barrier (TSan found it).
        std::atomic<bool> quit { false };
        // The threads' cancel: the caller's Stop passed on, or the test giving up on them. Not the
        // caller's flag itself, which may be gone when a thread the kernel held comes back.
        std::atomic<bool> stop { false };
        std::mutex mutex;
        std::condition_variable changed;
        uint32_t finished = 0; // threads done with this pass
        uint32_t exited = 0; // threads that have returned for good
        int fd;
    };

    // The threads of one test, kept between its passes. The caller's thread starts every pass,
    // samples the live counters while it runs and merges the threads' outcomes when it ends.
    class TestExecution {
    public:
        struct PassOutcome {
            PassResult result;
            std::optional<Error> error;
            bool stalled = false; // the device stopped answering: the run ends
        };

        // nop: the threads run no-data operations instead of the spec's I/O (WorkerPlan::nop), for
        // the engine's ceiling (engineceiling.h); `fd` is then only what the backends are set up on.
        TestExecution(const RunRequest& request, const BackendFactory& makeBackend, const TestSpec& spec, int fd,
            const RegionInfo& region, uint64_t seed, std::chrono::nanoseconds stallTimeout,
            const std::atomic<bool>& cancel, bool nop = false)
            : m_cancel(cancel)
            , m_threads(spec.row.threads)
            , m_depth(spec.row.queueDepth)
            , m_stallTimeout(stallTimeout)
            , m_s(std::make_shared<PoolState>(m_threads, fd))
            , m_counters(DeviceCounters::forFd(fd))
        {
            for (uint32_t i = 0; i < m_threads; ++i) {
                WorkerPlan plan;
                plan.fd = m_s->fd;
                plan.spec = spec;
                plan.regionOffset = region.offset;
                plan.regionLength = region.length;
                plan.index = i;
                plan.count = m_threads;
                plan.seed = seed + 0x9e3779b97f4a7c15ULL * (i + 1);
                plan.data = request.settings.data;
                plan.stallTimeout = stallTimeout;
                plan.nop = nop;
                m_s->workers.push_back(std::make_unique<IoWorker>(plan, makeBackend()));
            }
        }

        ~TestExecution()
        {
            if (m_started == 0)
                return;
            if (m_givenUp) {
                // The threads that are back wait at the barrier; they end once the others are
                // back too, without us. The last one frees the workers (PoolState).
                m_s->quit = true;
                m_s->start.arrive_and_drop();
                return;
            }
            m_s->quit = true;
            m_s->start.arrive_and_wait();
            // Every thread returns at once now; waiting for that, not for the threads' ends,
            // which with io_uring may wait for the kernel (a worker of the ring's still asleep).
            std::unique_lock lock(m_s->mutex);
            m_s->changed.wait(lock, [&] { return m_s->exited == m_started; });
            lock.unlock();
            m_s->release();
        }

        Status setup()
        {
            if (m_s->fd < 0)
                return targetError(std::string("could not duplicate the target's descriptor: ") + std::strerror(errno), errno);
            for (auto& w : m_s->workers)
                if (auto st = w->setup(); !st)
                    return st;
            for (uint32_t i = 0; i < m_threads; ++i) {
                // Detached: a thread is never joined (see PoolState). It holds the shared state
                // until it has returned for good, and says so last.
                std::thread([s = m_s, i]() mutable {
                    threadMain(*s, i);
                    const std::lock_guard lock(s->mutex);
                    ++s->exited;
                    s->changed.notify_all();
                    // `s` is released after the lock, by the thread's end: the state outlives it.
                }).detach();
                ++m_started;
            }
            return Ok {};
        }

        // onTick(bytes, ios so far) is called every sample interval while the pass runs.
        PassOutcome runPass(const PassLimits& limits, const std::function<void(uint64_t, uint64_t)>& onTick)
        {
            PoolState& s = *m_s;
            {
                std::lock_guard lock(s.mutex);
                s.finished = 0;
            }
            s.limits = limits;
            const CpuTimes cpu0 = processCpu();
            const auto host0 = readHostCpuTicks();
            const auto device0 = m_counters.mark();
            s.start.arrive_and_wait();

            const auto tick = std::chrono::duration_cast<Clock::duration>(Seconds(kSampleIntervalSeconds));
            auto nextTick = Clock::now() + tick;
            std::optional<Clock::time_point> stoppedAt;
            auto lastProgress = Clock::now();
            uint64_t lastIos = 0;
            bool stalled = false;
            {
                std::unique_lock lock(s.mutex);
                while (s.finished < m_threads) {
                    const auto wake = std::min(nextTick, Clock::now() + kWatchInterval);
                    if (s.changed.wait_until(lock, wake, [&] { return s.finished == m_threads; }))
                        break;
                    lock.unlock();
                    const auto now = Clock::now();
                    if (!stoppedAt && m_cancel.load()) {
                        stoppedAt = now;
                        s.stop = true;
                    }
                    if (now >= nextTick) {
                        if (onTick)
                            onTick(liveBytes(), liveIos());
                        nextTick += tick;
                    }
                    if (const uint64_t ios = liveIos(); ios != lastIos) {
                        lastIos = ios;
                        lastProgress = now;
                    }
                    lock.lock();
                    if (s.finished == m_threads)
                        break;
                    // A thread the kernel holds: give up on it, as its own timeouts would have.
                    stalled = now - lastProgress > m_stallTimeout + kStallGiveUpMargin;
                    if (stalled || (stoppedAt && now - *stoppedAt > kStopGiveUp)) {
                        m_givenUp = true;
                        s.stop = true; // and it stops, should the kernel give it back
                        break;
                    }
                }
            }
            const CpuTimes cpu1 = processCpu();
            const auto host1 = readHostCpuTicks();
            const auto device1 = m_counters.mark();

            PassOutcome out;
            if (m_givenUp) {
                // The threads that are back may still be writing their outcomes: none is read.
                holdGivenUpThreads();
                if (stalled) {
                    out.error = ioError(stallMessage(m_stallTimeout));
                    out.stalled = true;
                }
                return out;
            }
            LatencyHistogram merged;
            Clock::time_point first = Clock::time_point::max(), last = Clock::time_point::min();
            for (uint32_t i = 0; i < m_threads; ++i) {
                const auto& o = s.outcomes[i];
                if (o.error && !out.error)
                    out.error = o.error;
                out.stalled = out.stalled || o.stalled;
                first = std::min(first, o.start);
                last = std::max(last, o.end);
                out.result.readBytes += o.readBytes;
                out.result.writeBytes += o.writeBytes;
                out.result.readIos += o.readIos;
                out.result.writeIos += o.writeIos;
                merged.merge(s.workers[i]->histogram());
            }
            out.result.bytes = out.result.readBytes + out.result.writeBytes;
            out.result.ios = out.result.readIos + out.result.writeIos;
            out.result.seconds = last > first ? Seconds(last - first).count() : 0.0;
            out.result.latency = summarize(merged);
            out.result.cpuUserSeconds = cpu1.user - cpu0.user;
            out.result.cpuSystemSeconds = cpu1.system - cpu0.system;
            out.result.stealPercent = stealPercent(host0, host1);
            out.result.device = m_counters.between(device0, device1, out.result.bytes);
            return out;
        }

        uint64_t liveBytes() const
        {
            uint64_t sum = 0;
            for (const auto& c : m_s->live)
                sum += c.bytes.load(std::memory_order_relaxed);
            return sum;
        }
        uint64_t liveIos() const
        {
            uint64_t sum = 0;
            for (const auto& c : m_s->live)
                sum += c.ios.load(std::memory_order_relaxed);
            return sum;
        }

    private:
        static void threadMain(PoolState& s, uint32_t i)
        {
            for (;;) {
                s.start.arrive_and_wait();
                if (s.quit)
                    return;
                s.outcomes[i] = s.workers[i]->runPass(s.limits, s.stop, s.live[i]);
                const std::lock_guard lock(s.mutex);
                if (++s.finished == s.workers.size())
                    s.changed.notify_all();
            }
        }

        // Counts the threads not back as I/O the kernel holds (heldio.h) until they return, so
        // that the program's exit knows of them and says what the user can do.
        void holdGivenUpThreads()
        {
            uint32_t notBack;
            {
                const std::lock_guard lock(m_s->mutex);
                notBack = m_threads - m_s->finished;
            }
            holdUntilThreadsReturn(notBack * m_depth, [s = m_s, threads = m_threads] {
                std::unique_lock lock(s->mutex);
                s->changed.wait(lock, [&] { return s->exited == threads; });
            });
        }

        const std::atomic<bool>& m_cancel;
        uint32_t m_threads;
        uint32_t m_depth;
        std::chrono::nanoseconds m_stallTimeout;
        std::shared_ptr<PoolState> m_s;
        DeviceCounters m_counters; // read around every pass
        uint32_t m_started = 0;
        bool m_givenUp = false;
    };

} // namespace dm::testpool
