// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "report.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

#include <vector>

namespace dm {

// fio's `--output-format=json` (checked against fio 3.33): a "jobs" list from a local run, or
// a "client_stats" list from `fio --client=HOST ...` with "hostname" on each entry and an
// "All clients" sum that we skip (each host is its own run; the sum is not a drive).
//
// Each job becomes one of our tests: rw gives pattern and direction (randrw is a mix, its MB/s
// read plus write as ours), bs the block size, iodepth Q, numjobs T; job options override the
// global ones, fio's defaults fill the rest (4k, depth 1, one job, rwmixread 50). Jobs with the
// same test are passes of it, so a job file exported by `diskometer-cli fio-job` (one section
// per pass) reads back as our run did: best pass as headline, spread over the passes. Clones
// reported one by one (numjobs without group_reporting) are summed into one pass.
// Latency is fio's "lat" (submission to completion, as ours); percentiles from lat_ns when fio
// kept them (lat_percentiles=1), else from clat_ns. Where two parts or clones are merged, the
// mean is weighted by I/Os and each percentile is the larger one: never better than either.
//
// Every field read is checked first (fiofields.h): its type, its range (io_bytes and total_ios
// whole numbers from 0 to 1e18, runtime above 0 for a job that moved bytes, iodepth and
// numjobs from 1 to 65536, rwmixread 0-100), and its presence where fio always writes it
// (timestamp, jobname, the read/write parts of a job). A value outside is refused, never
// clamped: a clamped iodepth "-1" would put a Q32 job into the Q1 column.
struct FioHostRun {
    QString host; // empty for a local run
    QByteArray json; // fio's document narrowed to this host's entries, otherwise verbatim
    Report report; // the jobs as our tests (toolName "fio")
};

// True when the object is fio's JSON output ("fio version" at the top).
bool isFioJson(const QJsonObject& root);

// fio's stdout may start with text ("<host> Starting 1 process", notices) before the JSON:
// returns the document from the first line that opens an object, or an error.
Result<QJsonObject> readFioDocument(const QByteArray& output);

// One run per host (one in all for a local run). A document with no job we can map is an error
// saying why (e.g. only trim jobs).
Result<std::vector<FioHostRun>> parseFioOutput(const QByteArray& output);

// The report of a document holding one host's jobs, as parseFioOutput stores it.
Result<Report> fioReport(const QJsonObject& root);

} // namespace dm
