#!/usr/bin/env bash
# Leak-proofing checks of gpu-dra-testcluster, in a private TMPDIR:
# 1. at start it removes data dirs whose pid file names a dead process, and
#    keeps those of live processes and those without a pid file;
# 2. started with --parent-pid by a short-lived parent that reads its stderr
#    through a pipe which dies with it (as a SIGKILLed JVM's would), it stops,
#    removes its data dir and --kubeconfig file and prints "stopped" within
#    10 s of the parent's SIGKILL (a write to the dead pipe must not kill it).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
bin="$("$here/build.sh")"
work="$(mktemp -d)"
export TMPDIR="$work/tmp"
mkdir -p "$TMPDIR"
parent= reader= tc=
cleanup() {
  for p in $parent $reader; do kill -KILL "$p" 2>/dev/null || true; done
  if [[ -n "$tc" ]]; then kill -TERM "$tc" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

gone() { [[ ! -d /proc/$1 ]] || [[ "$(awk '{print $3}' /proc/$1/stat 2>/dev/null)" == Z ]]; }

# Stale data dirs: one of a dead process, one of a live one, one without pid file.
bash -c 'exit 0' & dead=$!; wait $dead
mkdir "$TMPDIR/gpu-dra-testcluster-dead" "$TMPDIR/gpu-dra-testcluster-live" "$TMPDIR/gpu-dra-testcluster-nopid"
echo $dead >"$TMPDIR/gpu-dra-testcluster-dead/pid"
echo $$ >"$TMPDIR/gpu-dra-testcluster-live/pid"

# The parent (bash, then the sleep it execs: one process) starts the cluster
# with --parent-pid of its own pid and the cluster's stderr (the components'
# logs) into a pipe; it would outlive the test. It and the pipe's reader are
# SIGKILLed below.
mkfifo "$work/pipe"
cat "$work/pipe" >"$work/err.log" & reader=$!
bash -c '"$0" --parent-pid $$ --kubeconfig "$1/kubeconfig" >"$1/out.log" 2>"$1/pipe" & exec sleep 120' "$bin" "$work" </dev/null >/dev/null 2>&1 &
parent=$!
disown $parent $reader

for _ in $(seq 1 600); do
  grep -q '^ready:' "$work/out.log" && break
  sleep 0.1
done
grep -q '^ready:' "$work/out.log" || { echo "lifecycle: not ready after 60s" >&2; cat "$work/err.log" >&2; exit 1; }
grep -q 'removed 1 stale data dir' "$work/err.log" || { echo "lifecycle: FAILED: no sweep message" >&2; cat "$work/err.log" >&2; exit 1; }
[[ ! -e "$TMPDIR/gpu-dra-testcluster-dead" && -d "$TMPDIR/gpu-dra-testcluster-live" && -d "$TMPDIR/gpu-dra-testcluster-nopid" ]] \
  || { echo "lifecycle: FAILED: sweep removed the wrong dirs: $(ls "$TMPDIR")" >&2; exit 1; }
echo "lifecycle: stale data dir of dead pid $dead removed, live and pid-less ones kept"

datadir="$(find "$TMPDIR" -maxdepth 1 -name 'gpu-dra-testcluster-*' ! -name '*-live' ! -name '*-nopid')"
tc="$(cat "$datadir/pid")"
kill -KILL $parent $reader
t0=$(date +%s.%N)
for _ in $(seq 1 100); do
  gone $tc && break
  sleep 0.1
done
t1=$(date +%s.%N)
gone $tc || { echo "lifecycle: FAILED: testcluster $tc still running 10s after its parent's SIGKILL" >&2; exit 1; }
[[ ! -e "$datadir" && ! -e "$work/kubeconfig" ]] || { echo "lifecycle: FAILED: $datadir or the kubeconfig left behind" >&2; exit 1; }
tc=
grep '^stopped' "$work/out.log" || { echo "lifecycle: FAILED: it did not get to the end of its stop sequence" >&2; exit 1; }
echo "lifecycle: parent SIGKILLed -> testcluster exited, data dir removed in $(echo "$t1 - $t0" | bc)s"
echo "lifecycle: OK"
