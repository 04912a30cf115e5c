// SPDX-License-Identifier: GPL-3.0-or-later
#include "results.h"

#include <algorithm>
#include <cmath>

namespace dm {

PassStatistics passStatistics(const std::vector<PassResult>& passes)
{
    PassStatistics s;
    if (passes.empty())
        return s;
    std::vector<double> rates;
    rates.reserve(passes.size());
    for (const auto& p : passes)
        rates.push_back(p.mbPerSec());

    s.bestIndex = size_t(std::max_element(rates.begin(), rates.end()) - rates.begin());
    s.bestMbPerSec = rates[s.bestIndex];
    s.maxMbPerSec = s.bestMbPerSec;
    s.minMbPerSec = *std::min_element(rates.begin(), rates.end());

    std::vector<double> sorted = rates;
    std::sort(sorted.begin(), sorted.end());
    const size_t n = sorted.size();
    s.medianMbPerSec = n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;

    double mean = 0;
    for (double r : rates)
        mean += r;
    mean /= double(n);
    if (n > 1 && mean > 0) {
        double var = 0;
        for (double r : rates)
            var += (r - mean) * (r - mean);
        var /= double(n - 1);
        s.cvPercent = std::sqrt(var) / mean * 100.0;
    }
    return s;
}

} // namespace dm
