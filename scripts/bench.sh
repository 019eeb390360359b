#!/usr/bin/env bash
# bench.sh — `npm run bench`: builds what the benchmarks need (the native
# benchmark program against the -O2 engine library, the wasm engine) and runs
# scripts/bench/main.ts (with tsx), which
# prints the table and writes it as JSON to bench-results/.
#   npm run bench                       everything (about 3 minutes)
#   npm run bench -- --runs 3           fewer runs per figure
#   npm run bench -- --no-browser       skip the headless-Chromium figures and the app build
#   npm run bench -- --only sweep,size  only some parts (throughput, instructions, sweep, quadrangle, reorg, memory, trace, size, browser, stage, first)
#   npm run bench -- --only size,browser --baseline DIST   the same load figures for another build (DIST), in turn
#   npm run bench -- --only stage,first --baseline DIST    with it: each comparison page's first drawing, both builds in turn
#   npm run bench -- --only stage --waterfall smr,atropos   the load's waterfall of those pages (#sidebyside when not given)
#   npm run bench -- --only stage --runs 3 --baseline DIST  each stage's frame cost, this build and DIST in turn, 3 rounds
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"

make --no-print-directory -s -C engine-wasm wasm bench
tsx scripts/bench/main.ts "$@"
