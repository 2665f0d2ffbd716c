#!/usr/bin/env bash
# Installs what building and testing Ludus needs, skipping whatever is already there.
# Everything comes from package registries (crates.io, npm, Debian): nothing else is downloaded.
# Usage: scripts/install-tools.sh [--browser]   (--browser adds Chromium for the browser tests)
set -euo pipefail
cd "$(dirname "$0")/.."

TRUNK_VERSION=0.21.14
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

if [ "${1:-}" = "--browser" ]; then
  apt_install chromium chromium-driver
  if [ ! -d node_modules/playwright-core ] || [ ! -d node_modules/axe-core ]; then
    say "npm ci"
    npm ci --no-audit --no-fund --silent
  fi
fi
say "tools ready"
