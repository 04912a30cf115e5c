#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The suite leaves the machine's loop devices as it found them. A loop device keeps its queue
# settings when detached (queue/nr_requests, and write_cache "write through", which reads back as
# "write through" on any detached device and shows again on the next attach): a test that set
# them and was killed before it put them back slows every later user of that device, and a CI
# run once left devices at nr_requests 4 and in write-through. So:
#
#   loop_state_test.sh start STATE   (CTest's FIXTURES_SETUP, before every test of the suite)
#       records each loop device: attached or not, its backing file, nr_requests, write_cache;
#       a detached device found with settings changed by an earlier run is put back to the
#       kernel's defaults and said so (else this run's tests would meet them).
#   loop_state_test.sh end STATE     (FIXTURES_CLEANUP, after every test of the suite)
#       fails on a loop device attached during the suite and still attached, and on any loop
#       device whose settings differ from the start (or, made during the suite, from the
#       defaults), naming the device and the setting.
#
# write_cache of a detached device is read by attaching a small file in /dev/shm for a moment.
# As root only (exit 77, a skip, otherwise).
set -euo pipefail
what=${1:?usage: loop_state_test.sh start|end STATE}
state=${2:?usage: loop_state_test.sh start|end STATE}
[ "$(id -u)" -eq 0 ] || { echo "SKIP: needs root (loop devices)"; exit 77; }
command -v losetup >/dev/null || { echo "SKIP: losetup is missing"; exit 77; }

default_requests=$(cat /sys/module/loop/parameters/hw_queue_depth 2>/dev/null || echo 128)
default_cache="write back"

probe=$(mktemp /dev/shm/dm-loop-probe-XXXXXX)
trap 'rm -f "$probe"' EXIT
truncate -s 1M "$probe"

# One line per loop device: NAME|BACKING|NR_REQUESTS|WRITE_CACHE (BACKING empty when detached;
# WRITE_CACHE "?" when a detached device could not be attached to read it).
describe() {
    local d name backing requests cache
    for d in /sys/block/loop*; do
        [ -e "$d/queue/nr_requests" ] || continue
        name=${d##*/}
        backing=$(cat "$d/loop/backing_file" 2>/dev/null || true)
        requests=$(cat "$d/queue/nr_requests")
        if [ -n "$backing" ]; then
            cache=$(cat "$d/queue/write_cache")
        elif losetup "/dev/$name" "$probe" 2>/dev/null; then
            cache=$(cat "$d/queue/write_cache")
            losetup -d "/dev/$name" 2>/dev/null || true
        else
            cache="?"
        fi
        echo "$name|$backing|$requests|$cache"
    done
}

case "$what" in
start)
    while IFS='|' read -r name backing requests cache; do
        [ -z "$backing" ] || continue
        if [ "$requests" != "$default_requests" ]; then
            echo "put back: $name had queue/nr_requests $requests (an earlier run's), now $default_requests"
            echo "$default_requests" >"/sys/block/$name/queue/nr_requests" || echo "could not put it back"
        fi
        if [ "$cache" != "$default_cache" ] && [ "$cache" != "?" ] && losetup "/dev/$name" "$probe" 2>/dev/null; then
            echo "put back: $name had queue/write_cache '$cache' (an earlier run's), now '$default_cache'"
            echo "$default_cache" >"/sys/block/$name/queue/write_cache" || echo "could not put it back"
            losetup -d "/dev/$name" 2>/dev/null || true
        fi
    done < <(describe)
    describe >"$state"
    echo "PASS: $(wc -l <"$state") loop devices recorded, $(grep -c '^[^|]*|[^|]' "$state" || true) attached"
    ;;
end)
    [ -f "$state" ] || { echo "FAIL: no state from the suite's start ($state)"; exit 1; }
    fail=0
    while IFS='|' read -r name backing requests cache; do
        before=$(grep "^$name|" "$state" || true)
        if [ -n "$backing" ] && [ "$(cut -d'|' -f2 <<<"$before")" != "$backing" ]; then
            echo "FAIL: /dev/$name is still attached to $backing, which the suite attached"
            fail=1
        fi
        if [ -n "$before" ]; then
            want_requests=$(cut -d'|' -f3 <<<"$before")
            want_cache=$(cut -d'|' -f4 <<<"$before")
        else
            want_requests=$default_requests
            want_cache=$default_cache
        fi
        if [ "$requests" != "$want_requests" ]; then
            echo "FAIL: /dev/$name's queue/nr_requests is $requests, was $want_requests before the suite"
            fail=1
        fi
        if [ "$cache" != "$want_cache" ] && [ "$cache" != "?" ] && [ "$want_cache" != "?" ]; then
            echo "FAIL: /dev/$name's queue/write_cache is '$cache', was '$want_cache' before the suite"
            fail=1
        fi
    done < <(describe)
    [ $fail -eq 0 ] && echo "PASS: every loop device as the suite found it"
    exit $fail
    ;;
*)
    echo "usage: loop_state_test.sh start|end STATE" >&2
    exit 2
    ;;
esac
