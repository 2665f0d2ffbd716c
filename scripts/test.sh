#!/usr/bin/env bash
# Installs what is missing and runs every test: formatting and lints, the native Rust tests
# (rules, perft, properties, command line), the wasm interface in headless Chromium, the JS
# unit tests, the end-to-end browser tests on the built page, and a short benchmark run.
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
scripts/install-tools.sh --browser

step "cargo fmt --check"
cargo fmt --check

step "cargo clippy (native and wasm)"
cargo clippy --all-targets -- -D warnings
cargo clippy --target wasm32-unknown-unknown --lib --tests -- -D warnings

step "native tests (release)"
run cargo test --release

step "wasm interface tests in headless Chromium"
run cargo test --release --target wasm32-unknown-unknown --test wasm

step "build the page with Trunk"
trunk build --release --offline

step "JS unit tests"
run node --test tests/js/

step "end-to-end tests in headless Chromium"
run node --test --test-concurrency=1 tests/e2e/

step "benchmark harness, short run (shows it works; asserts nothing about speed)"
scripts/bench.sh --quick

# Totals over the runners: cargo's "test result: ok. N passed; M failed" and node's "# pass N".
passed=$(awk '/^test result:/ {n += $4} /^# pass / {n += $3} END {print n + 0}' "$log")
failed=$(awk '/^test result:/ {n += $6} /^# fail / {n += $3} END {print n + 0}' "$log")
echo
echo "all test suites passed"
echo "tests: $passed passed, $failed failed"
