#!/usr/bin/env bash
# Installs what is missing and runs every test: formatting and lints, the native Rust tests
# (rules, perft, properties, command line), the wasm interface in headless Chromium, the JS
# unit tests, and the end-to-end browser tests on the built page.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
export CHROMEDRIVER=/usr/bin/chromedriver

step() { printf '\n=== %s\n' "$*"; }

step "install tools"
scripts/install-tools.sh --browser

step "cargo fmt --check"
cargo fmt --check

step "cargo clippy (native and wasm)"
cargo clippy --all-targets -- -D warnings
cargo clippy --target wasm32-unknown-unknown --lib --tests -- -D warnings

step "native tests (release)"
cargo test --release

step "wasm interface tests in headless Chromium"
cargo test --release --target wasm32-unknown-unknown --test wasm

step "build the page with Trunk"
trunk build --release --offline

step "JS unit tests"
node --test tests/js/

step "end-to-end tests in headless Chromium"
node --test --test-concurrency=1 tests/e2e/

echo
echo "all test suites passed"
