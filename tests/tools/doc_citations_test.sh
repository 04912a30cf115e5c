#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Every document a tracked file cites is in the repository: a reader of a comment, a skip message
# or a page under docs/ can open what it points at. Specs kept outside the checkout are not
# shipped with it, so a citation of one is a dead end for everyone else.
#
# Our documents are named in capitals (README.md, docs/MEASURING.md); lower-case .md files are
# test data and report outputs (tests/data/golden/grid.md, a test's "r.md"), which are not
# citations. A cited path resolves from the repository's root or from the citing file's
# directory, as a Markdown link would: "docs/TESTING.md" anywhere, a bare "TESTING.md" only
# inside docs/. The first loop keeps the second honest: a document named in lower case would
# escape it.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
command -v git >/dev/null && git -C "$repo" rev-parse --git-dir >/dev/null 2>&1 ||
    { echo "SKIP: not a git checkout (a source archive has no list of tracked files)"; exit 77; }
cd "$repo"

fail=0
tracked=$(git ls-files -- '*.md')
while read -r doc; do
    case "$doc" in
    tests/data/*) ;;
    *) [[ $(basename "$doc") =~ ^[A-Z][A-Z0-9_-]*\.md$ ]] ||
        { echo "FAIL: $doc: a document's name is in capitals (this test looks for those only)"; fail=1; } ;;
    esac
done <<<"$tracked"

# file:line:NAME.md for every citation, this script's own examples left out.
while IFS= read -r hit; do
    cited=${hit##*:}
    where=${hit%:*}
    cited=${cited#./}
    dir=$(dirname "${where%:*}")
    grep -qxF -e "$cited" -e "${dir#./}/$cited" <<<"$tracked" && continue
    echo "FAIL: $where cites $cited, which is not in the repository"
    fail=1
done < <(git grep -n -o -I -E '([A-Za-z0-9_.-]+/)*[A-Z][A-Z0-9_-]*\.md\b' -- . ':!tests/tools/doc_citations_test.sh')

[ $fail -eq 0 ] && echo "PASS"
exit $fail
