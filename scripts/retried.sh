#!/usr/bin/env bash
# retried.sh LOG... — from test stages' logs, the tests that failed and then passed
# on their retry (the browser tests get one), each with its file, then what each
# first attempt failed on (printed by tests/e2e/retryReporter.ts): not a failure, but
# a sign of something intermittent, kept so that it can be looked into from one run.
# Prints nothing when no test needed its retry (Vitest marks "(retry x1)" only on a slow
# test's line; the reporter's block is there for every one). scripts/test.sh ends its summary with it.
set -uo pipefail

logs=$(cat "$@" | sed 's/\x1b\[[0-9;]*m//g')
# Vitest prints a test's title under its file's line.
retried=$(echo "$logs" | awk '
  /^ [^ ]+ [^ ]+\.test\.ts/ { file = $2 }
  /\(retry x[0-9]+\)/ { sub(/^ +/, ""); print file ": " $0 }')
first=$(echo "$logs" | awk '/^--- first attempt failed:/ { on = 1 } on { print } /^--- end of first attempt/ { on = 0 }')
[ -z "$retried$first" ] && exit 0
printf '\n=== passed only on a retry (intermittent: look into these; the page errors they met are in the stage log) ===\n'
[ -n "$retried" ] && echo "$retried" | head -n 20
if [ -n "$first" ]; then
  printf '\n=== what their first attempts failed on ===\n'
  echo "$first" | grep -v '^--- end of first attempt' | head -n 120
fi
