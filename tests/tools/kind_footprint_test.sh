#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Every test kind that is a folder (src/kinds/ID) is known by at most 3 production files outside
# it (issue 29: the list of kinds, the build lists, the translations): tools/kind-footprint on
# this checkout. And the tool sees a tie when there is one: in a throwaway repository made from
# this one's kinds, a core file that includes a kind's header, one that names its page's class
# and one that holds its id as a string push that kind over the limit, and the tool says so.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
command -v git >/dev/null && command -v python3 >/dev/null && git -C "$repo" rev-parse --git-dir >/dev/null 2>&1 ||
    { echo "SKIP: needs git, python3 and a git checkout (the tool lists tracked files)"; exit 77; }

(cd "$repo" && tools/kind-footprint) || { echo "FAIL: a kind is known by more than 3 files outside its folder"; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/src/kinds" "$work/src/core" "$work/tools"
cp -r "$repo/src/kinds/capacity" "$work/src/kinds/"
cp "$repo/src/kinds/CMakeLists.txt" "$work/src/kinds/"
cp "$repo/tools/kind-footprint" "$work/tools/"
printf '#include "capacityreport.h"\n' >"$work/src/core/a.cpp"
printf 'void f(dm::CapacityPage*);\n' >"$work/src/core/b.h"
printf 'bool f(const char* k) { return k == QStringLiteral("capacity"); } // "capacity" in a comment alone is no tie\n' >"$work/src/core/c.cpp"
printf '// #include "capacityreport.h" and CapacityPage, in a comment\n' >"$work/src/core/d.cpp"
git -C "$work" init -q && git -C "$work" add -A
set +e
out=$(cd "$work" && tools/kind-footprint capacity)
code=$?
set -e
echo "$out"
[ "$code" -eq 1 ] || { echo "FAIL: exit $code, not 1, for a kind known by 4 files"; exit 1; }
for want in 'src/core/a.cpp: includes "capacityreport.h"' 'src/core/b.h: names CapacityPage' \
    'src/core/c.cpp: picks "capacity"' 'src/kinds/CMakeLists.txt: lists capacity' 'capacity: 4 production'; do
    grep -qF "$want" <<<"$out" || { echo "FAIL: missing: $want"; exit 1; }
done
! grep -q 'src/core/d.cpp' <<<"$out" || { echo "FAIL: a comment counted as a tie"; exit 1; }
echo "ok"
