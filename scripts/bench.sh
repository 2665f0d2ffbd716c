#!/usr/bin/env bash
# The speed table: native and wasm (headless Chromium) per game, with their ratio.
#
#   scripts/bench.sh            medians of 3 runs of 1 s per game and side (about a minute)
#   scripts/bench.sh --quick    one short run: shows the harness works (CI); its figures
#                               mean nothing and nothing is asserted about speed
#   scripts/bench.sh --page     the page: opening a 10,000-step game and stepping through it
#                               (scripts/bench-page.mjs; needs dist/ from trunk build)
#
# Further options go to scripts/bench-wasm.mjs (e.g. --games merlins-chain --runs 5).
# The machine should be otherwise idle for figures worth keeping.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

if [ "${1:-}" = "--page" ]; then
  shift
  exec node scripts/bench-page.mjs "$@"
fi
if [ "${1:-}" = "--quick" ]; then
  shift
  exec node scripts/bench-wasm.mjs --seconds 0.05 --runs 1 "$@"
fi
exec node scripts/bench-wasm.mjs "$@"
