#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# `tools/quickstart missing` (what `run` and `test` would install) agrees with apt: a package apt
# finds installed (by its own name or as a name another installed package provides) is never
# reported missing, so a second quickstart call installs nothing; one that cannot exist is.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
command -v apt-get >/dev/null && command -v dpkg-query >/dev/null || { echo "SKIP: not a Debian system"; exit 77; }

fail=0
# What apt would install for P: nothing when P, or a package providing it, is installed.
apt_has() { apt-get -s -q --no-install-recommends install "$1" 2>/dev/null | grep -q '^0 upgraded, 0 newly installed'; }

while read -r p; do
    [ -n "$p" ] || continue
    if apt_has "$p"; then
        echo "FAIL: '$p' is installed (apt would install nothing) but quickstart reports it missing"
        fail=1
    fi
done < <("$repo/tools/quickstart" missing)

list=$(mktemp "${TMPDIR:-/tmp}/dm-quickstart-list.XXXXXX")
trap 'rm -f "$list"' EXIT
printf '# a comment\n\nbash \ndm-no-such-package-%s\n' "$$" >"$list"
got=$(DM_PACKAGE_LIST=$list "$repo/tools/quickstart" missing)
if [ "$got" != "dm-no-such-package-$$" ]; then
    echo "FAIL: with a list of bash and a package that cannot exist, missing printed: '$got'"
    fail=1
fi
[ $fail -eq 0 ] && echo "PASS"
exit $fail
