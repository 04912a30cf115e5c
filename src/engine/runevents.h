// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace dm {

// How a stage counts its progress: what a front end can say of it besides its name.
enum class StageCounts {
    Nothing, // a stage that is just under way ("Preparing…", "Flushing…")
    Items, // item `index` of `count` (a scan's samples, a probe's blocks, files)
    Bytes, // `bytesDone` of `bytesTotal` at the latest rate
    Passes, // a grid or sweep test's passes (`pass` of `passCount`); the test is the item
    Countdown, // `stageSecondsLeft` until the next item
};

// What a run is doing. Its id is stable (tests and a future event log name it); each front end
// puts its own words, translated or not, on it. The stages several kinds share are named here;
// a kind declares its own beside its run function (surfacescan.h, capacitycheck.h), and its page
// gives them their words (PhaseWords::stageText), so a new kind touches no list of stages.
struct Stage {
    const char* id = "prepare";
    StageCounts counts = StageCounts::Nothing;

    static const Stage Prepare; // opening the target, checking it
    static const Stage Fill; // the grid's and the sweep's test file is written before anything is measured
    static const Stage WarmUp; // a grid or sweep test before its measured passes
    static const Stage Measure; // a grid or sweep test's measured passes
    static const Stage Interval; // the pause between two tests
    static const Stage Write; // data written and timed (a sustained write, a capacity fill)
    static const Stage Flush; // what was written going to the medium
    static const Stage Read; // data read back and timed

    bool operator==(const Stage& other) const
    {
        return counts == other.counts && std::string_view(id) == std::string_view(other.id);
    }
};
inline constexpr Stage Stage::Prepare { "prepare", StageCounts::Nothing };
inline constexpr Stage Stage::Fill { "fill", StageCounts::Bytes };
inline constexpr Stage Stage::WarmUp { "warm-up", StageCounts::Passes };
inline constexpr Stage Stage::Measure { "measure", StageCounts::Passes };
inline constexpr Stage Stage::Interval { "interval", StageCounts::Countdown };
inline constexpr Stage Stage::Write { "write", StageCounts::Bytes };
inline constexpr Stage Stage::Flush { "flush", StageCounts::Nothing };
inline constexpr Stage Stage::Read { "read", StageCounts::Bytes };

inline const char* stageName(const Stage& stage) { return stage.id; }

// One report of where a run stands: sent when the stage or the item changes and a few times a
// second between (at most 4 Hz), so a front end redraws without counting for itself.
struct RunPhase {
    Stage stage = Stage::Prepare;
    std::string label; // English, what runs now ("SEQ1M Q8T1 read"); the CLI prints it as it is
    size_t index = 0, count = 0; // the item (test, sample, read, block) of how many; count 0: none
    int pass = 0, passCount = 0; // grid and sweep tests: 0 is the warm-up
    uint64_t bytesDone = 0, bytesTotal = 0; // where the stage moves a known amount of data
    double stageFraction = 0; // how far this stage is, 0..1
    double stageSecondsLeft = -1; // of this stage, where it is known (an interval counts down)
    double fraction = 0; // of the whole run, 0..1; it does not go back
    double elapsedSeconds = 0; // since the run started
    std::optional<double> secondsLeft; // of the whole run, once it can be told
    std::optional<double> mbPerSec; // the latest rate, where this stage moves data
};

// A point of a named series: what a chart or a timeline draws while the run goes on. Each kind
// names its own ("mb_per_s" over seconds into a test, "read_mb_per_s" over the byte offset…);
// `item` is the phase index it belongs to.
struct SeriesSample {
    const char* series = "";
    size_t item = 0;
    double x = 0, y = 0;
};

// The one sink every kind of test reports to, on the thread that runs it; keep the calls short.
// A kind whose front ends need more than this (the grid's finished TestResult, a scan's samples)
// adds its own callbacks in a struct derived from this one, next to its run function.
struct RunEvents {
    std::function<void(const RunPhase&)> phase;
    std::function<void(const SeriesSample&)> series;
    std::function<void(size_t item)> itemFinished;
    // Just before an item's timed I/O begins (a grid or sweep test, or the one timed part of the
    // other kinds, item 0), outside any timed span: a front end may hold the run here. The hosts
    // of `remote ssh:// --together` wait at it for one another (remotestdin.h), so the hosts'
    // tests start at the same moment; a kind checks its cancel flag after it.
    std::function<void(size_t item)> itemStarting;
    // Once, as the run function returns, whatever it returns (a result, a stopped run, an Error):
    // a front end clears its status line here.
    std::function<void()> finished;

    void onPhase(const RunPhase& p) const
    {
        if (phase)
            phase(p);
    }
    void onSeries(const char* name, size_t item, double x, double y) const
    {
        if (series)
            series({ name, item, x, y });
    }
    void onItemFinished(size_t item) const
    {
        if (itemFinished)
            itemFinished(item);
    }
    void onItemStarting(size_t item) const
    {
        if (itemStarting)
            itemStarting(item);
    }
    void onFinished() const
    {
        if (finished)
            finished();
    }
};

// Calls events.onFinished() when it goes out of scope: a run function makes one first, so every
// way out of it reports the end.
class FinishedOnExit {
public:
    explicit FinishedOnExit(const RunEvents& events)
        : m_events(events)
    {
    }
    ~FinishedOnExit() { m_events.onFinished(); }
    FinishedOnExit(const FinishedOnExit&) = delete;
    FinishedOnExit& operator=(const FinishedOnExit&) = delete;

private:
    const RunEvents& m_events;
};

} // namespace dm
