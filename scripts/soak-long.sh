#!/usr/bin/env bash
# The long soak run of docs/TESTING.md: ROUNDS rounds (default 10), each a tenth of every
# configuration, so that a run stopped early is spread over all of them. Run it niced:
#   nice scripts/soak-long.sh [ROUNDS] | tee soak.log
# Stops at the first broken invariant (exit status 1, with the record that reproduces it).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
ludus=target/release/ludus
rounds=${1:-10}
for round in $(seq 1 "$rounds"); do
  seed=$((round * 1000003))
  echo "== round $round"
  for args in \
    "unravel --games 10000" \
    "scattercut --games 10000" \
    "unlur --games 10000" \
    "unity --games 10000 --parse-back 8" \
    "unity --players 3 --games 10000 --parse-back 8" \
    "merlins-chain --games 10000 --parse-back 8" \
    "unravel --size 3 --games 1000" \
    "scattercut --size 3 --games 1000" \
    "unlur --size 4 --games 1000" \
    "unity --size 6 --games 1000 --parse-back 8" \
    "unity --size 6 --players 3 --games 1000 --parse-back 8" \
    "unravel --size 19 --games 100 --parse-back 8" \
    "scattercut --size 19 --games 100 --parse-back 8" \
    "unlur --size 12 --games 100 --parse-back 8"; do
    # shellcheck disable=SC2086
    $ludus soak $args --seed "$seed"
  done
done
