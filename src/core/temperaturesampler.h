// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "runhealth.h"

#include <QString>

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace dm {

// The drive's temperature read from its hwmon sensor every `every`, from construction until
// destruction, on a thread of its own: the run's thread is in io_getevents or a tight loop, and
// a sysfs read costs nothing next to the I/O. Needs no privileges (drivehealth.h).
class TemperatureSampler {
public:
    // `disk` is the whole drive's kernel name ("nvme0n1", "sda"). The first sample is taken at 0 s.
    // `onReading`, when given, is called with each reading on the sampler's thread (a page draws
    // the temperature while its test runs); it must not block.
    using Listener = std::function<void(const TemperatureSample&)>;
    explicit TemperatureSampler(QString disk, QString sysRoot = QStringLiteral("/sys"),
        std::chrono::milliseconds every = std::chrono::seconds(2), Listener onReading = {});
    ~TemperatureSampler();
    TemperatureSampler(const TemperatureSampler&) = delete;
    TemperatureSampler& operator=(const TemperatureSampler&) = delete;

    // What was read so far, seconds since construction; a read without a value is left out.
    std::vector<TemperatureSample> samples() const;

private:
    void run();

    const QString m_disk, m_sysRoot;
    const std::chrono::milliseconds m_every;
    const Listener m_onReading;
    const std::chrono::steady_clock::time_point m_started;
    mutable std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_stop = false;
    std::vector<TemperatureSample> m_samples;
    std::thread m_thread; // last: started once everything above exists
};

} // namespace dm
