#!/usr/bin/env bash
# fuzz.sh — runs the engine's libFuzzer harness (engine-wasm/fuzz/fuzz_api.c,
# clang with AddressSanitizer + UndefinedBehaviorSanitizer) for SECONDS.
#   bash scripts/fuzz.sh 25        a short run (a stage of npm test)
#   bash scripts/fuzz.sh 3600      a longer one (see README, "Fuzzing")
# Built into engine-wasm/build/fuzz. The corpus of runs over a minute grows in
# engine-wasm/build/fuzz/corpus (seeded from engine-wasm/fuzz/seeds); a crash,
# leak or timeout is written to engine-wasm/build/fuzz/artifacts/ and the
# script fails (a timeout only when the unit is slow in CPU time, not on a loaded
# machine: see below; FUZZ_TIMEOUT sets the limit, 20 s). Replay one with the calls
# printed as a call script:
#   FUZZ_TRACE=1 engine-wasm/build/fuzz/fuzz_api engine-wasm/build/fuzz/artifacts/crash-...
set -euo pipefail
cd "$(dirname "$0")/.."

SECONDS_TO_RUN=${1:-25}
if ! command -v clang >/dev/null; then
  echo "fuzz: clang is missing (scripts/setup.sh installs clang and libclang-rt-14-dev)" >&2
  exit 1
fi
make --no-print-directory -s -C engine-wasm fuzz
B=engine-wasm/build/fuzz
mkdir -p "$B/corpus" "$B/artifacts"
# A short run (npm test) starts from the seeds in a fresh corpus: replaying a
# grown corpus first would take longer than the run itself. Longer runs keep
# and grow $B/corpus.
CORPUS="$B/corpus"
if [ "$SECONDS_TO_RUN" -le 60 ]; then
  CORPUS=$(mktemp -d)
  trap 'rm -rf "$CORPUS"' EXIT
fi
# A single input that runs longer than TIMEOUT seconds of CPU is a hang; -rss_limit_mb and
# -malloc_limit_mb: memory that grows without bound; leaks are checked too.
#
# libFuzzer's -timeout, its only limit on one input, is wall-clock: its alarm compares the time
# since the input started on the system clock (AlarmCallback in FuzzerLoop.cpp), and no option
# makes it count CPU time. On a loaded machine a unit can pass it without being slow. So a unit
# that times out is judged again by its CPU time: replayed alone under a CPU-time limit of TIMEOUT
# seconds (ulimit -t; the kernel stops it there; scripts/fuzzReplay.sh), it is a hang only if it
# reaches that limit, and a crash if it dies otherwise (a signal, a sanitizer's report).
# Otherwise it is kept as slow-* beside the artifacts, its figures printed, and fuzzing goes on
# for the time left.
TIMEOUT=${FUZZ_TIMEOUT:-20}
TIMEOUT_EXIT=70
run() {
  "$B/fuzz_api" -max_total_time="$1" -timeout="$TIMEOUT" -timeout_exitcode="$TIMEOUT_EXIT" \
    -rss_limit_mb=2048 -malloc_limit_mb=1024 -max_len=4096 -print_final_stats=1 \
    -artifact_prefix="$B/artifacts/" "$CORPUS" engine-wasm/fuzz/seeds
}
deadline=$((SECONDS + SECONDS_TO_RUN))
while [ "$SECONDS" -lt "$deadline" ]; do
  status=0
  run $((deadline - SECONDS)) || status=$?
  [ "$status" -eq 0 ] && exit 0
  unit=$(ls -t "$B/artifacts"/timeout-* 2>/dev/null | head -n 1)
  [ "$status" -eq "$TIMEOUT_EXIT" ] && [ -n "$unit" ] || exit "$status"
  # A hang (the CPU limit stopped it) or a crash on its own replay fails the run, each said as what it is.
  if ! cpu=$(bash scripts/fuzzReplay.sh "$B/fuzz_api" "$unit" "$TIMEOUT"); then
    echo "fuzz: $cpu" >&2
    exit 1
  fi
  slow="$B/artifacts/slow-${unit##*/timeout-}"
  mv "$unit" "$slow"
  left=$((deadline > SECONDS ? deadline - SECONDS : 0))
  echo "fuzz: $slow passed ${TIMEOUT} s on the wall clock (load $(cut -d' ' -f1 /proc/loadavg)) but took $cpu of CPU alone: not a hang; ${left} s of fuzzing left"
done
