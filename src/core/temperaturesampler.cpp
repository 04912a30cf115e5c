// SPDX-License-Identifier: GPL-3.0-or-later
#include "temperaturesampler.h"

#include "drivehealth.h"

#include <algorithm>

namespace dm {

TemperatureSampler::TemperatureSampler(
    QString disk, QString sysRoot, std::chrono::milliseconds every, Listener onReading)
    : m_disk(std::move(disk))
    , m_sysRoot(std::move(sysRoot))
    , m_every(every)
    , m_onReading(std::move(onReading))
    , m_started(std::chrono::steady_clock::now())
    , m_thread([this] { run(); })
{
}

TemperatureSampler::~TemperatureSampler()
{
    {
        const std::lock_guard lock(m_mutex);
        m_stop = true;
    }
    m_wake.notify_all();
    m_thread.join();
}

std::vector<TemperatureSample> TemperatureSampler::samples() const
{
    const std::lock_guard lock(m_mutex);
    return m_samples;
}

void TemperatureSampler::run()
{
    // A read that took longer than `every` (a sensor that sleeps) does not make the next ones hurry.
    for (auto next = m_started;; next = std::max(next + m_every, std::chrono::steady_clock::now())) {
        {
            std::unique_lock lock(m_mutex);
            if (m_wake.wait_until(lock, next, [this] { return m_stop; }))
                return;
        }
        const HwmonReading reading = readHwmonTemperature(m_disk, m_sysRoot);
        if (!reading.temperatureC)
            continue;
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - m_started).count();
        const TemperatureSample sample { seconds, *reading.temperatureC };
        {
            const std::lock_guard lock(m_mutex);
            m_samples.push_back(sample);
        }
        if (m_onReading)
            m_onReading(sample);
    }
}

} // namespace dm
