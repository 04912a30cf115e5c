// SPDX-License-Identifier: GPL-3.0-or-later
#include "jobspec.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <utility>

namespace dm {

namespace {

    std::string upper(std::string_view s)
    {
        std::string out(s);
        for (auto& c : out)
            c = char(std::toupper(static_cast<unsigned char>(c)));
        return out;
    }

    // Reads leading decimal digits; returns false when there are none or they overflow.
    bool takeNumber(std::string_view& s, uint64_t& out)
    {
        auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
        if (ec != std::errc() || ptr == s.data())
            return false;
        s.remove_prefix(size_t(ptr - s.data()));
        return true;
    }

} // namespace

std::string lowerCase(std::string_view text)
{
    std::string out(text);
    for (auto& c : out)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

std::string blockSizeLabel(uint32_t bytes)
{
    if (bytes >= MiB && bytes % MiB == 0)
        return std::to_string(bytes / MiB) + "M";
    if (bytes >= KiB && bytes % KiB == 0)
        return std::to_string(bytes / KiB) + "K";
    return std::to_string(bytes);
}

std::string blockSizeIecLabel(uint32_t bytes)
{
    if (bytes >= MiB && bytes % MiB == 0)
        return std::to_string(bytes / MiB) + "MiB";
    if (bytes >= KiB && bytes % KiB == 0)
        return std::to_string(bytes / KiB) + "KiB";
    return std::to_string(bytes) + "B";
}

std::string rowName(const TestRow& row)
{
    return std::string(row.pattern == Pattern::Sequential ? "SEQ" : "RND") + blockSizeLabel(row.blockSize) + " Q"
        + std::to_string(row.queueDepth) + "T" + std::to_string(row.threads);
}

const char* directionName(Direction d)
{
    switch (d) {
    case Direction::Read:
        return "read";
    case Direction::Write:
        return "write";
    case Direction::Mix:
        return "mix";
    }
    return "?";
}

const char* patternName(Pattern p) { return p == Pattern::Sequential ? "seq" : "rnd"; }

Result<uint64_t> parseSize(std::string_view text)
{
    // What the messages quote: a size is a few characters, so a long text is cut (a pasted
    // paragraph must not come back whole; fuzz/fuzz_parse_size.cpp holds the messages to it).
    constexpr size_t kQuoted = 40;
    const std::string original
        = text.size() <= kQuoted ? std::string(text) : std::string(text.substr(0, kQuoted)) + "...";
    uint64_t n = 0;
    if (!takeNumber(text, n))
        return usageError("'" + original + "' is not a size: write a number with a unit, e.g. 64MiB, 1.5GiB or 500MB");
    // A fraction, as drives and sticks are sold ("1.5TB", "0.5GiB"): taken when it comes to whole
    // bytes. Six decimals at most, so that the fraction times a unit (up to 10^12) fits 64 bits.
    uint64_t fraction = 0, scale = 1;
    if (!text.empty() && text.front() == '.') {
        text.remove_prefix(1);
        int digits = 0;
        for (; !text.empty() && text.front() >= '0' && text.front() <= '9'; text.remove_prefix(1), ++digits) {
            if (digits == 6)
                return usageError("'" + original + "' has more than 6 decimals: write it in a smaller unit");
            fraction = fraction * 10 + uint64_t(text.front() - '0');
            scale *= 10;
        }
        if (digits == 0)
            return usageError(
                "'" + original + "' is not a size: write a number with a unit, e.g. 64MiB, 1.5GiB or 500MB");
    }
    // Binary units as the kernel counts, and decimal ones with a B as drives are sold ("1TB"):
    // both are what people type. A bare K/M/G/T is binary, as in dd and fio.
    static constexpr std::pair<std::string_view, uint64_t> kUnits[] = {
        { "", 1 },
        { "B", 1 },
        { "K", KiB },
        { "KIB", KiB },
        { "M", MiB },
        { "MIB", MiB },
        { "G", GiB },
        { "GIB", GiB },
        { "T", TiB },
        { "TIB", TiB },
        { "KB", 1000 },
        { "MB", 1000 * 1000 },
        { "GB", 1000 * 1000 * 1000 },
        { "TB", uint64_t(1000) * 1000 * 1000 * 1000 },
    };
    const std::string unit = upper(text);
    for (const auto& [name, mult] : kUnits)
        if (unit == name) {
            const uint64_t part = fraction * mult; // below 10^6 * 10^12: no overflow
            if (part % scale != 0)
                return usageError("'" + original + "' is not a whole number of bytes");
            if (n > UINT64_MAX / mult || n * mult > UINT64_MAX - part / scale)
                return usageError("'" + original + "' is too large");
            return n * mult + part / scale;
        }
    return usageError("'" + original + "' has an unknown unit: use KiB, MiB, GiB, TiB (1024-based) or KB, MB, GB, TB");
}

std::string sizeLabel(uint64_t bytes)
{
    for (const auto& [unit, mult] : { std::pair { "TiB", TiB }, { "GiB", GiB }, { "MiB", MiB }, { "KiB", KiB } })
        if (bytes >= mult && bytes % mult == 0)
            return std::to_string(bytes / mult) + unit;
    return std::to_string(bytes) + "B";
}

Result<TestRow> parseRow(std::string_view text)
{
    const std::string original(text);
    const std::string s = upper(text);
    std::string_view v(s);
    const auto bad = [&](const std::string& why) {
        return usageError("'" + original + "' is not a test row (" + why
            + "): write PATTERN BLOCK-Q DEPTH T THREADS, e.g. SEQ1M-Q8T1 or RND4K-Q32T16");
    };
    TestRow row;
    if (v.starts_with("SEQ"))
        row.pattern = Pattern::Sequential;
    else if (v.starts_with("RND"))
        row.pattern = Pattern::Random;
    else
        return bad("it must start with SEQ or RND");
    v.remove_prefix(3);

    uint64_t bs = 0;
    if (!takeNumber(v, bs))
        return bad("no block size");
    if (v.starts_with("KIB")) {
        bs *= KiB;
        v.remove_prefix(3);
    } else if (v.starts_with("MIB")) {
        bs *= MiB;
        v.remove_prefix(3);
    } else if (v.starts_with("K")) {
        bs *= KiB;
        v.remove_prefix(1);
    } else if (v.starts_with("M")) {
        bs *= MiB;
        v.remove_prefix(1);
    }
    if (!v.empty() && (v.front() == '-' || v.front() == ' ' || v.front() == '_'))
        v.remove_prefix(1);
    uint64_t depth = 0, threads = 0;
    if (!v.starts_with("Q"))
        return bad("no queue depth");
    v.remove_prefix(1);
    if (!takeNumber(v, depth))
        return bad("no queue depth");
    if (!v.starts_with("T"))
        return bad("no thread count");
    v.remove_prefix(1);
    if (!takeNumber(v, threads))
        return bad("no thread count");
    if (!v.empty())
        return bad("unexpected '" + std::string(v) + "' at the end");
    if (bs > kMaxBlockSize || depth > kMaxQueueDepth || threads > kMaxThreads)
        return usageError("'" + original + "' is out of range: block size 512 B to 8 MiB, Q1 to Q512, T1 to T64");
    row.blockSize = uint32_t(bs);
    row.queueDepth = uint32_t(depth);
    row.threads = uint32_t(threads);
    if (auto st = validate(row); !st)
        return st.error();
    return row;
}

Status validate(const TestRow& row) { return validate(row, kMaxBlockSize); }

Status validate(const TestRow& row, uint32_t maxBlockSize)
{
    const std::string name = rowName(row);
    if (row.blockSize < kMinBlockSize || row.blockSize > maxBlockSize || row.blockSize % 512 != 0)
        return usageError(name + ": block size must be a multiple of 512 bytes from 512 B to "
            + std::to_string(maxBlockSize / MiB) + " MiB");
    if (row.queueDepth < 1 || row.queueDepth > kMaxQueueDepth)
        return usageError(name + ": queue depth must be from 1 to 512");
    if (row.threads < 1 || row.threads > kMaxThreads)
        return usageError(name + ": thread count must be from 1 to 64");
    return Ok {};
}

Status validate(const RunSettings& s)
{
    if (s.count < kMinCount || s.count > kMaxCount)
        return usageError("count must be from 1 to 9 passes (got " + std::to_string(s.count) + ")");
    if (!(s.measureSeconds >= kMinMeasureSeconds && s.measureSeconds <= kMaxMeasureSeconds))
        return usageError("measure time must be from 0.5 to 60 seconds");
    if (!(s.intervalSeconds >= 0 && s.intervalSeconds <= kMaxIntervalSeconds))
        return usageError("interval must be from 0 to 600 seconds");
    if (!(s.warmupSeconds >= 0 && s.warmupSeconds <= kMaxMeasureSeconds))
        return usageError("warm-up must be from 0 to 60 seconds");
    if (s.testSize < kMinTestSize || s.testSize > kMaxTestSize)
        return usageError("test size must be from 16MiB to 64GiB");
    return Ok {};
}

} // namespace dm
