#!/usr/bin/env bash
# setup.sh — installs whatever Spindle needs that is missing, then builds the
# engine's wasm. Run by `npm start`, `npm test` and `npm run build` before
# anything from node_modules is used. Idempotent, and quick (a second or two)
# when nothing is missing.
#   1. Debian packages: emscripten (C → wasm), chromium (browser tests),
#      clang + libclang-rt-14-dev (fuzzing), python3 (make check-layers). As root: apt-get installs them;
#      otherwise: prints the command to run and exits non-zero.
#   2. npm ci, when node_modules is missing, or older than package-lock.json
#      and installed from a different one.
#   3. make -C engine-wasm wasm params constants: the wasm (two builds: the
#      core, spindle-core.wasm, and the full one with the experiments), the engine's
#      parameter tables as JSON (build/params.json, read by
#      web/state/engineParams.ts) and its public constants as TypeScript
#      (build/constants.ts, re-exported by binding/constants.ts); make
#      rebuilds each only when C sources changed.
set -euo pipefail

cd "$(dirname "$0")/.."

say() { printf '[setup] %s\n' "$*"; }

APT_PACKAGES=(emscripten chromium clang libclang-rt-14-dev python3)

missing=()
for pkg in "${APT_PACKAGES[@]}"; do
  if ! dpkg -s "$pkg" 2>/dev/null | grep -q '^Status: install ok installed'; then
    missing+=("$pkg")
  fi
done

if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    say "missing system packages: ${missing[*]}"
    say "install them as root, then run this again:"
    say "  sudo apt-get update && sudo apt-get install -y ${missing[*]}"
    exit 1
  fi
  say "installing system packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get -o DPkg::Lock::Timeout=600 update -qq
  apt-get -o DPkg::Lock::Timeout=600 install -y -qq "${missing[@]}"
fi

# npm dependencies: the marker file npm writes into node_modules is newer than
# the lock file after a successful install. A lock file only checked out anew
# (a fresh git worktree beside a copied node_modules) is newer without being
# different, so the lock's checksum from the last install is kept too, and a
# newer lock with the same checksum installs nothing.
marker=node_modules/.package-lock.json
stamp=node_modules/.spindle-lock.sha256
lock_sum=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ ! -f "$marker" ] || { [ package-lock.json -nt "$marker" ] && [ "$(cat "$stamp" 2>/dev/null)" != "$lock_sum" ]; }; then
  say "installing npm dependencies (npm ci)"
  npm ci --no-audit --no-fund
fi
# Written aside and renamed: a node_modules hard-linked from another checkout keeps its own file.
echo "$lock_sum" > "$stamp.tmp" && mv "$stamp.tmp" "$stamp"

# The engine: make knows whether spindle.wasm, params.json and constants.ts
# are older than their sources.
make --no-print-directory -s -C engine-wasm wasm params constants
say "ready"
