#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installing what the tests need opens no port: when `tools/quickstart install` (CI's install,
# and `test`'s) newly installs openssh-server, the system's ssh service is masked where systemd
# runs, and elsewhere the install runs under a policy-rc.d that starts no service, removed
# afterwards (one already there is kept). A copy of the script with apt-get, dpkg-query and
# systemctl that record what they are asked and what they saw.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
scratch=$(mktemp -d "${TMPDIR:-/tmp}/dm-quickstart-ssh.XXXXXX")
trap 'rm -rf "$scratch"' EXIT

mkdir -p "$scratch/tree/tools" "$scratch/bin" "$scratch/systemd"
cp "$repo/tools/quickstart" "$scratch/tree/tools/"
printf 'openssh-server\nfio\n' >"$scratch/list.txt"
cat >"$scratch/bin/dpkg-query" <<'FAKE'
#!/bin/sh
# Nothing is installed.
exit 0
FAKE
cat >"$scratch/bin/apt-get" <<'FAKE'
#!/bin/sh
if [ "$1" = install ]; then
    status=0
    [ -x "$DM_POLICY_RC_D" ] && { "$DM_POLICY_RC_D" || status=$?; }
    if [ "$status" = 101 ]; then
        echo "install $* (services held)" >>"$DM_TEST_LOG"
    else
        echo "install $* (services free)" >>"$DM_TEST_LOG"
    fi
fi
FAKE
cat >"$scratch/bin/systemctl" <<'FAKE'
#!/bin/sh
echo "systemctl $*" >>"$DM_TEST_LOG"
FAKE
printf '#!/bin/sh\nexec "$@"\n' >"$scratch/bin/sudo"
chmod +x "$scratch/bin/"*

export DM_TEST_LOG=$scratch/log DM_POLICY_RC_D=$scratch/policy-rc.d
run() { PATH="$scratch/bin:$PATH" "$scratch/tree/tools/quickstart" install "$scratch/list.txt" 2>/dev/null; }
fail=0

# No systemd: a policy-rc.d for the install only.
: >"$DM_TEST_LOG"
DM_SYSTEMD_DIR=$scratch/none run
grep -q "install .*openssh-server.*(services held)" "$DM_TEST_LOG" || { echo "FAIL: without systemd the install could start sshd"; fail=1; }
[ ! -e "$DM_POLICY_RC_D" ] || { echo "FAIL: the policy-rc.d made for the install was left"; fail=1; }

# One the machine has is kept.
printf '#!/bin/sh\nexit 101\n' >"$DM_POLICY_RC_D"
chmod +x "$DM_POLICY_RC_D"
DM_SYSTEMD_DIR=$scratch/none run
[ -e "$DM_POLICY_RC_D" ] || { echo "FAIL: the machine's own policy-rc.d was removed"; fail=1; }
rm -f "$DM_POLICY_RC_D"

# systemd: the service and its socket masked before the install.
: >"$DM_TEST_LOG"
DM_SYSTEMD_DIR=$scratch/systemd run
head -1 "$DM_TEST_LOG" | grep -qx "systemctl mask ssh.service ssh.socket" || { echo "FAIL: ssh was not masked first"; fail=1; }

# Without openssh-server among the missing, nothing of the kind.
printf 'fio\n' >"$scratch/list.txt"
: >"$DM_TEST_LOG"
DM_SYSTEMD_DIR=$scratch/systemd run
! grep -q systemctl "$DM_TEST_LOG" || { echo "FAIL: ssh masked when openssh-server was not installed"; fail=1; }

[ $fail -eq 0 ] && echo PASS || cat "$DM_TEST_LOG"
exit $fail
