#!/usr/bin/env bash
# test.sh — every test stage, one after the other, each run whatever the
# previous ones did, then a summary: one PASS/FAIL line per stage and a last
# line "N passed, N failed" (counting stages). Exits non-zero if any failed.
# `npm test` runs scripts/setup.sh first; run this directly when set up.
#
# Adding a stage is one line in STAGES: "key|what it tests|command".
#   bash scripts/test.sh            all stages
#   bash scripts/test.sh unit e2e   only the stages with these keys
set -uo pipefail

cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"

STAGES=(
  "native|native C tests under ASan + UBSan|make --no-print-directory -C engine-wasm test"
  "fuzz|libFuzzer over the engine API, 20 s (ASan + UBSan)|bash scripts/fuzz.sh 20"
  "typecheck|TypeScript type-check (page, worker, node)|npm run --silent typecheck"
  "unit|Vitest: unit and engine-through-wasm tests|vitest run"
  "e2e|browser end-to-end tests in headless Chromium|npm run --silent test:e2e"
)

names=()
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
  if bash -c "$cmd"; then status=PASS; else status=FAIL; fi
  names+=("$name")
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
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
