#!/usr/bin/env bash
# fuzz.sh — runs the engine's libFuzzer harness (engine-wasm/fuzz/fuzz_api.c,
# clang with AddressSanitizer + UndefinedBehaviorSanitizer) for SECONDS.
#   bash scripts/fuzz.sh 25        a short run (a stage of npm test)
#   bash scripts/fuzz.sh 3600      a longer one (see README, "Fuzzing")
# Built into engine-wasm/build/fuzz. The corpus of runs over a minute grows in
# engine-wasm/build/fuzz/corpus (seeded from engine-wasm/fuzz/seeds); a crash,
# leak or timeout is written to engine-wasm/build/fuzz/artifacts/ and the
# script fails. Replay one with the calls printed as a call script:
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
# -timeout: a single input running this long is a hang; -rss_limit_mb and
# -malloc_limit_mb: memory that grows without bound; leaks are checked too.
"$B/fuzz_api" -max_total_time="$SECONDS_TO_RUN" -timeout=20 -rss_limit_mb=2048 -malloc_limit_mb=1024 \
  -max_len=4096 -print_final_stats=1 -artifact_prefix="$B/artifacts/" \
  "$CORPUS" engine-wasm/fuzz/seeds
