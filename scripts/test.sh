#!/usr/bin/env bash
# Installs what is missing and runs every test: formatting and lints, the native Rust tests
# (rules, perft, properties, soak, command line; with debug assertions on), the wasm interface
# in headless Chromium, the page's type check, the JS unit tests, the engine package (built,
# installed from its tarball, used in Node and Chromium), the end-to-end browser tests on the
# built page, a short benchmark run, bounded fuzzing, and scripts/play.sh on a fresh clone of
# the committed HEAD.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
export CHROMEDRIVER=/usr/bin/chromedriver

step() { printf '\n=== %s\n' "$*"; }

# What the test runners print also goes to a log, to total their counts at the end.
log=$(mktemp)
trap 'rm -f "$log"' EXIT
run() { "$@" 2>&1 | tee -a "$log"; }

step "install tools"
scripts/install-tools.sh --browser --fuzz --redis
# Redis is installed: the live tests with two servers must run, not skip.
export LUDUS_TEST_REDIS=1

step "cargo fmt --check"
cargo fmt --check

step "cargo clippy (native and wasm)"
cargo clippy --all-targets -- -D warnings
# Both wasm modules: play (no features) and study (its tests too; Trunk.toml).
cargo clippy --target wasm32-unknown-unknown --lib -- -D warnings
cargo clippy --target wasm32-unknown-unknown --features study --lib --tests -- -D warnings

# The Rust tests run optimised but with debug assertions and overflow checks on (the
# test-fast profile in Cargo.toml), so every debug_assert! in the engines is checked.
step "native tests (test-fast: release with debug assertions)"
run cargo test --profile test-fast

step "wasm interface tests in headless Chromium"
# In the study module's profile and features (it has every export), which the Trunk build
# below reuses.
run cargo test --profile study-release --features study --target wasm32-unknown-unknown --test wasm

step "build the page with Trunk"
trunk build --release --offline

# After the page build: the engine's types are wasm-bindgen's .d.ts in dist/ (jsconfig.json).
step "type check of the page's scripts (tsc --noEmit)"
npm run --silent typecheck

step "JS unit tests"
run node --test tests/js/

# After the page build, whose play module it reuses from target/ (scripts/package.mjs).
step "the engine package: packed, installed from the tarball, used in Node and Chromium"
run node --test tests/package/

# Play online's browser tests (tests/e2e/online*.test.mjs) run against the real server: the
# test-fast build the Rust tests made (debug assertions on), not a release build of its own.
step "the server (ludus serve) for the live-play browser tests"
cargo build --profile test-fast --bin ludus
export LUDUS_BIN="$PWD/target/test-fast/ludus"

step "end-to-end tests in headless Chromium"
run node --test --test-concurrency=1 tests/e2e/

# --- Fuzzing (fuzz/, docs/FUZZING.md): a bounded run of every target, 20 s each on one core,
# from the seed corpus (AFL stops if a seed fails its checks); a crash or a hang fails the build.
step "fuzz every text reader for 20 s each (AFL)"
scripts/fuzz.sh --seconds 20
# --- end of fuzzing

step "benchmark harness, short run (shows it works; asserts nothing about speed)"
scripts/bench.sh --quick

step "the README's first command on a fresh clone (builds from nothing: a few minutes)"
run node --test tests/fresh/

# Totals over the runners: cargo's "test result: ok. N passed; M failed" and node's "# pass N".
passed=$(awk '/^test result:/ {n += $4} /^# pass / {n += $3} END {print n + 0}' "$log")
failed=$(awk '/^test result:/ {n += $6} /^# fail / {n += $3} END {print n + 0}' "$log")
echo
echo "all test suites passed"
echo "tests: $passed passed, $failed failed"
