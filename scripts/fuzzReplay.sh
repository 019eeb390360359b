#!/usr/bin/env bash
# fuzzReplay.sh BINARY UNIT LIMIT — replays one fuzz unit alone under a CPU-time
# limit of LIMIT seconds (ulimit -t: the kernel stops it there with SIGXCPU) and
# says what it did, for scripts/fuzz.sh to judge a unit libFuzzer timed out on
# the wall clock:
#   exit 0, prints its CPU time ("1.234 + 0.010 s"): it ends under the limit (slow on a loaded machine, not a hang);
#   exit 2, "a hang: …": the CPU limit stopped it;
#   exit 3, "a crash: …": it died otherwise (a signal, or a sanitizer's report: its first line is quoted).
set -uo pipefail
bin=$1 unit=$2 limit=$3
out=$(mktemp)
trap 'rm -f "$out"' EXIT
TIMEFORMAT='%3U + %3S s'
status=0
took=$( { time ( ulimit -t "$limit"; "$bin" -timeout=0 "$unit" >"$out" 2>&1 ); } 2>&1 ) || status=$?
# The CPU limit: SIGXCPU at the soft limit, SIGKILL if the hard one is reached first.
xcpu=$((128 + $(kill -l XCPU))) kill9=$((128 + $(kill -l KILL)))
if [ "$status" -eq 0 ]; then
  echo "$took"
elif [ "$status" -eq "$xcpu" ] || [ "$status" -eq "$kill9" ]; then
  echo "a hang: $unit ran past $limit s of CPU time on its own (stopped by SIG$(kill -l $((status - 128))))"
  exit 2
else
  how="exit status $status"
  [ "$status" -gt 128 ] && how="signal SIG$(kill -l $((status - 128)))"
  report=$(grep -m1 -E 'ERROR: (AddressSanitizer|LeakSanitizer|UndefinedBehaviorSanitizer|libFuzzer)|runtime error:' "$out")
  echo "a crash: $unit died on its own replay ($how) within $limit s of CPU time${report:+: $report}"
  exit 3
fi
