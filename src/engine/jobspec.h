// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace dm {

inline constexpr uint64_t KiB = 1024;
inline constexpr uint64_t MiB = 1024 * KiB;
inline constexpr uint64_t GiB = 1024 * MiB;
inline constexpr uint64_t TiB = 1024 * GiB;

enum class Pattern { Sequential, Random };
enum class Direction { Read, Write, Mix };
enum class DataFill { Random, Zeros };

// One row of the grid: what CrystalDiskMark calls "SEQ1M Q8T1".
struct TestRow {
    Pattern pattern = Pattern::Sequential;
    uint32_t blockSize = 1 * MiB;
    uint32_t queueDepth = 8;
    uint32_t threads = 1;

    bool operator==(const TestRow&) const = default;
};

// One test: a row in one direction.
struct TestSpec {
    TestRow row;
    Direction direction = Direction::Read;
    int readPercent = 70; // only for Direction::Mix

    bool operator==(const TestSpec&) const = default;
    bool writes() const { return direction != Direction::Read; }
};

// What a run may ask for (the ranges README's option table and --help show).
inline constexpr uint32_t kMinBlockSize = 512; // row specs allow 512 B; the device decides if it works
inline constexpr uint32_t kMaxBlockSize = 8 * MiB;
// The block-size sweep goes one step further than the grid (issue 6: 4 KiB ... 16 MiB).
inline constexpr uint32_t kMaxSweepBlockSize = 16 * MiB;
inline constexpr uint32_t kMaxQueueDepth = 512;
inline constexpr uint32_t kMaxThreads = 64;
inline constexpr int kMinCount = 1;
inline constexpr int kMaxCount = 9;
inline constexpr uint64_t kMinTestSize = 16 * MiB;
inline constexpr uint64_t kMaxTestSize = 64 * GiB;
// Below a second only for tests and quick looks; the shortest profile (flash) has 1 s passes.
inline constexpr double kMinMeasureSeconds = 0.5;
inline constexpr double kMaxMeasureSeconds = 60;
inline constexpr double kMaxIntervalSeconds = 600;
inline constexpr int kMinMixRead = 10;
inline constexpr int kMaxMixRead = 90;

struct RunSettings {
    int count = 3; // measured passes per test (CrystalDiskMark 9's default; 8 had 5)
    double measureSeconds = 5; // length of one pass
    double intervalSeconds = 5; // pause between tests
    // The warm-up pass gets the queue full and the device out of idle before anything counts.
    // One second does that on every medium we know; a full pass would add minutes per run.
    double warmupSeconds = 1;
    uint64_t testSize = 1 * GiB;
    DataFill data = DataFill::Random;
    uint64_t seed = 0; // 0 = draw a fresh one per run
    bool operator==(const RunSettings&) const = default;
};

// "SEQ1M Q8T1", "RND4K Q32T16", "RND512 Q1T1": the names CrystalDiskMark users know.
std::string rowName(const TestRow& row);
// "1M", "4K", "128K", "512": block size as in the row name.
std::string blockSizeLabel(uint32_t bytes);
// Names people type (--profile Peak, --engine IO_URING) compare in lower case, as row names
// (--tests seq1m-q8t1) do in upper case: the case is never what was wrong.
std::string lowerCase(std::string_view text);
// "1MiB", "4KiB": for text reports.
std::string blockSizeIecLabel(uint32_t bytes);
const char* directionName(Direction d); // "read", "write", "mix"
const char* patternName(Pattern p); // "seq", "rnd"

// Parses "SEQ1M-Q8T1" (also "SEQ1M Q8T1", "RND512-Q1T1", block size in bytes or with K/M).
Result<TestRow> parseRow(std::string_view text);
// Parses "64MiB", "1GiB", "1G", "512M", "1048576", and decimal "500MB", "1TB" (any case).
Result<uint64_t> parseSize(std::string_view text);
// "16MiB", "64GiB", "4KiB": the largest binary unit that divides the size, for messages.
std::string sizeLabel(uint64_t bytes);
// Range checks shared by every front end; the message says what to do.
Status validate(const TestRow& row);
// The same with another largest block size (the sweep's kMaxSweepBlockSize).
Status validate(const TestRow& row, uint32_t maxBlockSize);
Status validate(const RunSettings& settings);

} // namespace dm
