// SPDX-License-Identifier: GPL-3.0-or-later
// diskometer-cli's run options: the input is split at newlines into arguments, so the fuzzer
// reaches every value parser behind them (--size, --tests rows, --mix, the durations --measure,
// --interval and --warmup, --count, --seed, --stall-timeout...). Any arguments give options or a
// usage error, and an error quotes at most a short prefix of what it got.
#include "clioptions.h"

#include <QByteArray>
#include <QStringList>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    if (size > 4096)
        return 0;
    QStringList args { QStringLiteral("diskometer-cli") };
    for (const QByteArray& part : QByteArray(reinterpret_cast<const char*>(data), qsizetype(size)).split('\n'))
        args << QString::fromUtf8(part);
    auto parsed = dm::parseCliOptions(args);
    if (!parsed && parsed.error().message.size() > 2 * size + 4096)
        __builtin_trap();
    return 0;
}
