#!/usr/bin/env bash
# The speed table: native and wasm (headless Chromium) per game, with their ratio.
#
#   scripts/bench.sh            medians of 3 runs of 1 s per game and side (about a minute)
#   scripts/bench.sh --quick    one short run of every table: shows the harnesses work (CI);
#                               their figures mean nothing and nothing is asserted about speed
#   scripts/bench.sh --page     the page: opening a 10,000-step game and stepping through it
#                               (scripts/bench-page.mjs; needs dist/ from trunk build)
#   scripts/bench.sh --computer the page's thread while the computer plays (needs dist/);
#                               options go to scripts/bench-computer.mjs (e.g. --throttle 4)
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
if [ "${1:-}" = "--computer" ]; then
  shift
  exec node scripts/bench-computer.mjs "$@"
fi
if [ "${1:-}" = "--quick" ]; then
  shift
  node scripts/bench-wasm.mjs --seconds 0.05 --runs 1 "$@"
  node scripts/bench-page.mjs --steps 200 --runs 1 --clicks 2
  exec node scripts/bench-computer.mjs --games merlins-chain --steps 2 --runs 1 --level mcts:50
fi
exec node scripts/bench-wasm.mjs "$@"
