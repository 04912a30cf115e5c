#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# `tools/quickstart run` builds the two programs only (not the test programs) and runs
# diskometer-cli where the user stood, not in the checkout: a copy of the script in a scratch
# tree, with a cmake that records what it is asked and a diskometer-cli that says where it runs.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
scratch=$(mktemp -d "${TMPDIR:-/tmp}/dm-quickstart-run.XXXXXX")
trap 'rm -rf "$scratch"' EXIT

mkdir -p "$scratch/tree/tools" "$scratch/tree/build/release/src/cli" "$scratch/bin" "$scratch/here"
cp "$repo/tools/quickstart" "$scratch/tree/tools/"
: >"$scratch/tree/tools/debian-packages.txt" # nothing to install
cat >"$scratch/bin/cmake" <<'FAKE'
#!/bin/sh
echo "cmake $*" >>"$DM_TEST_LOG"
FAKE
cat >"$scratch/tree/build/release/src/cli/diskometer-cli" <<'FAKE'
#!/bin/sh
echo "cli in $PWD: $*" >>"$DM_TEST_LOG"
FAKE
chmod +x "$scratch/bin/cmake" "$scratch/tree/build/release/src/cli/diskometer-cli"

export DM_TEST_LOG=$scratch/log
(cd "$scratch/here" && DISPLAY= WAYLAND_DISPLAY= PATH="$scratch/bin:$PATH" "$scratch/tree/tools/quickstart" run --quiet out.json) 2>/dev/null

fail=0
grep -qx "cli in $scratch/here: --quiet out.json" "$DM_TEST_LOG" || { echo "FAIL: diskometer-cli did not run where the user stood"; fail=1; }
build=$(grep -- '--build' "$DM_TEST_LOG" || true)
case "$build" in
*"--target diskometer diskometer-cli"*) ;;
*) echo "FAIL: the build was not limited to the programs: '$build'"; fail=1 ;;
esac
[ $fail -eq 0 ] && echo PASS || cat "$DM_TEST_LOG"
exit $fail
