#!/usr/bin/env bash
# Installs what building and testing Ludus needs, skipping whatever is already there.
# Everything comes from package registries (crates.io, npm, Debian): nothing else is downloaded.
# Usage: scripts/install-tools.sh [--browser] [--fuzz] [--redis]
#   --browser  adds Chromium and node_modules: the browser tests and the page's type check
#   --fuzz     adds cargo-afl and its AFL++ build for scripts/fuzz.sh
#   --redis    adds Debian's redis-server, which the tests of several servers sharing their
#              games start on a loopback port of their own (never as a system service)
set -euo pipefail
cd "$(dirname "$0")/.."

browser=false fuzz=false redis=false
for arg in "$@"; do
  case "$arg" in
    --browser) browser=true ;;
    --fuzz) fuzz=true ;;
    --redis) redis=true ;;
    *) echo "install-tools.sh: unknown option $arg" >&2; exit 2 ;;
  esac
done

TRUNK_VERSION=0.21.14
CARGO_AFL_VERSION=0.18.2
# The wasm-bindgen CLI must match the wasm-bindgen crate in Cargo.lock exactly.
WASM_BINDGEN_VERSION=$(awk '/^name = "wasm-bindgen"$/ {getline; gsub(/[^0-9.]/, ""); print; exit}' Cargo.lock)

say() { printf '[install] %s\n' "$*"; }

apt_install() {
  local missing=()
  for pkg in "$@"; do dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  say "apt-get install ${missing[*]}"
  local sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
}

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "rustup target add wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi

if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$WASM_BINDGEN_VERSION" ]; then
  say "cargo install wasm-bindgen-cli $WASM_BINDGEN_VERSION"
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --force
fi

if [ "$(trunk --version 2>/dev/null | awk '{print $2}')" != "$TRUNK_VERSION" ]; then
  say "cargo install trunk $TRUNK_VERSION (takes several minutes, once)"
  cargo install trunk --version "$TRUNK_VERSION" --locked --force
fi

# wasm-opt, which the release page build runs on each wasm module (Trunk.toml).
command -v wasm-opt >/dev/null || apt_install binaryen

if $browser; then
  apt_install chromium chromium-driver
  # Again whenever package-lock.json changed since the last install (a new package).
  if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    say "npm ci"
    npm ci --no-audit --no-fund --silent
  fi
fi
if $redis; then
  command -v redis-server >/dev/null || apt_install redis-server
fi
if $fuzz; then
  if [ "$(cargo afl --version 2>/dev/null | awk '{print $2}')" != "$CARGO_AFL_VERSION" ]; then
    # Its build compiles the AFL++ sources the crate ships (a C compiler and make, no download).
    apt_install make gcc
    say "cargo install cargo-afl $CARGO_AFL_VERSION (builds AFL++ too: a few minutes, once)"
    cargo install cargo-afl --version "$CARGO_AFL_VERSION" --locked --force
  fi
  # AFL++'s runtime is built per rustc version: a new toolchain needs it built again.
  if ! cargo afl build --help >/dev/null 2>&1; then
    say "cargo afl config --build (AFL++ for this rustc)"
    cargo afl config --build --force
  fi
fi
say "tools ready"
