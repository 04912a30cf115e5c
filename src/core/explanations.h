// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "deviceio.h"
#include "report.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <vector>

namespace dm {

// Why a number in a report is what it is, or why it may not be the drive's: one sentence a reader
// of a blog post can act on. docs/MEASURING.md ("Explanations") lists each rule, its threshold
// and why. Computed from the target description and the results alone, so a run read back from
// the history or a JSON file is explained the same way as a fresh one.
struct Explanation {
    // A warning says the figures may not be the drive's (and what to do); a note says why a
    // figure is what it is (a limit of the connection or the device).
    enum class Kind { Warning, Note };
    Kind kind = Kind::Note;
    QString text;
    std::vector<size_t> tests; // the rows it is about (indices into RunResult::tests); empty = the whole run
    bool operator==(const Explanation&) const = default;
};

// The thresholds of the rules, for the rules, their tests and the docs.
namespace explain {
    // A queue-depth row this close to its Q1T1 row (relative to the Q1T1 figure) gained nothing from its queue.
    inline constexpr double kSameAsQ1 = 0.10;
    // Passes spread this much are not one stable figure.
    inline constexpr double kMaxCvPercent = 10.0;
    inline constexpr double kMaxBestToWorst = 1.25; // best pass / worst pass
    // Below this a test region fits in the DRAM or SLC cache many drives have.
    inline constexpr uint64_t kMinTestSize = 256 * MiB;
    // A pass that moved less than this (bytes) says more about its start and end than the drive.
    inline constexpr uint64_t kMinPassBytes = 4'000'000;
    // A pass during which the hypervisor took more than this share of the machine's CPU time
    // (steal) measured the host's load as much as the drive: on a 2-vCPU guest 1 % steal gave a
    // Q1 row 28 k IOPS and 18 % 9.6 k (docs/PERFORMANCE.md, section 9).
    inline constexpr double kMaxStealPercent = 5.0;
} // namespace explain

// Every explanation for `run` on `target`, warnings first, in a fixed order.
// `power`: what the machine's power management did meanwhile (battery, power-saver, a degraded
// performance profile, the powersave governor are reasons results may be lower).
std::vector<Explanation> explainRun(
    const TargetDescription& target, const RunResult& run, const PowerDescription& power = {});

// The explanations for a kind of run other than the grid (surface scan, sustained write,
// block-size sweep): the rules about the power conditions, the USB link, the device's queue and
// cache, applied to the I/O the run issued, described as the grid describes its rows (`io`: a
// scan's sample reads, a sweep's points, a sustained write). Each is about the whole run. The
// grid's own rules about passes and rows (stability, pass size, a row equal to Q1) do not apply.
// `seen`: the run's phases as the device counted them (deviceio.h), for the rules about joined or
// split requests and about other I/O on the drive.
std::vector<Explanation> explainConditions(const TargetDescription& target, const PowerDescription& power,
    const std::vector<TestSpec>& io, const std::vector<DeviceSeen>& seen = {});

// For those kinds' reports, so that they say it as the grid's do: the JSON's "warnings" (the
// run's own, then the explanations' warnings, without repeats) and "notes"; the text report's
// lines ("  Warning: ...", "  Note: ..."); and, reading a report back, the run's own warnings
// without the explanations' (which are made again from what was read).
void insertExplanations(
    QJsonObject& root, const std::vector<std::string>& runWarnings, const std::vector<Explanation>& explanations);
QString explanationLines(const std::vector<std::string>& runWarnings, const std::vector<Explanation>& explanations);
void dropExplainedWarnings(std::vector<std::string>& warnings, const std::vector<Explanation>& explanations);

// The texts of one kind, in order.
QStringList explanationTexts(const std::vector<Explanation>& explanations, Explanation::Kind kind);

// The run's own warnings followed by the explanations' warnings, without repeats: what a
// report's warnings list says.
QStringList reportWarnings(const RunResult& run, const std::vector<Explanation>& explanations);
QStringList reportWarnings(const std::vector<std::string>& runWarnings, const std::vector<Explanation>& explanations);

// The numbers (1-based, in the order of `explanations`) of those that flag test `index`, for the
// marks a report puts on that row: "[1]", "[1,3]".
std::vector<int> explanationMarks(const std::vector<Explanation>& explanations, size_t index);

// "RND4K Q32T1 write": a row as the explanations name it.
QString testLabel(const TestSpec& spec);

} // namespace dm
