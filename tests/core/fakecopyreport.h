// SPDX-License-Identifier: GPL-3.0-or-later
// A hand-built copy test (src/kinds/copy), every figure fixed, for the golden files and the
// kind's tests: 1 GiB of sets on a btrfs folder that can clone, the Game set stopped by an error.
#pragma once

#include "copyreport.h"
#include "fakekindreports.h"

namespace dm::test {

inline CopyReport fakeCopyReport(bool complete = false)
{
    CopyReport in;
    in.header = fakeHeader();
    in.header.target.path = QStringLiteral("/mnt/ssd/bench");
    in.header.target.kind = QStringLiteral("directory");
    in.header.engine = QStringLiteral("read/write");
    CopyResult& r = in.result;
    r.request.target = "/mnt/ssd/bench";
    r.request.size = GiB;
    r.request.seed = 0xfedcba9876543210ULL;
    r.seed = r.request.seed;
    r.engine = "read/write";
    r.region.kind = RegionInfo::Kind::Directory;
    r.region.path = "/mnt/ssd/bench";
    r.region.length = GiB;
    r.region.direct = false;
    r.filesystem = "btrfs";
    r.cloneCapable = true;
    r.neededBytes = 1021 * MiB;
    r.sets = {
        { CopySetKind::Iso, 479'349'028, 2, 1, 1.25, 0.5, 0.8, 2.5, true },
        { CopySetKind::Program, 210'916'179, 839, 119, 2.5, 0.25, 0.9, 6.0, true },
        { CopySetKind::Game, 383'476'617, 119, 32, 1.5, 0.125, 0.7, 8.0, complete },
    };
    if (!complete) {
        r.sets[2].seconds = r.sets[2].syncSeconds = r.sets[2].atSeconds = 0;
        r.error = "copying the Game set failed after 40 of 119 files: cannot write the copy of f40.bin: "
                  "Input/output error";
    }
    return in;
}

} // namespace dm::test
