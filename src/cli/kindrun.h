// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "clicommon.h"
#include "progressline.h"
#include "runheader.h"
#include "targetwarnings.h"

#include <functional>
#include <optional>

namespace dm {

// How a kind's command writes and judges its report (scan, sustained, sweep).
template <class ReportT> struct KindOutput {
    QByteArray (*json)(const ReportT&);
    QByteArray (*csv)(const ReportT&);
    QString (*text)(const ReportT&);
    // What stderr says after Ctrl-C, from what the reports hold: "the samples read so far are
    // reported" is wrong when none was read, so a kind says then that nothing finished, as the
    // grid does ("interrupted before any test finished").
    std::function<QString(const ReportT&)> interrupted;
    QString stopped; // "the scan stopped: %1", for the envelope's error
    std::function<bool(const ReportT&)> failedInPart = {}; // e.g. a sweep point that failed: exit 1
};

// Before a kind runs, what every kind's command does the same way once its own options are read:
// the common options into the request's envelope (runenvelope.h), the kind's own checks, a
// descriptor from UDisks2 when this user may not open the device, and the signal handlers.
// Returns the exit code when it cannot run (the error is printed), nothing when it can.
template <class Request> std::optional<int> prepareKind(const CommonOptions& common, Request& req, bool writes)
{
    if (checkOptionsOnly())
        return kExitOk; // the options were read and their values are fine; the target is the host's
    req.allowDestructive = common.allowDestructive;
    req.engine = common.engine;
    req.stallTimeoutSeconds = common.stallTimeoutSeconds;
    if (auto st = validate(req); !st) {
        printError(QString::fromStdString(st.error().message));
        return kExitUsage;
    }
    auto fd = openThroughUdisksIfNeeded(req.target, writes, req.allowDestructive);
    if (!fd) {
        printError(QString::fromStdString(fd.error().message));
        return kExitUsage;
    }
    req.fd = *fd;
    installSignalHandlers();
    return std::nullopt;
}

// The end every kind's command shares once its options are read: the run header probed around
// the run (runheader.h: every target warning, no suspend, the performance power profile), the reports written and the run
// stored (writeOtherReports), and the exit code from the outcome. `run` runs the kind on this
// thread and returns its Result (clearing the command's status line).
template <class ReportT, class Run>
int runKind(const CommonOptions& common, const std::string& target, Run run, const KindOutput<ReportT>& out)
{
    const RunHeaderProbe probe(QString::fromStdString(target));
    auto result = run();
    if (!result) {
        printError(QString::fromStdString(result.error().message));
        return kExitUsage;
    }
    // The header first: building the report moves the result (and its engine name) away.
    // Other I/O on the drive is judged against what the drive did in this run (targetwarnings.h).
    ReportHeader header = probe.finish(*result, common.comment, result->fastest);
    ReportT report { std::move(*result), std::move(header) };
    const bool written = writeOtherReports(
        common, { out.json(report), out.csv(report), out.text(report) }, report.header.date, report.result.cancelled);
    if (report.result.cancelled) {
        printError(out.interrupted(report));
        return kExitInterrupted;
    }
    if (report.result.error) {
        printError(out.stopped.arg(QString::fromStdString(*report.result.error)));
        return kExitTestError;
    }
    if (out.failedInPart && out.failedInPart(report))
        return kExitTestError;
    return written ? kExitOk : kExitTestError;
}

} // namespace dm
