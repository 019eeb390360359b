#!/usr/bin/env bash
# test.sh — every test stage, one after the other, each run whatever the
# previous ones did, then a summary: one PASS/FAIL line per stage, what failed
# in each failed stage (its failure report, cut short, so that the end of the
# output alone says which test broke and why), and a last line
# "N passed, N failed" (counting stages). Exits non-zero if any failed.
# Each stage's whole output is kept in test-results/stage-KEY.log.
# `npm test` runs scripts/setup.sh first; run this directly when set up.
#
# Adding a stage is one line in STAGES: "key|what it tests|command".
#   bash scripts/test.sh            all stages
#   bash scripts/test.sh unit e2e   only the stages with these keys
set -uo pipefail

cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"

STAGES=(
  "native|native C tests under ASan + UBSan, built warning-free|make -j\"$(nproc)\" --no-print-directory -C engine-wasm test CC=\"${CC:-cc} -Werror\""
  "layers|engine layering: tables between core and plug-ins, no call circle over 4 files|make --no-print-directory -s -C engine-wasm check-layers"
  "fuzz|libFuzzer over the engine API, 20 s (ASan + UBSan)|bash scripts/fuzz.sh 20"
  "typecheck|TypeScript type-check (page, worker, node)|npm run --silent typecheck"
  "unit|Vitest: unit and engine-through-wasm tests|vitest run"
  "e2e|browser end-to-end tests in headless Chromium|npm run --silent test:e2e"
)

mkdir -p test-results
# The failure part of a stage's output, without colour codes: Vitest's "Failed Tests"
# section (test names, assertion, diff), else the lines that say FAIL or error; 80 lines at most.
failure_digest() {
  sed 's/\x1b\[[0-9;]*m//g' "$1" |
    awk '/Failed Tests [0-9]+/ { on = 1 } /^ *Test Files / { on = 0 } on' |
    grep -v '^[[:space:]]*$' > "$1.digest" || true
  if [ ! -s "$1.digest" ]; then
    sed 's/\x1b\[[0-9;]*m//g' "$1" | grep -iE 'fail|error|abort|assert' > "$1.digest" || true
  fi
  head -n 80 "$1.digest"
  rm -f "$1.digest"
}

names=()
logs=()
results=()
times=()
keys=()
for entry in "${STAGES[@]}"; do keys+=("${entry%%|*}"); done
for w in "$@"; do
  if [[ " ${keys[*]} " != *" $w "* ]]; then
    echo "test.sh: no stage '$w' (stages: ${keys[*]})" >&2
    exit 2
  fi
done

for entry in "${STAGES[@]}"; do
  key="${entry%%|*}"
  rest="${entry#*|}"
  name="$key: ${rest%%|*}"
  cmd="${rest#*|}"
  if [ $# -gt 0 ] && [[ " $* " != *" $key "* ]]; then continue; fi
  printf '\n\033[1m=== %s ===\033[0m\n$ %s\n' "$name" "$cmd"
  start=$SECONDS
  log="test-results/stage-$key.log"
  if bash -c "$cmd" 2>&1 | tee "$log"; then status=PASS; else status=FAIL; fi
  names+=("$name")
  logs+=("$log")
  results+=("$status")
  times+=($((SECONDS - start)))
done

passed=0
failed=0
printf '\n=== summary ===\n'
for i in "${!names[@]}"; do
  printf '%-4s  %-58s %4ss\n' "${results[$i]}" "${names[$i]}" "${times[$i]}"
  if [ "${results[$i]}" = PASS ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
done
for i in "${!names[@]}"; do
  [ "${results[$i]}" = PASS ] && continue
  printf '\n=== what failed in %s (whole output: %s) ===\n' "${names[$i]%%:*}" "${logs[$i]}"
  failure_digest "${logs[$i]}"
done
# Tests that passed only on their retry, and what their first attempt failed on.
bash scripts/retried.sh "${logs[@]}"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
