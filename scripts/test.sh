#!/usr/bin/env bash
# test.sh — every test stage, one after the other, each run whatever the
# previous ones did, then a summary: one PASS/FAIL line per stage and a last
# line "N passed, N failed" (counting stages). Exits non-zero if any failed.
# `npm test` runs scripts/setup.sh first; run this directly when set up.
#
# Adding a stage is one line in STAGES: "name|command".
#   bash scripts/test.sh            all stages
#   bash scripts/test.sh unit e2e   only stages whose name contains a word
set -uo pipefail

cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"

STAGES=(
  "native C tests (ASan+UBSan)|make --no-print-directory -C engine-wasm test"
  "type-check|npm run --silent typecheck"
  "unit + engine-through-wasm (vitest)|vitest run"
  "browser end-to-end (chromium)|npm run --silent test:e2e"
)

names=()
results=()
times=()
for entry in "${STAGES[@]}"; do
  name="${entry%%|*}"
  cmd="${entry#*|}"
  if [ $# -gt 0 ]; then
    wanted=0
    for w in "$@"; do [[ "$name" == *"$w"* ]] && wanted=1; done
    [ $wanted -eq 1 ] || continue
  fi
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
  printf '%-4s  %-42s %4ss\n' "${results[$i]}" "${names[$i]}" "${times[$i]}"
  if [ "${results[$i]}" = PASS ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
